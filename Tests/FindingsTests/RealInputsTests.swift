import AppInspection
import Foundation
import TestSupport
import Testing

@testable import Findings

/// The rules over real inputs from `../shared`: every association file of the wild corpus and
/// the fastlane IPAs. No crash, every finding located, the same answer twice.
@Suite struct RealInputsTests {
    static let corpus = Fixtures.sharedURL("corpus/aasa/wild")
    static let fastlane = Fixtures.sharedURL("fixtures/fastlane")

    @Test(
        .enabled(
            if: corpus != nil,
            "../shared/corpus/aasa/wild (beside the checkout, not in it) is absent, or LINKLAB_NO_SHARED=1 hides it"
        ))
    func wildAssociationFilesGiveLocatedDeterministicFindings() throws {
        let folder = try #require(Self.corpus)
        let names =
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(names.count >= 100)
        let domains = try names.enumerated().map { index, name in
            try FactsFactory.supplied("host\(index).example", file: folder.appendingPathComponent(name))
        }
        let bundle = FactsFactory.bundle(domains: domains.map { "applinks:\($0.host)" })
        let facts = AnalysisFacts(app: FactsFactory.app([bundle]), domains: domains, options: FactsFactory.options)
        let findings = FindingRules.evaluate(facts)
        #expect(findings == FindingRules.evaluate(facts))
        #expect(findings.allSatisfy { !$0.evidence.isEmpty })
        // Every host whose file does not name the app is AASA-005 (unusable) or AASA-007 (not listed).
        let flagged =
            Set(
                findings.filter {
                    [
                        "AASA-005", "AASA-006",
                        "AASA-007",
                    ].contains($0.id)
                }.map {
                    $0.subject.components(separatedBy: CharacterSet(charactersIn: " :"))
                        .first ?? ""
                })
        #expect(flagged.count >= domains.count - 1)
    }

    @Test(
        .enabled(if: fastlane != nil, "Tests/Fixtures/third-party/fastlane is missing (the committed fastlane IPAs)"),
        arguments: ["ContainsWatchApp.ipa", "IncorrectlySigned.ipa", "iOSAppOnly.ipa", "very-capable-app.ipa"])
    func fastlaneIPAsEvaluateWithEvidence(name: String) throws {
        let url = try #require(Self.fastlane).appendingPathComponent(name)
        let app = try AppInspector.inspect(at: url)
        let findings = FindingRules.evaluate(AnalysisFacts(app: app, options: FactsFactory.options))
        #expect(findings.allSatisfy { !$0.evidence.isEmpty && !$0.remediation.isEmpty })
        #expect(findings == findings.sortedForReport())
    }
}
