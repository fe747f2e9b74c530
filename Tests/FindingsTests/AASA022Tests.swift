import Testing

@testable import Findings

@Suite struct AASA022Tests {
    let rule = AASA022AppUnderOtherServiceOnly()

    @Test func pointsAtTheWebCredentialsEntry() throws {
        let report =
            try FactsFactory.supplied(
                "example.com",
                #"{"applinks":{"details":[]},"webcredentials":{"apps":["ABCDE12345.com.example.app"]}}"#)
        let facts =
            AnalysisFacts(
                app: FactsFactory.app([FactsFactory.bundle(domains: ["applinks:example.com"])]),
                domains: [report])
        let finding = rule.evaluate(facts).first
        #expect(
            finding?.evidence.first
                == .associationFile(
                    AssociationFileLocation(
                        host: "example.com",
                        pointer: "/webcredentials/apps/0")))
    }

    @Test func silentWhenApplinksListsTheApp() throws {
        let report = try FactsFactory.supplied(
            "example.com",
            #"""
            {"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[]}]},\#
            "webcredentials":{"apps":["ABCDE12345.com.example.app"]}}
            """#)
        let facts =
            AnalysisFacts(
                app: FactsFactory.app([FactsFactory.bundle(domains: ["applinks:example.com"])]),
                domains: [report])
        #expect(rule.evaluate(facts).isEmpty)
    }
}
