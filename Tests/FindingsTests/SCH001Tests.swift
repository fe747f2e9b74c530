import Testing

@testable import Findings

@Suite struct SCH001Tests {
    let rule = SCH001CustomURLSchemes()

    @Test func listsEachSchemeAndEscalatesTheGenericOne() throws {
        let findings = rule.evaluate(try FactsFactory.appFacts("app/LinkLab.ipa"))
        let bySubject = Dictionary(uniqueKeysWithValues: findings.map { ($0.subject, $0.severity) })
        #expect(bySubject["Payload/LinkLab.app: linklab://"] == .low)
        #expect(bySubject["Payload/LinkLab.app: myapp://"] == .medium)
    }

    @Test(arguments: [
        ("fb1234567890", true), ("com.googleusercontent.apps.123-abc", true),
        ("msauth.com.example.app", true),
        ("app", true), ("myapp-oauth", true), ("linklab", false), ("com.example.app", false),
        ("fbshare", false),
    ])
    func escalation(scheme: String, escalated: Bool) {
        #expect((SCH001CustomURLSchemes.escalation(scheme, bundleIdentifier: "com.example.app") != nil) == escalated)
    }

    @Test func silentWithoutSchemes() throws {
        #expect(rule.evaluate(try FactsFactory.appFacts("macho/arm64-applinks-der.bin")).isEmpty)
    }
}
