import Testing

@testable import Findings

@Suite struct SCH002Tests {
    let rule = SCH002QueriedSchemes()

    @Test func listsTheQueriedSchemes() throws {
        let findings = rule.evaluate(try FactsFactory.appFacts("app/LinkLab.ipa"))
        #expect(findings.count == 1)
        #expect(findings.first?.explanation.contains("fb, twitter, linklab-beta") == true)
        #expect(findings.first?.evidence.count == 3)
    }

    @Test func silentWithoutQueriedSchemes() throws {
        #expect(rule.evaluate(try FactsFactory.appFacts("macho/arm64-applinks-der.bin")).isEmpty)
    }
}
