import AppInspection
import Foundation
import Testing

@testable import Findings

@Suite struct ENT005Tests {
    let rule = ENT005DomainNotInProfile()

    @Test func firesForTheSampleDomainTheProfileLacks() throws {
        let app = try AppInspector.inspect(at: FactsFactory.sampleURL("LinkLabSample.ipa"))
        let findings = rule.evaluate(AnalysisFacts(app: app))
        #expect(findings.map(\.subject) == ["Payload/LinkLab.app: applinks:go.example.net"])
        #expect(
            findings.first?.evidence.first
                == .entitlement(
                    key: "com.apple.developer.associated-domains",
                    value: "applinks:go.example.net"))
    }

    @Test func silentWhenTheProfileAllowsEverything() throws {
        #expect(rule.evaluate(try FactsFactory.appFacts("app/LinkLab.ipa")).isEmpty)
    }

    @Test func silentWithoutAProfile() throws {
        #expect(rule.evaluate(try FactsFactory.appFacts("macho/odd-domains.bin")).isEmpty)
    }

    @Test(arguments: [
        ("applinks:example.com", ["*"], true),
        ("applinks:example.com", ["applinks:*"], true),
        ("applinks:shop.example.com", ["applinks:*.example.com"], true),
        ("applinks:example.com", ["applinks:*.example.com"], false),
        ("applinks:EXAMPLE.com", ["applinks:example.com"], true),
        ("applinks:example.com?mode=developer", ["applinks:example.com"], true),
        ("applinks:evil.com", ["applinks:example.com", "webcredentials:*"], false),
        ("webcredentials:evil.com", ["webcredentials:*"], true),
        ("applinks:example.com", [], false),
    ])
    func ceilingPatterns(entry: String, ceiling: [String], allowed: Bool) {
        #expect(ENT005DomainNotInProfile.allowed(entry, by: ceiling) == allowed)
    }
}
