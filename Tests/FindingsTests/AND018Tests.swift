import AndroidApp
import Testing

@testable import Findings

@Suite struct AND018Tests {
    let rule = AND018FirebaseDynamicLinksHost()

    func facts(host: String, scheme: String = "https", exported: Bool = true) throws -> AndroidFacts {
        let activity = AndroidFactsFactory.activity(
            exported: exported,
            [
                AndroidFactsFactory.data(scheme: scheme, host: host)
            ])
        return AndroidFacts(snapshot: try AndroidFactsFactory.apk(activities: [activity]), offline: true)
    }

    @Test(arguments: ["acme.page.link", "app.goo.gl", "*.page.link"])
    func firesForAFilterOnAFirebaseDynamicLinksHost(host: String) throws {
        let findings = rule.evaluate(try facts(host: host))
        #expect(findings.count == 1)
        #expect(findings.first?.subject == "com.linklab.shop.Links: \(host)")
        #expect(findings.first?.severity == .high)
    }

    @Test func silentForOtherHostsCustomSchemesAndUnexportedActivities() throws {
        #expect(rule.evaluate(try facts(host: "shop.example.com")).isEmpty)
        #expect(rule.evaluate(try facts(host: "acme.page.link", scheme: "acme")).isEmpty)
        #expect(rule.evaluate(try facts(host: "acme.page.link", exported: false)).isEmpty)
        #expect(rule.evaluate(AndroidFacts(snapshot: try AndroidFactsFactory.apk(), offline: true)).isEmpty)
    }
}
