import AndroidApp
import AssociationFetch
import Foundation
import TestSupport
import Testing

@testable import Findings

private typealias F = AndroidFactsFactory

@Suite struct AND008Tests {
    @Test func wildcardHostsLowAndStarAloneMedium() throws {
        let found = AND008WildcardHost().evaluate(AndroidFacts(snapshot: try F.apk()))
        #expect(found.map(\.subject) == ["com.linklab.shop.LinkActivity: *.shop.example"])
        #expect(found.first?.severity == .low)
        let star = try F.apk(activities: [F.activity(autoVerify: false, [F.data(scheme: "https", host: "*")])])
        #expect(AND008WildcardHost().evaluate(AndroidFacts(snapshot: star)).first?.severity == .medium)
        let plain = try F.apk(activities: [F.activity([F.data(scheme: "https", host: "a.example")])])
        #expect(AND008WildcardHost().evaluate(AndroidFacts(snapshot: plain)).isEmpty)
    }
}
