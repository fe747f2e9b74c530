import AndroidApp
import AssociationFetch
import Foundation
import TestSupport
import Testing

@testable import Findings

private typealias F = AndroidFactsFactory

@Suite struct AND017Tests {
    let rule = AND017URLExpectationMismatch()

    func facts(_ urls: [String]) throws -> AndroidFacts {
        AndroidFacts(
            snapshot: try F.apk(), assetLinks: [F.supplied("shop.example", F.good)],
            urls: try urls.compactMap { try URLList.entry($0, schemes: .any) })
    }

    @Test func mustNotOpenButOpensIsSecurityAndMustOpenButBrowserIsReliability() throws {
        let found = rule.evaluate(
            try facts([
                "!https://shop.example/orders/1", "=https://shop.example/account",
                "!shop://promo.shop.example:8443/reset",
            ]))
        #expect(
            found.map(\.subject) == [
                "https://shop.example/orders/1", "https://shop.example/account",
                "shop://promo.shop.example:8443/reset",
            ])
        #expect(found.map(\.category) == [.security, .reliability, .security])
        #expect(found[0].explanation.contains("opens the app"))
        #expect(found[1].explanation.contains("browser"))
    }

    @Test func silentWhenExpectationsHoldOrAreAbsent() throws {
        #expect(
            rule.evaluate(
                try facts([
                    "=https://shop.example/orders/1", "!https://shop.example/account",
                    "https://shop.example/orders/2",
                ])
            ).isEmpty)
    }

    @Test func listsAcceptCustomSchemesAndRefuseWhatIsNoURL() throws {
        let entries = try URLList.parse("# comment\n!shop://reset\n\n=https://a.example/x\n", schemes: .any)
        #expect(entries.map(\.url) == ["shop://reset", "https://a.example/x"])
        #expect(entries.map(\.expectation) == [.mustNotOpen, .mustOpen])
        #expect(entries.map(URLList.line) == ["!shop://reset", "=https://a.example/x"])
        #expect(throws: FindingsError.self) { try URLList.parse("not a url", schemes: .any) }
    }
}
