import AndroidApp
import Testing

@testable import Findings

@Suite struct AND019Tests {
    let rule = AND019IncludeOnOtherSite()

    func facts(_ file: String) throws -> AndroidFacts {
        AndroidFacts(
            snapshot: try AndroidFactsFactory.apk(),
            assetLinks: [
                AndroidFactsFactory.supplied("example.com", try TrapFacts.text(file))
            ], offline: true)
    }

    @Test func firesForIncludesOnAnotherSiteAndOnASharedHostingSuffix() throws {
        let findings = rule.evaluate(try facts("assetlinks-include-other-site.json"))
        #expect(
            findings.map(\.subject) == [
                "example.com: https://links.vendor-example.net/.well-known/assetlinks.json",
                "example.com: https://shop-links.herokuapp.com/.well-known/assetlinks.json",
            ])
        #expect(findings.first?.explanation.contains("belongs to vendor-example.net, not to example.com") == true)
        #expect(findings.last?.explanation.contains("shared-hosting suffix herokuapp.com") == true)
    }

    @Test func silentForIncludesOnTheSameSite() throws {
        #expect(rule.evaluate(try facts("assetlinks-include-same-site.json")).isEmpty)
        #expect(
            rule.evaluate(
                AndroidFacts(
                    snapshot: try AndroidFactsFactory.apk(),
                    assetLinks: [
                        AndroidFactsFactory.supplied("example.com", AndroidFactsFactory.good)
                    ], offline: true)
            ).isEmpty)
    }

    /// A site under a shared-hosting suffix including its own file adds no one new to trust;
    /// another name under the same suffix does.
    @Test func aSharedHostingSiteIncludingItselfIsSilent() throws {
        let own = #"[{"include": "https://acme.github.io/x/assetlinks.json"}]"#
        let same = AndroidFacts(
            snapshot: try AndroidFactsFactory.apk(),
            assetLinks: [AndroidFactsFactory.supplied("acme.github.io", own)], offline: true)
        #expect(rule.evaluate(same).isEmpty)
        let other = #"[{"include": "https://evil.github.io/assetlinks.json"}]"#
        let foreign = AndroidFacts(
            snapshot: try AndroidFactsFactory.apk(),
            assetLinks: [AndroidFactsFactory.supplied("acme.github.io", other)], offline: true)
        #expect(rule.evaluate(foreign).count == 1)
    }

    @Test func aTwoLabelCountrySuffixKeepsItsOwnerTogether() throws {
        let body = #"[{"include": "https://cdn.shop.co.uk/.well-known/assetlinks.json"}]"#
        let same = AndroidFacts(
            snapshot: try AndroidFactsFactory.apk(),
            assetLinks: [AndroidFactsFactory.supplied("www.shop.co.uk", body)], offline: true)
        #expect(rule.evaluate(same).isEmpty)
        let other = AndroidFacts(
            snapshot: try AndroidFactsFactory.apk(),
            assetLinks: [AndroidFactsFactory.supplied("www.other.co.uk", body)], offline: true)
        #expect(rule.evaluate(other).count == 1)
    }
}
