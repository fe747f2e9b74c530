import Testing

@testable import Findings

@Suite struct SCH003Tests {
    let rule = SCH003SignInPathOnSchemeAndLink()

    func facts(file: String, schemes: [String]) throws -> AnalysisFacts {
        AnalysisFacts(
            app: try TrapFacts.app(binary: nil, domains: ["applinks:example.com"], schemes: schemes),
            domains: [try TrapFacts.supplied("example.com", file)])
    }

    @Test func firesWhenACallbackPathOpensTheAppThatAlsoTakesASchemeURL() throws {
        let findings = rule.evaluate(try facts(file: "aasa-signin-paths.json", schemes: ["acme"]))
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(finding.explanation.contains("routes /oauth/callback/* into"))
        #expect(finding.explanation.contains("acme://example.com/oauth/callback/x"))
        #expect(!finding.explanation.contains("/reset/"), "excluded paths do not count")
        let pointer = "/applinks/details/0/components/1"
        #expect(finding.evidence.contains(.associationFile(.init(host: "example.com", pointer: pointer))))
    }

    @Test func silentWithoutASchemeOrWithoutSignInPaths() throws {
        #expect(rule.evaluate(try facts(file: "aasa-signin-paths.json", schemes: [])).isEmpty)
        #expect(rule.evaluate(try facts(file: "aasa-no-signin-paths.json", schemes: ["acme"])).isEmpty)
    }

    @Test func legacyPathsCountAndNOTPathsDoNot() throws {
        let file =
            #"{"applinks": {"apps": [], "details": [{"appID": "ABCDE12345.com.example.app", "#
            + #""paths": ["NOT /login/*", "/sso/*"]}]}}"#
        let facts = AnalysisFacts(
            app: try TrapFacts.app(
                binary: nil, domains: ["applinks:example.com"],
                schemes: ["acme"]),
            domains: [try FactsFactory.supplied("example.com", file)])
        let finding = try #require(rule.evaluate(facts).first)
        #expect(finding.explanation.contains("routes /sso/* into"))
        #expect(!finding.explanation.contains("/login/"))
    }
}
