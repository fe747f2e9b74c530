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
