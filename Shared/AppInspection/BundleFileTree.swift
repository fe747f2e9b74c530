import Foundation

/// The files of an input seen as '/'-separated relative paths: a ZIP archive's entries or a
/// folder's files. The only place (with `ArchiveSource`) that touches the file system; names
/// from the input are never used as paths on disk except under the folder's resolved root.
struct BundleFileTree: Sendable {
    /// Counts the bytes inflated from one archive across all reads (a time bound).
    final class InflateBudget: @unchecked Sendable {
        private let lock = NSLock()
        private var used: UInt64 = 0
        let limit: UInt64
        init(limit: UInt64) { self.limit = limit }

        func consume(_ bytes: UInt64) throws(InspectionError) {
            lock.lock()
            defer { lock.unlock() }
            let (total, overflow) = used.addingReportingOverflow(bytes)
            guard !overflow, total <= limit else {
                throw .limitExceeded(
                    what: "total bytes inflated from the archive", limit: limit,
                    actual: overflow ? .max : total)
            }
            used = total
        }
    }

    enum Backing: Sendable {
        case archive(ZIPArchive, index: [String: Int], budget: InflateBudget)
        case folder(root: URL, prefix: String, files: [String: UInt64])
    }

    let backing: Backing
    /// Every file path (directories excluded), in a stable order.
    let files: [String]
    /// Every directory path implied by the files or listed explicitly (no trailing '/').
    let directories: Set<String>
    /// Paths skipped while listing (symlinks leaving the folder, special files), for diagnostics.
    let skipped: [String]
    /// Names that appear more than once in an archive (the first one is read).
    let duplicates: [String]

    /// Most files listed from a folder.
    static let maxFolderFiles = 200_000
    /// Deepest folder nesting walked.
    static let maxFolderDepth = 32

    /// A tree over a ZIP archive's entries (AppleDouble `__MACOSX/` trees are left out).
    init(archive: ZIPArchive) {
        var index: [String: Int] = [:]
        var files: [String] = []
        var directories: Set<String> = []
        var duplicates: [String] = []
        for (position, entry) in archive.entries.enumerated() {
            var name = entry.name
            if name.hasPrefix("./") { name.removeFirst(2) }
            if name.hasPrefix("__MACOSX/") || name == "__MACOSX/" { continue }
            if entry.isDirectory {
                directories.insert(String(name.dropLast()))
            } else if index[name] == nil {
                index[name] = position
                files.append(name)
            } else if duplicates.count < 100 {
                duplicates.append(name)
            }
            var parent = name.isEmpty ? "" : Self.parent(of: entry.isDirectory ? String(name.dropLast()) : name)
            while !parent.isEmpty, !directories.contains(parent) {
                directories.insert(parent)
                parent = Self.parent(of: parent)
            }
        }
        backing =
            .archive(archive, index: index, budget: InflateBudget(limit: archive.limits.maxInflatedBytesPerInspection))
        self.files = files
        self.directories = directories
        skipped = []
        self.duplicates = duplicates
    }

