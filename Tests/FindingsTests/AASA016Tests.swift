import TestSupport
import Testing

@testable import Findings

@Suite struct AASA016Tests {
    let rule = AASA016LenientParseTraps()

    @Test func firesForEachTrapOfTheFixture() throws {
        let report = try FactsFactory.supplied("example.com", file: Fixtures.url("aasa/lenient-traps.json"))
        let findings = rule.evaluate(AnalysisFacts(domains: [report]))
        #expect(findings.count >= 5)
        #expect(findings.allSatisfy { $0.severity == .medium })
    }

    @Test func firesForTheSampleQueryDictionaryWithANumber() throws {
        let findings = rule.evaluate(try FactsFactory.sample())
        #expect(findings.contains { $0.subject == "*.example.org" })
    }

    @Test func silentForAppleExample() throws {
        let report = try FactsFactory.supplied("example.com", file: Fixtures.url("aasa/apple-example-rules.json"))
        #expect(rule.evaluate(AnalysisFacts(domains: [report])).isEmpty)
    }
}
