import Testing

@testable import Findings

@Suite struct AASA013Tests {
    let rule = AASA013ComponentsPathsDisagree()

    @Test func firesForTheSampleWildcardFile() throws {
        let findings = rule.evaluate(try FactsFactory.sample())
        #expect(findings.map(\.subject) == ["*.example.org"])
        #expect(
            findings.first?.evidence.first.map {
                if case .associationFile(let place) =
                    $0
                {
                    place.pointer == "/applinks/details/0"
                } else {
                    false
                }
            } == true)
    }

    @Test func silentWhenOnlyComponentsExist() throws {
        let report = try FactsFactory.supplied(
            "example.com",
            #"""
            {"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/a/*"}]}]}}
            """#)
        #expect(rule.evaluate(AnalysisFacts(domains: [report])).isEmpty)
    }
}
