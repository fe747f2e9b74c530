import AndroidApp
import AssociationFetch
import Foundation
import TestSupport
import Testing

@testable import Findings

private typealias F = AndroidFactsFactory

@Suite struct AND021Tests {
    let rule = AND021LinkConfusion()

    func facts(_ urls: [String]) throws -> AndroidFacts {
        AndroidFacts(
            snapshot: try F.apk(), assetLinks: [F.supplied("shop.example", F.good)],
            urls: try urls.compactMap { try URLList.entry($0, schemes: .any) })
    }

    /// `Uri.parse` keeps `HTTPS` as the scheme (a filter's `https` does not match it) and decodes
    /// `%2e%2e` without removing the segment; Chrome lower-cases the scheme and removes the
    /// segment, so the tapped link opens the app where the string an app passes on does not.
    @Test func flagsAnAndroidDecisionThatDiffersThroughTheBrowser() throws {
        let urls = ["HTTPS://shop.example/orders/1", "https://shop.example/x/%2e%2e/orders/1"]
        let found = rule.evaluate(try facts(urls))
        #expect(found.map(\.subject) == ["HTTPS://shop.example/orders/1", "https://shop.example/x/%2e%2e/orders/1"])
        for finding in found {
            #expect(finding.id == "AND-021" && finding.category == .security)
            #expect(
                finding.explanation.contains(
                    "Android: browser for the string as an app passes it, opens the app "
                        + "for https://shop.example/orders/1"))
        }
    }

    @Test func flagsHostsThatDiffer() throws {
        let finding = try #require(rule.evaluate(try facts(["https://shop.example\\@evil.example/orders/1"])).first)
        #expect(finding.explanation.contains("hosts differ"))
        #expect(finding.explanation.contains("Foundation evil.example"))
    }

    @Test func silentWhenReadingsAndDecisionsAgree() throws {
        #expect(
            rule.evaluate(
                try facts([
                    "https://shop.example/orders/1", "https://shop.example/account",
                    "shop://promo.shop.example:8443/reset",
                ])
            ).isEmpty)
    }
}
