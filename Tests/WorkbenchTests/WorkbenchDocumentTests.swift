import Findings
import Foundation
import TestSupport
import Testing

@testable import Workbench

/// The workbench document on the bundled sample, offline with the sample's supplied files.
@MainActor @Suite struct WorkbenchDocumentTests {
    static func settings() -> WorkbenchSettings {
        WorkbenchSettings(offline: true, suppliedFiles: SampleScan.supplied)
    }

    /// `finding` with the explanation of a "not fetched (offline)" route cut at that phrase: the
    /// scan says why in `--offline` words, the document in its settings' words.
    static func withoutOfflineWording(_ finding: Finding) -> Finding {
        var finding = finding
        if let range = finding.explanation.range(of: "not fetched (offline)") {
            finding.explanation = String(finding.explanation[..<range.upperBound])
        }
        return finding
    }

    /// A report's lines, without those that say why a host was not fetched offline (worded per face).
    static func withoutOfflineLines(_ data: Data) -> [Substring] {
        String(decoding: data, as: UTF8.self).split(separator: "\n").filter { !$0.contains("not fetched (offline)") }
    }

    /// The sample opened offline with its files, its URL lines set; notes and reports in
    /// `audience`'s words.
    static func openedSample(audience: NoteAudience = .workbench) async throws -> WorkbenchDocument {
        let document = WorkbenchDocument(settings: settings(), now: { SampleScan.now })
        document.noteAudience = audience
        document.openApp(at: SampleScan.ipa)
        await document.settled()
        let text = try String(contentsOf: SampleScan.root.appendingPathComponent("Samples/urls.txt"), encoding: .utf8)
        document.setURLLines(text)
        return document
    }

