import Foundation

/// Runs independent tools (python3, qpdf, pdftotext, pdftoppm, zbarimg) that cross-check
/// our output. Tests that need one skip with a clear message when it is absent.
enum ExternalTool {
    /// The absolute path of an executable on PATH, or nil.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// True when `python3 -c "import <module>"` works.
    static func pythonHas(_ module: String) -> Bool {
        guard let python = find("python3") else { return false }
        return (try? run(python, ["-c", "import \(module)"]))?.status == 0
    }

    struct Output {
        var status: Int32
        var stdout: Data
        var stderr: String
        var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// Runs a tool with optional stdin; output is collected through temporary files (no pipe deadlock).
    static func run(_ executable: String, _ arguments: [String], stdin: Data? = nil) throws -> Output {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reports-tool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outURL = folder.appendingPathComponent("out")
        let errURL = folder.appendingPathComponent("err")
        let inURL = folder.appendingPathComponent("in")
        try (stdin ?? Data()).write(to: inURL)
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = try FileHandle(forReadingFrom: inURL)
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: try Data(contentsOf: outURL),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// A fresh temporary folder for one test's files.
    static func temporaryFolder(_ name: String) throws -> URL {
        let folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("reports-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
