import AndroidApp
import AssociationFetch
import Foundation
import TestSupport
import Testing

@testable import Findings

private typealias F = AndroidFactsFactory

@Suite struct AND005Tests {
    let rule = AND005DataMergeWidens()

    @Test func fixturesLinkFilterAlsoClaimsTheCrossedSchemeHostPairs() throws {
        let found = rule.evaluate(AndroidFacts(snapshot: try F.apk()))
        #expect(found.count == 1)
        let text = try #require(found.first?.explanation)
        #expect(text.contains("https://*.shop.example") && text.contains("http://shop.example"))
    }

    @Test func theDocumentedTrapCrossesCustomSchemeAndPaths() {
        let pairs = AND005DataMergeWidens.unwrittenPairs([
            F.data(scheme: "https", host: "a.example", path: "/reset"), F.data(scheme: "app", host: "b"),
        ])
        #expect(pairs.contains("https://b") && pairs.contains("app://a.example"))
        #expect(pairs.contains("b with path=/reset"))
    }

    @Test func silentForElementsWrittenToCombine() throws {
        let snapshot = try F.apk(activities: [
            F.activity([
                F.data(scheme: "http"), F.data(scheme: "https"), F.data(host: "a.example"), F.data(host: "b.example"),
                F.data(pathPrefix: "/orders/"),
            ])
        ])
        #expect(rule.evaluate(AndroidFacts(snapshot: snapshot)).isEmpty)
        #expect(AND005DataMergeWidens.unwrittenPairs([F.data(scheme: "https", host: "a.example", path: "/x")]).isEmpty)
    }
}
