import ArgumentParser
import Foundation

/// Exit codes of the command-line contract (`spec/cli.md`).
enum LinkLabExit {
    /// `scan --fail-on`: a finding at or above the severity.
    static let findingsAtOrAboveThreshold = ExitCode(1)
    /// Usage error (argument-parser's own validation errors also exit 2... see `ValidationError`).
    static let usage = ExitCode(2)
    /// An input could not be read or is malformed.
    static let unreadableInput = ExitCode(3)
}

/// Writes one line to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Ends the command with exit code 3 and one clear line naming the input and the problem.
func failUnreadable(_ path: String, _ problem: String) -> ExitCode {
    printError("linklab: \(path): \(problem)")
    return LinkLabExit.unreadableInput
}
