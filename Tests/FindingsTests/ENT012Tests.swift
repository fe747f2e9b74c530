import Testing

@testable import Findings

@Suite struct ENT012Tests {
    let rule = ENT012DeveloperModeProductionHost()

    @Test func firesWhenTheSameHostIsAlsoProduction() throws {
        let raws = rule.evaluate(try FactsFactory.appFacts("macho/odd-domains.bin")).map {
            $0.subject.components(separatedBy: ": ").last ?? ""
        }
        #expect(raws.contains("applinks:example.com?mode=developer"))
        #expect(!raws.contains("applinks:192.168.1.10?mode=developer"))
        #expect(!raws.contains("applinks:localhost?mode=developer"))
    }

    @Test func firesForAHostWithoutAStagingLabel() {
        let facts =
            AnalysisFacts(
                app: FactsFactory.app([FactsFactory.bundle(domains: ["applinks:www.example.com?mode=developer"])]))
        #expect(rule.evaluate(facts).count == 1)
    }

    @Test func silentForStagingHosts() throws {
        #expect(rule.evaluate(try FactsFactory.appFacts("macho/arm64-applinks-der.bin")).isEmpty)
        let facts =
            AnalysisFacts(
                app: FactsFactory.app([
                    FactsFactory.bundle(domains: [
                        "applinks:staging.example.com?mode=developer",
                        "applinks:dev2.example.com?mode=developer", "applinks:api-qa.example.com?mode=developer",
                    ])
                ]))
        #expect(rule.evaluate(facts).isEmpty)
    }
}
