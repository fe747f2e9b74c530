import AndroidApp
import AssociationFetch
import Foundation
import TestSupport
import Testing

@testable import Findings

private typealias F = AndroidFactsFactory

@Suite struct AND006Tests {
    let rule = AND006FilterNotVerifiable()

    @Test func customSchemeMergedIntoAnAutoVerifyFilterLosesItsHosts() throws {
        let snapshot =
            try F.apk(activities: [F.activity([F.data(scheme: "https", host: "a.example"), F.data(scheme: "app")])])
        let found = rule.evaluate(AndroidFacts(snapshot: snapshot))
        #expect(found.count == 1 && found.first?.severity == .high)
        #expect(found.first?.explanation.contains("other schemes merged in (app)") == true)
        #expect(found.first?.explanation.contains("Not verified for com.linklab.shop: a.example") == true)
    }

    @Test func missingDefaultCategoryIsReported() throws {
        let snapshot = try F.apk(activities: [
            F.activity(
                categories: ["android.intent.category.BROWSABLE"],
                [F.data(scheme: "https", host: "a.example")])
        ])
        #expect(
            rule.evaluate(AndroidFacts(snapshot: snapshot)).first?
                .explanation.contains("no DEFAULT category") == true)
    }

    @Test func silentForAWellFormedFilter() throws {
        #expect(rule.evaluate(AndroidFacts(snapshot: try F.apk())).isEmpty)
    }
}
