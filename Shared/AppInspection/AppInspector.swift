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
    /// Called as the input is hashed and the main executable read (see `InspectionProgress`),
    /// on the inspecting thread, after every chunk of at most 4 MiB: throttle before showing it.
    public var progress: (@Sendable (InspectionProgress) -> Void)?
    /// Asked after every chunk read, before every bundle and folder listed: returning false
    /// stops the inspection with `InspectionError.cancelled` (the caller reads its task's
    /// cancellation here; the inspector itself stays synchronous).
    public var shouldContinue: (@Sendable () -> Bool)?
    /// Whether an archive is hashed whole for its SHA-256 (`source.sha256`). A preview that
    /// must finish in seconds turns it off: the hash reads every byte, the rest reads a few
    /// entries. Off, `sha256` is empty.
    public var hashesArchive = true

    /// An inspector with the default limits.
    public init(
        limits: ZIPLimits = ZIPLimits(), maxExecutableBytes: UInt64 = 2 << 30,
        progress: (@Sendable (InspectionProgress) -> Void)? = nil,
        shouldContinue: (@Sendable () -> Bool)? = nil
    ) {
        self.limits = limits
        self.maxExecutableBytes = maxExecutableBytes
        self.progress = progress
        self.shouldContinue = shouldContinue
    }

    /// Inspects the input at `url` with the default limits.
    public static func inspect(at url: URL) throws(InspectionError) -> AppSnapshot {
        try AppInspector().inspect(at: url)
    }

    /// Inspects the input at `url`: a ZIP (IPA), an `.app` folder or a Mach-O file.
    public func inspect(at url: URL) throws(InspectionError) -> AppSnapshot {
        let path = url.path
        let meter = InspectionMeter(shouldContinue: shouldContinue, report: progress)
        try meter.check()
        if try InputPath.check(path) == .folder {
            return try inspectFolder(url, meter: meter)
        }
        let source = try ArchiveSource(fileAt: url)
        return try inspect(source: source, path: path, meter: meter)
    }

    /// Inspects bytes already in memory (tests, fuzzing): a ZIP (IPA) or a Mach-O file.
    public func inspect(data: Data, name: String = "<memory>") throws(InspectionError) -> AppSnapshot {
        let meter = InspectionMeter(shouldContinue: shouldContinue, report: progress)
        try meter.check()
        return try inspect(source: ArchiveSource(data: data, name: name), path: name, meter: meter)
    }

    private func inspect(
        source: ArchiveSource, path: String, meter: InspectionMeter
    ) throws(InspectionError) -> AppSnapshot {
        let prefix = try source.read(at: 0, count: Int(min(source.size, 8)))
        if MachOMagic.matches(prefix) {
            return try inspectMachO(source: source, path: path, meter: meter)
        }
        guard ZIPArchive.looksLikeZIP(prefix) else { throw .unrecognisedInput(path: path) }
        // The archive's directory first (cheap), so the plan knows the main executable's size
        // before the long hash of the whole file starts.
        let archive = try ZIPArchive(source: source, limits: limits)
        let tree = BundleFileTree(archive: archive)
        let candidates = BundleLocator.mainAppCandidates(in: tree.directories)
        guard let main = candidates.first else { throw .noAppBundle(path: path) }
        let executable = countedExecutable(tree: tree, mainApp: main)
        let hashed = hashesArchive ? source.size : 0
        meter.plan(total: hashed + (executable.flatMap(tree.size(of:)) ?? 0), file: path)
        var sha = ""
        if hashesArchive {
            sha = try meter.stage(path, counted: source.size) { (advance) throws(InspectionError) in
                try Self.sha256(of: source, progress: advance)
            }
        }
        var diagnostics: [InspectionDiagnostic] = []
        if candidates.count > 1 {
            diagnostics.append(
                InspectionDiagnostic(
                    id: "ipa.multiple-apps", severity: "warning",
                    message: """
                        several apps under Payload/ (\(candidates.prefix(5).joined(separator: ", "))); inspecting \
                        \(main)
                        """))
        }
        for name in tree.duplicates.prefix(20) {
            diagnostics.append(
                InspectionDiagnostic(
                    id: "ipa.duplicate-entry", severity: "warning",
                    message: """
                        the archive holds \(InspectionError.quoted(name)) more than once; the first copy was read \
                        (other \
                        tools may read another)
                        """,
                    path: name))
        }
        let snapshotSource = AppSnapshot.Source(path: path, kind: .ipa, sha256: sha, size: source.size)
        return try snapshot(
            tree: tree, mainApp: main, source: snapshotSource, diagnostics: diagnostics,
            meter: meter, countedExecutable: executable)
    }

    /// The main app's executable when it is there and within the size limit (what the progress counts).
    private func countedExecutable(tree: BundleFileTree, mainApp: String) -> String? {
        guard let path = BundleInspector.executablePath(tree: tree, bundle: mainApp), let size = tree.size(of: path),
            size <= maxExecutableBytes
        else { return nil }
        return path
    }

    private func inspectFolder(_ url: URL, meter: InspectionMeter) throws(InspectionError) -> AppSnapshot {
        let name = url.standardizedFileURL.lastPathComponent
        var main = name
        var kind = AppSnapshot.Source.Kind.app
        if !name.hasSuffix(".app") {
            guard Self.hasPayloadFolder(url) else { throw .noAppBundle(path: url.path) }
        }
        var tree = try BundleFileTree(folder: url, prefix: name, check: meter.check)
        if !name.hasSuffix(".app") {
            // An unpacked IPA: look for Payload/X.app below — only when a Payload folder is
            // there (directly or under one top folder), so `inspect /` refuses at once.
            tree = try BundleFileTree(folder: url, prefix: "", check: meter.check)
            guard let candidate = BundleLocator.mainAppCandidates(in: tree.directories).first else {
                throw .noAppBundle(path: url.path)
            }
            main = candidate
            kind = .app
        }
        let executablePath = BundleInspector.executablePath(tree: tree, bundle: main)
        var sha = ""
        var size: UInt64 = 0
        // A folder has no archive to hash: its executable is hashed, then read (both counted).
        let counted = countedExecutable(tree: tree, mainApp: main)
        let countedSize = counted.flatMap(tree.size(of:))
        meter.plan(total: 2 * (countedSize ?? 0), file: url.path)
        if let executablePath, tree.containsFile(executablePath) {
            var hasher = SHA256()
            try meter.stage(executablePath, counted: countedSize) { (advance) throws(InspectionError) in
                try tree.stream(
                    executablePath, maxBytes: maxExecutableBytes,
                    progress: advance
                ) { (_, chunk) throws(InspectionError) in
                    hasher.update(bufferPointer: UnsafeRawBufferPointer(chunk))
                    size += UInt64(chunk.count)
                }
            }
            sha = Self.hex(hasher.finalize())
        }
        let source = AppSnapshot.Source(path: url.path, kind: kind, sha256: sha, size: size)
        var diagnostics: [InspectionDiagnostic] = []
        for skipped in tree.skipped.prefix(20) {
            diagnostics.append(
                InspectionDiagnostic(
                    id: "folder.skipped", severity: "info",
                    message: "skipped \(skipped) (symbolic link leaving the folder, special file or unreadable)",
                    path: skipped))
        }
        return try snapshot(
            tree: tree, mainApp: main, source: source, diagnostics: diagnostics,
            meter: meter, countedExecutable: counted)
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
        tree: BundleFileTree, mainApp: String, source: AppSnapshot.Source, diagnostics initial: [InspectionDiagnostic],
        meter: InspectionMeter, countedExecutable: String?
    ) throws(InspectionError) -> AppSnapshot {
        var diagnostics = initial
        let inspector = BundleInspector(
            tree: tree, maxExecutableBytes: maxExecutableBytes, meter: meter,
            countedExecutable: countedExecutable)
        var bundles: [BundleInfo] = []
        for location in BundleLocator.bundles(mainApp: mainApp, tree: tree) {
            let bundle = try inspector.inspect(location)
            diagnostics.append(contentsOf: bundle.diagnostics)
            bundles.append(bundle)
        }
        return AppSnapshot(source: source, bundles: bundles, diagnostics: diagnostics)
    }

    private func inspectMachO(
        source: ArchiveSource, path: String, meter: InspectionMeter
    ) throws(InspectionError) -> AppSnapshot {
        guard source.size <= maxExecutableBytes else {
            throw .limitExceeded(what: "Mach-O file size", limit: maxExecutableBytes, actual: source.size)
        }
        // Hashed, then read again for the reader: both passes count.
        meter.plan(total: 2 * source.size, file: path)
        let sha256 = try meter.stage(path, counted: source.size) { (advance) throws(InspectionError) in
            try Self.sha256(of: source, progress: advance)
        }
        let data = try meter.stage(path, counted: source.size) { (advance) throws(InspectionError) in
            try ExecutableLoader.load(source, progress: advance)
        }
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

    /// SHA-256 of the file at `url` (lowercase hex), streamed in 4 MiB chunks: how a session
    /// checks that a file it finds again is the app it recorded.
    public static func sha256(ofFileAt url: URL) throws(InspectionError) -> String {
        try sha256(of: ArchiveSource(fileAt: url))
    }

    /// SHA-256 of the whole source, read in 4 MiB chunks; `progress` gets the bytes hashed after each.
    static func sha256(
        of source: ArchiveSource, progress: (UInt64) throws(InspectionError) -> Void = { _ in }
    ) throws(InspectionError) -> String {
        var hasher = SHA256()
        var offset: UInt64 = 0
        let chunk = 4 << 20
        while offset < source.size {
            let count = Int(min(UInt64(chunk), source.size - offset))
            let bytes = try source.read(at: offset, count: count)
            hasher.update(data: bytes)
            offset += UInt64(count)
            try progress(offset)
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
