import AndroidApp
import AssociationFetch
import Foundation
import TestSupport
import Testing

@testable import Findings

private typealias F = AndroidFactsFactory

@Suite struct AND016Tests {
    @Test func lintProblemsOfAVerifiedHostsFile() throws {
        let lower = F.supplied("shop.example", F.statements([("com.linklab.shop", F.release.lowercased())]))
        let found = AND016AssetLinksLint().evaluate(AndroidFacts(snapshot: try F.apk(), assetLinks: [lower]))
        #expect(found.map(\.subject) == ["shop.example"])
        #expect(found.first?.explanation.contains("ANDROID-L009") == true)
        #expect(
            AND016AssetLinksLint().evaluate(
                AndroidFacts(
                    snapshot: try F.apk(),
                    assetLinks: [F.supplied("shop.example", F.good)])
            ).isEmpty)
    }
}
