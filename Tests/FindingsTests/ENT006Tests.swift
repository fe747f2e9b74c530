import Testing

@testable import Findings

@Suite struct ENT006Tests {
    let rule = ENT006EntitlementsDisagree()

    @Test(arguments: ["macho/xml-der-disagree.bin", "macho/xml-der-disagree-rehashed.bin"])
    func firesWhenXMLAndDERDisagree(fixture: String) throws {
        let findings = rule.evaluate(try FactsFactory.appFacts(fixture))
        #expect(findings.count == 1)
        #expect(findings.first?.explanation.contains("disagree") == true)
    }

    @Test func namesTheMismatchedDERSlot() throws {
        let finding = rule.evaluate(try FactsFactory.appFacts("macho/xml-der-disagree.bin")).first
        #expect(finding?.explanation.contains("DER entitlements (slot 7)") == true)
        #expect(
            finding?.evidence.contains {
                if case .binary(let place) =
                    $0
                {
                    place.section == "LC_CODE_SIGNATURE"
                } else {
                    false
                }
            } == true)
    }

    @Test func silentForAConsistentSignature() throws {
        #expect(rule.evaluate(try FactsFactory.appFacts("macho/arm64-applinks-der.bin")).isEmpty)
        #expect(rule.evaluate(try FactsFactory.appFacts("app/LinkLab.ipa")).isEmpty)
    }
}
