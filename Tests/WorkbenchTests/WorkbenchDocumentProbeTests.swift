import Findings
import Foundation
import TestSupport
import Testing

@testable import Workbench

/// The probe kit of a workbench document and the outcomes a tester records (the sample, offline):
/// PRB-001 through the path `scan --probe-results` takes, stale outcomes kept and never applied,
/// the session's probe part saved, reopened and read as hostile input, and the presentation.
@MainActor @Suite struct WorkbenchDocumentProbeTests {
    static func redirectProbe(_ document: WorkbenchDocument) throws -> Probe {
        let kit = try #require(document.probeKit)
        return try #require(kit.probes.first { $0.platform == "ios" && $0.kind == .redirect })
    }

    /// The PRB findings `scan --probe-results` gives for `observations` on the iOS analysis.
    static func cliFindings(_ observations: [ProbeFacts.Observation]) -> [Finding] {
        FindingRules.evaluate(ProbeFacts(observations: observations))
    }

    @Test func theDocumentsKitIsTheScansKit() async throws {
        let document = try await WorkbenchDocumentTests.openedSample()
        let scan = try await SampleScan.analysis()
        let kit = try #require(document.probeKit)
        #expect(!kit.probes.isEmpty)
        // The same probes and digest: a results file of `scan --probes`' script imports here.
        #expect(kit == ProbeKit(ios: scan, android: nil))
        #expect(document.attackerHost == ProbeKit.defaultAttackerHost)
    }

    @Test func aVulnerableOutcomeIsAPRB001FindingAsTheCLIMakesIt() async throws {
        let document = try await WorkbenchDocumentTests.openedSample()
        let probe = try Self.redirectProbe(document)
        let changes = document.changes()
        let revision = document.revision
        #expect(!document.findings.contains { $0.finding.id == "PRB-001" })
        try document.recordProbeOutcome(id: probe.id, outcome: .vulnerable, note: "Safari opened attacker.example")
        let expected = Self.cliFindings([probe.observation(.vulnerable, note: "Safari opened attacker.example")])
        #expect(expected.count == 1)
        #expect(document.findings.filter { $0.finding.id == "PRB-001" }.map(\.finding) == expected)
        // Reports carry it too (the analysis every export renders), with the observation.
        #expect(document.currentAnalysis?.findings.contains(expected[0]) == true)
        #expect(document.currentAnalysis?.probeObservations.map(\.id) == [probe.id])
        #expect(document.revision > revision)
        var seen: [DocumentChange] = []
        for await change in changes {
            seen.append(change)
            if change == .probes { break }
        }
        #expect(seen.contains(.findings) && seen.contains(.probes))
        // An expected outcome is no finding; nil removes the record.
        try document.recordProbeOutcome(id: probe.id, outcome: .expected, note: "")
        #expect(!document.findings.contains { $0.finding.id == "PRB-001" })
        #expect(document.probeOutcomes.count == 1)
        try document.recordProbeOutcome(id: probe.id, outcome: nil)
        #expect(document.probeOutcomes.isEmpty)
    }

