import AppInspection
import Testing

@testable import Findings

@Suite struct ENT013Tests {
    let rule = ENT013BundleIDNotSigningIdentifier()

    @Test func firesWhenTheBundleIDIsNotTheSigningIdentifier() throws {
        var app = try FactsFactory.inspect("app/LinkLab.ipa")
        let signed = try #require(app.bundles[0].slices.first?.signingIdentifier)
        app.bundles[0].bundleIdentifier = "com.example.edited"
        let findings = rule.evaluate(AnalysisFacts(app: app))
        #expect(findings.count == 1)
        #expect(findings.first?.subject == "Payload/LinkLab.app")
        #expect(findings.first?.evidence.contains(.text("CodeDirectory identifier \(signed)")) == true)
    }

    @Test func silentWhenTheyAgree() throws {
        #expect(rule.evaluate(try FactsFactory.appFacts("app/LinkLab.ipa")).isEmpty)
    }
}
