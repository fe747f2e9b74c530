import Foundation
import TestSupport
import Testing

/// Two commands on a fresh machine (issue 30, item 7): the README's quick start is one command
/// that runs the main job on the bundled sample and one that runs the tests, and the folders of
/// the paths a scan writes are made when missing (so no `mkdir` line is needed). What the first
/// command prints is compared by `DocExampleTests`.
@Suite struct QuickStartTests {
    static let root = Fixtures.repositoryRoot

    /// The commands of the first fenced block of the README's "Quick start" section.
    static func quickStartCommands() throws -> [String] {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "\n## ").first { $0.hasPrefix("Quick start") })
        let block = try #require(section.components(separatedBy: "```").dropFirst().first, "no command block")
        return DocExampleTests.plainCommands(block.components(separatedBy: "\n"))
    }

    @Test func theQuickStartIsTwoCommandsTheSampleScanAndTheTests() throws {
        let commands = try Self.quickStartCommands()
        try #require(commands.count == 2, "\(commands)")
        let scan = commands[0].replacingOccurrences(of: "\\\n", with: " ")
        #expect(scan.hasPrefix("swift run linklab scan "), "\(scan)")
        #expect(scan.contains("Samples/LinkLabSample.ipa") && scan.contains("--offline"), "\(scan)")
        #expect(scan.contains("--report out/"), "the quick start writes its reports into out/: \(scan)")
        #expect(commands[1].trimmingCharacters(in: .whitespaces) == "scripts/test")
        let scriptURL = Fixtures.repositoryRoot.appendingPathComponent("scripts/test")
        let script = try String(contentsOf: scriptURL, encoding: .utf8)
        #expect(script.contains("swift test \"$@\""), "scripts/test runs swift test")
    }

    /// `--report` and `--save` into folders that do not exist: each folder is made, with its
    /// parents, and the files written.
    @Test func aScanMakesTheFoldersOfWhatItWrites() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("linklab-quickstart-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("reports/2026/report.md")
        let session = folder.appendingPathComponent("sessions/a/b/sample.linklab")
        let sample = Self.root.appendingPathComponent("Samples")
        let run = try LinkLabProcess.run([
            "scan", sample.appendingPathComponent("LinkLabSample.ipa").path, "--offline",
            "--aasa", sample.appendingPathComponent("aasa").path,
            "--report", report.path, "--save", session.path,
        ])
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: report.path))
        #expect(FileManager.default.fileExists(atPath: session.path))
        #expect(run.stdout.contains("Session saved: \(session.path)"))
    }

    /// A file standing where a folder is needed is refused before any work, naming the path.
    @Test func aFileWhereAFolderIsNeededIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("linklab-quickstart-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("taken")
        try Data("x".utf8).write(to: file)
        let session = file.appendingPathComponent("sample.linklab")
        let sample = Self.root.appendingPathComponent("Samples")
        let run = try LinkLabProcess.run([
            "scan", sample.appendingPathComponent("LinkLabSample.ipa").path, "--offline",
            "--aasa", sample.appendingPathComponent("aasa").path, "--save", session.path,
        ])
        #expect(run.exitCode == 3)
        #expect(run.stderr.contains("\(session.path): cannot be written"), "\(run.stderr)")
    }
}
