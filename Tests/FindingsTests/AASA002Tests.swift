import AssociationFetch
import Testing

@testable import Findings

@Suite struct AASA002Tests {
    let rule = AASA002NotHTTPS()

    @Test(arguments: [
        FetchError.tlsNameMismatch(host: "example.com"), .notHTTPS(host: "example.com", port: 443),
        .tlsUntrusted(host: "example.com", detail: "self-signed"),
    ])
    func firesForTLSFailures(error: FetchError) throws {
        let report =
            try FactsFactory.report(
                "example.com",
                [FactsFactory.route(.origin, host: "example.com", status: nil, error: error)])
        let findings = rule.evaluate(AnalysisFacts(domains: [report]))
        #expect(findings.count == 1)
        #expect(findings.first?.explanation.contains(error.description) == true)
    }

    @Test func silentForDNSFailures() throws {
        let report =
            try FactsFactory.report(
                "example.com",
                [
                    FactsFactory.route(
                        .origin, host: "example.com", status: nil,
                        error: .dnsFailure(host: "example.com", detail: "x"))
                ])
        #expect(rule.evaluate(AnalysisFacts(domains: [report])).isEmpty)
    }
}