    @Test func notesAreClippedAndUnknownProbesRefused() async throws {
        let document = try await WorkbenchDocumentTests.openedSample()
        let probe = try Self.redirectProbe(document)
        try document.recordProbeOutcome(
            id: probe.id, outcome: .vulnerable,
            note: String(repeating: "n", count: ProbeKit.maxNoteLength + 50))
        #expect(document.probeOutcomes.first?.note.count == ProbeKit.maxNoteLength)
        #expect(throws: WorkbenchDocumentError.self) {
            try document.recordProbeOutcome(id: "P999", outcome: .vulnerable)
        }
        #expect(throws: WorkbenchDocumentError.self) {
            try WorkbenchDocument().recordProbeOutcome(
                id: "P001",
                outcome: .expected)
        }
        #expect(throws: WorkbenchDocumentError.self) { try document.setAttackerHost("evil host/") }
        #expect(document.attackerHost == ProbeKit.defaultAttackerHost)
    }

    @Test func anotherAttackerHostMakesTheOutcomesStaleNeverApplied() async throws {
        let document = try await WorkbenchDocumentTests.openedSample()
        let probe = try Self.redirectProbe(document)
        try document.recordProbeOutcome(id: probe.id, outcome: .vulnerable, note: "opened it")
        let digest = try #require(document.probeKit?.digest)
        try document.setAttackerHost("tester.example.net")
        #expect(document.probeKit?.digest != digest)
        #expect(document.probeKit?.probes.contains { $0.url.contains("tester.example.net") } == true)
        // Kept, marked stale, not a finding.
        #expect(document.probeOutcomes.count == 1)
        #expect(document.probeOutcomes.allSatisfy(document.isStale))
        #expect(!document.findings.contains { $0.finding.id == "PRB-001" })
        let view = ProbeKitPresentation(document: document)
        #expect(view.stale == 1 && view.vulnerable == 0 && view.notRun == view.total)
        #expect(view.rows.last?.isStale == true && view.rows.last?.link == probe.url)
        #expect(view.notes.contains { $0.contains("earlier kit") })
        // Back to the host it was recorded for: the same kit, the outcome applies again.
        try document.setAttackerHost(ProbeKit.defaultAttackerHost)
        #expect(document.findings.contains { $0.finding.id == "PRB-001" })
        try document.setAttackerHost("tester.example.net")
        document.clearStaleProbeOutcomes()
        #expect(document.probeOutcomes.isEmpty)
    }

    @Test func aResultsFileImportsThroughTheCLIsReader() async throws {
        let document = try await WorkbenchDocumentTests.openedSample()
        let kit = try #require(document.probeKit)
        let probe = try Self.redirectProbe(document)
        let other = try #require(kit.probes.first { $0.id != probe.id })
        let lines =
            "\(probe.id)\tvulnerable\tloaded the page\t\(kit.digest)\n"
            + "\(other.id)\texpected\t\t\(kit.digest)\n# a comment\n"
        #expect(try document.importProbeResults(Data(lines.utf8)) == 2)
        let facts = try kit.observations(from: Data(lines.utf8))
        #expect(
            document.findings.filter { $0.finding.id == "PRB-001" }.map(\.finding)
                == Self.cliFindings(facts.observations))
        #expect(Set(document.probeOutcomes.map(\.id)) == [probe.id, other.id])
        // Another kit's file is refused whole and changes nothing.
        let before = document.probeOutcomes
        let foreign = "\(other.id)\tvulnerable\tx\t0123456789abcdef\n"
        #expect(throws: WorkbenchDocumentError.self) { try document.importProbeResults(Data(foreign.utf8)) }
        #expect(document.probeOutcomes == before)
    }

    @Test func theSessionKeepsTheOutcomesAndTheirFindings() async throws {
        let document = try await WorkbenchDocumentTests.openedSample()
        let plain = String(decoding: try document.save(), as: UTF8.self)
        #expect(!plain.contains("\"probes\""))
        let probe = try Self.redirectProbe(document)
        try document.recordProbeOutcome(id: probe.id, outcome: .vulnerable, note: "Safari opened attacker.example")
        let saved = try document.save()
        let reopened = WorkbenchDocument(settings: WorkbenchDocumentTests.settings(), now: { SampleScan.now })
        try reopened.openSession(saved)
        #expect(reopened.probeOutcomes == document.probeOutcomes)
        #expect(
            reopened.findings.filter { $0.finding.id == "PRB-001" }
                == document.findings.filter { $0.finding.id == "PRB-001" })
        #expect(!reopened.findings.filter { $0.finding.id == "PRB-001" }.isEmpty)
        #expect(ProbeKitPresentation(document: reopened) == ProbeKitPresentation(document: document))
        #expect(try reopened.save() == saved)
        // The attacker host is saved too; its outcomes reopen stale.
        try reopened.setAttackerHost("tester.example.net")
        let again = WorkbenchDocument(settings: WorkbenchDocumentTests.settings(), now: { SampleScan.now })
        try again.openSession(try reopened.save())
        #expect(again.attackerHost == "tester.example.net")
        #expect(again.probeOutcomes.allSatisfy(again.isStale))
        #expect(!again.findings.contains { $0.finding.id == "PRB-001" })
    }

    @Test func theReportListsTheRecordedOutcomesOnlyWhenThereAreSome() async throws {
        let document = try await WorkbenchDocumentTests.openedSample()
        let plain = String(decoding: try document.export(.markdown), as: UTF8.self)
        #expect(!plain.contains("Device probes"))
        let probe = try Self.redirectProbe(document)
        try document.recordProbeOutcome(id: probe.id, outcome: .vulnerable, note: "Safari opened attacker.example")
        let markdown = String(decoding: try document.export(.markdown), as: UTF8.self)
        #expect(markdown.contains("Device probes"))
        #expect(markdown.contains("Safari opened attacker.example") && markdown.contains(probe.id))
        #expect(markdown.contains("PRB-001"))
        let html = String(decoding: try document.export(.html), as: UTF8.self)
        #expect(html.contains("Device probes"))
    }

    @Test func undoThroughTheSessionControllerRestoresTheOutcome() async throws {
        var written: [Data] = []
        var undoNames: [String] = []
        let controller = SessionController(
            settings: WorkbenchDocumentTests.settings(),
            binding: SessionFileBinding(
                write: { written.append($0) },
                nameUndo: { undoNames.append($0) }),
            now: { SampleScan.now })
        await controller.openApp(at: SampleScan.ipa)
        let probe = try Self.redirectProbe(controller.document)
        try controller.recordProbeOutcome(id: probe.id, outcome: .vulnerable, note: "x")
        #expect(undoNames.last == "Record Probe Outcome")
        let recorded = try #require(written.last)
        try controller.recordProbeOutcome(id: probe.id, outcome: .expected, note: "")
        #expect(written.count == 2)
        // Undo: the value goes back to the bytes of the first step, and the window with it.
        controller.valueChanged(recorded)
        #expect(controller.document.probeOutcomes.first?.outcome == .vulnerable)
        #expect(controller.document.findings.contains { $0.finding.id == "PRB-001" })
    }

    @Test func aHostileProbePartIsRefusedWithAClearError() async throws {
        let document = try await WorkbenchDocumentTests.openedSample()
        let probe = try Self.redirectProbe(document)
        try document.recordProbeOutcome(id: probe.id, outcome: .vulnerable, note: "n")
        let saved = try #require(try JSONSerialization.jsonObject(with: try document.save()) as? [String: Any])
        var record = try #require((saved["probes"] as? [String: Any])?["outcomes"] as? [[String: Any]]).first ?? [:]
        func session(_ probes: [String: Any]) throws -> Data {
            var root = saved
            root["probes"] = probes
            return try JSONSerialization.data(withJSONObject: root)
        }
        let cases: [(String, [String: Any])] = [
            ("tooMany", ["outcomes": Array(repeating: record, count: SessionProbes.maxOutcomes + 1)]),
            ("duplicate", ["outcomes": [record, record]]),
            ("attackerHost", ["attackerHost": "a b", "outcomes": [record]]),
            (
                "note",
                [
                    "outcomes": [
                        record.merging(
                            ["note": String(repeating: "x", count: ProbeKit.maxNoteLength + 1)],
                            uniquingKeysWith: { $1 })
                    ]
                ]
            ),
            ("id", ["outcomes": [record.merging(["id": "../x"], uniquingKeysWith: { $1 })]]),
            ("kit", ["outcomes": [record.merging(["kit": "zz"], uniquingKeysWith: { $1 })]]),
            ("outcome", ["outcomes": [record.merging(["outcome": "pwned"], uniquingKeysWith: { $1 })]]),
        ]
        for (name, probes) in cases {
            let reopened = WorkbenchDocument()
            #expect(throws: WorkbenchDocumentError.self, "\(name)") { try reopened.openSession(try session(probes)) }
            #expect(reopened.probeOutcomes.isEmpty)
        }
        record["note"] = "fine"
        let reopened = WorkbenchDocument()
        try reopened.openSession(try session(["outcomes": [record]]))
        #expect(reopened.probeOutcomes.first?.note == "fine")
    }

    @Test func thePresentationCountsAndWordsEveryRow() throws {
        let probe = Probe(
            id: "P001", platform: "android", kind: .redirect, url: "https://e.example/p?next=x",
            claim: "c", parameter: "next", why: "w", watch: "watch it", predicted: "opens X")
        let second = Probe(
            id: "P002", platform: "ios", kind: .javascript, url: "https://e.example/q", claim: "c",
            parameter: nil, why: "w", watch: "w", predicted: "opens Y")
        let probes = String(decoding: try JSONEncoder().encode([probe, second]), as: UTF8.self)
        let json = #"{"attackerHost":"a.example","omitted":3,"notes":["left out"],"probes":"# + probes + "}"
        let kit = try JSONDecoder().decode(ProbeKit.self, from: Data(json.utf8))
        let date = Date(timeIntervalSince1970: 1_795_000_000)
        let records = [
            ProbeOutcomeRecord(
                id: "P001", outcome: .vulnerable, note: "opened", kit: kit.digest, url: probe.url,
                recordedAt: date),
            ProbeOutcomeRecord(
                id: "P002", outcome: .expected, note: "", kit: "0123456789abcdef", url: "old",
                recordedAt: date),
        ]
        let view = ProbeKitPresentation(kit: kit, outcomes: records)
        #expect(view.rows.map(\.id) == ["P001", "P002", "P002@0123456789abcdef"])
        #expect(view.rows[0].outcomeLabel == "Vulnerable" && view.rows[0].platformLabel == "Android")
        #expect(view.rows[0].kindLabel == "Open redirect" && view.rows[0].recordedAt == "2026-11-18T11:06:40Z")
        #expect(view.rows[1].outcome == nil && view.rows[1].outcomeLabel == "Not run yet")
        #expect(view.rows[2].isStale && view.rows[2].link == "old")
        #expect(view.summary == "2 probes · 1 vulnerable · 1 not run · 1 stale")
        #expect(view.notes.count == 3 && view.notes[1].contains("3 more"))
        #expect(view.choices.map(\.value) == ["expected", "vulnerable", "not-reached"])
        #expect(ProbeKitPresentation(kit: nil, outcomes: []).emptyMessage != nil)
    }
}
