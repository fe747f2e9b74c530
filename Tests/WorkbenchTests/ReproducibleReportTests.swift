import Foundation
import Reports
import TestSupport
import Testing

@testable import Workbench

/// Issue 9, deliverable 5: the same input gives the same `.md`, `.json` and `.sarif` bytes;
/// and deliverable 2: fingerprints and triage in the JSON and SARIF of a scan.
@Suite struct ReproducibleReportTests {
    static func withTimings(_ analysis: Analysis, _ milliseconds: Int) -> Analysis {
        var copy = analysis
        copy.timings = [
            StageTiming(stage: .inspect, milliseconds: milliseconds),
            StageTiming(stage: .fetch, milliseconds: milliseconds * 3),
        ]
        return copy
    }

    @Test(arguments: [ExportFormat.markdown, .json, .sarif])
    func stageTimingsDoNotChangeTheReport(_ kind: ExportFormat) async throws {
        let analysis = try await SampleScan.analysis()
        let first = try Self.withTimings(analysis, 4).report(kind, toolVersion: "test")
        let second = try Self.withTimings(analysis, 5).report(kind, toolVersion: "test")
        #expect(first == second)
    }

    @Test func timingsAreWrittenOnRequest() async throws {
        let analysis = Self.withTimings(try await SampleScan.analysis(), 7)
        let markdown =
            String(decoding: try analysis.report(.markdown, toolVersion: "test", timings: true), as: UTF8.self)
        #expect(markdown.contains("inspect 7 ms, fetch 21 ms"))
        let plain = String(decoding: try analysis.report(.markdown, toolVersion: "test"), as: UTF8.self)
        #expect(!plain.contains("Stage timings"))
        let json =
            try #require(try JSONSerialization.jsonObject(with: analysis.scanDocument(timings: true)) as? [String: Any])
        let scan = try #require(json["scan"] as? [String: Any])
        #expect((scan["timings"] as? [[String: Any]])?.count == 2)
        let quiet = try #require(try JSONSerialization.jsonObject(with: analysis.scanDocument()) as? [String: Any])
        #expect((quiet["scan"] as? [String: Any])?["timings"] == nil)
    }

    @Test func sourceDateEpochGivesTheSameDatedReport() async throws {
        let analysis = try await SampleScan.analysis()
        let environment = ["SOURCE_DATE_EPOCH": "1795000000"]
        let first = try analysis.report(
            .markdown, toolVersion: "test",
            generatedAt: ReportDate.generatedAt(environment: environment, now: Date()))
        let second = try analysis.report(
            .markdown, toolVersion: "test",
            generatedAt: ReportDate.generatedAt(
                environment: environment,
                now: Date().addingTimeInterval(90)))
        #expect(first == second)
        #expect(String(decoding: first, as: UTF8.self).contains("on 2026-11-18T11:06:40Z"))
    }

    @Test func jsonFindingsCarryFingerprintAndTriage() async throws {
        let analysis = try await SampleScan.analysis()
        let target = try #require(analysis.findings.first)
        let setAt = Date(timeIntervalSince1970: 1_795_000_000)
        let triage = [target.fingerprint: Triage(status: .acceptedRisk, note: "client accepts", setAt: setAt)]
        let data = try analysis.report(.json, toolVersion: "test", triage: triage)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let findings = try #require(json["findings"] as? [[String: Any]])
        #expect(findings.count == analysis.findings.count)
        var triaged = 0
        for finding in findings {
            let fingerprint = try #require(finding["fingerprint"] as? String)
            #expect(analysis.findings.contains { $0.fingerprint == fingerprint })
            if let entry = finding["triage"] as? [String: Any] {
                triaged += 1
                #expect(fingerprint == target.fingerprint)
                #expect(entry["status"] as? String == "accepted-risk")
                #expect(entry["note"] as? String == "client accepts")
                #expect(entry["setAt"] as? String == "2026-11-18T11:06:40Z")
            } else {
                #expect(finding["triage"] is NSNull, "triage is written as null when absent")
            }
        }
        #expect(triaged == 1)
        let markdown =
            String(decoding: try analysis.report(.markdown, toolVersion: "test", triage: triage), as: UTF8.self)
        #expect(markdown.contains("## Triaged"))
        #expect(markdown.contains("client accepts"))
    }

    /// Every format counts the same way: the findings it lists, without those triaged as false
    /// positive or accepted risk, and says how many it left out.
    @Test func everyFormatCountsSuppressedFindingsTheSameWay() async throws {
        let analysis = try await SampleScan.analysis()
        let setAt = Date(timeIntervalSince1970: 1_795_000_000)
        let high = try #require(analysis.findings.first { $0.severity == .high })
        let medium = try #require(analysis.findings.first { $0.severity == .medium })
        let triage = [
            high.fingerprint: Triage(status: .falsePositive, note: "", setAt: setAt),
            medium.fingerprint: Triage(status: .confirmed, note: "", setAt: setAt),
        ]
        let highs = analysis.findings.filter { $0.severity == .high }.count - 1
        let total = analysis.findings.count - 1

        let json =
            try #require(
                try JSONSerialization.jsonObject(
                    with: analysis.report(
                        .json, toolVersion: "test",
                        triage: triage))
                    as? [String: Any])
        let scan = try #require(json["scan"] as? [String: Any])
        let counts = try #require(scan["findingCounts"] as? [String: Int])
        #expect(counts["high"] == highs)
        #expect(counts.values.reduce(0, +) == total)
        #expect(scan["suppressedFindings"] as? Int == 1)
        let byCategory = try #require(scan["findingCountsByCategory"] as? [String: [String: Int]])
        #expect(byCategory.values.flatMap(\.values).reduce(0, +) == total)

        let note = "The counts leave out 1 finding triaged as false positive or accepted risk (listed under Triaged)."
        let markdown =
            String(decoding: try analysis.report(.markdown, toolVersion: "test", triage: triage), as: UTF8.self)
        #expect(markdown.contains(note))
        #expect(markdown.contains("| **Total** |"))
        #expect(markdown.contains("**\(total)** |"), "the Markdown total is the JSON's")
        let html = String(decoding: try analysis.report(.html, toolVersion: "test", triage: triage), as: UTF8.self)
        #expect(html.contains(note))
        let document = analysis.reportDocument(toolVersion: "test", triage: triage)
        #expect(document.summary.total == total)
        #expect(document.summary.counts.first { $0.severity == .high }?.count == highs)
        #expect(document.suppressedNote == note)
        // Without triage nothing is left out, and no format says so.
        #expect(analysis.reportDocument(toolVersion: "test").suppressedNote == nil)
    }
}
