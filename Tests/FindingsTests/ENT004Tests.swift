import MachOReader
import Testing

@testable import Findings

@Suite struct ENT004Tests {
    let rule = ENT004DeveloperModeInRelease()

    @Test func firesForModeEntriesInTheReleaseLookingFixture() throws {
        let raws =
            Set(
                rule.evaluate(try FactsFactory.appFacts("macho/odd-domains.bin"))
                    .map { $0.subject.components(separatedBy: ": ").last ?? "" })
        #expect(
            raws.isSuperset(of: [
                "applinks:example.com?mode=developer", "applinks:example.com?mode=managed",
                "applinks:example.com?mode=developer+managed",
            ]))
        #expect(!raws.contains("applinks:example.com"))
    }

    @Test func silentWhenTheBuildIsDebuggable() throws {
        #expect(rule.evaluate(try FactsFactory.appFacts("macho/arm64-applinks-der.bin")).isEmpty)
        let facts =
            AnalysisFacts(
                app: FactsFactory.app([
                    FactsFactory.bundle(
                        domains: ["applinks:dev.example.com?mode=developer"],
                        entitlements: ["get-task-allow": .bool(true)])
                ]))
        #expect(rule.evaluate(facts).isEmpty)
    }

    @Test func firesWhenGetTaskAllowIsFalse() {
        let facts =
            AnalysisFacts(
                app: FactsFactory.app([
                    FactsFactory.bundle(
                        domains: ["applinks:dev.example.com?mode=managed"],
                        entitlements: ["get-task-allow": .bool(false)])
                ]))
        #expect(rule.evaluate(facts).count == 1)
    }
}
