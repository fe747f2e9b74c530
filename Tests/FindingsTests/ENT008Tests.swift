import Testing

@testable import Findings

@Suite struct ENT008Tests {
    let rule = ENT008PunycodeHost()

    @Test func firesForThePunycodeEntryOfTheFixture() throws {
        let findings = rule.evaluate(try FactsFactory.appFacts("macho/odd-domains.bin"))
        #expect(
            findings.map(\.evidence) == [
                [
                    .entitlement(
                        key: "com.apple.developer.associated-domains",
                        value: "applinks:xn--caf-dma.example.com")
                ]
            ])
    }

    @Test func silentForASCIIHostsAndOtherServices() {
        let facts =
            AnalysisFacts(
                app: FactsFactory.app([
                    FactsFactory.bundle(domains: [
                        "applinks:example.com",
                        "webcredentials:xn--caf-dma.example.com",
                    ])
                ]))
        #expect(rule.evaluate(facts).isEmpty)
    }
}
