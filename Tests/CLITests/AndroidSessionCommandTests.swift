import Foundation
import TestSupport
import Testing

/// `scan app.apk --save` and `scan app.ipa app.apk --save` keep the session; `report` re-renders
/// it with the same findings and report, `diff` compares two of them (Android hosts and verdicts
/// included). The built binary, offline, on the bundled sample.
@Suite struct AndroidSessionCommandTests {
    private static var binaryMissing: Bool { LinkLabProcess.executableURL == nil }
    static let samples = Fixtures.repositoryRoot.appendingPathComponent("Samples")

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("linklab-asess-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static var androidArguments: [String] {
        [
            "--offline", "--assetlinks", samples.appendingPathComponent("assetlinks").path,
            "--urls", samples.appendingPathComponent("urls-both.txt").path,
        ]
    }

    static func keys(_ json: Data) throws -> Set<String> {
        Set(try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any]).keys)
    }

    static func findingIDs(_ json: Data) throws -> [String] {
        let root = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let findings = try #require(root["findings"] as? [[String: Any]])
        return findings.compactMap { $0["id"] as? String }.sorted()
    }

    @Test(.disabled(if: binaryMissing, "linklab binary not built; run `swift build` first"))
    func anAndroidScanSavedReportsTheSameFindings() throws {
        let out = try Self.folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let session = out.appendingPathComponent("apk.linklab").path
        let scan = try LinkLabProcess.run(
            ["scan", Self.samples.appendingPathComponent("LinkLabSample.apk").path]
                + Self.androidArguments + ["--save", session, "--format", "json"])
        #expect(scan.exitCode == 0, "\(scan.stderr)")
        #expect(scan.stderr.contains("session saved: \(session)"))
        let report = try LinkLabProcess.run([
            "report", session, "--format", "json",
            "--report", out.appendingPathComponent("apk.md").path,
        ])
        #expect(report.exitCode == 0, "\(report.stderr)")
        #expect(try Self.findingIDs(report.stdoutData) == Self.findingIDs(scan.stdoutData))
        // The same document `scan --format json` prints (the workbench's own keys are not added).
        #expect(try Self.keys(report.stdoutData) == Self.keys(scan.stdoutData))
        let markdown = try String(contentsOf: out.appendingPathComponent("apk.md"), encoding: .utf8)
        #expect(markdown.hasPrefix("# Android App Links assessment: com.example.app"))
        #expect(!markdown.contains(Self.samples.path), "the report names a folder of this machine")
        let text = try LinkLabProcess.run(["report", session])
        #expect(text.exitCode == 0 && text.stdout.contains("AND-001"))
        let diff = try LinkLabProcess.run(["diff", session, session, "--format", "json"])
        #expect(diff.exitCode == 0, "\(diff.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: diff.stdoutData) as? [String: Any])
        let domains = try #require(root["domains"] as? [[String: Any]])
        #expect(domains.contains { $0["host"] as? String == "shop.example.com (assetlinks.json)" })
    }

    @Test(.disabled(if: binaryMissing, "linklab binary not built; run `swift build` first"))
    func bothAppsSavedReRenderTheSameReportAndDiffNamesTheAndroidHosts() throws {
        let out = try Self.folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let session = out.appendingPathComponent("both.linklab").path
        let scanned = out.appendingPathComponent("scan.md").path
        let reported = out.appendingPathComponent("report.md").path
        let scan = try LinkLabProcess.run(
            [
                "scan", Self.samples.appendingPathComponent("LinkLabSample.ipa").path,
                Self.samples.appendingPathComponent("LinkLabSample.apk").path,
                "--aasa", Self.samples.appendingPathComponent("aasa").path,
            ]
                + Self.androidArguments + ["--save", session, "--report", scanned],
            environment: ["SOURCE_DATE_EPOCH": "1790000000"])
        #expect(scan.exitCode == 0, "\(scan.stderr)")
        #expect(scan.stdout.contains("Session saved: \(session)"))
        let report = try LinkLabProcess.run(["report", session, "--report", reported])
        #expect(report.exitCode == 0, "\(report.stderr)")
        #expect(report.stdout.contains("Android") && report.stdout.contains("XPL-001"))
        // The same report but for its date line and the URL list's line numbers (a session keeps
        // the URLs, not the list's comments).
        func kept(_ path: String) throws -> [String] {
            try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
                .filter { !$0.hasPrefix("_Generated by") && !$0.hasPrefix("- URL list line") }
        }
        #expect(try kept(scanned) == kept(reported))
        let retestReport = out.appendingPathComponent("retest.md").path
        let diff = try LinkLabProcess.run(["diff", session, session, "--report", retestReport])
        #expect(diff.exitCode == 0, "\(diff.stderr)")
        #expect(diff.stdout.contains("example.com (assetlinks.json): same"))
        #expect(diff.stdout.contains("0 new, 0 fixed"))
        let retest = try String(contentsOfFile: retestReport, encoding: .utf8)
        #expect(retest.hasPrefix("# Universal links and App Links retest: LinkLab / com.example.app"))
        #expect(retest.contains("## Changes since") && retest.contains("XPL-001"))
    }
}
