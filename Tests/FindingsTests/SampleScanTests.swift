import Foundation
import SiteAssociation
import Testing

@testable import Findings

/// The bundled sample (`Samples/README.md`): LinkLabSample.ipa, the six association files as
/// offline domain reports, and urls.txt decided against them.
@Suite struct SampleScanTests {
    @Test func sampleProducesEveryPromisedFinding() throws {
        let ids = Set(FindingRules.evaluate(try FactsFactory.sample()).map(\.id))
        let promised: Set<String> = [
            "ENT-003", "ENT-005", "ENT-007", "ENT-009", "SCH-001", "SCH-002", "BIN-002", "BIN-003", "BIN-004",
            "AASA-015", "AASA-014", "AASA-017", "AASA-013", "AASA-016", "AASA-018", "AASA-020", "AASA-021",
            "AASA-007", "AASA-019", "URL-001", "URL-002",
            // The platform traps of 2024–2026 (issue 29) an offline scan shows.
            "ENT-014", "ENT-015", "ENT-016", "SCH-003", "SCH-004", "BIN-007", "URL-003",
        ]
        #expect(promised.subtracting(ids).isEmpty, "missing: \(promised.subtracting(ids).sorted())")
    }

    @Test func onlyTheKnownProblemsAreHighOrCritical() throws {
        let severe = FindingRules.evaluate(try FactsFactory.sample()).filter { $0.severity >= .high }
        #expect(
            severe.map { "\($0.id) \($0.subject)" } == [
                "AASA-007 go.example.net: ABCDE12345.com.example.app",
                "ENT-005 Payload/LinkLab.app: applinks:go.example.net",
                "ENT-014 Payload/LinkLab.app: applinks:linklab.page.link",
            ])
    }

    /// The re-graded catalogue (docs/findings.md): the sample's security findings are the
    /// scheme, web-view, routing and claim problems; its outages are reliability.
    @Test func securityAndReliabilityAreSeparated() throws {
        let findings = FindingRules.evaluate(try FactsFactory.sample())
        let security = Set(findings.filter { $0.category == .security }.map(\.id))
        #expect(
            security == [
                "ENT-003", "ENT-007", "SCH-001", "SCH-002", "BIN-002", "BIN-003", "BIN-004",
                "AASA-017", "AASA-018", "AASA-019", "URL-002", "ENT-016", "SCH-003", "SCH-004",
                "URL-003",
            ])
        #expect(findings.filter { $0.category == .reliability }.allSatisfy { $0.severity < .critical })
        // Report order: every security finding before every reliability one.
        let firstReliability = findings.firstIndex { $0.category == .reliability } ?? findings.count
        #expect(findings[firstReliability...].allSatisfy { $0.category == .reliability })
    }

    @Test func noFindingClaimsWhatTheSampleDoesNotHave() throws {
        let ids = Set(FindingRules.evaluate(try FactsFactory.sample()).map(\.id))
        // Receivers exist, nothing is encrypted, the signature is consistent, no developer-mode entries.
        for absent in [
            "ENT-001", "ENT-002", "ENT-004", "ENT-006", "ENT-008", "ENT-012", "BIN-001", "BIN-005",
            "BIN-006",
            "AASA-001", "AASA-002", "AASA-003", "AASA-004", "AASA-005", "AASA-006",
        ] {
            #expect(!ids.contains(absent), "\(absent)")
        }
    }

    @Test func triedURLsMakeOneSummaryFindingNotOnePerURL() throws {
        let facts = try FactsFactory.sample()
        let subjects = FindingRules.evaluate(facts).filter { $0.id == "URL-001" }.map(\.subject)
        #expect(facts.urlTests.count == 18)
        #expect(subjects == ["18 URLs tested"])
    }
}
