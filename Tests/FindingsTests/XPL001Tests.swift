import Foundation
import Testing

@testable import Findings

/// XPL-001 over rows built in code: which asymmetric rows are findings, and the category and
/// severity of each case (`docs/findings.md`, both platforms).
@Suite struct XPL001Tests {
    let rule = XPL001OnePlatformOnly()

    static let opens = CrossPlatformTable.Side(outcome: .opensApp, opensApp: true, reason: "matches rule 0")
    static let unverified = CrossPlatformTable.Side(
        outcome: .opensAppUnverified, opensApp: true,
        reason: "custom URL scheme declared")
    static let browser = CrossPlatformTable.Side(outcome: .browser, opensApp: false, reason: "no rule matches")
    static let chooser = CrossPlatformTable.Side(outcome: .chooser, opensApp: false, reason: "unverified filter")
    static let otherApp = CrossPlatformTable.Side(
        outcome: .otherApp, opensApp: false,
        reason: "opens another app instead: ZZZZZ99999.com.partner")

    static func row(
        _ url: String, ios: CrossPlatformTable.Side, android: CrossPlatformTable.Side,
        expectation: URLExpectation? = nil
    ) -> CrossPlatformTable.Row {
        let verdict: CrossPlatformTable.Verdict =
            switch (ios.opensApp, android.opensApp) {
            case (true, true): .both
            case (true, false): .iosOnly
            case (false, true): .androidOnly
            case (false, false): .neither
            }
        return CrossPlatformTable.Row(
            url: url, line: nil, expectation: expectation, verdict: verdict, ios: ios,
            android: android, sensitive: SensitivePath.word(in: url))
    }

    static func facts(_ rows: [CrossPlatformTable.Row]) -> CrossPlatformFacts {
        CrossPlatformFacts(iosApp: "ABCDE12345.com.example.app", androidApp: "com.example.app", rows: rows)
    }

    @Test func sensitiveOrMarkedAsymmetryLeftToTheBrowserIsReliabilityLow() throws {
        let found = rule.evaluate(
            Self.facts([
                Self.row("https://example.org/login", ios: Self.opens, android: Self.browser),
                Self.row("https://example.org/x", ios: Self.browser, android: Self.opens, expectation: .mustOpen),
                Self.row("https://example.org/reset", ios: Self.opens, android: Self.chooser),
            ]))
        #expect(
            found.map(\.subject)
                == ["https://example.org/login", "https://example.org/x", "https://example.org/reset"])
        #expect(found.allSatisfy { $0.id == "XPL-001" && $0.category == .reliability && $0.severity == .low })
        #expect(
            found[0].explanation.hasPrefix(
                "https://example.org/login (a login path) opens the iOS app but goes to the browser on Android. "))
        #expect(found[1].explanation.contains("(a URL the tester marked) opens the Android app"))
        #expect(found[2].explanation.contains("goes to a chooser (the user picks the app or the browser) on Android"))
        #expect(found[0].evidence == [.text("iOS: matches rule 0"), .text("Android: no rule matches")])
        #expect(found.allSatisfy { $0.title == rule.title && $0.references == rule.citedReferences })
    }

    /// Another app receiving the link on the other platform, or an unverified deep link on the
    /// opening one: security, medium.
    @Test func anotherAppCanReceiveTheLinkIsSecurityMedium() {
        let found = rule.evaluate(
            Self.facts([
                Self.row("https://example.org/oauth/callback", ios: Self.otherApp, android: Self.opens),
                Self.row("linklab://account/reset", ios: Self.browser, android: Self.unverified),
            ]))
        #expect(found.count == 2)
        #expect(found.allSatisfy { $0.category == .security && $0.severity == .medium })
        #expect(found[0].explanation.contains("opens the Android app but goes to another app on iOS"))
        #expect(rule.category == .security && rule.severity == .medium)
        #expect(FindingCategory.default(forRule: "XPL-001") == .security)
    }

    @Test func silentOnSymmetricRowsAndOrdinaryPaths() {
        #expect(
            rule.evaluate(
                Self.facts([
                    Self.row("https://example.org/login", ios: Self.opens, android: Self.opens),
                    Self.row("https://example.org/reset", ios: Self.browser, android: Self.chooser),
                    Self.row("https://example.org/catalogue/1", ios: Self.opens, android: Self.browser),
                    Self.row("https://example.org/y", ios: Self.browser, android: Self.opens, expectation: nil),
                ])
            ).isEmpty)
        #expect(rule.evaluate(Self.facts([])).isEmpty)
    }
}
