import Testing

@testable import Findings

@Suite struct ENT014Tests {
    let rule = ENT014FirebaseDynamicLinksHost()

    @Test(arguments: [
        "applinks:shop.page.link", "applinks:app.goo.gl", "webcredentials:links.page.link",
        "applinks:*.page.link", "applinks:acme.app.goo.gl",
    ])
    // (A trailing dot, `shop.page.link.`, names the same host: PlatformTrapsTests checks it.)
    func firesForEveryFirebaseDynamicLinksHost(entry: String) {
        let bundle = FactsFactory.bundle(domains: ["applinks:example.com", entry])
        let facts = AnalysisFacts(app: FactsFactory.app([bundle]))
        let findings = rule.evaluate(facts)
        #expect(findings.count == 1)
        #expect(findings.first?.evidence == [.entitlement(key: "com.apple.developer.associated-domains", value: entry)])
        #expect(findings.first?.severity == .high && findings.first?.category == .reliability)
    }

    @Test(arguments: [
        "applinks:example.com", "applinks:page.link.example.com", "applinks:mypage.link",
        "applinks:goo.gl", "applinks:notapp.goo.gl.example.org",
    ])
    func silentForOtherHosts(entry: String) {
        let facts = AnalysisFacts(app: FactsFactory.app([FactsFactory.bundle(domains: [entry])]))
        #expect(rule.evaluate(facts).isEmpty)
    }

    @Test func silentForTheSampleAndTheSignedFixture() throws {
        #expect(rule.evaluate(try FactsFactory.appFacts("macho/arm64-applinks-der.bin")).isEmpty)
    }
}
