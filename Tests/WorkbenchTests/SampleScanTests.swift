import Foundation
import TestSupport
import Testing

@testable import Workbench

/// The offline scan of the bundled sample finds what `Samples/README.md` promises.
@Suite struct SampleScanTests {
    struct Expected: Sendable, CustomTestStringConvertible {
        var id: String
        var category: FindingCategory
        var severity: Severity
        var subject: String
        var testDescription: String { "\(id) \(category.rawValue) \(severity.rawValue) \(subject)" }
    }

    static let promised: [Expected] = [
        Expected(id: "ENT-003", category: .security, severity: .low, subject: ""),
        Expected(id: "ENT-005", category: .reliability, severity: .high, subject: ""),
        Expected(id: "ENT-007", category: .security, severity: .info, subject: ""),
        Expected(id: "ENT-009", category: .reliability, severity: .info, subject: ""),
        Expected(id: "SCH-001", category: .security, severity: .medium, subject: ""),
        Expected(id: "SCH-002", category: .security, severity: .info, subject: ""),
        Expected(id: "BIN-002", category: .security, severity: .info, subject: ""),
        Expected(id: "BIN-003", category: .security, severity: .low, subject: ""),
        Expected(id: "BIN-004", category: .security, severity: .medium, subject: ""),
        Expected(id: "AASA-015", category: .reliability, severity: .medium, subject: "shop.example.com"),
        Expected(id: "AASA-014", category: .reliability, severity: .low, subject: "shop.example.com"),
        Expected(id: "AASA-017", category: .security, severity: .low, subject: "shop.example.com"),
        Expected(id: "AASA-013", category: .reliability, severity: .low, subject: "example.org"),
        Expected(id: "AASA-016", category: .reliability, severity: .medium, subject: "example.org"),
        Expected(id: "AASA-018", category: .security, severity: .medium, subject: "example.org"),
        Expected(id: "AASA-020", category: .reliability, severity: .info, subject: "example.org"),
        Expected(id: "AASA-021", category: .reliability, severity: .low, subject: "go.example.net"),
        Expected(id: "AASA-007", category: .reliability, severity: .high, subject: "go.example.net"),
        Expected(id: "AASA-019", category: .security, severity: .low, subject: "go.example.net"),
        Expected(id: "URL-001", category: .reliability, severity: .info, subject: ""),
        Expected(id: "URL-002", category: .security, severity: .medium, subject: "https://example.org/login"),
        // The platform traps of 2024–2026 (issue 29).
        Expected(id: "ENT-014", category: .reliability, severity: .high, subject: "linklab.page.link"),
        Expected(id: "ENT-015", category: .reliability, severity: .medium, subject: "Share.appex"),
        Expected(id: "ENT-016", category: .security, severity: .low, subject: "linklab-help.github.io"),
        Expected(id: "SCH-003", category: .security, severity: .medium, subject: "linklab-help.github.io"),
        Expected(id: "SCH-004", category: .security, severity: .low, subject: "linklab-oauth://"),
        Expected(id: "BIN-007", category: .reliability, severity: .medium, subject: "Clip.app"),
        Expected(id: "URL-003", category: .security, severity: .medium, subject: "\\@evil.example"),
    ]

