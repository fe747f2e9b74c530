import Testing

@testable import Findings

@Suite struct AASA025Tests {
    let rule = AASA025WebCredentialsNotListed()

    @Test func firesWhenTheFileLacksWebCredentials() throws {
        let report = try FactsFactory.supplied("example.com", #"{"applinks":{"details":[]}}"#)
        let facts =
            AnalysisFacts(
                app: FactsFactory.app([FactsFactory.bundle(domains: ["webcredentials:example.com"])]),
                domains: [report])
        #expect(
            rule.evaluate(facts).first?
                .evidence.first
                == .associationFile(
                    AssociationFileLocation(
                        host: "example.com",
                        pointer: "/webcredentials")))
    }

    @Test func silentWhenListed() throws {
        let report =
            try FactsFactory.supplied("example.com", #"{"webcredentials":{"apps":["ABCDE12345.com.example.app"]}}"#)
        let facts =
            AnalysisFacts(
                app: FactsFactory.app([FactsFactory.bundle(domains: ["webcredentials:example.com"])]),
                domains: [report])
        #expect(rule.evaluate(facts).isEmpty)
    }
}
