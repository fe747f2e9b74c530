import AndroidApp
import AssociationFetch
import Foundation
import TestSupport
import Testing

@testable import Findings

private typealias F = AndroidFactsFactory

@Suite struct AndroidCatalogueTests {
    @Test func everyRuleHasAUniqueIDCompleteMetadataAndTheAndroidReferences() {
        let ids = FindingRules.android.rules.map(\.id)
        #expect(Set(ids).count == ids.count)
        for rule in FindingRules.android.rules {
            #expect(rule.id.wholeMatch(of: /AND-\d{3}/) != nil, "\(rule.id)")
            #expect(!rule.title.isEmpty && !rule.title.hasSuffix("."), "\(rule.id) title")
            #expect(rule.explanation.count > 60 && rule.remediation.count > 20, "\(rule.id) texts")
            #expect(
                rule.citedReferences.contains(.masvsPlatform1) && rule.citedReferences.contains(.mastgTest0028),
                "\(rule.id)")
            #expect(FindingCategory.default(forRule: rule.id) == rule.category)
        }
        #expect(Set(ids).isDisjoint(with: Set(FindingRules.iOS.rules.map(\.id))))
    }

    @Test func everyRuleIsDocumentedInTheCatalogue() throws {
        let text =
            try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("docs/findings.md"), encoding: .utf8)
        for rule in FindingRules.android.rules {
            #expect(text.contains("| \(rule.id) | \(rule.title) |"), "\(rule.id) missing from docs/findings.md")
        }
    }

    @Test func fixtureScanIsDeterministicSortedAndEveryFindingHasEvidence() throws {
        let facts = AndroidFacts(snapshot: try F.apk(), assetLinks: [F.supplied("shop.example", F.good)])
        let first = FindingRules.evaluate(facts)
        let second = FindingRules.evaluate(facts)
        #expect(first == second && first == first.sortedForReport())
        #expect(first.allSatisfy { !$0.evidence.isEmpty })
        #expect(Set(first.map(\.id)) == ["AND-003", "AND-004", "AND-005", "AND-007", "AND-008", "AND-010"])
    }
}
