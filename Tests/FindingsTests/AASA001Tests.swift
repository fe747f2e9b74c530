import AssociationFetch
import Foundation
import Testing

@testable import Findings

@Suite struct AASA001Tests {
    let rule = AASA001Unreachable()

    @Test func firesPerUnreachableRoute() throws {
        let report = try FactsFactory.report(
            "example.com",
            [
                FactsFactory.route(.cdn, host: "example.com", status: 200, body: #"{"applinks":{"details":[]}}"#),
                FactsFactory.route(
                    .origin, host: "example.com", status: nil,
                    error: .dnsFailure(host: "example.com", detail: "NXDOMAIN")),
            ])
        let findings = rule.evaluate(AnalysisFacts(domains: [report]))
        #expect(findings.map(\.subject) == ["example.com (origin)"])
        #expect(
            findings.first?.evidence.first
                == .network(
                    NetworkObservation(
                        host: "example.com", route: "origin",
                        url: "https://example.com/.well-known/apple-app-site-association")))
    }

    @Test func timeoutsCountAsUnreachable() throws {
        let report =
            try FactsFactory.report(
                "example.com",
                [
                    FactsFactory.route(
                        .origin, host: "example.com", status: nil,
                        error: .timeout(url: "https://example.com/", seconds: 10))
                ])
        #expect(rule.evaluate(AnalysisFacts(domains: [report])).count == 1)
    }

    @Test func anAnswerCutShortIsAFailedFetchWithItsPreview() throws {
        let url = "https://example.com/.well-known/apple-app-site-association"
        let body = #"{"applinks":{"details":[]}}"#
        var cut =
            FactsFactory.route(
                .origin, host: "example.com", status: 200,
                error: .uncleanClose(url: url, bytes: body.utf8.count))
        cut.body = Data(body.utf8)
        cut.bytes = body.utf8.count
        let findings = rule.evaluate(AnalysisFacts(domains: [try FactsFactory.report("example.com", [cut])]))
        #expect(findings.map(\.subject) == ["example.com (origin)"])
        #expect(findings.first?.explanation.contains("without TLS close_notify after \(body.utf8.count) bytes") == true)
        #expect(findings.first?.evidence.contains(.text("body starts: \(body)")) == true)
    }

    @Test func silentForTLSFailuresAndAnswers() throws {
        let report = try FactsFactory.report(
            "example.com",
            [
                FactsFactory.route(
                    .origin, host: "example.com", status: nil, error: .tlsNameMismatch(host: "example.com")),
                FactsFactory.route(.cdn, host: "example.com", status: 404),
            ])
        #expect(rule.evaluate(AnalysisFacts(domains: [report])).isEmpty)
    }

    @Test func ignoresTheLegacyRouteWhenOthersWereFetched() throws {
        let report = try FactsFactory.report(
            "example.com",
            [
                FactsFactory.route(.origin, host: "example.com", status: 200, body: "{}"),
                FactsFactory.route(
                    .legacy, host: "example.com", status: nil,
                    error: .connectionRefused(host: "example.com", port: 443)),
            ])
        #expect(rule.evaluate(AnalysisFacts(domains: [report])).isEmpty)
    }
}

@Suite struct AASA001OfflineTests {
    @Test func anOfflineRunSaysNotCheckedAtInfo() throws {
        let url = "https://example.com/.well-known/apple-app-site-association"
        let report =
            try FactsFactory.report(
                "example.com",
                [
                    FactsFactory.route(
                        .origin, host: "example.com", status: nil,
                        error: .transport(url: url, detail: "not fetched (offline)"))
                ])
        let finding =
            AASA001Unreachable().evaluate(
                AnalysisFacts(
                    domains: [report],
                    options: AnalysisOptions(offline: true))
            ).first
        #expect(finding?.severity == .info)
        #expect(finding?.explanation.hasPrefix("Not checked") == true)
    }
}

/// Issue 8 #4: a machine with no network is not a finding about the app.
@Suite struct NoPathToAppleTests {
    static func unreachable(_ host: String) throws -> DomainReport {
        try FactsFactory.report(
            host,
            [
                FactsFactory.route(
                    .cdn, host: host, status: nil,
                    error: .dnsFailure(host: "app-site-association.cdn-apple.com", detail: "no network")),
                FactsFactory.route(
                    .origin, host: host, status: nil,
                    error: .connectFailed(host: host, port: 443, detail: "network unreachable")),
                FactsFactory.route(
                    .legacy, host: host, status: nil, error: .dnsFailure(host: host, detail: "no network")),
            ])
    }

    @Test func noCDNAnswerRaisesNoHostFindingAndSaysNotChecked() throws {
        let facts =
            AnalysisFacts(domains: [try Self.unreachable("example.com"), try Self.unreachable("shop.example.com")])
        #expect(facts.noPathToApple)
        let findings = FindingRules.evaluate(facts)
        #expect(findings.filter { $0.id.hasPrefix("AASA") }.isEmpty, "\(findings.map(\.id))")
        #expect(findings.allSatisfy { $0.severity == .info } || findings.isEmpty)
        #expect(facts.notCheckedHosts == ["example.com", "shop.example.com"])
        let note = try #require(facts.noPathToAppleNote(supplyingFiles: "supply the files"))
        #expect(note.contains("no path to Apple"))
        #expect(note.contains("example.com, shop.example.com"))
        #expect(note.hasSuffix("Run where Apple's CDN is reachable, or supply the files."))
    }

    @Test func aCDNThatAnswers404IsStillAFinding() throws {
        let report = try FactsFactory.report(
            "example.com",
            [
                FactsFactory.route(.cdn, host: "example.com", status: 404),
                FactsFactory.route(
                    .origin, host: "example.com", status: nil,
                    error: .dnsFailure(host: "example.com", detail: "NXDOMAIN")),
            ])
        let facts = AnalysisFacts(domains: [report])
        #expect(!facts.noPathToApple)
        #expect(facts.noPathToAppleNote(supplyingFiles: "supply the files") == nil)
        #expect(AASA001Unreachable().evaluate(facts).map(\.subject) == ["example.com (origin)"])
    }

    @Test func oneReachableCDNRouteMeansThePathExists() throws {
        let answered =
            try FactsFactory.report("a.example", [FactsFactory.route(.cdn, host: "a.example", status: 200, body: "{}")])
        let facts = AnalysisFacts(domains: [answered, try Self.unreachable("b.example")])
        #expect(!facts.noPathToApple)
        #expect(!AASA001Unreachable().evaluate(facts).isEmpty)
    }
}
