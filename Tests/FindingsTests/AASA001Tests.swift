import AssociationFetch
import Testing
@testable import Findings

@Suite struct AASA001Tests {
    let rule = AASA001Unreachable()

    @Test func firesPerUnreachableRoute() throws {
        let report = try FactsFactory.report("example.com", [
            FactsFactory.route(.cdn, host: "example.com", status: 200, body: #"{"applinks":{"details":[]}}"#),
            FactsFactory.route(.origin, host: "example.com", status: nil, error: .dnsFailure(host: "example.com", detail: "NXDOMAIN")),
        ])
        let findings = rule.evaluate(AnalysisFacts(domains: [report]))
        #expect(findings.map(\.subject) == ["example.com (origin)"])
        #expect(findings.first?.evidence.first == .network(NetworkObservation(host: "example.com", route: "origin", url: "https://example.com/.well-known/apple-app-site-association")))
    }

    @Test func timeoutsCountAsUnreachable() throws {
        let report = try FactsFactory.report("example.com", [FactsFactory.route(.origin, host: "example.com", status: nil, error: .timeout(url: "https://example.com/", seconds: 10))])
        #expect(rule.evaluate(AnalysisFacts(domains: [report])).count == 1)
    }

    @Test func silentForTLSFailuresAndAnswers() throws {
        let report = try FactsFactory.report("example.com", [
            FactsFactory.route(.origin, host: "example.com", status: nil, error: .tlsNameMismatch(host: "example.com")),
            FactsFactory.route(.cdn, host: "example.com", status: 404),
        ])
        #expect(rule.evaluate(AnalysisFacts(domains: [report])).isEmpty)
    }

    @Test func ignoresTheLegacyRouteWhenOthersWereFetched() throws {
        let report = try FactsFactory.report("example.com", [
            FactsFactory.route(.origin, host: "example.com", status: 200, body: "{}"),
            FactsFactory.route(.legacy, host: "example.com", status: nil, error: .connectionRefused(host: "example.com", port: 443)),
        ])
        #expect(rule.evaluate(AnalysisFacts(domains: [report])).isEmpty)
    }
}

@Suite struct AASA001OfflineTests {
    @Test func anOfflineRunSaysNotCheckedAtInfo() throws {
        let url = "https://example.com/.well-known/apple-app-site-association"
        let report = try FactsFactory.report("example.com", [FactsFactory.route(.origin, host: "example.com", status: nil, error: .transport(url: url, detail: "not fetched (offline)"))])
        let finding = AASA001Unreachable().evaluate(AnalysisFacts(domains: [report], options: AnalysisOptions(offline: true))).first
        #expect(finding?.severity == .info)
        #expect(finding?.explanation.hasPrefix("Not checked") == true)
    }
}
