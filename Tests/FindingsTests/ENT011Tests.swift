import Testing

@testable import Findings

@Suite struct ENT011Tests {
    let rule = ENT011AppIDPrefixNotTeam()

    @Test func firesWhenThePrefixIsNotTheTeam() {
        let facts =
            AnalysisFacts(
                app: FactsFactory.app([
                    FactsFactory.bundle(
                        appID: "QWERTY1234.com.example.old",
                        team: "ABCDE12345")
                ]))
        let finding = rule.evaluate(facts).first
        #expect(
            finding?.evidence.contains(
                .entitlement(
                    key: "application-identifier",
                    value: "QWERTY1234.com.example.old")) == true)
        #expect(finding?.explanation.contains("not ABCDE12345.com.example.old") == true)
    }

    @Test func silentWhenPrefixEqualsTeam() throws {
        #expect(rule.evaluate(try FactsFactory.appFacts("app/LinkLab.ipa")).isEmpty)
    }
}
