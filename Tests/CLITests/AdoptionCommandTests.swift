import Foundation
import TestSupport
import Testing

/// The small things a first-time user meets, run on the built binary: every command's help has
/// an example, `serve`'s default is printed once, `--save` says it wrote the session, `match`
/// warns when a file named for one host decides URLs of another.
@Suite struct AdoptionCommandTests {
    private static var binaryMissing: Bool { LinkLabProcess.executableURL == nil }
    private static let root = Fixtures.repositoryRoot

    /// Every command and subcommand, as typed after `linklab`.
    static let commands: [[String]] = [
        [], ["inspect"], ["aasa"], ["aasa", "lint"], ["aasa", "fetch"], ["match"], ["scan"], ["report"], ["diff"],
        ["serve"],
    ]

    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("linklab-adopt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test(.disabled(if: binaryMissing, "linklab binary not built"), arguments: commands)
    func everyCommandsHelpShowsAnExampleAndTheExitCodes(_ command: [String]) throws {
        let output = try LinkLabProcess.run(command + ["--help"])
        #expect(output.exitCode == 0, "\(output.stderr)")
        #expect(output.stdout.contains("Examples:"), "linklab \(command.joined(separator: " ")) --help has no example")
        let examples = output.stdout.components(separatedBy: "Examples:").last ?? ""
        let exampleLines = examples.split(separator: "\n").filter {
            $0.trimmingCharacters(in: .whitespaces).hasPrefix("linklab ")
        }
        #expect(!exampleLines.isEmpty)
        #expect(output.stdout.lowercased().contains("exit"), "no exit codes in linklab \(command) --help")
    }

    @Test(.disabled(if: binaryMissing, "linklab binary not built"))
    func serveHelpPrintsTheUploadDefaultOnce() throws {
        let output = try LinkLabProcess.run(["serve", "--help"])
        #expect(output.exitCode == 0)
        // The option's entry in OPTIONS: its line and the wrapped lines under it.
        let entry = try #require(output.stdout.range(of: "\n  --max-upload <BYTES>"))
        let helpText = String(output.stdout[entry.upperBound...])
        let optionHelp = helpText.components(separatedBy: "\n  -").first ?? helpText
        let line = optionHelp
        #expect(optionHelp.components(separatedBy: "default").count == 2, "\(line)")
        #expect(!output.stdout.contains("4294967296"))
        #expect(optionHelp.contains("4 GiB"))
    }

    @Test(.disabled(if: binaryMissing, "linklab binary not built"))
    func scanSaveSaysItWroteTheSessionInTextAndOnStandardErrorWithJSON() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = [
            "scan", Self.root.appendingPathComponent("Samples/LinkLabSample.ipa").path, "--offline",
            "--aasa", Self.root.appendingPathComponent("Samples/aasa").path,
        ]
        let textSession = folder.appendingPathComponent("text.linklab")
        let text = try LinkLabProcess.run(base + ["--save", textSession.path])
        #expect(text.exitCode == 0, "\(text.stderr)")
        #expect(FileManager.default.fileExists(atPath: textSession.path))
        #expect(text.stdout.hasSuffix("Session saved: \(textSession.path)\n"), "\(text.stdout.suffix(200))")
        #expect(!text.stderr.contains("session saved"))

        let jsonSession = folder.appendingPathComponent("json.linklab")
        let json = try LinkLabProcess.run(base + ["--save", jsonSession.path, "--format", "json"])
        #expect(json.exitCode == 0, "\(json.stderr)")
        #expect(FileManager.default.fileExists(atPath: jsonSession.path))
        #expect(json.stderr == "linklab: session saved: \(jsonSession.path)\n")
        #expect((try? JSONSerialization.jsonObject(with: json.stdoutData)) != nil, "stdout must stay one JSON document")

        let without = try LinkLabProcess.run(base)
        #expect(!without.stdout.contains("Session saved"))

        let again = folder.appendingPathComponent("again.linklab")
        let report = try LinkLabProcess.run(["report", textSession.path, "--save", again.path])
        #expect(report.exitCode == 0, "\(report.stderr)")
        #expect(report.stdout.contains("Session saved: \(again.path)\n"))
    }

