import Testing

@testable import Findings

@Suite struct AASA027Tests {
    let rule = AASA027HiddenCharacters()

    @Test func firesForABidiControlInARuleAndShowsItAsAMarker() throws {
        let body = """
            {\"applinks\": {\"details\": [{\"appIDs\": [\"ABCDE12345.com.example.app\"], \"components\": \
            [{\"/\": \"/admin\u{202E}/*\", \"exclude\": true}]}]}}
            """
        let findings = rule.evaluate(AnalysisFacts(domains: [try FactsFactory.supplied("example.com", body)]))
        #expect(findings.map(\.subject) == ["example.com"])
        let text = findings.first?.explanation ?? ""
        #expect(text.contains("‹U+202E›"), "\(text)")
        #expect(!text.unicodeScalars.contains { $0 == "\u{202E}" })
        #expect(findings.first?.category == .security)
    }

    @Test func silentForACleanFileAndOrdinaryNonASCIIText() throws {
        let body = #"""
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/café/*"}]}]}}
            """#
        #expect(rule.evaluate(AnalysisFacts(domains: [try FactsFactory.supplied("example.com", body)])).isEmpty)
    }
}
