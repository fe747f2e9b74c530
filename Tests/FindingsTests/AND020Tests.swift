import AndroidApp
import AssociationFetch
import Testing

@testable import Findings

@Suite struct AND020Tests {
    let rule = AND020AbandonedHost()

    func facts(_ report: AssetLinksReport, offline: Bool = false) throws -> AndroidFacts {
        AndroidFacts(snapshot: try AndroidFactsFactory.apk(), assetLinks: [report], offline: offline)
    }

    @Test func firesWhenTheHostDoesNotResolveOrADeletedSiteAnswers() throws {
        let nxdomain = AndroidFactsFactory.fetched(
            "old.example.com", status: nil,
            error: .dnsFailure(
                host: "old.example.com",
                detail: "Name or service not "
                    + "known"))
        let finding = try #require(rule.evaluate(try facts(nxdomain)).first)
        #expect(finding.explanation.contains("old.example.com does not resolve (Name or service not known)"))
        let deleted = AndroidFactsFactory.fetched(
            "old.example.com", status: 404,
            body: try TrapFacts.text("deleted-github-pages-site.html"))
        #expect(rule.evaluate(try facts(deleted)).first?.explanation.contains("GitHub Pages") == true)
    }

    @Test func firesForAnIncludedFileWhoseHostIsGone() throws {
        let body = try TrapFacts.text("assetlinks-include-other-site.json")
        var report = AndroidFactsFactory.supplied("example.com", body)
        var gone = RouteResult(
            route: .origin, url: "https://links.vendor-example.net/.well-known/assetlinks.json",
            userAgent: "t")
        gone.error = .dnsFailure(host: "links.vendor-example.net", detail: "No address associated with hostname")
        report.included = [AssetLinksInclude(url: gone.url, result: gone)]
        let findings = rule.evaluate(try facts(report))
        #expect(findings.map(\.subject) == ["example.com: \(gone.url)"])
    }

    @Test func silentOfflineForTemporaryFailuresAndForAnswers() throws {
        let nxdomain = AndroidFactsFactory.fetched(
            "old.example.com", status: nil,
            error: .dnsFailure(
                host: "old.example.com",
                detail: "Name or service not "
                    + "known"))
        #expect(rule.evaluate(try facts(nxdomain, offline: true)).isEmpty)
        let temporary = AndroidFactsFactory.fetched(
            "old.example.com", status: nil,
            error: .dnsFailure(host: "old.example.com", detail: "Temporary failure in name resolution"))
        #expect(rule.evaluate(try facts(temporary)).isEmpty)
        #expect(
            rule.evaluate(
                try facts(
                    AndroidFactsFactory.fetched(
                        "example.com", status: 200,
                        body: AndroidFactsFactory.good))
            ).isEmpty)
        let notFound = AndroidFactsFactory.fetched("example.com", status: 404, body: "Not Found")
        #expect(rule.evaluate(try facts(notFound)).isEmpty)
    }
}
