import AndroidApp
import AssociationFetch
import Foundation
import TestSupport
import Testing

@testable import Findings

private typealias F = AndroidFactsFactory

@Suite struct AND007Tests {
    @Test func httpInTheFixturesVerifiedFilter() throws {
        let found = AND007HTTPInVerifiedFilter().evaluate(AndroidFacts(snapshot: try F.apk()))
        #expect(found.map(\.subject) == ["com.linklab.shop.LinkActivity: http://"])
        let https = try F.apk(activities: [F.activity([F.data(scheme: "https", host: "a.example")])])
        #expect(AND007HTTPInVerifiedFilter().evaluate(AndroidFacts(snapshot: https)).isEmpty)
    }
}