    @Test func openAppLandsTheSnapshotHostsAndFindingsOfAFreshScan() async throws {
        let document = try await Self.openedSample()
        let scan = try await SampleScan.analysis()
        #expect(document.phase == .ready)
        #expect(document.app == scan.snapshot)
        #expect(
            Set(document.domains.map(\.host)) == [
                "example.com", "shop.example.com", "example.org",
                "go.example.net",
                "linklab.page.link", "linklab-help.github.io",
                "links.linklab.invalid", "browse.example.net",
            ])
        // Every host with a file in Samples/aasa is supplied; the two planted hosts without one are not.
        #expect(
            document.domains.filter { $0.state != .supplied }.map(\.host)
                == ["linklab.page.link", "links.linklab.invalid"])
        // The same findings; the two hosts without a file say "not fetched" in each face's words
        // (the document's settings, the scan's --offline), so those two texts are compared apart.
        #expect(
            document.findings.map(\.finding).map(Self.withoutOfflineWording)
                == scan.findings.map(Self.withoutOfflineWording))
        #expect(document.findings.filter { $0.finding.explanation.contains("not fetched (offline)") }.count == 4)
        // The live list carries traces only where an expectation is contradicted; reports carry all.
        #expect(document.urlTests.map(document.traced) == scan.urlTests)
        #expect(document.currentAnalysis?.urlTests == scan.urlTests)
        #expect(
            document.urlTests.filter { !$0.contradictsExpectation && $0.domain != nil }.allSatisfy {
                $0.verdicts.allSatisfy(\.trace.isEmpty)
            })
        #expect(
            document.urlTests.filter(\.contradictsExpectation)
                .allSatisfy { $0.verdicts.allSatisfy { !$0.trace.isEmpty } })
    }

    /// Every export of the document in the command line's words (what `linklab report` writes)
    /// equals the same report from `scan` (the traces a live list leaves out are all back), byte
    /// for byte where the format is deterministic. (The workbench's words: NoteAudienceReportTests.)
    @Test func exportsCarryEveryTraceAsScanReportsDo() async throws {
        let document = try await Self.openedSample(audience: .commandLine)
        let scan = try await SampleScan.analysis()
        for format in [ReportFormat.markdown, .sarif] {
            let fromScan = try TriagedReports.render(scan, format: format, triage: [:])
            let exported = try document.export(format.export)
            #expect(Self.withoutOfflineLines(exported) == Self.withoutOfflineLines(fromScan), "\(format)")
        }
        let json = try #require(try JSONSerialization.jsonObject(with: try document.export(.json)) as? [String: Any])
        let tests = try #require(json["urlTests"] as? [[String: Any]])
        let traces = tests.flatMap { ($0["apps"] as? [[String: Any]]) ?? [] }.map { ($0["trace"] as? [String]) ?? [] }
        #expect(!traces.isEmpty && traces.allSatisfy { !$0.isEmpty })
        // The live document JSON (what the web face polls) leaves the satisfied lines' traces out.
        let live = try #require(try JSONSerialization.jsonObject(with: try document.jsonDocument()) as? [String: Any])
        let liveTraces = ((live["urlTests"] as? [[String: Any]]) ?? []).flatMap {
            ($0["apps"] as? [[String: Any]]) ?? []
        }
        .map { ($0["trace"] as? [String]) ?? [] }
        #expect(liveTraces.contains { $0.isEmpty })
    }

    @Test func anOperationOnAHostTheAppDoesNotClaimIsAnError() async throws {
        let document = try await Self.openedSample()
        #expect(throws: WorkbenchDocumentError.hostNotClaimed("evil.example")) {
            try document.edit("{}", forHost: "evil.example")
        }
        #expect(throws: WorkbenchDocumentError.hostNotClaimed("evil.example")) {
            try document.refetch(host: "evil.example")
        }
    }

    @Test func editDecidesLiveAndRevertRestoresTheOriginal() async throws {
        let document = try await Self.openedSample()
        let before = document.decide(url: "https://example.com/buy/42")
        #expect(before.verdict(for: SampleScan.appID)?.decision == .match)
        try document.edit(#"{"applinks":{"details":[]}}"#, forHost: "example.com")
        #expect(document.domains.first { $0.host == "example.com" }?.state == .edited)
        #expect(document.decide(url: "https://example.com/buy/42").verdict(for: SampleScan.appID)?.decision != .match)
        try document.revert(host: "example.com")
        #expect(document.decide(url: "https://example.com/buy/42") == before)
    }

    /// Keystrokes decide without traces; a face asks for the trace it shows.
    @Test func oneURLDecidesWithoutItsTraceUntilOneIsAskedFor() async throws {
        let document = try await Self.openedSample()
        let quick = document.decide(url: "https://example.com/buy/42")
        let full = document.decide(url: "https://example.com/buy/42", traced: true)
        #expect(quick.verdicts.allSatisfy { $0.trace.isEmpty })
        #expect(full.verdicts.allSatisfy { !$0.trace.isEmpty })
        #expect(quick.verdicts.map(\.decision) == full.verdicts.map(\.decision))
        #expect(quick.verdicts.map(\.rule) == full.verdicts.map(\.rule))
        #expect(document.traced(quick) == full)
        #expect(document.trace(of: quick, appID: SampleScan.appID) == full.verdict(for: SampleScan.appID)?.trace)
        #expect(document.trace(of: full, appID: SampleScan.appID) == full.verdict(for: SampleScan.appID)?.trace)
    }

    @Test func everyExportOfATriagedDocumentCarriesTheTriage() async throws {
        let document = try await Self.openedSample()
        let first = try #require(document.findings.first)
        try document.setTriage(fingerprint: first.fingerprint, status: .acceptedRisk, note: "kept on purpose")
        let markdown = String(decoding: try document.export(.markdown), as: UTF8.self)
        #expect(markdown.contains("## Triaged") && markdown.contains("kept on purpose"))
        let html = String(decoding: try document.export(.html), as: UTF8.self)
        #expect(html.contains("kept on purpose"))
        let sarif = try #require(try JSONSerialization.jsonObject(with: try document.export(.sarif)) as? [String: Any])
        let results = try #require(((sarif["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        #expect(results.filter { $0["suppressions"] != nil }.count == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: try document.export(.json)) as? [String: Any])
        let findings = try #require(json["findings"] as? [[String: Any]])
        let triaged = findings.filter { $0["fingerprint"] as? String == first.fingerprint }
        #expect((triaged.first?["triage"] as? [String: Any])?["status"] as? String == "accepted-risk")
    }

    @Test func saveOpenSaveIsByteIdenticalAndTriageSurvives() async throws {
        let document = try await Self.openedSample()
        let first = try #require(document.findings.first)
        try document.setTriage(fingerprint: first.fingerprint, status: .falsePositive, note: "staging only")
        let saved = try document.save()

        let reopened = WorkbenchDocument(now: { SampleScan.now.addingTimeInterval(3600) })
        try reopened.openSession(saved)
        #expect(reopened.findings.map(\.finding) == document.findings.map(\.finding))
        #expect(reopened.findings.first { $0.fingerprint == first.fingerprint }?.status == .falsePositive)
        #expect(reopened.urlTests == document.urlTests)
        let again = try reopened.save()
        #expect(again == saved)
    }

    @Test func aRefusedSessionLeavesTheDocumentAsItWas() async throws {
        let document = try await Self.openedSample()
        let revision = document.findings
        #expect(throws: WorkbenchDocumentError.self) { try document.openSession(Data("{\"format\":".utf8)) }
        #expect(document.findings == revision)
    }
}
