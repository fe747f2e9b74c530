import Foundation
import TestSupport
import Testing

@testable import Workbench

/// With both apps, the document's findings hold the cross-platform ones (XPL-…), exactly those
/// its two-platform report shows, so every finding of the report can be triaged in a face.
@MainActor
@Suite struct DocumentCrossPlatformFindingsTests {
    @Test func theDocumentListsTheReportsXPLFindingsAndTriagesThem() async throws {
        let document = try await WorkbenchDocumentAndroidTests.opened()
        let both = try #require(document.currentCrossPlatform)
        let listed = document.findings.map(\.finding).filter { $0.id.hasPrefix("XPL-") }
        #expect(!listed.isEmpty)
        #expect(Set(listed) == Set(both.table.findings))
        let first = try #require(document.findings.first { $0.finding.id == "XPL-001" })
        try document.setTriage(fingerprint: first.fingerprint, status: .falsePositive, note: "checked on both devices")
        let markdown = String(decoding: try document.export(.markdown), as: UTF8.self)
        let triaged = try #require(markdown.range(of: "## Triaged"))
        #expect(markdown[triaged.lowerBound...].contains("checked on both devices"))
        // An iOS-only document has none.
        let ios = try await WorkbenchDocumentAndroidTests.opened(ios: true)
        ios.removeAndroidApp()
        #expect(!ios.findings.contains { $0.finding.id.hasPrefix("XPL-") })
    }
}
