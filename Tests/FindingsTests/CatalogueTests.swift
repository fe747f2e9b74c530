import Testing

@testable import Findings

@Suite struct CatalogueTests {
    static let floor =
        [
            "ENT-001", "ENT-002", "ENT-003", "ENT-004", "ENT-005", "ENT-006", "ENT-007", "ENT-008", "ENT-009",
            "SCH-001", "SCH-002", "BIN-001", "BIN-002", "BIN-003", "BIN-004", "BIN-005", "BIN-006",
        ]
        + (1...21).map { String(format: "AASA-%03d", $0) } + ["URL-001", "URL-002"]

    @Test func idsAreUniqueAcrossPlatforms() {
        let ids = FindingRules.all.map(\.id)
        #expect(
            ids.count == FindingRules.iOS.rules.count + FindingRules.android.rules.count
                + FindingRules.probes.rules.count + FindingRules.crossPlatform.rules.count)
        #expect(Set(ids).count == ids.count)
    }

    @Test func everyCatalogueIDHasARule() {
        let ids = Set(FindingRules.iOS.rules.map(\.id))
        #expect(Set(Self.floor).subtracting(ids).isEmpty, "missing \(Set(Self.floor).subtracting(ids).sorted())")
    }

    @Test func everyRuleHasCompleteMetadata() {
        for rule in FindingRules.iOS.rules {
            #expect(rule.id.wholeMatch(of: /(ENT|SCH|BIN|AASA|URL)-\d{3}/) != nil, "\(rule.id)")
            #expect(!rule.title.isEmpty && !rule.title.hasSuffix("."), "\(rule.id) title")
            #expect(rule.explanation.count > 60, "\(rule.id) explanation")
            #expect(rule.remediation.count > 20, "\(rule.id) remediation")
            #expect(rule.references.contains(.masvsPlatform1), "\(rule.id) cites MASVS-PLATFORM-1")
            #expect(rule.references.allSatisfy { $0.url.hasPrefix("https://") }, "\(rule.id) references")
            #expect(FindingRules.rule(id: rule.id)?.title == rule.title)
        }
    }

    @Test func findingsCarryTheirRulesMetadataAndEvidence() throws {
        let findings = FindingRules.evaluate(try FactsFactory.sample())
        for finding in findings {
            let rule = try #require(FindingRules.rule(id: finding.id))
            #expect(finding.title == rule.title)
            #expect(finding.references == rule.citedReferences)
            // Both generations of OWASP identifiers, from the one mapping (docs/findings.md).
            let mapping = try #require(OWASPMapping.forRule(finding.id), "\(finding.id) has an OWASP mapping")
            #expect(mapping.all.allSatisfy(finding.references.contains), "\(finding.id) cites v1 and current")
            #expect(!finding.evidence.isEmpty, "\(finding.id) \(finding.subject) has no evidence")
        }
    }

    @Test func evaluationIsDeterministicAndSorted() throws {
        let facts = try FactsFactory.sample()
        let first = FindingRules.evaluate(facts)
        let second = FindingRules.evaluate(facts)
        #expect(first == second)
        #expect(first == first.sortedForReport())
        #expect(first.first?.category == .security)
    }

    @Test func emptyFactsProduceNothing() {
        #expect(FindingRules.evaluate(AnalysisFacts()).isEmpty)
    }
}
