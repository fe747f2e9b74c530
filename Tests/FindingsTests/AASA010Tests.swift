import Testing

@testable import Findings

@Suite struct AASA010Tests {
    let rule = AASA010CDNOriginDiffer()
    let old = #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/buy/*"}]}]}}"#
    let new = #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/*"}]}]}}"#

    @Test func firesWhenTheCopiesMeanDifferentThings() throws {
        let report =
            try FactsFactory.report(
                "example.com",
                [
                    FactsFactory.route(.cdn, host: "example.com", status: 200, body: old),
                    FactsFactory.route(
                        .origin, host: "example.com",
                        status: 200, body: new),
                ])
        let finding = rule.evaluate(AnalysisFacts(domains: [report])).first
        #expect(
            finding?.evidence.contains {
                if case .text(let text) =
                    $0
                {
                    text.hasPrefix("CDN → origin:")
                } else {
                    false
                }
            } == true)
    }

    @Test func silentWhenOnlyFormattingDiffers() throws {
        let spaced = old.replacingOccurrences(of: ",", with: ", ")
        let report =
            try FactsFactory.report(
                "example.com",
                [
                    FactsFactory.route(.cdn, host: "example.com", status: 200, body: old),
                    FactsFactory.route(
                        .origin, host: "example.com",
                        status: 200, body: spaced),
                ])
        #expect(rule.evaluate(AnalysisFacts(domains: [report])).isEmpty)
    }
}
