import AndroidApp
import AssociationFetch
import Foundation
import TestSupport
import Testing

@testable import Findings

private typealias F = AndroidFactsFactory

@Suite struct AND004Tests {
    let rule = AND004CustomScheme()

    @Test func fixturesShopSchemeIsAGenericWordSoMedium() throws {
        let found = rule.evaluate(AndroidFacts(snapshot: try F.apk()))
        #expect(found.map(\.subject) == ["com.linklab.shop.DeepLinkActivity: shop://"])
        #expect(found.first?.severity == .medium)
        #expect(found.first?.explanation.contains("a generic word many apps register") == true)
    }

    @Test func uniqueSchemeIsLow() throws {
        let snapshot = try F.apk(activities: [F.activity(autoVerify: false, [F.data(scheme: "com.linklab.shop")])])
        #expect(rule.evaluate(AndroidFacts(snapshot: snapshot)).first?.severity == .low)
    }

    @Test func authenticationCallbackSchemeIsMedium() throws {
        let snapshot =
            try F.apk(activities: [F.activity(autoVerify: false, [F.data(scheme: "myauth", host: "callback")])])
        #expect(rule.evaluate(AndroidFacts(snapshot: snapshot)).first?.severity == .medium)
    }

    @Test func silentForWebSchemesAndNonExportedActivities() throws {
        let web = try F.apk(activities: [F.activity([F.data(scheme: "https", host: "a.example")])])
        #expect(rule.evaluate(AndroidFacts(snapshot: web)).isEmpty)
        let hidden = try F.apk(activities: [F.activity(exported: false, [F.data(scheme: "app")])])
        #expect(rule.evaluate(AndroidFacts(snapshot: hidden)).isEmpty)
    }
}
