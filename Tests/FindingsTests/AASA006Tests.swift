import Foundation
import Testing

@testable import Findings

@Suite struct AASA006Tests {
    let rule = AASA006TooLarge()

    @Test func firesForAFileOverTheCap() throws {
        var big = #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":["#
        while big.utf8.count <= 131_072 { big += #"{"/":"/a/very/long/path/segment/*"},"# }
        big += #"{"/":"/"}]}]}}"#
        let report = try FactsFactory.supplied("example.com", big)
        let finding = rule.evaluate(AnalysisFacts(domains: [report])).first
        #expect(finding?.explanation.contains("\(big.utf8.count) bytes") == true)
    }

    @Test func silentForASmallFile() throws {
        let report = try FactsFactory.supplied("example.com", #"{"applinks":{"details":[]}}"#)
        #expect(rule.evaluate(AnalysisFacts(domains: [report])).isEmpty)
    }
}
