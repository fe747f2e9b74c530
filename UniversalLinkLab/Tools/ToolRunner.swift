import DeviceTools
import Foundation

/// Runs a `ToolCommand`, the app's only process launch: no shell, stdin closed, both streams
/// drained while the process runs (so a chatty tool cannot fill a pipe and hang), bounded.
enum ToolRunner {
    struct Result: Sendable {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Output beyond this is read and dropped (the parsers cap again).
    static let outputLimit = DeviceTools.maximumInputBytes

    static func run(_ command: ToolCommand) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: command.executable)
                process.arguments = command.arguments
                let out = Pipe(), err = Pipe()
                process.standardOutput = out
                process.standardError = err
                process.standardInput = FileHandle.nullDevice
                do {
                    try process.run()
                } catch {
                    continuation.resume(throwing: error)
                    return
                }
                let errors = Drained()
                let group = DispatchGroup()
                group.enter()
                DispatchQueue.global(qos: .userInitiated).async {
                    errors.data = drain(err.fileHandleForReading)
                    group.leave()
                }
                let output = drain(out.fileHandleForReading)
                group.wait()
                process.waitUntilExit()
                continuation.resume(returning: Result(
                    status: process.terminationStatus,
                    stdout: String(decoding: output, as: UTF8.self),
                    stderr: String(decoding: errors.data, as: UTF8.self)))
            }
        }
    }

    /// Reads to end of file, keeping at most `outputLimit` bytes.
    private static func drain(_ handle: FileHandle) -> Data {
        var kept = Data()
        while let chunk = try? handle.read(upToCount: 64 * 1024), !chunk.isEmpty {
            if kept.count < outputLimit { kept.append(chunk.prefix(outputLimit - kept.count)) }
        }
        return kept
    }

    /// stderr's bytes, written by one queue and read after `group.wait()` (happens-before).
    private final class Drained: @unchecked Sendable {
        var data = Data()
    }
}
