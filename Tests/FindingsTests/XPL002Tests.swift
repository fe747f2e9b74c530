import Foundation
import Testing

@testable import Findings

/// XPL-002: one informational summary per non-empty verdict table.
@Suite struct XPL002Tests {
    let rule = XPL002BothPlatformsCompared()
    typealias T = XPL001Tests

    @Test func oneSummaryNamingTheAsymmetricURLs() throws {
        let found = rule.evaluate(
            T.facts([
                T.row("https://example.org/open/1", ios: T.opens, android: T.opens),
                T.row("https://example.org/a", ios: T.opens, android: T.browser),
                T.row("https://example.org/b", ios: T.browser, android: T.opens),
                T.row("https://example.org/c", ios: T.browser, android: T.browser),
            ]))
        let summary = try #require(found.first)
        #expect(found.count == 1)
        #expect(summary.id == "XPL-002" && summary.category == .reliability && summary.severity == .info)
        #expect(summary.subject == "ABCDE12345.com.example.app / com.example.app")
        #expect(
            summary.explanation == "4 URLs decided for both apps; 2 open the app on one platform only. "
                + "The verdict table lists each URL with each platform's reason.")
        #expect(
            summary.evidence == [
                .text("https://example.org/a: opens the iOS app only"),
                .text("https://example.org/b: opens the Android app only"),
            ])
        #expect(summary.references == rule.citedReferences)
    }

    @Test func singularTextAndAtMostTwentyURLsNamed() throws {
        let one = try #require(
            rule.evaluate(
                T.facts([
                    T.row(
                        "https://e.example/a", ios: T.opens,
                        android: T.browser)
                ])
            ).first)
        #expect(one.explanation.hasPrefix("1 URL decided for both apps; 1 opens the app on one platform only."))
        let many = (1...25).map { T.row("https://e.example/\($0)", ios: T.opens, android: T.browser) }
        #expect(rule.evaluate(T.facts(many)).first?.evidence.count == 20)
    }

    /// A table's findings are the catalogue's in catalogue order (XPL-001 in row order, then
    /// XPL-002), not sorted; `FindingRules.evaluate` sorts the same findings for a report.
    @Test func theTableKeepsCatalogueOrder() {
        typealias C = CrossPlatformTableTests
        let callback = "https://example.org/oauth/callback"
        let table = C.table([
            (C.ios("https://example.org/login", .match), C.android("https://example.org/login", .browser), .none),
            (
                C.ios(callback, .noMatch, others: [("ZZZZZ99999.com.partner", .match)]), C.android(callback, .opensApp),
                .none
            ),
        ])
        #expect(table.findings.map(\.id) == ["XPL-001", "XPL-001", "XPL-002"])
        #expect(table.findings.map(\.subject).prefix(2) == ["https://example.org/login", callback])
        #expect(table.findings == FindingRules.crossPlatform.findingsInCatalogueOrder(table.facts))
        #expect(FindingRules.evaluate(table.facts) == table.findings.sortedForReport())
        #expect(FindingRules.evaluate(table.facts).first?.subject == callback)
    }

    @Test func silentWithoutRows() {
        #expect(rule.evaluate(T.facts([])).isEmpty)
        #expect(FindingRules.evaluate(T.facts([])).isEmpty)
    }
}
