import Testing

@testable import Findings

@Suite struct ENT016Tests {
    let rule = ENT016SharedHostingDomain()

    @Test(arguments: [
        ("applinks:acme.github.io", "github.io"), ("webcredentials:shop.herokuapp.com", "herokuapp.com"),
        ("applinks:*.acme.web.app", "web.app"), ("applinks:links.acme.pages.dev", "pages.dev"),
    ])
    func firesForHostsUnderAPrivateSuffix(entry: String, suffix: String) {
        let facts = AnalysisFacts(app: FactsFactory.app([FactsFactory.bundle(domains: [entry])]))
        let findings = rule.evaluate(facts)
        #expect(findings.count == 1)
        #expect(findings.first?.explanation.contains("\(suffix) is a shared-hosting suffix") == true)
    }

    @Test(arguments: [
        "applinks:example.com", "applinks:github.com", "applinks:notgithub.io",
        "applinks:web.app.example.com",
    ])
    func silentForDomainsOfTheirOwn(entry: String) {
        let facts = AnalysisFacts(app: FactsFactory.app([FactsFactory.bundle(domains: [entry])]))
        #expect(rule.evaluate(facts).isEmpty)
    }

    @Test func theSuffixItselfIsCalledOut() {
        let facts = AnalysisFacts(app: FactsFactory.app([FactsFactory.bundle(domains: ["applinks:github.io"])]))
        #expect(rule.evaluate(facts).first?.explanation.contains("names the suffix itself") == true)
    }
}