    /// `example.com.json` (Apple's worked example, named for example.com) in a temporary folder.
    private func fileNamed(_ name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(contentsOf: Self.root.appendingPathComponent("Samples/aasa/example.com.json")).write(to: url)
        return url
    }

    @Test(.disabled(if: binaryMissing, "linklab binary not built"))
    func matchWarnsOnceWhenTheFileIsNamedForAnotherHost() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try fileNamed("example.com.json", in: folder)
        let output = try LinkLabProcess.run([
            "match", "--aasa", file.path, "https://shop.example.com/buy/42",
            "https://shop.example.com/help/1", "https://example.com/buy/42",
        ])
        #expect(output.exitCode == 0, "\(output.stderr)")
        let warnings = output.stderr.split(separator: "\n").filter { $0.contains("warning") }
        #expect(warnings.count == 1, "\(output.stderr)")
        let warning = String(warnings.first ?? "")
        #expect(warning.contains("is named for example.com"))
        #expect(warning.contains("https://shop.example.com/buy/42 is on shop.example.com"))
        #expect(warning.contains("--domain example.com"))
        // The verdicts are unchanged: the warning only says what was assumed.
        #expect(output.stdout.contains("https://example.com/buy/42"))
    }

    @Test(
        .disabled(if: binaryMissing, "linklab binary not built"),
        arguments: [
            (name: "example.com.json", arguments: ["--domain", "example.com", "https://example.com/buy/42"]),
            (name: "example.com.json", arguments: ["https://example.com/buy/42"]),
            (name: "EXAMPLE.com.json", arguments: ["https://Example.COM:443/buy/42"]),
            (name: "shop.example.com.json", arguments: ["https://shop.example.com/buy/42"]),
            (name: "apple-app-site-association", arguments: ["https://shop.example.com/buy/42"]),
            (name: "aasa.json", arguments: ["https://shop.example.com/buy/42"]),
        ])
    func matchDoesNotWarnWhenTheHostsAgreeOrTheNameNamesNoHost(_ name: String, _ arguments: [String]) throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try fileNamed(name, in: folder)
        let output = try LinkLabProcess.run(["match", "--aasa", file.path] + arguments)
        #expect(output.exitCode == 0, "\(output.stderr)")
        #expect(!output.stderr.contains("warning"), "\(output.stderr)")
    }

    @Test(.disabled(if: binaryMissing, "linklab binary not built"))
    func matchTraceClaimsNoFileDomainItWasNotGiven() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try fileNamed("example.com.json", in: folder)
        let assumed =
            try LinkLabProcess.run(["match", "--aasa", file.path, "--trace", "https://shop.example.com/buy/42"])
        #expect(assumed.exitCode == 0, "\(assumed.stderr)")
        #expect(!assumed.stdout.contains("is covered by the file's domain"), "\(assumed.stdout)")
        #expect(
            assumed.stdout.contains(
                "host: shop.example.com is the domain assumed to serve the file (taken from the URL; not checked)"))

        // With --domain the tester named the file's domain: coverage is a checked fact.
        let given = try LinkLabProcess.run([
            "match", "--aasa", file.path, "--domain", "example.com", "--trace",
            "https://example.com/buy/42",
        ])
        #expect(given.exitCode == 0, "\(given.stderr)")
        #expect(given.stdout.contains("host: example.com is covered by the file's domain example.com"))

        // A URL of another host than --domain is decided no_match, with the reason in the trace.
        let other = try LinkLabProcess.run([
            "match", "--aasa", file.path, "--domain", "example.com", "--trace",
            "https://shop.example.com/buy/42",
        ])
        #expect(other.stdout.contains("no_match"))
        #expect(!other.stdout.contains("is covered by"))
    }
}
