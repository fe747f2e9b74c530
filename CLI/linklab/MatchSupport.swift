import ArgumentParser
import Foundation
import Workbench

/// `--format` of `aasa lint` and `match`.
enum MatchOutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text
    case json
}

/// ANSI styling for text output: only on a terminal, never with `NO_COLOR` set.
struct MatchStyle: Sendable {
    let enabled: Bool

    static let standardOutput = MatchStyle(
        enabled: isatty(STDOUT_FILENO) == 1
            && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
            && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    )

    func paint(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    func decision(_ decision: Decision) -> String {
        let padded = decision.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
        switch decision {
        case .match: return paint(padded, "1;32")
        case .exclude: return paint(padded, "1;33")
        case .noMatch: return paint(padded, "2")
        }
    }

    func severity(_ severity: String) -> String {
        let padded = severity.padding(toLength: 7, withPad: " ", startingAt: 0)
        switch severity {
        case "error": return paint(padded, "1;31")
        case "warning": return paint(padded, "33")
        default: return paint(padded, "36")
        }
    }

    func dim(_ text: String) -> String { paint(text, "2") }
    func bold(_ text: String) -> String { paint(text, "1") }
}

/// Writes text to standard output, escaped for the terminal (see `writeText`).
func matchPrint(_ text: String, styled: Bool = MatchStyle.standardOutput.enabled) {
    writeText(text + "\n", styled: styled)
}
