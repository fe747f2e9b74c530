import Findings
import Testing

@Suite struct BIN006Tests {
    let rule = BIN006LegacyReceiversOnly()

    @Test func firesForLegacyOnlyReceivers() throws {
        let finding = rule.evaluate(try FactsFactory.appFacts("macho/legacy-receivers-only.bin")).first
        #expect(finding?.evidence.count == 2)
        #expect(finding?.severity == .low)
    }

    @Test func silentWhenModernReceiversExist() throws {
        #expect(rule.evaluate(try FactsFactory.appFacts("macho/arm64-applinks-der.bin")).isEmpty)
        #expect(rule.evaluate(try FactsFactory.appFacts("macho/no-receivers.bin")).isEmpty)
    }
}
