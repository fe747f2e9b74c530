import Testing

@testable import Findings

@Suite struct AASA015Tests {
    let rule = AASA015DefaultsCarryRuleKeys()

    @Test func firesForTheSampleShopDefaults() throws {
        let findings = rule.evaluate(try FactsFactory.sample())
        #expect(
            findings.contains {
                $0.subject == "shop.example.com"
                    && $0.evidence.first.map {
                        if case .associationFile(let place) =
                            $0
                        {
                            place.pointer.hasPrefix("/applinks/defaults")
                        } else {
                            false
                        }
                    } == true
            })
    }

    @Test func silentForCaseAndEncodingDefaults() throws {
        let report = try FactsFactory.supplied(
            "example.com",
            #"""
            {"applinks":{"defaults":{"caseSensitive":false},"details":[{"appIDs":["ABCDE12345.com.example.app"],\#
            "components":[{"/":"/a/*"}]}]}}
            """#)
        #expect(rule.evaluate(AnalysisFacts(domains: [report])).isEmpty)
    }
}
