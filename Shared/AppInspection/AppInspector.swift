import Crypto
import Foundation
import MachOReader

/// Reads what an app claims about links from an `.ipa`, an unpacked `.app` folder or a bare
/// Mach-O file. Never extracts, never runs anything.
public struct AppInspector: Sendable {
    /// Archive limits.
    public var limits: ZIPLimits
    /// Largest executable read (declared size).
    public var maxExecutableBytes: UInt64
    /// Called while a large executable inflates: (file, bytes done, bytes total).
    public var progress: (@Sendable (String, UInt64, UInt64) -> Void)?

    /// An inspector with the default limits.
    public init(limits: ZIPLimits = ZIPLimits(), maxExecutableBytes: UInt64 = 2 << 30,
                progress: (@Sendable (String, UInt64, UInt64) -> Void)? = nil) {
        self.limits = limits
        self.maxExecutableBytes = maxExecutableBytes
        self.progress = progress
    }

    /// Inspects the input at `url` with the default limits.
    public static func inspect(at url: URL) throws(InspectionError) -> AppSnapshot {
        try AppInspector().inspect(at: url)
    }

    /// Inspects the input at `url`: a ZIP (IPA), an `.app` folder or a Mach-O file.
    public func inspect(at url: URL) throws(InspectionError) -> AppSnapshot {
        let path = url.path
        if try InputPath.check(path) == .folder {
            return try inspectFolder(url)
        }
        let source = try ArchiveSource(fileAt: url)
        return try inspect(source: source, path: path)
    }

    /// Inspects bytes already in memory (tests, fuzzing): a ZIP (IPA) or a Mach-O file.
    public func inspect(data: Data, name: String = "<memory>") throws(InspectionError) -> AppSnapshot {
        try inspect(source: ArchiveSource(data: data, name: name), path: name)
    }

    private func inspect(source: ArchiveSource, path: String) throws(InspectionError) -> AppSnapshot {
        let prefix = try source.read(at: 0, count: Int(min(source.size, 8)))
        let sha = try Self.sha256(of: source)
        if MachOMagic.matches(prefix) {
            return try inspectMachO(source: source, path: path, sha256: sha)
        }
        guard ZIPArchive.looksLikeZIP(prefix) else { throw .unrecognisedInput(path: path) }
        let archive = try ZIPArchive(source: source, limits: limits)
        let tree = BundleFileTree(archive: archive)
        let candidates = BundleLocator.mainAppCandidates(in: tree.directories)
        guard let main = candidates.first else { throw .noAppBundle(path: path) }
        var diagnostics: [InspectionDiagnostic] = []
        if candidates.count > 1 {
            diagnostics.append(InspectionDiagnostic(
                id: "ipa.multiple-apps", severity: "warning",
                message: "several apps under Payload/ (\(candidates.prefix(5).joined(separator: ", "))); inspecting \(main)"))
        }
        for name in tree.duplicates.prefix(20) {
            diagnostics.append(InspectionDiagnostic(
                id: "ipa.duplicate-entry", severity: "warning",
                message: "the archive holds \(InspectionError.quoted(name)) more than once; the first copy was read (other tools may read another)",
                path: name))
        }
        let snapshotSource = AppSnapshot.Source(path: path, kind: .ipa, sha256: sha, size: source.size)
        return try snapshot(tree: tree, mainApp: main, source: snapshotSource, diagnostics: diagnostics)
    }

    private func inspectFolder(_ url: URL) throws(InspectionError) -> AppSnapshot {
        let name = url.standardizedFileURL.lastPathComponent
        var main = name
        var kind = AppSnapshot.Source.Kind.app
        if !name.hasSuffix(".app") {
            guard Self.hasPayloadFolder(url) else { throw .noAppBundle(path: url.path) }
        }
        var tree = try BundleFileTree(folder: url, prefix: name)
        if !name.hasSuffix(".app") {
            // An unpacked IPA: look for Payload/X.app below — only when a Payload folder is
            // there (directly or under one top folder), so `inspect /` refuses at once.
            tree = try BundleFileTree(folder: url, prefix: "")
            guard let candidate = BundleLocator.mainAppCandidates(in: tree.directories).first else {
                throw .noAppBundle(path: url.path)
            }
            main = candidate
            kind = .app
        }
        let executablePath = BundleInspector.executablePath(tree: tree, bundle: main)
        var sha = ""
        var size: UInt64 = 0
        if let executablePath, tree.containsFile(executablePath) {
            var hasher = SHA256()
            try tree.stream(executablePath, maxBytes: maxExecutableBytes) { (_, chunk) throws(InspectionError) in
                hasher.update(bufferPointer: UnsafeRawBufferPointer(chunk))
                size += UInt64(chunk.count)
            }
            sha = Self.hex(hasher.finalize())
        }
        let source = AppSnapshot.Source(path: url.path, kind: kind, sha256: sha, size: size)
        var diagnostics: [InspectionDiagnostic] = []
        for skipped in tree.skipped.prefix(20) {
            diagnostics.append(InspectionDiagnostic(
                id: "folder.skipped", severity: "info",
                message: "skipped \(skipped) (symbolic link leaving the folder, special file or unreadable)", path: skipped))
        }
        return try snapshot(tree: tree, mainApp: main, source: source, diagnostics: diagnostics)
    }

