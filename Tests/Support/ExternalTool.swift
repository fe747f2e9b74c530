import Foundation

/// Finds the command-line tools tests run (`swift`, `python3`, `bash`…).
public enum ExternalTool {
    /// An executable on PATH, beside the running toolchain (`SWIFT_EXEC`), or in the usual places.
    public static func find(_ name: String) -> URL? {
        var folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        if let exec = ProcessInfo.processInfo.environment["SWIFT_EXEC"] {
            folders.insert(URL(fileURLWithPath: exec).deletingLastPathComponent().path, at: 0)
        }
        folders += ["/opt/swift/usr/bin", "/usr/bin", "/usr/local/bin"]
        return folders.map { URL(fileURLWithPath: $0).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}

extension ExternalTool {
    /// Sets `process` to run with a temporary folder of its own (`TMPDIR`), returned so that the
    /// caller removes it once the process has ended: `swiftc` and `swift package` leave folders
    /// and lock files in theirs, which `scripts/test`'s check would find.
    public static func givePrivateTemporaryFolder(to process: Process) throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("linklab-tool-tmp-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var environment = process.environment ?? ProcessInfo.processInfo.environment
        environment["TMPDIR"] = folder.path
        process.environment = environment
        return folder
    }
}
