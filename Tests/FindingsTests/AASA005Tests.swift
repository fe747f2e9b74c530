import Foundation
import TestSupport
import Testing

@testable import Findings

@Suite struct AASA005Tests {
    let rule = AASA005NotJSONOrNoAppLinks()

    @Test func firesForAnHTMLPageServedWith200() throws {
        let report =
            try FactsFactory.report(
                "example.com",
                [
                    FactsFactory.route(
                        .origin, host: "example.com", status: 200, headers: ["Content-Type": "text/html"],
                        body: "<!doctype html><html><body>Not found</body></html>")
                ])
        let finding = rule.evaluate(AnalysisFacts(domains: [report])).first
        #expect(finding?.explanation.contains("HTML") == true)
        #expect(
            finding?.evidence.contains {
                if case .text(let text) =
                    $0
                {
                    text.hasPrefix("body starts: <!doctype")
                } else {
                    false
                }
            } == true)
    }

    @Test(arguments: ["aasa/bom.json", "aasa/comments-and-trailing-commas.json"])
    func firesWhenTheDeviceRejectsTheBody(fixture: String) throws {
        let report = try FactsFactory.supplied("example.com", data: try Fixtures.data(fixture))
        let finding = rule.evaluate(AnalysisFacts(domains: [report])).first
        #expect(finding?.explanation.contains("strict JSON parser rejects") == true)
    }

    @Test func firesForNoApplinksOnlyWhenTheAppNeedsIt() throws {
        let report =
            try FactsFactory.supplied("example.com", #"{"webcredentials":{"apps":["ABCDE12345.com.example.app"]}}"#)
        let needing =
            AnalysisFacts(
                app: FactsFactory.app([FactsFactory.bundle(domains: ["applinks:example.com"])]),
                domains: [report])
        #expect(rule.evaluate(needing).count == 1)
        let notNeeding =
            AnalysisFacts(
                app: FactsFactory.app([FactsFactory.bundle(domains: ["webcredentials:example.com"])]),
                domains: [report])
        #expect(rule.evaluate(notNeeding).isEmpty)
    }

    @Test func silentForAValidFile() throws {
        let report = try FactsFactory.supplied("example.com", file: Fixtures.url("aasa/apple-example-rules.json"))
        #expect(rule.evaluate(AnalysisFacts(domains: [report])).isEmpty)
    }
}
