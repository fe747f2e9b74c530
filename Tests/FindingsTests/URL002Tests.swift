import SiteAssociation
import Testing

@testable import Findings

@Suite struct URL002Tests {
    let rule = URL002ExpectationMismatch()

    @Test func flagsExactlyTheSampleURLsReadmePromises() throws {
        let subjects = Set(rule.evaluate(try FactsFactory.sample()).map(\.subject))
        #expect(
            subjects == [
                "https://shop.example.com/shop/checkout/pay",
                "https://shop.example.com/files/public%2F..%2Fprivate/report.pdf",
                "https://example.org/track/2", "https://example.org/login",
                "https://example.org/oauth/callback?code=abc&state=xyz", "https://www.example.org/account/delete",
            ])
    }

    @Test func flagsAMustOpenURLThatDoesNotOpen() {
        let test = URLTest(
            url: "https://example.com/x", expectation: .mustOpen,
            verdicts: [AppVerdict(appID: "ABCDE12345.com.example.app", decision: .noMatch)])
        let findings =
            rule.evaluate(
                AnalysisFacts(
                    urlTests: [test],
                    options: AnalysisOptions(extraAppIDs: ["ABCDE12345.com.example.app"])))
        #expect(findings.count == 1)
        // A link that stays in the browser is an outage, and its text says only that.
        #expect(findings.first?.category == .reliability)
        #expect(findings.first?.explanation.contains("must not open") == false)
    }

    /// A sensitive URL that opens the app is a security finding whose text speaks of that
    /// direction only (the text no longer describes both directions at once).
    @Test func aMustNotOpenURLThatOpensIsSecurity() throws {
        let findings = rule.evaluate(try FactsFactory.sample())
        #expect(!findings.isEmpty)
        for finding in findings {
            #expect(finding.category == .security)
            #expect(finding.explanation.contains("must not open the app"))
            #expect(!finding.explanation.contains("must open the app (="))
        }
    }

    /// A sample-like app that claims login.example.com only for webcredentials, with a file
    /// supplied for that host: the remediation points at the missing applinks entitlement.
    @Test func remediationNamesTheMissingApplinksEntitlement() throws {
        let bundle = FactsFactory.bundle(domains: ["applinks:example.com", "webcredentials:login.example.com"])
        let file = try FactsFactory.supplied(
            "login.example.com",
            #"""
            {"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],\#
            "components":[{"/":"*"}]}]}}
            """#)
        var facts = AnalysisFacts(app: FactsFactory.app([bundle]), domains: [file])
        facts.urlTests = URLTest.decide(
            [URLListEntry(url: "https://login.example.com/x", expectation: .mustOpen)],
            domains: [], appIDs: facts.linkAppIDs,
            claims: bundle.associatedDomains)
        let finding = try #require(rule.evaluate(facts).first)
        #expect(finding.remediation.contains("applinks:login.example.com"))
        #expect(finding.evidence.contains { "\($0)".contains("only for webcredentials") })
    }

    @Test func ignoresOtherAppsAndUnmarkedURLs() {
        let other = URLTest(
            url: "https://example.com/x", expectation: .mustNotOpen,
            verdicts: [
                AppVerdict(appID: "ABCDE12345.com.example.app", decision: .noMatch),
                AppVerdict(appID: "ZZZZZ99999.com.other", decision: .match),
            ])
        let unmarked =
            URLTest(
                url: "https://example.com/y",
                verdicts: [AppVerdict(appID: "ABCDE12345.com.example.app", decision: .match)])
        let facts =
            AnalysisFacts(
                urlTests: [other, unmarked],
                options: AnalysisOptions(extraAppIDs: ["ABCDE12345.com.example.app"]))
        #expect(rule.evaluate(facts).isEmpty)
    }
}
