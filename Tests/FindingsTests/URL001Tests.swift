import SiteAssociation
import Testing
@testable import Findings

@Suite struct URL001Tests {
    let rule = URL001URLVerdicts()

    @Test func reportsEverySampleURLWithItsDecidingRule() throws {
        let facts = try FactsFactory.sample()
        let findings = rule.evaluate(facts)
        #expect(findings.count == facts.urlTests.count)
        let buy = findings.first { $0.subject == "https://example.com/buy/42" }
        #expect(buy?.explanation.hasPrefix("ABCDE12345.com.example.app: match (detail 0, rule 1") == true)
        #expect(buy?.evidence.first == .associationFile(AssociationFileLocation(host: "example.com", pointer: "/applinks/details/0/components/1")))
    }

    @Test func silentWithoutURLs() {
        #expect(rule.evaluate(AnalysisFacts()).isEmpty)
    }
}
