import Testing

@testable import Findings

@Suite struct BIN007Tests {
    let rule = BIN007HTTPSCallbackWithoutWebCredentials()

    @Test func firesWhenTheHTTPSCallbackHasNoWebCredentialsEntry() throws {
        let facts = AnalysisFacts(
            app: try TrapFacts.app(
                binary: "https-callback-pkce.bin",
                domains: ["applinks:example.com"]))
        let finding = try #require(rule.evaluate(facts).first)
        #expect(finding.explanation.contains("declares no webcredentials domain"))
        guard case .binary(let location)? = finding.evidence.first else {
            Issue.record("binary evidence first: \(finding.evidence)")
            return
        }
        #expect(location.symbol == "callbackWithHTTPSHost:path:")
        #expect(finding.severity == .medium, "the app's own code calls it and no custom scheme could carry it")
    }

    /// A custom scheme beside the call: an SDK that supports both callbacks carries the selector
    /// either way, so the finding is low and says it matters if the https callback is used.
    @Test func aCustomSchemeBesideTheCallMakesItLow() throws {
        let facts = AnalysisFacts(
            app: try TrapFacts.app(
                binary: "https-callback-pkce.bin",
                domains: ["applinks:example.com"], schemes: ["myapp-auth"]))
        let finding = try #require(rule.evaluate(facts).first)
        #expect(finding.severity == .low)
        #expect(finding.explanation.contains("myapp-auth://, which a sign-in session may use instead"))
    }

    @Test func firesWhenTheDomainsFileDoesNotListTheApp() throws {
        let facts = AnalysisFacts(
            app: try TrapFacts.app(binary: "https-callback-pkce.bin", domains: ["webcredentials:example.com"]),
            domains: [try TrapFacts.supplied("example.com", "aasa-no-signin-paths.json")])
        let finding = try #require(rule.evaluate(facts).first)
        #expect(
            finding.explanation.contains(
                "no such host's file lists ABCDE12345.com.example.app under webcredentials"))
        #expect(
            finding.evidence.contains(
                .entitlement(
                    key: "com.apple.developer.associated-domains",
                    value: "webcredentials:example.com")))
    }

    @Test func silentWhenAssociatedOrUnknownOrNoHTTPSCallback() throws {
        let listed = AnalysisFacts(
            app: try TrapFacts.app(binary: "https-callback-pkce.bin", domains: ["webcredentials:example.com"]),
            domains: [try TrapFacts.supplied("example.com", "aasa-signin-paths.json")])
        #expect(rule.evaluate(listed).isEmpty)
        // The entry is there but its file was not read: nothing is known about the domain's side.
        let unknown = AnalysisFacts(
            app: try TrapFacts.app(
                binary: "https-callback-pkce.bin",
                domains: ["webcredentials:example.com"]))
        #expect(rule.evaluate(unknown).isEmpty)
        let noCallback = AnalysisFacts(app: try TrapFacts.app(binary: "scheme-callback-no-pkce.bin"))
        #expect(rule.evaluate(noCallback).isEmpty)
    }
}
