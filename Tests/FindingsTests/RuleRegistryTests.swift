import Foundation
import TestSupport
import Testing

@testable import Findings

/// Every rule written under `Shared/Findings/Rules/` is in its catalogue (iOS, Android, device
/// probes, both platforms), once, every catalogue is in the registry, and every rule of a
/// catalogue has a test file of its own (`Tests/FindingsTests/<ID>Tests.swift`).
@Suite struct RuleRegistryTests {
    /// `(type name, facts type)` of each `public struct X: FindingRule` declared under Rules/, read from
    /// its `func evaluate(_ facts: …)`.
    static func declaredRules() throws -> [(name: String, protocol: String)] {
        let folder = Fixtures.repositoryRoot.appendingPathComponent("Shared/Findings/Rules")
        let pattern = try Regex(#"(?s)public struct (\w+): FindingRule \{.*?func evaluate\(_ facts: (\w+)\)"#)
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().flatMap { file in
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            return text.matches(of: pattern).compactMap { match -> (String, String)? in
                guard let name = match.output[1].substring, let kind = match.output[2].substring else { return nil }
                return (String(name), String(kind))
            }
        }
    }

    @Test func everyDeclaredRuleIsInItsCatalogueOnce() throws {
        let declared = try Self.declaredRules()
        #expect(declared.count >= 60, "the scan of Rules/ found \(declared.count) rules")
        let ios = FindingRules.iOS.rules.map { String(describing: type(of: $0)) }
        let android = FindingRules.android.rules.map { String(describing: type(of: $0)) }
        let probes = FindingRules.probes.rules.map { String(describing: type(of: $0)) }
        let both = FindingRules.crossPlatform.rules.map { String(describing: type(of: $0)) }
        #expect(
            Set(ios).count == ios.count && Set(android).count == android.count && Set(probes).count == probes.count
                && Set(both).count == both.count)
        #expect(both == ["XPL001OnePlatformOnly", "XPL002BothPlatformsCompared"])
        let catalogues = [
            "AnalysisFacts": ios, "AndroidFacts": android, "ProbeFacts": probes,
            "CrossPlatformFacts": both,
        ]
        for (name, kind) in declared {
            #expect(
                catalogues[kind]?.contains(name) == true,
                "\(name) (\(kind)) is declared in Rules/ but in no catalogue")
        }
        #expect(
            Set(ios + android + probes + both) == Set(declared.map(\.name)),
            "a catalogue names a rule not declared in Rules/")
    }

    /// Every catalogue's rules are in `FindingRules.all` and found by ID, the cross-platform ones included.
    @Test func everyCatalogueIsInTheRegistry() {
        let ids =
            FindingRules.iOS.rules.map(\.id) + FindingRules.android.rules.map(\.id)
            + FindingRules.probes.rules.map(\.id) + FindingRules.crossPlatform.rules.map(\.id)
        #expect(FindingRules.all.map(\.id) == ids)
        for id in ids { #expect(FindingRules.rule(id: id)?.id == id) }
        #expect(FindingRules.rule(id: "XPL-001")?.title == XPL001OnePlatformOnly().title)
        #expect(FindingRules.rule(id: "XPL-002")?.category == .reliability)
    }

    @Test func everyRuleHasATestFileOfItsOwn() throws {
        let folder = Fixtures.repositoryRoot.appendingPathComponent("Tests/FindingsTests")
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        for id in FindingRules.all.map(\.id) {
            let file = id.replacingOccurrences(of: "-", with: "") + "Tests.swift"
            #expect(files.contains(file), "\(id) has no \(file)")
        }
    }
}
