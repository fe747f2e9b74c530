import Testing

@testable import Findings

@Suite struct BIN004Tests {
    let rule = BIN004ReceiversWithWebView()

    @Test func firesForReceiversPlusWKWebView() throws {
        let finding = rule.evaluate(try FactsFactory.appFacts("macho/arm64-applinks-der.bin")).first
        #expect(finding?.explanation.contains("loadRequest:") == true)
        #expect(finding?.explanation.contains("WKWebView") == true)
    }

    @Test func silentWithWebViewsButNoReceivers() throws {
        // The encrypted fixture's imports show WKWebView, but no receiver is readable.
        #expect(rule.evaluate(try FactsFactory.appFacts("macho/encrypted-cryptid1.bin")).isEmpty)
        #expect(rule.evaluate(try FactsFactory.appFacts("macho/legacy-receivers-only.bin")).isEmpty)
    }
}
