import AndroidApp
import AssociationFetch
import Foundation
import TestSupport
import Testing

@testable import Findings

private typealias F = AndroidFactsFactory

@Suite struct AND003Tests {
    let rule = AND003WebLinksWithoutAutoVerify()

    @Test func httpsFilterWithoutAutoVerifyIsReported() throws {
        let snapshot =
            try F.apk(activities: [F.activity(autoVerify: false, [F.data(scheme: "https", host: "a.example")])])
        let found = rule.evaluate(AndroidFacts(snapshot: snapshot))
        #expect(found.map(\.subject) == ["com.linklab.shop.Links: a.example"])
        #expect(found.first?.category == .security && found.first?.severity == .low)
    }

    @Test func fixturesUnverifiedPromoHostIsReportedAndVerifiedHostsAreNot() throws {
        let found = rule.evaluate(AndroidFacts(snapshot: try F.apk()))
        #expect(found.map(\.subject) == ["com.linklab.shop.DeepLinkActivity: promo.shop.example"])
    }

    @Test func silentForAnAutoVerifyFilter() throws {
        let snapshot = try F.apk(activities: [F.activity([F.data(scheme: "https", host: "a.example")])])
        #expect(rule.evaluate(AndroidFacts(snapshot: snapshot)).isEmpty)
    }
}
