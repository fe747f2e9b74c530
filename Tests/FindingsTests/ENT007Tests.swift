import MachOReader
import Testing

@testable import Findings

@Suite struct ENT007Tests {
    let rule = ENT007DebuggableBuild()

    @Test func firesOnceForTheDebuggableIPA() throws {
        let findings = rule.evaluate(try FactsFactory.appFacts("app/LinkLab.ipa"))
        #expect(findings.count == 1)
        #expect(findings.first?.subject == "Payload/LinkLab.app")
        #expect(
            findings.first?.evidence.contains(
                .entitlement(
                    key: "get-task-allow",
                    value: "true (Payload/LinkLab.app)")) == true)
    }

    @Test func silentForAReleaseBuild() throws {
        #expect(rule.evaluate(try FactsFactory.appFacts("macho/odd-domains.bin")).isEmpty)
        let facts =
            AnalysisFacts(app: FactsFactory.app([FactsFactory.bundle(entitlements: ["get-task-allow": .bool(false)])]))
        #expect(rule.evaluate(facts).isEmpty)
    }
}