    /// A tree over a folder; `prefix` is the name the folder's files appear under (e.g. `X.app`).
    /// `check` runs before each folder is listed (it throws to stop a long walk).
    init(
        folder: URL, prefix: String, check: () throws(InspectionError) -> Void = {}
    ) throws(InspectionError) {
        let root = folder.resolvingSymlinksInPath().standardizedFileURL
        let rootPath = root.path
        var files: [String: UInt64] = [:]
        var order: [String] = []
        var directories: Set<String> = prefix.isEmpty ? [] : [prefix]
        var skipped: [String] = []
        var pending: [(URL, String, Int)] = [(root, prefix, 0)]
        let fileManager = FileManager.default
        while let (directory, relative, depth) = pending.popLast() {
            try check()
            let names: [String]
            do {
                names = try fileManager.contentsOfDirectory(atPath: directory.path).sorted()
            } catch {
                if depth == 0 { throw .unreadable(path: directory.path, reason: ArchiveSource.reason(error)) }
                skipped.append(relative)
                continue
            }
            for name in names {
                let url = directory.appendingPathComponent(name)
                let path = relative.isEmpty ? name : relative + "/" + name
                guard let attributes = try? fileManager.attributesOfItem(atPath: url.path),
                    let type = attributes[.type] as? FileAttributeType
                else {
                    skipped.append(path)
                    continue
                }
                var effectiveType = type
                var size = (attributes[.size] as? NSNumber)?.uint64Value ?? 0
                if type == .typeSymbolicLink {
                    // Follow a link only when it resolves inside the folder.
                    let target = url.resolvingSymlinksInPath().standardizedFileURL.path
                    guard target.hasPrefix(rootPath + "/"),
                        let targetAttributes = try? fileManager.attributesOfItem(atPath: target),
                        let targetType = targetAttributes[.type] as? FileAttributeType,
                        targetType == .typeRegular
                    else {
                        skipped.append(path)
                        continue
                    }
                    effectiveType = targetType
                    size = (targetAttributes[.size] as? NSNumber)?.uint64Value ?? 0
                }
                switch effectiveType {
                case .typeDirectory:
                    directories.insert(path)
                    guard depth + 1 < Self.maxFolderDepth else {
                        throw .limitExceeded(
                            what: "folder depth", limit: UInt64(Self.maxFolderDepth),
                            actual: UInt64(depth + 1))
                    }
                    pending.append((url, path, depth + 1))
                case .typeRegular:
                    files[path] = size
                    order.append(path)
                    guard order.count <= Self.maxFolderFiles else {
                        throw .limitExceeded(
                            what: "file count", limit: UInt64(Self.maxFolderFiles),
                            actual: UInt64(order.count))
                    }
                default:
                    skipped.append(path)
                }
            }
        }
        backing = .folder(root: root, prefix: prefix, files: files)
        self.files = order.sorted()
        self.directories = directories
        self.skipped = skipped
        duplicates = []
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// True when `path` names a file in the tree.
    func containsFile(_ path: String) -> Bool {
        switch backing {
        case .archive(_, let index, _): return index[path] != nil
        case .folder(_, _, let files): return files[path] != nil
        }
    }

    /// Size of a file in bytes (declared uncompressed size for archive entries).
    func size(of path: String) -> UInt64? {
        switch backing {
        case .archive(let archive, let index, _): return index[path].map { archive.entries[$0].uncompressedSize }
        case .folder(_, _, let files): return files[path]
        }
    }

    /// Streams a file's bytes to `sink`; refuses files larger than `maxBytes`. `progress` gets
    /// the bytes done after every chunk (see `ZIPArchive.stream`) and may throw to stop.
    func stream(
        _ path: String,
        maxBytes: UInt64,
        progress: (UInt64) throws(InspectionError) -> Void = { _ in },
        sink: (UInt64, UnsafeBufferPointer<UInt8>) throws(InspectionError) -> Void
    ) throws(InspectionError) {
        switch backing {
        case .archive(let archive, let index, let budget):
            guard let position = index[path] else { throw .unreadable(path: path, reason: "no such entry") }
            try budget.consume(archive.entries[position].uncompressedSize)
            try archive.stream(entryAt: position, maxBytes: maxBytes, progress: progress, sink: sink)
        case .folder(let root, let prefix, let files):
            guard let size = files[path] else { throw .unreadable(path: path, reason: "no such file") }
            guard size <= maxBytes else { throw .limitExceeded(what: "size of \(path)", limit: maxBytes, actual: size) }
            let source = try ArchiveSource(fileAt: Self.diskURL(root: root, prefix: prefix, path: path))
            guard source.size <= maxBytes else {
                throw .limitExceeded(what: "size of \(path)", limit: maxBytes, actual: source.size)
            }
            var done: UInt64 = 0
            while done < source.size {
                let count = Int(min(UInt64(ZIPArchive.inputChunk), source.size - done))
                let bytes = [UInt8](try source.read(at: done, count: count))
                try bytes.withUnsafeBufferPointer { (buffer) throws(InspectionError) in try sink(done, buffer) }
                done += UInt64(count)
                try progress(done)
            }
        }
    }

    /// Reads a whole (small) file.
    func read(_ path: String, maxBytes: UInt64) throws(InspectionError) -> Data {
        var data = Data()
        try stream(path, maxBytes: maxBytes) { (_, chunk) throws(InspectionError) in data.append(chunk) }
        return data
    }

    /// The on-disk location of a listed folder file (the path came from our own listing).
    private static func diskURL(root: URL, prefix: String, path: String) -> URL {
        var url = root
        let skip = prefix.isEmpty ? 0 : prefix.split(separator: "/").count
        for component in path.split(separator: "/").dropFirst(skip) {
            url.appendPathComponent(String(component))
        }
        return url
    }
}
