import AndroidApp
import AssociationFetch
import Foundation
import TestSupport
import Testing

@testable import Findings

private typealias F = AndroidFactsFactory

@Suite struct AND014Tests {
    @Test func contentTypeOtherThanJSON() throws {
        let html =
            F.fetched(
                "shop.example", status: 200, headers: [HeaderField(name: "Content-Type", value: "text/plain")],
                body: F.good)
        let found = AND014AssetLinksContentType().evaluate(AndroidFacts(snapshot: try F.apk(), assetLinks: [html]))
        #expect(found.map(\.subject) == ["shop.example"])
        let json =
            F.fetched(
                "shop.example", status: 200,
                headers: [HeaderField(name: "Content-Type", value: "application/json")],
                body: F.good)
        #expect(AND014AssetLinksContentType().evaluate(AndroidFacts(snapshot: try F.apk(), assetLinks: [json])).isEmpty)
    }
}
