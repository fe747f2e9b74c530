import Foundation

/// Runs the built `linklab` binary, for end-to-end tests of the command-line face.
public struct LinkLabProcess: Sendable {
    /// What one run of the binary produced.
    public struct Output: Sendable {
        public var exitCode: Int32
        public var stdout: String
        public var stderr: String
        public var stdoutData: Data
        /// True when the process ended from a signal rather than by exiting.
        public var diedFromSignal: Bool
    }

    /// The `linklab` executable next to the test bundle (`.build/<config>/linklab`).
    public static var executableURL: URL? {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        for _ in 0..<6 {
            directory = directory.deletingLastPathComponent()
            let candidate = directory.appendingPathComponent("linklab")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                return candidate
            }
        }
        return nil
    }

    /// Runs `linklab arguments…`, feeding `stdin` if given; waits for it to end.
    public static func run(
        _ arguments: [String],
        stdin: Data? = nil,
        environment: [String: String] = [:],
        currentDirectory: URL? = nil
    ) throws -> Output {
        guard let executable = executableURL else {
            throw CocoaError(
                .fileNoSuchFile,
                userInfo: [
                    NSLocalizedDescriptionKey: """
                    linklab binary not found next to the test bundle; run `swift build` first
                    """
                ])
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let outPipe = Pipe()
        let errPipe = Pipe()
        let inPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = inPipe
        try process.run()
        // Read both pipes concurrently so a chatty child never blocks on a full pipe.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            outData = outPipe.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        group.enter()
        DispatchQueue.global().async {
            errData = errPipe.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        if let stdin { inPipe.fileHandleForWriting.write(stdin) }
        try? inPipe.fileHandleForWriting.close()
        process.waitUntilExit()
        group.wait()
        return Output(
            exitCode: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self),
            stdoutData: outData,
            diedFromSignal: process.terminationReason == .uncaughtSignal
        )
    }
}
