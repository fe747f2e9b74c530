import Testing

@testable import Findings

@Suite struct AASA023Tests {
    let rule = AASA023NearMissAppID()

    @Test(arguments: ["ABCDE12345.com.example.app", "abcde12345.com.example.app"])
    func firesForAnotherPrefixOrCase(listed: String) throws {
        let report =
            try FactsFactory.supplied(
                "example.com",
                #"{"applinks":{"details":[{"appIDs":["\#(listed)"],"components":[]}]}}"#)
        let bundle =
            FactsFactory.bundle(
                appID: listed == "ABCDE12345.com.example.app"
                    ? "QWERTY9876.com.example.app" : "ABCDE12345.com.example.app", domains: ["applinks:example.com"])
        let finding = rule.evaluate(AnalysisFacts(app: FactsFactory.app([bundle]), domains: [report])).first
        #expect(
            finding?.evidence.first
                == .associationFile(
                    AssociationFileLocation(
                        host: "example.com",
                        pointer: "/applinks/details/0/appIDs/0")))
    }

    @Test func silentForAnUnrelatedApp() throws {
        let report =
            try FactsFactory.supplied(
                "example.com",
                #"{"applinks":{"details":[{"appIDs":["ZZZZZ99999.com.partner.deals"],"components":[]}]}}"#)
        let facts =
            AnalysisFacts(
                app: FactsFactory.app([FactsFactory.bundle(domains: ["applinks:example.com"])]),
                domains: [report])
        #expect(rule.evaluate(facts).isEmpty)
    }
}
