import Testing

@testable import Findings

@Suite struct AASA009Tests {
    let rule = AASA009SlowOrigin()

    @Test func firesOverTheThreshold() throws {
        let report =
            try FactsFactory.report(
                "example.com",
                [FactsFactory.route(.origin, host: "example.com", status: 200, body: "{}", timeToHeadersMs: 2_500)])
        let finding = rule.evaluate(AnalysisFacts(domains: [report])).first
        #expect(finding?.explanation.contains("2500 ms") == true)
    }

    @Test func silentUnderTheThresholdOrOnTheCDN() throws {
        let report = try FactsFactory.report(
            "example.com",
            [
                FactsFactory.route(.origin, host: "example.com", status: 200, body: "{}", timeToHeadersMs: 1_999),
                FactsFactory.route(.cdn, host: "example.com", status: 200, body: "{}", timeToHeadersMs: 5_000),
            ])
        #expect(rule.evaluate(AnalysisFacts(domains: [report])).isEmpty)
    }

    @Test func honoursTheConfiguredThreshold() throws {
        let report =
            try FactsFactory.report(
                "example.com",
                [FactsFactory.route(.origin, host: "example.com", status: 200, body: "{}", timeToHeadersMs: 600)])
        #expect(rule.evaluate(AnalysisFacts(domains: [report], options: AnalysisOptions(slowOriginMs: 500))).count == 1)
    }
}
