import Foundation
import TestSupport
import Testing

/// `--fail-on CATEGORY:SEVERITY` and the engagement flags of `scan` and `report`, run through
/// the built binary on the bundled sample.
@Suite struct EngagementAndCategoryCommandTests {
    private static var binaryMissing: Bool { LinkLabProcess.executableURL == nil }

    private func temporaryFolder() throws -> URL {
        let url =
            FileManager.default.temporaryDirectory.appendingPathComponent("linklab-engagement-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The sample's worst security finding is medium and its worst reliability finding high.
    @Test(
        .disabled(if: binaryMissing, "linklab binary not built; run `swift build` first"),
        arguments: [
            ("security:high", Int32(0)), ("security:medium", 1), ("reliability:high", 1),
            ("reliability:critical", 0), ("critical", 0), ("high", 1),
            ("security:high,reliability:critical", 0), ("security:high,reliability:high", 1),
        ])
    func failOnSelectsACategory(thresholds: String, exitCode: Int32) throws {
        let flags = thresholds.split(separator: ",").flatMap { ["--fail-on", String($0)] }
        let output = try LinkLabProcess.run(ScanCommandTests.sampleArguments + flags)
        #expect(output.exitCode == exitCode, "\(thresholds): \(output.stderr)")
    }

    @Test(
        .disabled(if: binaryMissing, "linklab binary not built; run `swift build` first"),
        arguments: ["severe", "sec:high", "security", "security:loud"])
    func malformedFailOnIsAUsageError(value: String) throws {
        let output = try LinkLabProcess.run(ScanCommandTests.sampleArguments + ["--fail-on", value])
        #expect(output.exitCode == 2)
        #expect(output.stderr.contains("CATEGORY:SEVERITY"), "\(output.stderr)")
    }

    @Test(
        .disabled(if: binaryMissing, "linklab binary not built; run `swift build` first"),
        arguments: [
            "--start-date 2026-13-01", "--end-date 26-11-2026",
            "--start-date 2026-11-27 --end-date 2026-11-20", "--start-date 2026-02-30",
        ])
    func badDatesAreUsageErrors(arguments: String) throws {
        let flags = arguments.split(separator: " ").map(String.init)
        let output = try LinkLabProcess.run(ScanCommandTests.sampleArguments + flags)
        #expect(output.exitCode == 2, "\(flags)")
    }

    /// The engagement is printed on the report, saved in the session, reused by `report`, and
    /// overridden field by field by `report`'s flags.
    @Test(.disabled(if: binaryMissing, "linklab binary not built; run `swift build` first"))
    func engagementIsPrintedSavedAndOverridden() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = folder.appendingPathComponent("first.md")
        let session = folder.appendingPathComponent("app.linklab")
        let scan = try LinkLabProcess.run(
            ScanCommandTests.sampleArguments + [
                "--client", "Example Corp", "--tester", "A. Tester", "--scope", "iOS app and its domains",
                "--start-date", "2026-11-20", "--end-date", "2026-11-26", "--report", first.path, "--save",
                session.path,
            ])
        #expect(scan.exitCode == 0, "\(scan.stderr)")
        let markdown = try String(contentsOf: first, encoding: .utf8)
        for line in [
            "| **Client** | Example Corp |", "| **Tester** | A. Tester |",
            "| **Scope** | iOS app and its domains |",
            "| **Dates** | 2026-11-20 to 2026-11-26 |",
        ] {
            #expect(markdown.contains(line), "missing \(line)")
        }
        let saved = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: session)) as? [String: Any])
        let engagement = try #require(saved["engagement"] as? [String: Any])
        #expect(engagement["client"] as? String == "Example Corp")

        let second = folder.appendingPathComponent("second.md")
        let report =
            try LinkLabProcess.run(["report", session.path, "--client", "Other Client", "--report", second.path])
        #expect(report.exitCode == 0, "\(report.stderr)")
        let rerendered = try String(contentsOf: second, encoding: .utf8)
        #expect(rerendered.contains("| **Client** | Other Client |"))
        #expect(rerendered.contains("| **Tester** | A. Tester |"))

        // Without engagement flags, a session keeps no engagement key (older readers unaffected).
        let plain = folder.appendingPathComponent("plain.linklab")
        #expect(try LinkLabProcess.run(ScanCommandTests.sampleArguments + ["--save", plain.path]).exitCode == 0)
        let plainObject =
            try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: plain)) as? [String: Any])
        #expect(plainObject["engagement"] == nil)
    }

    /// Text output and JSON carry the two axes.
    @Test(.disabled(if: binaryMissing, "linklab binary not built; run `swift build` first"))
    func jsonFindingsCarryTheirCategoryInReportOrder() throws {
        let output = try LinkLabProcess.run(ScanCommandTests.sampleArguments + ["--format", "json"])
        #expect(output.exitCode == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        let categories = findings.compactMap { $0["category"] as? String }
        #expect(categories.count == findings.count)
        #expect(categories == categories.sorted { $0 == "security" && $1 == "reliability" })
        let scan = try #require(object["scan"] as? [String: Any])
        let byCategory = try #require(scan["findingCountsByCategory"] as? [String: [String: Int]])
        #expect(byCategory["security"]?.values.reduce(0, +) == categories.filter { $0 == "security" }.count)
    }
}
