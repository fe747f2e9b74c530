import TestSupport
import Testing

@testable import Findings

@Suite struct AASA018Tests {
    let rule = AASA018SensitivePaths()

    @Test func firesForTheWholeSiteClaimOfTheSample() throws {
        #expect(rule.evaluate(try FactsFactory.sample()).contains { $0.subject == "*.example.org" })
    }

    @Test func firesForTheWholeSiteFixture() throws {
        let report =
            try FactsFactory.supplied("example.com", file: Fixtures.url("aasa/whole-site-percent-decoding.json"))
        #expect(!rule.evaluate(AnalysisFacts(domains: [report])).isEmpty)
    }

    @Test func silentForNarrowRules() throws {
        let report = try FactsFactory.supplied(
            "example.com",
            #"""
            {"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/products/*"}]}]}}
            """#)
        #expect(rule.evaluate(AnalysisFacts(domains: [report])).isEmpty)
    }
}
