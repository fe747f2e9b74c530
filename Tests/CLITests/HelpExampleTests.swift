import Foundation
import TestSupport
import Testing

/// `--help` examples never wrap inside a command (issue 26, item 12): every example line of
/// every command's help, as printed on a wide terminal, is printed whole at the default width of
/// 80 columns, so a copied example (long ones continue with ` \`) runs as printed.
@Suite struct HelpExampleTests {
    static let commands: [[String]] = [
        [], ["inspect"], ["aasa"], ["aasa", "lint"], ["aasa", "fetch"], ["match"], ["scan"], ["report"], ["diff"],
        ["serve"], ["assetlinks"], ["assetlinks", "lint"], ["assetlinks", "fetch"],
    ]

    /// Lines of the help (outside the generated USAGE block) that begin a `linklab` command or
    /// continue one.
    static func exampleLines(_ text: String) -> [String] {
        var out: [String] = []
        var inUsage = false
        var continuing = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("USAGE:") { inUsage = true }
            if line.isEmpty { inUsage = false }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !inUsage else { continue }
            if trimmed.hasPrefix("linklab ") || continuing {
                out.append(trimmed)
                continuing = trimmed.hasSuffix("\\")
            }
        }
        return out
    }

    @Test(arguments: commands)
    func examplesArePrintedWholeAtEightyColumns(command: [String]) throws {
        let wide = try LinkLabProcess.run(command + ["--help"], environment: ["COLUMNS": "300"])
        let narrow = try LinkLabProcess.run(command + ["--help"], environment: ["COLUMNS": "80"])
        #expect(wide.exitCode == 0 && narrow.exitCode == 0)
        let printed = Set(narrow.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        for example in Self.exampleLines(wide.stdout) {
            if !printed.contains(example) { Issue.record("\(command): wraps at 80 columns: \(example)") }
        }
    }

    /// The check can fail: an example longer than 80 columns is not printed whole.
    @Test func aLongExampleWouldBeCaught() {
        let long = "  linklab scan " + String(repeating: "x", count: 90)
        #expect(Self.exampleLines(long) == [long.trimmingCharacters(in: .whitespaces)])
    }
}

/// `--fail-on` names what crossed the threshold (issue 26, item 12): exit 1 as documented, and
/// one line on standard error with each finding (ID, severity, subject) that made it so.
@Suite struct FailOnLineTests {
    @Test func theFindingsThatTrippedTheThresholdAreNamed() throws {
        let sample = { (path: String) in Fixtures.repositoryRoot.appendingPathComponent("Samples/\(path)").path }
        let tripped =
            try LinkLabProcess.run([
                "scan", sample("LinkLabSample.ipa"), "--offline", "--aasa", sample("aasa"),
                "--fail-on", "high",
            ])
        #expect(tripped.exitCode == 1)
        let line = try #require(tripped.stderr.split(separator: "\n").first { $0.contains("--fail-on high") })
        #expect(line.contains("3 findings at or above it: AASA-007 high go.example.net"))
        #expect(line.contains("ENT-005 high Payload/LinkLab.app"))
        #expect(line.contains("ENT-014 high Payload/LinkLab.app: applinks:linklab.page.link"))
        let clear = try LinkLabProcess.run([
            "scan", sample("LinkLabSample.ipa"), "--offline", "--aasa", sample("aasa"),
            "--fail-on", "critical",
        ])
        #expect(clear.exitCode == 0)
        #expect(!clear.stderr.contains("--fail-on"))
    }
}
