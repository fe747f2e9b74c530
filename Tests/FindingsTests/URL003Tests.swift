import SiteAssociation
import Testing

@testable import Findings

@Suite struct URL003Tests {
    let rule = URL003LinkConfusion()
    static let appID = "ABCDE12345.com.example.app"
    static let file =
        #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"#
        + #""components":[{"/":"/admin/*","exclude":true},{"/":"*"}]}]}}"#

    func facts(_ urls: [String]) throws -> AnalysisFacts {
        let domains = [try FactsFactory.supplied("example.com", Self.file)]
        let tests = URLTest.decide(urls.map { URLListEntry(url: $0) }, domains: domains, appIDs: [Self.appID])
        return AnalysisFacts(domains: domains, urlTests: tests, options: AnalysisOptions(extraAppIDs: [Self.appID]))
    }

    /// `\@`: the browser and Android read the host before the backslash, Foundation the host after
    /// the `@` (it percent-encodes the backslash into the user name).
    @Test func flagsHostsThatDiffer() throws {
        let findings = rule.evaluate(try facts(["https://trusted.example\\@evil.example/"]))
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.id == "URL-003" && finding.category == .security)
        // Neither host is one the app claims: reported, at info.
        #expect(finding.severity == .info && finding.explanation.contains("No reading names a host the app claims"))
        #expect(finding.explanation.contains("hosts differ"))
        #expect(finding.explanation.contains("Foundation evil.example"))
        #expect(finding.explanation.contains("browser trusted.example"))
        let android = "Android Uri.parse (app → Android): host trusted.example, path \\@evil.example/"
        #expect(finding.evidence.contains(.text(android)))
    }

    /// Same host everywhere, but the browser removes `%2e%2e` as a dot segment: the app-opened
    /// string opens the app, the link tapped in Safari reaches the exclude rule.
    @Test func flagsADecisionThatDiffersThroughTheBrowser() throws {
        let url = "https://example.com/x/%2e%2e/admin/panel"
        let facts = try facts([url])
        #expect(facts.urlTests.first?.verdicts.first?.decision == .match)
        let finding = try #require(rule.evaluate(facts).first)
        #expect(!finding.explanation.contains("hosts differ"))
        #expect(
            finding.explanation.contains(
                "iOS opens \(Self.appID) for the string as an app passes it, and no app "
                    + "for https://example.com/admin/panel"))
    }

    /// An explicit default port: every parser reads the same host and port, but iOS's matcher
    /// compares the port as written (the string with `:443` opens no app) while the browser
    /// drops it (the tapped link opens the app).
    @Test func flagsTheDefaultPortThatOnlyTheBrowserDrops() throws {
        let finding = try #require(rule.evaluate(try facts(["https://example.com:443/buy/42"])).first)
        #expect(!finding.explanation.contains("hosts differ"))
        #expect(
            finding.explanation.contains(
                "iOS opens no app for the string as an app passes it, and \(Self.appID) "
                    + "for https://example.com/buy/42"))
    }

    /// A confusion that names a claimed host is medium: the link an allow-list approves for
    /// example.com is the link Foundation sends to evil.example.
    @Test func aConfusionNamingAClaimedHostIsMedium() throws {
        let finding = try #require(rule.evaluate(try facts(["https://example.com\\@evil.example/"])).first)
        #expect(finding.severity == .medium)
        #expect(!finding.explanation.contains("No reading names"))
    }

    /// Spellings of one host (case) with one decision are not a finding, nor is a custom-scheme
    /// link every parser reads alike.
    @Test func silentWhenReadingsAgree() throws {
        let facts = try facts([
            "https://example.com/buy/42", "https://EXAMPLE.com/buy/42",
            "https://example.com/a/b?x=1#f", "linklab://cart/1",
        ])
        #expect(rule.evaluate(facts).isEmpty)
    }

    /// The sample's list plants one link-confusion URL (its last line); every other line reads alike.
    @Test func onlyThePlantedLineOfTheSampleAndNothingWithoutURLs() throws {
        let findings = rule.evaluate(try FactsFactory.sample())
        #expect(findings.map(\.subject) == ["https://shop.example.com\\@evil.example/shop/shoes/42"])
        #expect(findings.first?.severity == .medium, "shop.example.com is a claimed host")
        #expect(rule.evaluate(AnalysisFacts()).isEmpty)
    }
}
