import Foundation
import TestSupport
import Testing

@testable import Workbench

/// What the document accepts, a session can hold: a tester's note or edit the session reader
/// would refuse is refused when typed, so every saved session opens again.
@MainActor @Suite struct WorkbenchDocumentLimitsTests {
    @Test func aTriageNoteIsMeasuredInBytesAsTheReaderMeasuresIt() async throws {
        let document = try await WorkbenchDocumentTests.openedSample()
        let fingerprint = try #require(document.findings.first?.fingerprint)
        // Fewer characters than the limit, more bytes.
        let tooLong = String(repeating: "é", count: SessionLimits.maxFieldLength / 2 + 1)
        #expect(tooLong.count < SessionLimits.maxFieldLength)
        #expect(throws: WorkbenchDocumentError.self) {
            try document.setTriage(fingerprint: fingerprint, status: .confirmed, note: tooLong)
        }
        let longest = String(repeating: "é", count: SessionLimits.maxFieldLength / 2)
        try document.setTriage(fingerprint: fingerprint, status: .confirmed, note: longest)
        let reopened = WorkbenchDocument(settings: WorkbenchDocumentTests.settings(), now: { SampleScan.now })
        try reopened.openSession(try document.save())
        #expect(reopened.triage[fingerprint]?.note == longest)
    }

    @Test func anEditLongerThanASessionHoldsIsRefused() async throws {
        let document = try await WorkbenchDocumentTests.openedSample()
        let text = "{\"applinks\":{\"details\":[]}}" + String(repeating: " ", count: SessionLimits.maxBodyBytes * 2)
        #expect(throws: WorkbenchDocumentError.self) { try document.edit(text, forHost: "example.com") }
        #expect(document.domains.first { $0.host == "example.com" }?.state == .supplied)
    }
}
