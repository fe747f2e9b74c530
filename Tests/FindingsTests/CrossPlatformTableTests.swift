import AndroidApp
import Findings
import Foundation
import SiteAssociation
import Testing

/// The verdict table of both platforms and its findings (XPL-001, XPL-002), from decisions made
/// in code: each side's outcome and reason, the four verdicts, and which asymmetries are findings.
@Suite struct CrossPlatformTableTests {
    static let appID = "ABCDE12345.com.example.app"

    static func ios(_ url: String, _ decision: Decision, others: [(String, Decision)] = []) -> URLTest {
        let decided = decision != .noMatch
        var verdicts = [
            AppVerdict(
                appID: appID, decision: decision, detail: decided ? 0 : nil,
                rule: decided ? 3 : nil, ruleText: decided ? "{\"/\": \"*\"}" : nil,
                trace: ["no rule matches"])
        ]
        verdicts += others.map { AppVerdict(appID: $0.0, decision: $0.1, trace: []) }
        return URLTest(url: url, domain: "example.org", verdicts: verdicts)
    }

    static func android(_ url: String, _ outcome: AndroidLinkDecision.Outcome) -> AndroidLinkDecision {
        AndroidLinkDecision(
            url: url, outcome: outcome, activities: outcome == .browser ? [] : ["com.example.app.A"],
            filterLine: outcome == .browser ? nil : 9, trace: ["the last step"])
    }

    static func table(
        _ rows: [(URLTest, AndroidLinkDecision, URLExpectation)],
        schemes: [String] = []
    ) -> CrossPlatformTable {
        CrossPlatformTable(
            iosTests: rows.map(\.0), iosAppID: appID, iosURLSchemes: schemes, android: rows.map(\.1),
            androidPackage: "com.example.app", androidSDK: 35,
            entries: rows.map { URLListEntry(url: $0.0.url, expectation: $0.2) })
    }

    @Test func fourVerdictsWithEachSidesReason() {
        let table = Self.table([
            (
                Self.ios("https://example.org/open/1", .match),
                Self.android("https://example.org/open/1", .opensApp), .none
            ),
            (Self.ios("https://example.org/login", .match), Self.android("https://example.org/login", .browser), .none),
            (Self.ios("https://example.org/a", .noMatch), Self.android("https://example.org/a", .opensApp), .none),
            (Self.ios("https://example.org/b", .exclude), Self.android("https://example.org/b", .chooser), .none),
        ])
        #expect(table.rows.map(\.verdict) == [.both, .iosOnly, .androidOnly, .neither])
        #expect(table.rows[0].ios.reason.contains("details[0] rule 3"))
        #expect(table.rows[0].android.reason.hasPrefix("com.example.app.A (filter at line 9)"))
        #expect(table.rows[3].android.outcome == .chooser && !table.rows[3].android.opensApp)
        #expect(table.rows[3].ios.reason.hasPrefix("excluded by example.org details[0] rule 3"))
        #expect(table.counts == ["both": 1, "ios_only": 1, "android_only": 1, "neither": 1])
        // Only the login row is an asymmetry on a path a tester cares about.
        let asymmetries = table.findings.filter { $0.id == "XPL-001" }
        #expect(asymmetries.map(\.subject) == ["https://example.org/login"])
        #expect(asymmetries[0].category == .reliability && asymmetries[0].severity == .low)
        #expect(table.findings.last?.id == "XPL-002")
        #expect(table.text().contains("opens the iOS app only  [XPL-001]"))
    }

    /// Another app taking the link on iOS, or an unverified deep link opening the Android app,
    /// makes the asymmetry a security finding.
    @Test func otherAppOrUnverifiedLinkIsSecurity() {
        let callback = "https://example.org/oauth/callback?code=1"
        let table = Self.table([
            (
                Self.ios(callback, .noMatch, others: [("ZZZZZ99999.com.partner", .match)]),
                Self.android(callback, .opensApp), .none
            ),
            (
                Self.ios("https://example.org/reset-password", .noMatch),
                Self.android("https://example.org/reset-password", .opensAppUnverified), .none
            ),
        ])
        #expect(table.rows[0].ios.outcome == .otherApp && table.rows[0].ios.reason.contains("ZZZZZ99999.com.partner"))
        let findings = table.findings.filter { $0.id == "XPL-001" }
        #expect(findings.count == 2 && findings.allSatisfy { $0.category == .security && $0.severity == .medium })
    }

    /// A marked URL (`=`/`!`) counts even without a sensitive word; an unmarked ordinary path does not.
    @Test func markedURLsCount() {
        let table = Self.table([
            (Self.ios("https://example.org/x", .match), Self.android("https://example.org/x", .browser), .mustOpen),
            (Self.ios("https://example.org/y", .match), Self.android("https://example.org/y", .browser), .none),
        ])
        #expect(table.findings.filter { $0.id == "XPL-001" }.map(\.subject) == ["https://example.org/x"])
    }

    /// Custom schemes on iOS: opened when the app declares the scheme (unverified), else not.
    @Test func customSchemesOnIOS() {
        let declared = Self.table(
            [
                (URLTest(url: "linklab://cart"), Self.android("linklab://cart", .opensAppUnverified), .none),
                (URLTest(url: "other://x"), Self.android("other://x", .browser), .none),
            ], schemes: ["linklab"])
        #expect(declared.rows[0].verdict == .both && declared.rows[0].ios.outcome == .opensAppUnverified)
        #expect(declared.rows[1].verdict == .neither)
    }

    @Test(
        arguments: [
            ("https://a.example/login", "login"), ("https://a.example/sign-in", "signin"),
            ("https://a.example/auth/callback", "auth"), ("https://a.example/account/delete", "delete"),
            ("https://a.example/shop/checkout/pay", "checkout"), ("https://a.example/password/reset", "password"),
            ("https://a.example/catalogue/paypal-info", nil), ("https://a.example/login?x=1", "login"),
        ] as [(String, String?)])
    func sensitiveWords(url: String, word: String?) {
        #expect(SensitivePath.word(in: url) == word)
    }
}
