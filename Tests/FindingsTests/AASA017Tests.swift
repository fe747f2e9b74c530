import TestSupport
import Testing

@testable import Findings

@Suite struct AASA017Tests {
    let rule = AASA017PercentDecodingWidens()

    @Test func firesForPercentEncodedFalse() throws {
        let findings = rule.evaluate(try FactsFactory.sample())
        #expect(
            findings.contains {
                $0.subject == "shop.example.com"
                    && $0.evidence.first.map {
                        if case .associationFile(let place) =
                            $0
                        {
                            place.pointer.hasPrefix("/applinks/details/0/components/3")
                        } else {
                            false
                        }
                    } == true
            })
    }

    @Test func silentByDefault() throws {
        let report = try FactsFactory.supplied("example.com", file: Fixtures.url("aasa/apple-example-rules.json"))
        #expect(rule.evaluate(AnalysisFacts(domains: [report])).isEmpty)
    }
}