    @Test(arguments: promised)
    func sampleScanReportsPromisedFinding(_ expected: Expected) async throws {
        let analysis = try await SampleScan.analysis()
        let hits = analysis.findings.filter {
            $0.id == expected.id && $0.severity == expected.severity && $0.category == expected.category
        }
        #expect(!hits.isEmpty, "no \(expected.id) (\(expected.severity.rawValue)); got \(analysis.findings.map(\.id))")
        if !expected.subject.isEmpty {
            #expect(
                hits.contains { $0.subject.contains(expected.subject) },
                "\(expected.id) subjects: \(hits.map(\.subject))")
        }
    }

    @Test func urlTwoIsReportedForEveryMustNotOpenURLThatOpensTheApp() async throws {
        let analysis = try await SampleScan.analysis()
        let subjects = Set(analysis.findings.filter { $0.id == "URL-002" }.map(\.subject))
        let expected: Set<String> = [
            "https://shop.example.com/shop/checkout/pay",
            "https://shop.example.com/files/public%2F..%2Fprivate/report.pdf",
            "https://example.org/track/2",
            "https://example.org/login",
            "https://example.org/oauth/callback?code=abc&state=xyz",
            "https://www.example.org/account/delete",
        ]
        for url in expected {
            #expect(subjects.contains { $0.contains(url) }, "URL-002 missing for \(url); subjects \(subjects.sorted())")
        }
        #expect(subjects.count == expected.count, "URL-002 subjects: \(subjects.sorted())")
    }

    struct Verdict: Sendable, CustomTestStringConvertible {
        var url: String
        var decision: Decision
        var detail: Int?
        var rule: Int?
        var testDescription: String { "\(url) → \(decision.rawValue)" }
    }

    /// The table of `Samples/README.md` ("urls.txt").
    static let verdicts: [Verdict] = [
        Verdict(url: "https://example.com/buy/42", decision: .match, detail: 0, rule: 1),
        Verdict(url: "https://example.com/buy/42#no_universal_links", decision: .exclude, detail: 0, rule: 0),
        Verdict(url: "https://example.com/help/website/faq?articleNumber=4815", decision: .exclude, detail: 0, rule: 2),
        Verdict(url: "https://example.com/help/123?articleNumber=4815", decision: .match, detail: 0, rule: 3),
        Verdict(url: "https://shop.example.com/shop/shoes/42", decision: .match, detail: 0, rule: 0),
        Verdict(url: "https://shop.example.com/shop/checkout/pay", decision: .match, detail: 0, rule: 0),
        Verdict(url: "https://shop.example.com/?ref=newsletter", decision: .noMatch, detail: nil, rule: nil),
        Verdict(url: "https://shop.example.com/files/public/catalogue.pdf", decision: .match, detail: 0, rule: 3),
        Verdict(
            url: "https://shop.example.com/files/public%2F..%2Fprivate/report.pdf", decision: .match, detail: 0,
            rule: 3),
        Verdict(url: "https://example.org/open/item/7", decision: .match, detail: 0, rule: 1),
        Verdict(url: "https://example.org/open/admin/users", decision: .exclude, detail: 0, rule: 0),
        Verdict(url: "https://example.org/track/1?campaign=spring", decision: .match, detail: 0, rule: 2),
        Verdict(url: "https://example.org/track/2", decision: .match, detail: 0, rule: 2),
        Verdict(url: "https://example.org/login", decision: .match, detail: 0, rule: 3),
        Verdict(url: "https://example.org/oauth/callback?code=abc&state=xyz", decision: .match, detail: 0, rule: 3),
        Verdict(url: "https://www.example.org/account/delete", decision: .match, detail: 0, rule: 3),
        Verdict(url: "https://go.example.net/promo/spring", decision: .noMatch, detail: nil, rule: nil),
        // Foundation reads the host evil.example (`shop.example.com\` is the user name).
        Verdict(
            url: "https://shop.example.com\\@evil.example/shop/shoes/42", decision: .noMatch, detail: nil,
            rule: nil),
    ]

    @Test(arguments: verdicts)
    func sampleURLIsDecidedAsTheReadmeSays(_ expected: Verdict) async throws {
        let analysis = try await SampleScan.analysis()
        let test = try #require(analysis.urlTests.first { $0.url == expected.url })
        let verdict = try #require(test.verdict(for: SampleScan.appID))
        #expect(verdict.decision == expected.decision, "trace: \(verdict.trace)")
        if expected.decision != .noMatch {
            #expect(verdict.detail == expected.detail)
            #expect(verdict.rule == expected.rule)
        }
        #expect(test.verdicts.first?.appID == SampleScan.appID, "the app's own ID comes first")
    }

    @Test func partnerAppOpensGoExampleNetButTheSampleAppDoesNot() async throws {
        let analysis = try await SampleScan.analysis()
        let test = try #require(analysis.urlTests.first { $0.url == "https://go.example.net/promo/spring" })
        #expect(test.verdict(for: SampleScan.appID)?.decision == .noMatch)
        #expect(test.verdict(for: "ZZZZZ99999.com.partner.deals")?.decision == .match)
    }

    @Test func wildcardEntryIsFetchedFromTheApexWithTheSuppliedFile() async throws {
        let analysis = try await SampleScan.analysis()
        #expect(
            analysis.hosts.map(\.entry) == [
                "example.com", "shop.example.com", "*.example.org", "go.example.net",
                "linklab.page.link", "linklab-help.github.io", "links.linklab.invalid",
                "browse.example.net",
            ])
        let org = try #require(analysis.domains.first { $0.host == "*.example.org" })
        #expect(org.fetchedHost == "example.org")
        #expect(org.routes.map(\.route) == [.local])
        #expect(org.routes.first?.file != nil)
        // Six supplied files; linklab.page.link and links.linklab.invalid are not fetched offline.
        #expect(analysis.domains.count == 8)
        #expect(analysis.domains.filter { $0.routes.map(\.route) == [.local] }.count == 6)
        #expect(analysis.notes.isEmpty, "notes: \(analysis.notes)")
    }

    @Test func everyURLOfTheListIsTestedInOrder() async throws {
        let urls = try SampleScan.urls()
        let analysis = try await SampleScan.analysis()
        #expect(analysis.urlTests.map(\.url) == urls.map(\.url))
        #expect(urls.count == 18)
    }
}
