import ArgumentParser
import Foundation
import Workbench

/// `--format` of `aasa lint` and `match`.
enum MatchOutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text
    case json
}

/// Reading inputs named on the command line (`FILE` or `-` for standard input).
enum MatchInput {
    /// The bytes of `path` (`-` reads standard input); nil when unreadable, with the reason.
    static func read(_ path: String) -> Result<Data, MatchInputError> {
        if path == "-" {
            return .success(FileHandle.standardInput.readDataToEndOfFile())
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(MatchInputError(problem: "no such file"))
        }
        guard !isDirectory.boolValue else { return .failure(MatchInputError(problem: "is a directory, not a file")) }
        do {
            let url = URL(fileURLWithPath: path)
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            if let size = attributes[.size] as? Int, size > AssociationDocument.maximumReadSize {
                return .failure(MatchInputError(problem: "file is \(size) bytes; files over \(AssociationDocument.maximumReadSize) bytes are not read"))
            }
            return .success(try Data(contentsOf: url))
        } catch {
            return .failure(MatchInputError(problem: "cannot be read (\((error as NSError).localizedDescription))"))
        }
    }

    /// Non-empty, non-comment (`#`) lines of a URL list.
    static func lines(_ data: Data) -> [String] {
        String(decoding: data, as: UTF8.self)
            .split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }
}

/// Why an input could not be read.
struct MatchInputError: Error {
    var problem: String
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

/// Writes text to standard output.
func matchPrint(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}
