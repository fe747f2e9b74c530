import AndroidApp
import AssociationFetch
import Foundation
import TestSupport
import Testing

@testable import Findings

private typealias F = AndroidFactsFactory

@Suite struct AND009Tests {
    @Test func anotherPackageInTheFileIsReportedOncePerFile() throws {
        let file =
            F.supplied("shop.example", F.statements([("com.linklab.shop", F.release), ("com.partner.app", F.other)]))
        let found = AND009OtherPackageListed().evaluate(AndroidFacts(snapshot: try F.apk(), assetLinks: [file]))
        #expect(found.map(\.subject) == ["shop.example"])
        #expect(found.first?.explanation.contains("com.partner.app") == true)
    }

    @Test func silentWhenOnlyThisPackageIsListed() throws {
        let facts = AndroidFacts(snapshot: try F.apk(), assetLinks: [F.supplied("shop.example", F.good)])
        #expect(AND009OtherPackageListed().evaluate(facts).isEmpty)
    }
}
