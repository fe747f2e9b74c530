import AndroidApp
import AssociationFetch
import Foundation
import TestSupport
import Testing

@testable import Findings

private typealias F = AndroidFactsFactory

@Suite struct AND010Tests {
    let rule = AND010ExportedLinkHandler()

    @Test func fixtureReadsLinkDataAndLoadsURLsSoItIsMedium() throws {
        let found = rule.evaluate(AndroidFacts(snapshot: try F.apk()))
        #expect(found.count == 1 && found.first?.severity == .medium)
        let text = try #require(found.first?.explanation)
        #expect(text.contains("com.linklab.shop.LinkActivity"))
        #expect(!text.contains("DeepLinkActivity"), "permission-protected")
        #expect(!text.contains("AliasActivity"), "not exported")
        #expect(
            found.first?.evidence.contains {
                if case .binary(let location) = $0 { return location.symbol == "Landroid/content/Intent;->getData" }
                return false
            } == true)
    }

    @Test func withoutDEXEvidenceItIsInformation() throws {
        var snapshot = try F.apk()
        snapshot.linkEvidence = []
        #expect(rule.evaluate(AndroidFacts(snapshot: snapshot)).first?.severity == .info)
    }

    @Test func silentWithoutExportedLinkHandlers() throws {
        let snapshot = try F.apk(activities: [F.activity(exported: false, [F.data(scheme: "https", host: "a")])])
        #expect(rule.evaluate(AndroidFacts(snapshot: snapshot)).isEmpty)
    }
}
