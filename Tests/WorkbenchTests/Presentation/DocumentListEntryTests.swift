import Findings
import Foundation
import Reports
import TestSupport
import Testing

@testable import Workbench

/// The list of open documents: names told apart, counts as every report counts.
@MainActor
@Suite struct DocumentListEntryTests {
    @Test func twoDocumentsOfOneNameAreNumberedAndCountedAsReportsCount() async throws {
        let first = try await WorkbenchDocumentTests.openedSample()
        let second = try await WorkbenchDocumentTests.openedSample()
        let suppressed = try #require(second.findings.first)
        try second.setTriage(fingerprint: suppressed.fingerprint, status: .falsePositive, note: "")
        let pending = WorkbenchDocument(settings: WorkbenchSettings(), now: { SampleScan.now })
        let entries = DocumentListEntry.list([
            (id: "a", name: "spool-a", kind: "app", document: first),
            (id: "b", name: "spool-b", kind: "app", document: second),
            (id: "c", name: "upload.ipa", kind: "app", document: pending),
        ])
        #expect(entries.map(\.label) == ["LinkLabSample.ipa", "LinkLabSample.ipa (2)", "upload.ipa"])
        #expect(entries[0].bundleID == "com.example.app")
        #expect(entries[2].bundleID == nil && entries[2].openedAt == nil)
        for (entry, document) in zip(entries, [first, second, pending]) {
            let counts = FindingCounts(document.findings.map(\.finding), triage: document.triage)
            #expect(entry.counts == counts.bySeverity.merging(["suppressed": counts.suppressed]) { $1 })
            #expect(Set(Severity.allCases.map(\.rawValue)).isSubset(of: entry.counts.keys))
        }
        #expect(entries[1].counts["suppressed"] == 1)
        #expect(entries[1].counts.values.reduce(0, +) == entries[0].counts.values.reduce(0, +))
        // Absent values are written as null, as the API documents them.
        let json = String(decoding: try JSONOutput.encodeLine(entries[2]), as: UTF8.self)
        #expect(json.contains(#""bundleID":null"#) && json.contains(#""openedAt":null"#))
    }
}

/// The workbench's notes name its controls; a command that prints them names its flags.
@MainActor
@Suite struct NoteAudienceTests {
    @Test func anOfflineHostSaysWhatTheReaderCanDo() async throws {
        var settings = WorkbenchSettings()
        settings.offline = true
        for audience in NoteAudience.allCases {
            let document = WorkbenchDocument(settings: settings, now: { SampleScan.now })
            document.noteAudience = audience
            document.openApp(at: SampleScan.ipa)
            await document.settled()
            let details = document.domains.compactMap(\.report).flatMap(\.routes).compactMap { $0.error?.description }
            #expect(!details.isEmpty)
            #expect(details.allSatisfy { $0.contains(audience.offlineDetail) }, "\(audience): \(details)")
            let flags = details.contains { $0.contains("--") }
            #expect(flags == (audience == .commandLine), "\(audience): \(details)")
        }
    }
}
