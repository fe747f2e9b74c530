import AppInspection
import Foundation
import SiteAssociation
import Testing

@testable import Findings

@Suite struct URLTestDecidingTests {
    @Test func decidesTheSampleListAsTheReadmeTableSays() throws {
        let facts = try FactsFactory.sample()
        let app = "ABCDE12345.com.example.app"
        let expected: [String: (Decision, Int?)] = [
            "https://example.com/buy/42": (.match, 1),
            "https://example.com/buy/42#no_universal_links": (.exclude, 0),
            "https://example.com/help/website/faq?articleNumber=4815": (.exclude, 2),
            "https://example.com/help/123?articleNumber=4815": (.match, 3),
            "https://shop.example.com/shop/shoes/42": (.match, 0),
            "https://shop.example.com/shop/checkout/pay": (.match, 0),
            "https://shop.example.com/?ref=newsletter": (.noMatch, nil),
            "https://shop.example.com/files/public/catalogue.pdf": (.match, 3),
            "https://shop.example.com/files/public%2F..%2Fprivate/report.pdf": (.match, 3),
            "https://example.org/open/item/7": (.match, 1),
            "https://example.org/open/admin/users": (.exclude, 0),
            "https://example.org/track/1?campaign=spring": (.match, 2),
            "https://example.org/track/2": (.match, 2),
            "https://example.org/login": (.match, 3),
            "https://example.org/oauth/callback?code=abc&state=xyz": (.match, 3),
            "https://www.example.org/account/delete": (.match, 3),
            "https://go.example.net/promo/spring": (.noMatch, nil),
            // Foundation reads the host evil.example: no claimed host (the link-confusion case).
            "https://shop.example.com\\@evil.example/shop/shoes/42": (.noMatch, nil),
        ]
        #expect(facts.urlTests.count == expected.count)
        for test in facts.urlTests {
            let verdict = try #require(test.verdict(for: app), "\(test.url)")
            #expect(verdict.decision == expected[test.url]?.0, "\(test.url)")
            #expect(verdict.rule == expected[test.url]?.1, "\(test.url)")
        }
        let go = facts.urlTests.first { $0.url == "https://go.example.net/promo/spring" }
        let partner = go?.verdict(for: "ZZZZZ99999.com.partner.deals")
        #expect(partner?.decision == .match)
    }

    @Test func aWildcardReportCoversSubdomainsButAnExactReportWins() throws {
        let wildcard =
            try FactsFactory.supplied(
                "*.example.org",
                #"{"applinks":{"details":[{"appIDs":["A.b"],"components":[{"/":"/w/*"}]}]}}"#)
        let exact =
            try FactsFactory.supplied(
                "www.example.org",
                #"{"applinks":{"details":[{"appIDs":["A.b"],"components":[{"/":"/x/*"}]}]}}"#)
        let tests =
            URLTest.decide(
                [
                    URLListEntry(url: "https://www.example.org/x/1"),
                    URLListEntry(url: "https://deep.sub.example.org/w/1"),
                ],
                domains: [wildcard, exact], appIDs: ["A.b"])
        #expect(tests.map(\.domain) == ["www.example.org", "*.example.org"])
        #expect(tests.map { $0.verdicts.first?.decision } == [.match, .match])
    }

    @Test func anUncoveredHostIsNoMatchWithAReason() {
        let tests =
            URLTest.decide(
                [URLListEntry(url: "https://elsewhere.example/x", expectation: .mustOpen)], domains: [],
                appIDs: ["A.b"])
        #expect(tests.first?.domain == nil)
        #expect(tests.first?.verdicts.first?.decision == .noMatch)
        #expect(tests.first?.verdicts.first?.trace.first?.contains("elsewhere.example") == true)
        #expect(tests.first?.verdicts.first?.reason == .noFile)
    }

    /// The app claims the host only for webcredentials, and a file is supplied for it: the trace
    /// must name the missing applinks entitlement, not a missing file (the Domains section lists it).
    @Test func aHostClaimedOnlyForWebCredentialsSaysTheEntitlementIsMissing() {
        let claims = ["webcredentials:login.example.com", "applinks:example.com"].map(AssociatedDomain.parse)
        let tests = URLTest.decide(
            [
                URLListEntry(url: "https://login.example.com/x", expectation: .mustOpen),
                URLListEntry(url: "https://other.example/x"),
            ],
            domains: [], appIDs: ["A.b"], claims: claims)
        let login = tests.first?.verdicts.first?.trace.joined() ?? ""
        #expect(login.contains("only for webcredentials"))
        #expect(login.contains("no applinks:login.example.com entitlement"))
        #expect(!login.contains("no association file was fetched"))
        let other = tests.last?.verdicts.first?.trace.joined() ?? ""
        #expect(other.contains("no applinks:other.example entitlement"))
        #expect(tests.map { $0.verdicts.first?.reason } == [.notClaimed, .notClaimed])
    }

    /// https://example.com:8443/buy/1 with only applinks:example.com claimed: the app has the
    /// entitlement for the host; the trace must name the port as what differs.
    @Test func aURLWithAnotherPortNamesThePortAsWhatDiffers() throws {
        let claims = ["applinks:example.com", "applinks:*.example.org:8443"].map(AssociatedDomain.parse)
        let report =
            try FactsFactory.supplied(
                "example.com",
                #"{"applinks":{"details":[{"appIDs":["A.b"],"components":[{"/":"*"}]}]}}"#)
        let tests = URLTest.decide(
            [
                URLListEntry(url: "https://example.com:8443/buy/1"),
                URLListEntry(url: "https://shop.example.org/x"),
            ],
            domains: [report], appIDs: ["A.b"], claims: claims)
        let port = tests[0].verdicts.first?.trace.joined() ?? ""
        #expect(tests[0].verdicts.first?.decision == .noMatch)
        #expect(port.contains("claims applinks:example.com (no port) but the URL has port 8443"), "\(port)")
        #expect(port.contains("no applinks:example.com:8443 entitlement"))
        #expect(!port.contains("no applinks:example.com entitlement"))
        let wildcard = tests[1].verdicts.first?.trace.joined() ?? ""
        #expect(
            wildcard.contains("claims applinks:*.example.org:8443 (port 8443) but the URL has no port (443)"),
            "\(wildcard)")
        #expect(tests.map { $0.verdicts.first?.reason } == [.port, .port])
    }

    @Test func aFileTheDeviceRejectsDecidesNothing() throws {
        let report =
            try FactsFactory.supplied(
                "example.com",
                "\u{FEFF}" + #"{"applinks":{"details":[{"appIDs":["A.b"],"components":[{"/":"*"}]}]}}"#)
        let tests = URLTest.decide([URLListEntry(url: "https://example.com/x")], domains: [report], appIDs: ["A.b"])
        #expect(tests.first?.verdicts.first?.decision == .noMatch)
        #expect(tests.first?.verdicts.first?.reason == .fileRejected)
    }
}

@Suite struct URLTestCodingTests {
    @Test func encodesTheMatchResultShapeWithExplicitNulls() throws {
        let test = URLTest(
            url: "https://example.com/x", expectation: .mustNotOpen,
            verdicts: [AppVerdict(appID: "A.b", decision: .noMatch)])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(test), as: UTF8.self)
        #expect(json.hasPrefix(#"{"apps":[{"appID":"A.b","decision":"no_match","detail":null"#))
        #expect(
            json.hasSuffix(#""domain":null,"expectation":"mustNotOpen","line":null,"url":"https:\/\/example.com\/x"}"#))
        #expect(try JSONDecoder().decode(URLTest.self, from: Data(json.utf8)) == test)
    }
}
