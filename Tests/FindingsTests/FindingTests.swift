import Findings
import Foundation
import Testing

@Suite struct FindingTests {
    static func finding(_ id: String, _ severity: Severity, _ subject: String) -> Finding {
        Finding(id: id, severity: severity, title: "t", subject: subject, explanation: "e", remediation: "r")
    }

    @Test func reportOrderIsSeverityThenIDThenSubject() {
        let expected = [
            Self.finding("AASA-007", .critical, "a.example"),
            Self.finding("AASA-007", .critical, "b.example"),
            Self.finding("AASA-004", .high, "z.example"),
            Self.finding("ENT-002", .high, "a.example"),
            Self.finding("AASA-9", .medium, "x"),
            Self.finding("AASA-10", .medium, "x"),
            Self.finding("BIN-001", .medium, "x"),
            Self.finding("URL-001", .info, "https://a.example/"),
        ]
        // Every rotation and the reverse sort to the same order.
        for shift in 0..<expected.count {
            let rotated = Array(expected[shift...] + expected[..<shift])
            #expect(rotated.sortedForReport() == expected)
        }
        #expect(expected.reversed().sortedForReport() == expected)
    }

    @Test func sameRuleAndSubjectAreOrderedByEvidence() {
        var first = Self.finding("URL-001", .info, "s")
        first.evidence = [.text("a")]
        var second = first
        second.evidence = [.text("b")]
        #expect([second, first].sortedForReport() == [first, second])
    }

    @Test func countsEverySeverity() {
        let counts = [Self.finding("A-1", .high, "x"), Self.finding("A-2", .high, "y")].countsBySeverity()
        #expect(counts == [.critical: 0, .high: 2, .medium: 0, .low: 0, .info: 0])
    }

    @Test func categoryIsTheIDPrefix() {
        #expect(Self.finding("AASA-007", .info, "x").idPrefix == "AASA")
    }

    @Test func encodesTheContractFields() throws {
        let finding = Finding(
            id: "AASA-004", severity: .high, title: "Not 200", subject: "example.com", explanation: "why",
            evidence: [.network(NetworkObservation(host: "example.com", route: "cdn", status: 404))],
            remediation: "fix", references: [Reference.mastgTest0070])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(finding), as: UTF8.self)
        #expect(
            json.hasPrefix(
                #"""
                {"category":"reliability","evidence":[{"headerName":null,"headerValue":null,"host":"example.com",\#
                "kind":"network","route":"cdn","status":404,"url":null}],"explanation":"why","id":"AASA-004",\#
                "references":[{"title":"OWASP MASTG-TEST-0070: Testing Universal \#
                Links","url":"https:\/\/mas.owasp.org\/MASTG\/tests\/ios\/MASVS-PLATFORM\/MASTG-TEST-0070\/"}],\#
                "remediation":"fix","severity":"high","subject":"example.com","title":"Not 200"}
                """#))
        #expect(try JSONDecoder().decode(Finding.self, from: encoder.encode(finding)) == finding)
    }
}
