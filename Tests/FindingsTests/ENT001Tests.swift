import Testing

@testable import Findings

@Suite struct ENT001Tests {
    let rule = ENT001NoAssociatedDomains()

    @Test func firesForAnUnsignedBinaryWithoutEntitlements() throws {
        let findings = rule.evaluate(try FactsFactory.appFacts("macho/unsigned-arm64.bin"))
        #expect(findings.count == 1)
        #expect(findings.first?.evidence.contains { if case .binary = $0 { true } else { false } } == true)
    }

    @Test func firesForALinkerSignedBinary() throws {
        #expect(rule.evaluate(try FactsFactory.appFacts("macho/linker-signed-arm64.bin")).count == 1)
    }

    @Test func silentWhenAnyBundleDeclaresDomains() throws {
        #expect(rule.evaluate(try FactsFactory.appFacts("macho/arm64-applinks-der.bin")).isEmpty)
        let facts =
            AnalysisFacts(
                app: FactsFactory.app([
                    FactsFactory.bundle(),
                    FactsFactory.bundle(
                        .extension, path: "Payload/App.app/PlugIns/S.appex",
                        domains: ["webcredentials:example.com"]),
                ]))
        #expect(rule.evaluate(facts).isEmpty)
    }

    @Test func silentForADomainOnlyAnalysis() {
        #expect(rule.evaluate(AnalysisFacts()).isEmpty)
    }
}
