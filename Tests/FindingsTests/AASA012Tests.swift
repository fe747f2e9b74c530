import AssociationFetch
import Testing

@testable import Findings

@Suite struct AASA012Tests {
    let rule = AASA012BotProtection()

    @Test func firesWhenTheCrawlerIsBlocked() throws {
        let crawler = FactsFactory.route(.origin, host: "example.com", status: 403)
        var browser = FactsFactory.route(.origin, host: "example.com", status: 200, body: "{}")
        browser.userAgent = "Mozilla/5.0"
        let report =
            try FactsFactory.report("example.com", [crawler], probe: BrowserProbe(crawler: crawler, browser: browser))
        let finding = rule.evaluate(AnalysisFacts(domains: [report])).first
        #expect(finding?.explanation.contains("403") == true)
        #expect(finding?.evidence.count == 3)
    }

    @Test func silentWhenBothAgentsGetTheSameAnswer() throws {
        let crawler = FactsFactory.route(.origin, host: "example.com", status: 200, body: "{}")
        let report =
            try FactsFactory.report("example.com", [crawler], probe: BrowserProbe(crawler: crawler, browser: crawler))
        #expect(rule.evaluate(AnalysisFacts(domains: [report])).isEmpty)
    }
}
