import Testing

@testable import Findings

@Suite struct SCH004Tests {
    let rule = SCH004OAuthSchemeWithoutPKCE()

    @Test(arguments: [
        "com.googleusercontent.apps.123-abc", "msauth.com.example.app", "fb1234567", "acme-oauth",
        "callback",
    ])
    func firesForACallbackSchemeInABinaryWithoutPKCE(scheme: String) throws {
        let facts = AnalysisFacts(app: try TrapFacts.app(binary: "scheme-callback-no-pkce.bin", schemes: [scheme]))
        let findings = rule.evaluate(facts)
        #expect(findings.count == 1)
        #expect(findings.first?.subject == "Payload/App.app: \(scheme)://")
        #expect(findings.first?.evidence.count == 2)
    }

    @Test func silentWhenTheBinaryHasPKCEStrings() throws {
        let facts = AnalysisFacts(app: try TrapFacts.app(binary: "https-callback-pkce.bin", schemes: ["acme-oauth"]))
        #expect(rule.evaluate(facts).isEmpty)
    }

    @Test(arguments: ["acme", "app", "shop", "com.example.app"])
    func silentForSchemesThatAreNotSignInCallbacks(scheme: String) throws {
        let facts = AnalysisFacts(app: try TrapFacts.app(binary: "scheme-callback-no-pkce.bin", schemes: [scheme]))
        #expect(rule.evaluate(facts).isEmpty)
    }

    @Test func silentWhenTheCodeCouldNotBeRead() throws {
        // No executable read (nothing to search), and an encrypted one (strings unreadable).
        #expect(rule.evaluate(AnalysisFacts(app: try TrapFacts.app(binary: nil, schemes: ["acme-oauth"]))).isEmpty)
        var encrypted = try FactsFactory.inspect("macho/encrypted-cryptid1.bin")
        encrypted.bundles[0].urlSchemes = ["acme-oauth"]
        #expect(rule.evaluate(AnalysisFacts(app: encrypted)).isEmpty)
    }
}
