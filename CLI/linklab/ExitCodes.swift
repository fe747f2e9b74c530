import ArgumentParser
import Foundation
import Workbench

/// Exit codes of the command-line contract (`docs/cli.md`).
enum LinkLabExit {
    /// `scan --fail-on`: a finding at or above the severity.
    static let findingsAtOrAboveThreshold = ExitCode(1)
    /// Usage error (argument-parser's own validation errors also exit 2... see `ValidationError`).
    static let usage = ExitCode(2)
    /// An input could not be read or is malformed.
    static let unreadableInput = ExitCode(3)
}

/// Writes one message to standard error, escaped for the terminal (`TerminalText`): messages
/// quote file names, URLs and input text.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((TerminalText.safe(message, keepingNewlines: true) + "\n").utf8))
}

/// Writes a text output to standard output; anything a terminal would act on is escaped,
/// except the tool's own colours when `styled` is true.
func writeText(_ text: String, styled: Bool) {
    FileHandle.standardOutput.write(Data(TerminalText.safeOutput(text, keepingStyles: styled).utf8))
}

/// Writes a JSON document to standard output with terminal-active characters as `\uXXXX`.
func writeJSON(_ data: Data) {
    var safe = TerminalText.safeJSON(data)
    if safe.last != 0x0A { safe.append(0x0A) }
    FileHandle.standardOutput.write(safe)
}

/// Ends the command with exit code 3 and one clear line naming the input and the problem: a
/// line break in either (a hostile file's text quoted in the problem) is escaped as well, so an
/// input cannot add lines of its own to standard error.
func failUnreadable(_ path: String, _ problem: String) -> ExitCode {
    FileHandle.standardError.write(Data((TerminalText.safe("linklab: \(path): \(problem)") + "\n").utf8))
    return LinkLabExit.unreadableInput
}