    /// True when `folder/Payload` or `folder/<one folder>/Payload` is a folder (what
    /// `BundleLocator.mainAppCandidates` can find); lists at most one level, not the tree.
    static func hasPayloadFolder(_ folder: URL) -> Bool {
        func isFolder(_ url: URL) -> Bool {
            (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true
        }
        if isFolder(folder.appendingPathComponent("Payload")) { return true }
        let children = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        return children.prefix(1_000).contains { isFolder($0) && isFolder($0.appendingPathComponent("Payload")) }
    }

    private func snapshot(
        tree: BundleFileTree, mainApp: String, source: AppSnapshot.Source, diagnostics initial: [InspectionDiagnostic]
    ) throws(InspectionError) -> AppSnapshot {
        var diagnostics = initial
        let inspector = BundleInspector(tree: tree, maxExecutableBytes: maxExecutableBytes, progress: progress)
        var bundles: [BundleInfo] = []
        for location in BundleLocator.bundles(mainApp: mainApp, tree: tree) {
            let bundle = try inspector.inspect(location)
            diagnostics.append(contentsOf: bundle.diagnostics)
            bundles.append(bundle)
        }
        return AppSnapshot(source: source, bundles: bundles, diagnostics: diagnostics)
    }

    private func inspectMachO(source: ArchiveSource, path: String, sha256: String) throws(InspectionError) -> AppSnapshot {
        guard source.size <= maxExecutableBytes else {
            throw .limitExceeded(what: "Mach-O file size", limit: maxExecutableBytes, actual: source.size)
        }
        let data = try ExecutableLoader.load(source)
        let file: MachOFile
        do {
            file = try MachOFile(data: data, limits: ExecutableLoader.readerLimits)
        } catch {
            throw .unreadableMachO(reason: error.description)
        }
        let name = URL(fileURLWithPath: path).lastPathComponent
        let role: BundleRole = file.slices.allSatisfy { $0.fileType == "dylib" } ? .framework : .app
        var bundle = BundleInfo(role: role, path: name)
        bundle.executable = name
        BundleInspector.apply(file, executablePath: name, to: &bundle)
        BundleInspector.finish(&bundle)
        let snapshotSource = AppSnapshot.Source(path: path, kind: .macho, sha256: sha256, size: source.size)
        return AppSnapshot(source: snapshotSource, bundles: [bundle], diagnostics: bundle.diagnostics)
    }

    /// SHA-256 of the whole source, read in chunks.
    static func sha256(of source: ArchiveSource) throws(InspectionError) -> String {
        var hasher = SHA256()
        var offset: UInt64 = 0
        let chunk = 4 << 20
        while offset < source.size {
            let count = Int(min(UInt64(chunk), source.size - offset))
            let bytes = try source.read(at: offset, count: count)
            hasher.update(data: bytes)
            offset += UInt64(count)
        }
        return hex(hasher.finalize())
    }

    static func hex<D: Sequence>(_ digest: D) -> String where D.Element == UInt8 {
        digest.map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }
}

/// First bytes of Mach-O files (thin, either byte order; fat 32/64).
enum MachOMagic {
    static func matches(_ prefix: Data) -> Bool {
        guard let magic = try? ByteReader(prefix).uint32(at: 0, .big) else { return false }
        switch magic {
        case 0xFEED_FACE, 0xFEED_FACF, 0xCEFA_EDFE, 0xCFFA_EDFE:
            return true
        case 0xCAFE_BABE, 0xCAFE_BABF:
            // Java class files share 0xCAFEBABE: require a small architecture count.
            guard let count = try? ByteReader(prefix).uint32(at: 4, .big) else { return false }
            return count > 0 && count <= 30
        default:
            return false
        }
    }
}
