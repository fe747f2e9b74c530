import Testing

@testable import Findings

@Suite struct AASA011Tests {
    let rule = AASA011LegacyPathOnly()

    @Test func firesWhenOnlyTheRootPathServes() throws {
        let report =
            try FactsFactory.report(
                "example.com",
                [
                    FactsFactory.route(.origin, host: "example.com", status: 404),
                    FactsFactory.route(
                        .legacy, host: "example.com",
                        status: 200, body: "{}"),
                ])
        #expect(rule.evaluate(AnalysisFacts(domains: [report])).map(\.subject) == ["example.com"])
    }

    @Test func silentWhenWellKnownServes() throws {
        let report =
            try FactsFactory.report(
                "example.com",
                [
                    FactsFactory.route(.origin, host: "example.com", status: 200, body: "{}"),
                    FactsFactory.route(
                        .legacy, host: "example.com",
                        status: 200, body: "{}"),
                ])
        #expect(rule.evaluate(AnalysisFacts(domains: [report])).isEmpty)
    }
}
