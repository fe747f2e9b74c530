import Testing

@testable import Findings

@Suite struct AASA019Tests {
    let rule = AASA019OtherAppsClaimDomain()

    @Test func listsThePartnerAppOfTheSample() throws {
        let finding = rule.evaluate(try FactsFactory.sample()).first { $0.subject == "go.example.net" }
        #expect(
            finding?.evidence == [
                .associationFile(
                    AssociationFileLocation(
                        host: "go.example.net",
                        pointer: "/applinks/details/1/appIDs/0"))
            ])
        #expect(finding?.explanation.contains("ZZZZZ99999.com.partner.deals (another team)") == true)
    }

    @Test func silentWhenOnlyTheAppIsListed() throws {
        let report =
            try FactsFactory.supplied(
                "example.com",
                #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[]}]}}"#)
        let facts =
            AnalysisFacts(
                app: FactsFactory.app([FactsFactory.bundle(domains: ["applinks:example.com"])]),
                domains: [report])
        #expect(rule.evaluate(facts).isEmpty)
    }

    @Test func silentWithoutAnAppToCompareWith() throws {
        let report =
            try FactsFactory.supplied(
                "example.com",
                #"{"applinks":{"details":[{"appIDs":["ZZZZZ99999.com.other"],"components":[]}]}}"#)
        #expect(rule.evaluate(AnalysisFacts(domains: [report])).isEmpty)
    }
}
