import TestSupport
import Testing

@testable import Findings

@Suite struct AASA021Tests {
    let rule = AASA021SchemaProblems()

    @Test func firesForTheMisspelledAppIdKeyOfTheSample() throws {
        let findings = rule.evaluate(try FactsFactory.sample()).filter { $0.subject == "go.example.net" }
        #expect(
            findings.contains {
                $0.evidence.first.map {
                    if case .associationFile(let place) =
                        $0
                    {
                        place.pointer == "/applinks/details/0/appId"
                    } else {
                        false
                    }
                } == true
            })
    }

    @Test(arguments: ["aasa/bom.json", "aasa/comments-and-trailing-commas.json"])
    func firesForSyntaxTheDeviceRejects(fixture: String) throws {
        let report = try FactsFactory.supplied("example.com", data: try Fixtures.data(fixture))
        let findings = rule.evaluate(AnalysisFacts(domains: [report]))
        #expect(!findings.isEmpty)
        #expect(
            findings.allSatisfy { finding in
                finding.evidence.allSatisfy {
                    if case .associationFile(let place) =
                        $0
                    {
                        place.line != nil
                    } else {
                        false
                    }
                }
            })
    }

    @Test func silentForAppleExample() throws {
        let report = try FactsFactory.supplied("example.com", file: Fixtures.url("aasa/apple-example-rules.json"))
        #expect(rule.evaluate(AnalysisFacts(domains: [report])).isEmpty)
    }
}
