import Foundation
import TestSupport
import Testing

/// How the commands take their inputs: `-` for standard input everywhere, file types checked
/// before reading, `--aasa` hygiene, and `--help` that carries an example, the exit codes and
/// the contract's place in the repository.
@Suite(.enabled(if: LinkLabProcess.executableURL != nil, "linklab is not built: run swift build first"))
struct CLIInputTests {
    static let root = Fixtures.repositoryRoot
    static let ipa = root.appendingPathComponent("Samples/LinkLabSample.ipa")
    static let aasa = root.appendingPathComponent("Samples/aasa/example.com.json").path

    @Test func dashReadsStandardInputForInspectAndScan() throws {
        let bytes = try Data(contentsOf: Self.ipa)
        let inspected = try LinkLabProcess.run(["inspect", "-", "--format", "json"], stdin: bytes)
        #expect(inspected.exitCode == 0, "\(inspected.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: inspected.stdoutData) as? [String: Any])
        let source = try #require(document["source"] as? [String: Any])
        #expect(source["path"] as? String == "-")
        #expect(source["kind"] as? String == "ipa")
        let fromFile = try LinkLabProcess.run(["inspect", Self.ipa.path, "--format", "json"])
        let fileSource =
            try #require(
                (try JSONSerialization.jsonObject(with: fromFile.stdoutData) as? [String: Any])?["source"]
                    as? [String: Any])
        #expect(source["sha256"] as? String == fileSource["sha256"] as? String)

        let scanned =
            try LinkLabProcess.run(["scan", "-", "--offline", "--aasa", "example.com=\(Self.aasa)"], stdin: bytes)
        #expect(scanned.exitCode == 0, "\(scanned.stderr)")
        #expect(scanned.stdout.contains("ABCDE12345.com.example.app"))
        let both = try LinkLabProcess.run(["scan", "-", "--urls", "-"], stdin: bytes)
        #expect(both.exitCode == 2)
    }

    @Test func nonRegularFilesAreRefusedWithOneLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linklab-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // A FIFO with no writer would block a reader forever: these must refuse it instead.
        for arguments in [
            ["aasa", "lint", fifo], ["match", "--aasa", fifo, "https://example.com/"],
            ["match", "--aasa", Self.aasa, "--urls", fifo],
        ] {
            let output = try LinkLabProcess.run(arguments)
            #expect(output.exitCode == 3, "\(arguments)")
            #expect(output.stderr == "linklab: \(fifo): is a FIFO, not a regular file\n")
        }
        let device = try LinkLabProcess.run(["aasa", "lint", "/dev/null"])
        #expect(device.exitCode == 3)
        #expect(device.stderr == "linklab: /dev/null: is a device, not a regular file\n")
        let directory = try LinkLabProcess.run(["aasa", "lint", folder.path])
        #expect(directory.stderr.contains("is a directory"))
    }

    @Test func sameAASAHostTwiceIsAUsageError() throws {
        let output = try LinkLabProcess.run([
            "scan", Self.ipa.path, "--offline", "--aasa", "example.com=\(Self.aasa)", "--aasa",
            "EXAMPLE.com=/tmp/other.json",
        ])
        #expect(output.exitCode == 2)
        #expect(output.stderr.contains("--aasa names example.com twice"))
    }

    @Test func aasaForAHostTheAppDoesNotClaimWarns() throws {
        let output = try LinkLabProcess.run([
            "scan", Self.ipa.path, "--offline", "--aasa", "example.com=\(Self.aasa)", "--aasa",
            "unclaimed.example=\(Self.aasa)",
        ])
        #expect(output.exitCode == 0, "\(output.stderr)")
        #expect(
            output.stderr.contains(
                "linklab: warning: --aasa unclaimed.example: the app has no associated-domain entry"))
        #expect(!output.stderr.contains("--aasa example.com:"))
    }

    /// An unreadable input is one line on standard error, whatever its name or the problem
    /// quotes: a line break in them is escaped, so an input cannot add lines of its own.
    @Test func anUnreadableInputIsOneLineEvenWithALineBreakInItsName() throws {
        let output = try LinkLabProcess.run([
            "scan", Self.ipa.path, "--offline",
            "--urls", "/nonexistent/list\nlinklab: all clear",
        ])
        #expect(output.exitCode == 3)
        let lines = output.stderr.split(separator: "\n")
        let escaped = "linklab: /nonexistent/list\\u{0A}linklab: all clear"
        #expect(lines.count == 1 && lines.first?.hasPrefix(escaped) == true, "\(output.stderr)")
    }

    @Test func assetLinksForAHostAndroidNeverFetchesWarns() throws {
        let samples = Fixtures.repositoryRoot.appendingPathComponent("Samples")
        let file = samples.appendingPathComponent("assetlinks/example.com.json").path
        let output = try LinkLabProcess.run([
            "scan", samples.appendingPathComponent("LinkLabSample.apk").path, "--offline", "--assetlinks",
            "example.com=\(file)", "--assetlinks", "unclaimed.example=\(file)",
        ])
        #expect(output.exitCode == 0, "\(output.stderr)")
        #expect(
            output.stderr.contains(
                "linklab: warning: --assetlinks unclaimed.example: Android fetches no "
                    + "assetlinks.json from unclaimed.example for this app"))
        #expect(!output.stderr.contains("--assetlinks example.com:"))
    }

    @Test(arguments: [
        ["--help"], ["inspect", "--help"], ["aasa", "--help"], ["aasa", "lint", "--help"],
        ["aasa", "fetch", "--help"], ["match", "--help"], ["scan", "--help"],
    ])
    func helpHasAnExampleExitCodesAndTheContract(arguments: [String]) throws {
        let output = try LinkLabProcess.run(arguments)
        #expect(output.exitCode == 0)
        #expect(output.stdout.contains("Examples:"), "\(arguments)")
        #expect(output.stdout.contains("Exit codes:"), "\(arguments)")
        #expect(output.stdout.contains("docs/cli.md"), "\(arguments)")
        #expect(!output.stdout.contains("spec/cli.md"), "\(arguments)")
    }

    @Test func matchHelpGivesTheBatchLineFormat() throws {
        let output = try LinkLabProcess.run(["match", "--help"])
        #expect(output.stdout.contains(#"in:  {"id": ANY, "aasa": {…file…}"#))
        #expect(output.stdout.contains(#"out: {"decision": "match|exclude|no_match", "id": ANY}"#))
        #expect(output.stdout.contains("--aasa <FILE>"))
        #expect(output.stdout.contains("--urls <FILE>"))
    }
}
