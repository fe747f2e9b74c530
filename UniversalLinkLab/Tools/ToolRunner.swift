import DeviceTools
import Foundation

/// Runs a `ToolCommand`, the app's only process launch: no shell, stdin closed, both streams
/// drained while the process runs (so a chatty tool cannot fill a pipe and hang), bounded in
/// output and in time, and stopped when the task running it is cancelled (⌘.).
enum ToolRunner {
    struct Result: Sendable {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    enum Failure: Error, CustomStringConvertible {
        case timedOut(seconds: Int, command: String)
        case cancelled

        var description: String {
            switch self {
            case .timedOut(let seconds, let command): "\(command) did not finish within \(seconds) s and was stopped."
            case .cancelled: "Stopped."
            }
        }
    }

    /// Output beyond this is read and dropped (the parsers cap again).
    static let outputLimit = DeviceTools.maximumInputBytes
    /// How long a tool may run; `swcutil` behind an administrator prompt gets longer.
    static let defaultTimeout = 30

    static func run(_ command: ToolCommand, timeout: Int = defaultTimeout) async throws -> Result {
        let running = RunningProcess()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global(qos: .userInitiated).async {
                    continuation.resume(with: Swift.Result { try running.run(command, timeout: timeout) })
                }
            }
        } onCancel: {
            running.stop(reason: .cancelled)
        }
    }

    /// Reads to end of file, keeping at most `outputLimit` bytes.
    fileprivate static func drain(_ handle: FileHandle) -> Data {
        var kept = Data()
        while let chunk = try? handle.read(upToCount: 64 * 1024), !chunk.isEmpty {
            if kept.count < outputLimit { kept.append(chunk.prefix(outputLimit - kept.count)) }
        }
        return kept
    }
}

/// One process and why it was stopped; touched from the runner's queue, the timer and the
/// cancellation handler, so every access holds the lock.
private final class RunningProcess: @unchecked Sendable {
    private let lock = NSLock()
    private var process: Process?
    private var stopReason: ToolRunner.Failure?
    private var errors = Data()

    func stop(reason: ToolRunner.Failure) {
        lock.lock()
        defer { lock.unlock() }
        if stopReason == nil { stopReason = reason }
        if let process, process.isRunning { process.terminate() }
    }

    func run(_ command: ToolCommand, timeout: Int) throws -> ToolRunner.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command.executable)
        process.arguments = command.arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        lock.lock()
        if let reason = stopReason {
            lock.unlock()
            throw reason
        }
        self.process = process
        lock.unlock()
        try process.run()
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(timeout)) { [weak self] in
            self?.stop(
                reason: .timedOut(
                    seconds: timeout,
                    command: URL(fileURLWithPath: command.executable)
                        .lastPathComponent))
        }
        let errorHandle = err.fileHandleForReading
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global(qos: .userInitiated).async {
            let data = ToolRunner.drain(errorHandle)
            self.lock.lock()
            self.errors = data
            self.lock.unlock()
            group.leave()
        }
        let output = ToolRunner.drain(out.fileHandleForReading)
        group.wait()
        process.waitUntilExit()
        lock.lock()
        defer { lock.unlock() }
        if let reason = stopReason { throw reason }
        return ToolRunner.Result(
            status: process.terminationStatus,
            stdout: String(decoding: output, as: UTF8.self),
            stderr: String(decoding: errors, as: UTF8.self))
    }
}
