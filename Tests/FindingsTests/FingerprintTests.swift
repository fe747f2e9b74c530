import Findings
import Foundation
import Testing

@Suite struct FingerprintTests {
    private func finding(explanation: String, line: Int) -> Finding {
        Finding(
            id: "AASA-014", severity: .medium, title: "t", subject: "shop.example.com", explanation: explanation,
            evidence: [
                .associationFile(
                    AssociationFileLocation(
                        host: "shop.example.com",
                        pointer: "/applinks/details/1", line: line,
                        column: 7))
            ],
            remediation: "r")
    }

    @Test func twoLintProblemsAtOnePlaceHaveDifferentFingerprints() {
        let dead =
            finding(explanation: "every app this detail names is already named (AASA-L029, supplied file).", line: 35)
        let repeated =
            finding(explanation: "app ID is already named by details[0] (AASA-L020, supplied file).", line: 35)
        #expect(dead.fingerprint != repeated.fingerprint)
    }

    @Test func theSameProblemMovedAndReworded() {
        let before = finding(explanation: "old wording (AASA-L020).", line: 35)
        let after = finding(explanation: "new, clearer wording (AASA-L020, fetched file).", line: 80)
        #expect(before.fingerprint == after.fingerprint)
        #expect(before.fingerprint.hasPrefix("AASA-014:"))
        #expect(before.fingerprint.count == "AASA-014:".count + 16)
    }

    @Test func citedLintIDsAreFoundOnceInOrder() {
        #expect(
            Finding.citedLintIDs(in: "x (AASA-L020) y AASA-L0 z AASA-L029 AASA-L020 AASA-L12") == [
                "AASA-L020",
                "AASA-L029",
            ])
    }

    @Test func citedLintIDsAmongNonASCIIText() {
        let text = "é “AASA-L031” 日本AASA-L0０1 AASA-L007é 😀AASA-L00"
        #expect(Finding.citedLintIDs(in: text) == ["AASA-L031", "AASA-L007"])
    }
}
