import TestSupport
import Testing

@testable import Findings

@Suite struct AASA014Tests {
    let rule = AASA014DeadRules()

    @Test func firesForTheShadowedExcludeAndTheDeadDetailOfTheSample() throws {
        let pointers = rule.evaluate(try FactsFactory.sample()).compactMap { finding -> String? in
            guard finding.subject == "shop.example.com",
                case .associationFile(let place)? = finding.evidence.first
            else {
                return nil
            }
            return place.pointer
        }
        #expect(pointers.contains("/applinks/details/0/components/1"))
        #expect(pointers.contains { $0.hasPrefix("/applinks/details/1") })
    }

    @Test func carriesLineAndColumnWhenKnown() throws {
        let report = try FactsFactory.supplied("example.com", file: Fixtures.url("aasa/shadowed-and-duplicates.json"))
        let findings = rule.evaluate(AnalysisFacts(domains: [report]))
        #expect(!findings.isEmpty)
    }

    @Test func silentForAppleExample() throws {
        let report = try FactsFactory.supplied("example.com", file: Fixtures.url("aasa/apple-example-rules.json"))
        #expect(rule.evaluate(AnalysisFacts(domains: [report])).isEmpty)
    }
}
