import Testing

@testable import Findings

/// The whole catalogue over the committed fixtures gives exactly the findings
/// `Tests/Fixtures/EXPECTED.md` lists for them (app-only analysis: no domains, no URLs).
@Suite struct FixtureExpectationsTests {
    @Test(arguments: [
        ("app/LinkLab.ipa", ["ENT-003", "ENT-007", "ENT-009", "SCH-001", "SCH-002", "BIN-002", "BIN-003", "BIN-004"]),
        ("macho/arm64-applinks-der.bin", ["ENT-003", "ENT-007", "BIN-002", "BIN-003", "BIN-004"]),
        ("macho/unsigned-arm64.bin", ["ENT-001", "BIN-002", "BIN-003", "BIN-004"]),
        ("macho/linker-signed-arm64.bin", ["ENT-001", "BIN-002", "BIN-003", "BIN-004"]),
        ("macho/encrypted-cryptid1.bin", ["ENT-003", "ENT-007", "BIN-003", "BIN-005"]),
        ("macho/legacy-receivers-only.bin", ["ENT-003", "ENT-007", "BIN-001", "BIN-002", "BIN-006"]),
        ("macho/no-receivers.bin", ["ENT-003", "ENT-007", "BIN-001"]),
        ("macho/xml-der-disagree.bin", ["ENT-003", "ENT-006", "ENT-007", "BIN-002", "BIN-003", "BIN-004"]),
        (
            "macho/odd-domains.bin",
            ["ENT-002", "ENT-003", "ENT-004", "ENT-008", "ENT-012", "BIN-001", "BIN-002", "BIN-006"]
        ),
    ])
    func fixtureGivesItsExpectedFindings(fixture: String, expected: [String]) throws {
        let ids = Set(FindingRules.evaluate(try FactsFactory.appFacts(fixture)).map(\.id))
        #expect(
            ids == Set(expected),
            """
            \(fixture): extra \(ids.subtracting(expected).sorted()), missing \(Set(expected).subtracting(ids).sorted())
            """)
    }
}
