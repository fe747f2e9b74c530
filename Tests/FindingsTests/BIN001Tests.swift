import Testing

@testable import Findings

@Suite struct BIN001Tests {
    let rule = BIN001NoUniversalLinkReceiver()

    @Test func firesWhenOnlyDecoysArePresent() throws {
        let findings = rule.evaluate(try FactsFactory.appFacts("macho/no-receivers.bin"))
        #expect(findings.count == 1)
        #expect(findings.first?.evidence.contains { if case .binary = $0 { true } else { false } } == true)
    }

    @Test func firesWhenOnlyLegacySchemeReceiversExist() throws {
        // Legacy receivers take custom-scheme URLs, never universal links (EXPECTED.md pins this choice).
        let finding = rule.evaluate(try FactsFactory.appFacts("macho/legacy-receivers-only.bin")).first
        #expect(finding?.explanation.contains("application:handleOpenURL:") == true)
    }

    @Test func silentForAnEncryptedBinary() throws {
        #expect(rule.evaluate(try FactsFactory.appFacts("macho/encrypted-cryptid1.bin")).isEmpty)
    }

    @Test func silentWhenAReceiverExists() throws {
        #expect(rule.evaluate(try FactsFactory.appFacts("macho/arm64-applinks-der.bin")).isEmpty)
        #expect(rule.evaluate(try FactsFactory.appFacts("app/LinkLab.ipa")).isEmpty)
    }

    @Test func silentWithoutApplinks() throws {
        #expect(rule.evaluate(try FactsFactory.appFacts("macho/unsigned-arm64.bin")).isEmpty)
    }
}
