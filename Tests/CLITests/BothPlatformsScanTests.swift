import Foundation
import TestSupport
import Testing

/// `scan app.ipa app.apk` on the bundled sample pair, offline: one report with both platforms'
/// findings, the cross-platform findings and the verdict table, in every format.
@Suite struct BothPlatformsScanTests {
    static func sample(_ path: String) -> String {
        Fixtures.repositoryRoot.appendingPathComponent("Samples/\(path)").path
    }

    static let offline = [
        "--offline", "--aasa", sample("aasa"), "--assetlinks", sample("assetlinks"),
        "--urls", sample("urls-both.txt"),
    ]

    @Test func everyFormatCarriesBothPlatformsAndTheTable() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("both-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let reports = ["md", "html", "pdf", "sarif", "json"].map { folder.appendingPathComponent("report.\($0)").path }
        let output = try LinkLabProcess.run(
            ["scan", Self.sample("LinkLabSample.ipa"), Self.sample("LinkLabSample.apk")] + Self.offline
                + reports.flatMap { ["--report", $0] } + ["--format", "json"])
        #expect(output.exitCode == 0, "\(output.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any])
        #expect(object["platform"] as? String == "both")
        let ids = (object["findings"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        for prefix in ["AASA-", "ENT-", "URL-", "AND-", "XPL-"] {
            #expect(ids.contains { $0.hasPrefix(prefix) }, "no \(prefix) finding")
        }
        #expect(ids.filter { $0 == "XPL-001" }.count == 9)
        let table = try #require(object["crossPlatform"] as? [String: Any])
        #expect((table["rows"] as? [Any])?.count == 25)
        #expect((object["ios"] as? [String: Any])?["urlTests"] != nil)
        #expect(((object["android"] as? [String: Any])?["scan"] as? [String: Any])?["platform"] as? String == "android")
        // The .json report is the document printed.
        #expect(try Data(contentsOf: URL(fileURLWithPath: reports[4])) == output.stdoutData)
        let markdown = try String(contentsOfFile: reports[0], encoding: .utf8)
        #expect(markdown.contains("## Both platforms: one verdict per URL"))
        #expect(markdown.contains("XPL-001") && markdown.contains("AND-001") && markdown.contains("AASA-018"))
        let html = try String(contentsOfFile: reports[1], encoding: .utf8)
        #expect(html.contains("Both platforms: one verdict per URL"))
        let pdf = try Data(contentsOf: URL(fileURLWithPath: reports[2]))
        #expect(pdf.starts(with: Data("%PDF".utf8)))
        let sarif = try String(contentsOfFile: reports[3], encoding: .utf8)
        #expect(sarif.contains("XPL-001") && sarif.contains("AND-005"))
    }

    @Test func apkWithIOSOptionAndTextOutput() throws {
        let output = try LinkLabProcess.run(
            ["scan", Self.sample("LinkLabSample.apk"), "--ios", Self.sample("LinkLabSample.ipa")] + Self.offline)
        #expect(output.exitCode == 0, "\(output.stderr)")
        #expect(output.stdout.contains("Both platforms: iOS ABCDE12345.com.example.app, Android com.example.app"))
        #expect(output.stdout.contains("25 URLs: 6 both, 10 iOS only, 4 Android only, 5 neither"))
        // One line per URL (the reasons are match --ios --android's), and the XPL findings listed
        // in the scan's findings table.
        #expect(output.stdout.contains("  Android only  linklab-admin://users/delete  [XPL-001]"))
        #expect(output.stdout.contains("  both apps     https://example.com/buy/42\n"))
        #expect(
            output.stdout.split(separator: "\n").contains {
                $0.hasPrefix("XPL-001") && $0.contains("medium")
                    && $0.contains("linklab-admin://users/delete")
            })
        #expect(!output.stdout.contains("filter at line"), "no traces in the scan's text")
    }

    /// `--fail-on` judges the combined findings: high ones exist (ENT-005, AASA-007 on iOS,
    /// AND-001 on Android), critical ones do not.
    @Test func failOnJudgesTheCombinedFindings() throws {
        let base = ["scan", Self.sample("LinkLabSample.ipa"), Self.sample("LinkLabSample.apk")] + Self.offline
        #expect(try LinkLabProcess.run(base + ["--fail-on", "high", "--format", "json"]).exitCode == 1)
        #expect(try LinkLabProcess.run(base + ["--fail-on", "critical", "--format", "json"]).exitCode == 0)
    }

    @Test(arguments: [
        ["scan", "a.ipa", "b.ipa"], ["scan", "a.apk", "b.apk"], ["scan", "a.ipa", "--ios", "b.ipa"],
        ["scan", "a.apk", "b.ipa", "--ios", "c.ipa"],
    ])
    func twoAppsOfOnePlatformAreAUsageError(arguments: [String]) throws {
        let output = try LinkLabProcess.run(arguments)
        #expect(output.exitCode == 2, "\(arguments): \(output.stderr)")
    }

    @Test func aBadListLineExitsThree() throws {
        let output = try LinkLabProcess.run(
            ["scan", Self.sample("LinkLabSample.ipa"), Self.sample("LinkLabSample.apk"), "--offline", "--urls", "-"],
            stdin: Data("https://example.com/\nnot a url\n".utf8))
        #expect(output.exitCode == 3)
        #expect(output.stderr.contains("line 2"))
    }
}
