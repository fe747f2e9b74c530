import AssociationFetch
import Testing

@testable import Findings

@Suite struct AASA008Tests {
    let rule = AASA008ContentType()

    @Test func firesForTextHTML() throws {
        let report =
            try FactsFactory.report(
                "example.com",
                [
                    FactsFactory.route(
                        .origin, host: "example.com", status: 200,
                        headers: ["Content-Type": "text/html; charset=utf-8"], body: "{}")
                ])
        let finding = rule.evaluate(AnalysisFacts(domains: [report])).first
        #expect(
            finding?.evidence.first
                == .network(
                    NetworkObservation(
                        host: "example.com", route: "origin",
                        url: "https://example.com/.well-known/apple-app-site-association",
                        status: 200, headerName: "Content-Type",
                        headerValue: "text/html; charset=utf-8")))
    }

    @Test func silentForApplicationJSONAndSuppliedFiles() throws {
        let report =
            try FactsFactory.report(
                "example.com",
                [
                    FactsFactory.route(
                        .origin, host: "example.com", status: 200,
                        headers: ["Content-Type": "application/json"], body: "{}")
                ])
        #expect(
            rule.evaluate(AnalysisFacts(domains: [report, try FactsFactory.supplied("example.org", "{}")])).isEmpty)
    }
}
