import AssociationFetch
import Testing

@testable import Findings

@Suite struct AASA003Tests {
    let rule = AASA003Redirect()

    @Test func recordsStatusAndLocation() throws {
        let report =
            try FactsFactory.report(
                "example.com",
                [
                    FactsFactory.route(
                        .origin, host: "example.com", status: 301,
                        headers: ["Location": "http://www.example.com/.well-known/apple-app-site-association"])
                ])
        let finding = rule.evaluate(AnalysisFacts(domains: [report])).first
        #expect(
            finding?.evidence.first
                == .network(
                    NetworkObservation(
                        host: "example.com", route: "origin",
                        url: "https://example.com/.well-known/apple-app-site-association",
                        status: 301, headerName: "Location",
                        headerValue: """
                            http://www.example.com/.well-known/apple\
                            -app-site-association
                            """)))
        #expect(finding?.explanation.contains("downgrade") == true)
        #expect(finding?.explanation.contains("another host") == true)
    }

    @Test func silentFor200() throws {
        let report =
            try FactsFactory.report(
                "example.com",
                [FactsFactory.route(.origin, host: "example.com", status: 200, body: "{}")])
        #expect(rule.evaluate(AnalysisFacts(domains: [report])).isEmpty)
    }
}
