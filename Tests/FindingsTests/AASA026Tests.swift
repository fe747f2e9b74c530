import TestSupport
import Testing

@testable import Findings

@Suite struct AASA026Tests {
    let rule = AASA026CMSSignedFile()

    @Test(arguments: ["aasa/cms-signed-definite-length.p7", "aasa/cms-signed-indefinite-length.p7"])
    func firesForACMSSignedBody(fixture: String) throws {
        let report = try FactsFactory.supplied("example.com", data: try Fixtures.data(fixture))
        #expect(rule.evaluate(AnalysisFacts(domains: [report])).map(\.subject) == ["example.com"])
    }

    @Test func silentForPlainJSON() throws {
        let report = try FactsFactory.supplied("example.com", data: try Fixtures.data("aasa/cms-signed-body.json"))
        #expect(rule.evaluate(AnalysisFacts(domains: [report])).isEmpty)
    }
}
