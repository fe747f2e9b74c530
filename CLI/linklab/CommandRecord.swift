import AssociationFetch
import Foundation
import Reports

/// The command a report was made by, for SARIF's `invocations`: the arguments as the tester typed
/// them, except that absolute paths are named as reports name files (`ShownFileName`), so a
/// report never carries the tester's folders; single-quoted where a shell would split them.
enum CommandRecord {
    /// When this process started deciding (touched first thing in `main`).
    static let started = Date()

    static func invocation(arguments: [String] = CommandLine.arguments, end: Date = Date()) -> ReportInvocation {
        let shown = arguments.dropFirst().map { quoted(shownArgument($0)) }
        return ReportInvocation(commandLine: (["linklab"] + shown).joined(separator: " "), start: started, end: end)
    }

    /// `/abs/app.ipa` → `app.ipa`; `example.com=/abs/aasa.json` and `--aasa=/abs/x` keep their
    /// key and name the file the same way; anything else as typed.
    static func shownArgument(_ argument: String) -> String {
        if argument.hasPrefix("/") { return ShownFileName.of(argument) }
        if let equals = argument.firstIndex(of: "="), argument[argument.index(after: equals)...].hasPrefix("/") {
            return String(argument[...equals]) + ShownFileName.of(String(argument[argument.index(after: equals)...]))
        }
        return argument
    }

    static func quoted(_ argument: String) -> String {
        let plain = argument.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || "0123456789-_./:=@,+%".unicodeScalars.contains(scalar)
        }
        return plain && !argument.isEmpty ? argument : "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
