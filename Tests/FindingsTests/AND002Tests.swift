import AndroidApp
import AssociationFetch
import Foundation
import TestSupport
import Testing

@testable import Findings

private typealias F = AndroidFactsFactory

@Suite struct AND002Tests {
    let rule = AND002HostNotChecked()

    @Test func offlineWithoutAFileReportsEachHostAsNotChecked() throws {
        let facts =
            AndroidFacts(
                snapshot: try F.apk(), assetLinks: [AssetLinksReport(host: "shop.example", result: nil)],
                offline: true)
        let found = rule.evaluate(facts)
        #expect(found.map(\.subject) == ["shop.example", "*.shop.example"])
        #expect(found.allSatisfy { $0.severity == .info })
        #expect(facts.verification.hosts.allSatisfy { !$0.verified }, "not fetched is never verified")
    }

    @Test func silentWhenTheFileIsSupplied() throws {
        #expect(
            rule.evaluate(
                AndroidFacts(
                    snapshot: try F.apk(),
                    assetLinks: [F.supplied("shop.example", F.good)])
            ).isEmpty)
    }
}
