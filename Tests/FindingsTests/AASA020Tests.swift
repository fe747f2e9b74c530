import Testing

@testable import Findings

@Suite struct AASA020Tests {
    let rule = AASA020OtherServices()

    @Test func firesForWebCredentialsOfTheSample() throws {
        let finding = rule.evaluate(try FactsFactory.sample()).first { $0.subject == "*.example.org: webcredentials" }
        #expect(
            finding?.evidence.first.map {
                if case .associationFile(let place) =
                    $0
                {
                    place.pointer.hasPrefix("/webcredentials/apps/")
                } else {
                    false
                }
            } == true)
    }

    @Test func silentWhenAnotherAppIsListed() throws {
        let report =
            try FactsFactory.supplied(
                "example.com",
                #"{"webcredentials":{"apps":["ZZZZZ99999.com.other"]},"appclips":{"apps":[]}}"#)
        let facts = AnalysisFacts(app: FactsFactory.app([FactsFactory.bundle()]), domains: [report])
        #expect(rule.evaluate(facts).isEmpty)
    }
}
