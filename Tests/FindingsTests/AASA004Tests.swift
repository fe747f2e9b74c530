import AssociationFetch
import Testing

@testable import Findings

@Suite struct AASA004Tests {
    let rule = AASA004HTTPStatus()

    @Test func quotesTheCDNFailureReasonVerbatim() throws {
        let reason = "SWCERR00101 Bad HTTP Response: 403 Forbidden"
        let report =
            try FactsFactory.report(
                "example.com",
                [
                    FactsFactory.route(
                        .cdn, host: "example.com", status: 404,
                        headers: [
                            "Apple-Failure-Reason": reason,
                            "Apple-From": "https://example.com/.well-known/apple-app-site-association",
                        ])
                ])
        let finding = rule.evaluate(AnalysisFacts(domains: [report])).first
        #expect(finding?.explanation.contains("Apple-Failure-Reason: \(reason)") == true)
        #expect(
            finding?.evidence.contains(
                .network(
                    NetworkObservation(
                        host: "example.com", route: "cdn",
                        url: "https://app-site-association.cdn-apple.com/a/v1/example.com",
                        status: 404, headerName: "Apple-Failure-Reason",
                        headerValue: reason))) == true)
    }

    @Test func silentFor200AndRedirects() throws {
        let report = try FactsFactory.report(
            "example.com",
            [
                FactsFactory.route(.cdn, host: "example.com", status: 200, body: "{}"),
                FactsFactory.route(.origin, host: "example.com", status: 302, headers: ["Location": "/x"]),
            ])
        #expect(rule.evaluate(AnalysisFacts(domains: [report])).isEmpty)
    }

    @Test func aLegacy404IsNotAProblemWhenTheOriginServes() throws {
        let report = try FactsFactory.report(
            "example.com",
            [
                FactsFactory.route(.origin, host: "example.com", status: 200, body: "{}"),
                FactsFactory.route(.legacy, host: "example.com", status: 404),
            ])
        #expect(rule.evaluate(AnalysisFacts(domains: [report])).isEmpty)
    }
}
