import Foundation
import Testing

@testable import Findings

@Suite struct AASA007Tests {
    let rule = AASA007AppNotInAppLinks()

    @Test func firesForTheSampleDomainKeyedAppId() throws {
        let findings = rule.evaluate(try FactsFactory.sample())
        #expect(findings.map(\.subject) == ["go.example.net: ABCDE12345.com.example.app"])
        #expect(findings.first?.severity == .high)
        #expect(findings.first?.category == .reliability)
        #expect(
            findings.first?.evidence.first
                == .associationFile(
                    AssociationFileLocation(
                        host: "go.example.net",
                        pointer: "/applinks/details")))
    }

    @Test func silentWhenTheAppIsListed() throws {
        let report = try FactsFactory.supplied(
            "example.com",
            #"""
            {"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/*"}]}]}}
            """#)
        let facts =
            AnalysisFacts(
                app: FactsFactory.app([FactsFactory.bundle(domains: ["applinks:example.com"])]),
                domains: [report])
        #expect(rule.evaluate(facts).isEmpty)
    }

    @Test func silentWhenTheAppOnlyUsesWebCredentialsThere() throws {
        let report =
            try FactsFactory.supplied(
                "example.com",
                #"{"applinks":{"details":[{"appIDs":["ZZZZZ99999.com.other"],"components":[]}]}}"#)
        let facts =
            AnalysisFacts(
                app: FactsFactory.app([FactsFactory.bundle(domains: ["webcredentials:example.com"])]),
                domains: [report])
        #expect(rule.evaluate(facts).isEmpty)
    }

    @Test func appliesToWildcardEntriesThroughTheApexFile() throws {
        let report =
            try FactsFactory.supplied(
                "*.example.org",
                #"{"applinks":{"details":[{"appIDs":["ZZZZZ99999.com.other"],"components":[]}]}}"#)
        let facts =
            AnalysisFacts(
                app: FactsFactory.app([FactsFactory.bundle(domains: ["applinks:*.example.org"])]),
                domains: [report])
        #expect(rule.evaluate(facts).count == 1)
    }
}
