import SiteAssociation
import Testing

@testable import Findings

@Suite struct URL001Tests {
    let rule = URL001URLVerdicts()

    /// URL results belong in the report's URL-tests table, not one finding per URL: 10,000 URLs
    /// made a 10,599-page PDF. One summary finding counts them.
    @Test func summarisesAllURLsInOneFinding() throws {
        let facts = try FactsFactory.sample()
        let findings = rule.evaluate(facts)
        let summary = try #require(findings.count == 1 ? findings.first : nil)
        #expect(summary.subject == "\(facts.urlTests.count) URLs tested")
        let opening = facts.urlTests.filter { $0.verdicts.contains { $0.decision == .match } }.count
        #expect(summary.explanation.contains("\(opening) open an app"))
        #expect(summary.explanation.contains("URL tests"))
        #expect(summary.evidence.contains(.text("example.com: 4 URLs")))
    }

    @Test func oneURLIsSingular() throws {
        var facts = try FactsFactory.sample()
        facts.urlTests = Array(facts.urlTests.prefix(1))
        #expect(rule.evaluate(facts).map(\.subject) == ["1 URL tested"])
    }

    @Test func silentWithoutURLs() {
        #expect(rule.evaluate(AnalysisFacts()).isEmpty)
    }
}
