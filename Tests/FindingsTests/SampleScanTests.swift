import Foundation
import SiteAssociation
import Testing
@testable import Findings

@Suite struct SampleScanTests {
    @Test func sampleProducesEveryPromisedFinding() throws {
        let findings = FindingRules.evaluate(try FactsFactory.sample())
        let ids = Set(findings.map(\.id))
        let promised: Set<String> = [
            "ENT-003", "ENT-005", "ENT-007", "ENT-009", "SCH-001", "SCH-002", "BIN-002", "BIN-003", "BIN-004",
            "AASA-015", "AASA-014", "AASA-017", "AASA-013", "AASA-016", "AASA-018", "AASA-020", "AASA-021",
            "AASA-007", "AASA-019", "URL-001", "URL-002",
        ]
        #expect(promised.subtracting(ids).isEmpty, "missing: \(promised.subtracting(ids).sorted())")
    }
}
