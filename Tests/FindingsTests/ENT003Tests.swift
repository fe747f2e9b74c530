import Testing

@testable import Findings

@Suite struct ENT003Tests {
    let rule = ENT003WildcardDomain()

    @Test func firesForTheWildcardOfTheSignedFixture() throws {
        let findings = rule.evaluate(try FactsFactory.appFacts("macho/arm64-applinks-der.bin"))
        #expect(findings.count == 1)
        #expect(
            findings.first?.evidence == [
                .entitlement(
                    key: "com.apple.developer.associated-domains",
                    value: "applinks:*.example.org")
            ])
    }

    @Test func silentForExplicitHostsAndOtherServices() {
        let facts =
            AnalysisFacts(
                app: FactsFactory.app([
                    FactsFactory.bundle(domains: [
                        "applinks:example.com",
                        "webcredentials:example.com",
                    ])
                ]))
        #expect(rule.evaluate(facts).isEmpty)
    }
}
