import Foundation
import Testing
import Reports
import TestSupport
@testable import Workbench

/// Issue 9, deliverable 5: the same input gives the same `.md`, `.json` and `.sarif` bytes;
/// and deliverable 2: fingerprints and triage in the JSON and SARIF of a scan.
@Suite struct ReproducibleReportTests {
    static func withTimings(_ analysis: Analysis, _ milliseconds: Int) -> Analysis {
        var copy = analysis
        copy.timings = [StageTiming(stage: .inspect, milliseconds: milliseconds),
                        StageTiming(stage: .fetch, milliseconds: milliseconds * 3)]
        return copy
    }

    @Test(arguments: [ScanReportKind.markdown, .json, .sarif])
    func stageTimingsDoNotChangeTheReport(_ kind: ScanReportKind) async throws {
        let analysis = try await SampleScan.analysis()
        let first = try Self.withTimings(analysis, 4).report(kind, toolVersion: "test")
        let second = try Self.withTimings(analysis, 5).report(kind, toolVersion: "test")
        #expect(first == second)
    }

    @Test func timingsAreWrittenOnRequest() async throws {
        let analysis = Self.withTimings(try await SampleScan.analysis(), 7)
        let markdown = String(decoding: try analysis.report(.markdown, toolVersion: "test", timings: true), as: UTF8.self)
        #expect(markdown.contains("inspect 7 ms, fetch 21 ms"))
        let plain = String(decoding: try analysis.report(.markdown, toolVersion: "test"), as: UTF8.self)
        #expect(!plain.contains("Stage timings"))
        let json = try #require(try JSONSerialization.jsonObject(with: analysis.scanDocument(timings: true)) as? [String: Any])
        let scan = try #require(json["scan"] as? [String: Any])
        #expect((scan["timings"] as? [[String: Any]])?.count == 2)
        let quiet = try #require(try JSONSerialization.jsonObject(with: analysis.scanDocument()) as? [String: Any])
        #expect((quiet["scan"] as? [String: Any])?["timings"] == nil)
    }

    @Test func sourceDateEpochGivesTheSameDatedReport() async throws {
        let analysis = try await SampleScan.analysis()
        let environment = ["SOURCE_DATE_EPOCH": "1795000000"]
        let first = try analysis.report(.markdown, toolVersion: "test",
                                        generatedAt: ReportDate.generatedAt(environment: environment, now: Date()))
        let second = try analysis.report(.markdown, toolVersion: "test",
                                         generatedAt: ReportDate.generatedAt(environment: environment, now: Date().addingTimeInterval(90)))
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
        let markdown = String(decoding: try analysis.report(.markdown, toolVersion: "test", triage: triage), as: UTF8.self)
        #expect(markdown.contains("## Triaged"))
        #expect(markdown.contains("client accepts"))
    }
}
