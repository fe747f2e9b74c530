import Findings
import Testing

@Suite struct BIN003Tests {
    let rule = BIN003OutgoingLinks()

    @Test func citesTheOpenURLStubAndTheUniversalLinksOnlyImport() throws {
        let finding = rule.evaluate(try FactsFactory.appFacts("macho/arm64-applinks-der.bin")).first
        let symbols =
            Set(
                finding?.evidence.compactMap { evidence -> String? in
                    if case .binary(let place) =
                        evidence
                    {
                        place.symbol
                    } else {
                        nil
                    }
                } ?? [])
        #expect(symbols == ["openURL:options:completionHandler:", "UIApplicationOpenURLOptionUniversalLinksOnly"])
    }

    @Test func stillSeesImportsOfAnEncryptedBinary() throws {
        #expect(rule.evaluate(try FactsFactory.appFacts("macho/encrypted-cryptid1.bin")).count == 1)
    }

    @Test func silentWithoutOutgoingCalls() throws {
        #expect(rule.evaluate(try FactsFactory.appFacts("macho/no-receivers.bin")).isEmpty)
    }
}
