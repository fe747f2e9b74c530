import Findings
import Testing

@Suite struct BIN005Tests {
    let rule = BIN005EncryptedBinary()

    @Test func firesForCryptID1() throws {
        let findings = rule.evaluate(try FactsFactory.appFacts("macho/encrypted-cryptid1.bin"))
        #expect(findings.count == 1)
        #expect(
            findings.first?.evidence.first.map {
                if case .binary(let place) =
                    $0
                {
                    place.slice == "arm64"
                } else {
                    false
                }
            } == true)
    }

    @Test func silentForCryptID0() throws {
        #expect(rule.evaluate(try FactsFactory.appFacts("macho/arm64-applinks-der.bin")).isEmpty)
    }
}
