import AssociationFetch
import Foundation
import Testing

@testable import Findings

@Suite struct AASA028Tests {
    let rule = AASA028AbandonedDomain()

    func facts(_ routes: [RouteResult], offline: Bool = false) throws -> AnalysisFacts {
        AnalysisFacts(
            app: FactsFactory.app([
                FactsFactory.bundle(domains: [
                    "applinks:old.example.com",
                    "webcredentials:old.example.com",
                ])
            ]),
            domains: [try FactsFactory.report("old.example.com", routes)],
            options: AnalysisOptions(now: FactsFactory.now, offline: offline))
    }

    @Test func firesWhenTheNameDoesNotExist() throws {
        let nxdomain = FetchError.dnsFailure(host: "old.example.com", detail: "Name or service not known")
        let findings = rule.evaluate(
            try facts([
                FactsFactory.route(.cdn, host: "old.example.com", status: 404),
                FactsFactory.route(.origin, host: "old.example.com", status: nil, error: nxdomain),
            ]))
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.explanation.contains("does not resolve (Name or service not known)"))
        #expect(finding.explanation.contains("declares it for applinks, webcredentials"))
        #expect(finding.severity == .low, "DNS alone does not say anyone else can take the name")
    }

    @Test func firesWhenADeletedHostingSiteAnswers() throws {
        let page = try TrapFacts.text("deleted-github-pages-site.html")
        let finding = try #require(
            rule.evaluate(
                try facts([
                    FactsFactory.route(.origin, host: "old.example.com", status: 404, body: page)
                ])
            ).first)
        #expect(finding.explanation.contains("GitHub Pages"))
        #expect(finding.severity == .low, "GitHub Pages is an edge case per can-i-take-over-xyz")
    }

    /// A page phrase in a successful answer, or a service the list calls not vulnerable, is no
    /// deleted site someone else can claim.
    @Test func silentForA200AnswerAndForServicesNobodyElseCanClaim() throws {
        let page = try TrapFacts.text("deleted-github-pages-site.html")
        let ok = FactsFactory.route(.origin, host: "old.example.com", status: 200, body: page)
        #expect(rule.evaluate(try facts([ok])).isEmpty)
        let vercel = "<p>The deployment could not be found on Vercel.</p>"
        #expect(
            rule.evaluate(
                try facts([
                    FactsFactory.route(
                        .origin, host: "old.example.com", status: 404,
                        body: vercel)
                ])
            ).isEmpty)
        let s3 = "<Code>NoSuchBucket</Code><Message>The specified bucket does not exist</Message>"
        let bucket = try #require(
            rule.evaluate(
                try facts([
                    FactsFactory.route(
                        .origin, host: "old.example.com",
                        status: 404, body: s3)
                ])
            ).first)
        #expect(bucket.severity == .medium)
    }

    @Test func silentForTemporaryFailuresOtherErrorsOfflineAndTheCDNCopy() throws {
        let temporary = FetchError.dnsFailure(host: "old.example.com", detail: "Temporary failure in name resolution")
        let refused = FetchError.connectionRefused(host: "old.example.com", port: 443)
        let page = try TrapFacts.text("deleted-github-pages-site.html")
        for routes in [
            [FactsFactory.route(.origin, host: "old.example.com", status: nil, error: temporary)],
            [FactsFactory.route(.origin, host: "old.example.com", status: nil, error: refused)],
            [FactsFactory.route(.cdn, host: "old.example.com", status: 404, body: page)],
            [FactsFactory.route(.origin, host: "old.example.com", status: 404, body: "Not Found")],
        ] {
            #expect(rule.evaluate(try facts(routes)).isEmpty)
        }
        let nxdomain = FetchError.dnsFailure(host: "old.example.com", detail: "Name or service not known")
        let offline = try facts(
            [FactsFactory.route(.origin, host: "old.example.com", status: nil, error: nxdomain)],
            offline: true)
        #expect(rule.evaluate(offline).isEmpty)
        let supplied = AnalysisFacts(domains: [try TrapFacts.supplied("example.com", "aasa-signin-paths.json")])
        #expect(rule.evaluate(supplied).isEmpty)
    }
}
