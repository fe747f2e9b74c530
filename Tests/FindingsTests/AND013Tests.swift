import AndroidApp
import AssociationFetch
import Foundation
import TestSupport
import Testing

@testable import Findings

private typealias F = AndroidFactsFactory

@Suite struct AND013Tests {
    func facts(sdk: Int, b: AssetLinksReport) throws -> AndroidFacts {
        let snapshot = try F.apk(
            activities: [
                F.activity(named: "com.linklab.shop.A", [F.data(scheme: "https", host: "a.example")]),
                F.activity(named: "com.linklab.shop.B", [F.data(scheme: "https", host: "b.example")]),
            ], targetSDK: 30)
        return AndroidFacts(snapshot: snapshot, sdk: sdk, assetLinks: [F.supplied("a.example", F.good), b])
    }

    @Test func onAndroid11OneFailingHostFailsTheOthers() throws {
        let found = AND013AllOrNothingFailure().evaluate(try facts(sdk: 30, b: F.fetched("b.example", status: 404)))
        #expect(found.count == 1)
        #expect(found.first?.explanation.contains("b.example fails verification, so a.example lose") == true)
    }

    @Test func silentOnAndroid12AndWhenEveryHostVerifies() throws {
        #expect(
            AND013AllOrNothingFailure().evaluate(
                try facts(
                    sdk: 31,
                    b: F.fetched("b.example", status: 404))
            ).isEmpty)
        #expect(AND013AllOrNothingFailure().evaluate(try facts(sdk: 30, b: F.supplied("b.example", F.good))).isEmpty)
    }
}
