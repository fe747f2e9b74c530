import Foundation
import Testing

@testable import Findings

@Suite struct PRB001Tests {
    let rule = PRB001ProbeShowedFlaw()

    func observation(
        _ id: String, kind: String, outcome: ProbeFacts.Observation.Outcome, note: String = "",
        platform: String = "ios"
    ) -> ProbeFacts.Observation {
        ProbeFacts.Observation(
            id: id, platform: platform, kind: kind, url: "https://e.example/p?next=x",
            claim: "e.example details[0].components[0] /p", watch: "the app opens x",
            outcome: outcome, note: note)
    }

    @Test func eachVulnerableProbeIsOneFindingWithItsKindsSeverity() {
        let found = rule.evaluate(
            ProbeFacts(observations: [
                observation(
                    "P001", kind: "redirect", outcome: .vulnerable, note: "the web view loaded attacker.example"),
                observation("P002", kind: "javascript", outcome: .vulnerable, platform: "android"),
                observation("P003", kind: "overlong", outcome: .vulnerable),
                observation("P004", kind: "state-changing", outcome: .vulnerable),
            ]))
        #expect(
            found.map(\.subject) == [
                "P001 https://e.example/p?next=x", "P002 https://e.example/p?next=x",
                "P003 https://e.example/p?next=x", "P004 https://e.example/p?next=x",
            ])
        #expect(found.map(\.severity) == [.medium, .high, .low, .high])
        #expect(found[0].explanation.hasPrefix("On iOS, probe P001 (redirect)"))
        #expect(found[0].explanation.contains("the web view loaded attacker.example"))
        #expect(found[1].explanation.hasPrefix("On Android"))
        #expect(found.allSatisfy { $0.category == .security && $0.references.contains { $0.title.contains("MASWE") } })
    }

    @Test func silentForSafeAndUnreachedProbes() {
        #expect(
            rule.evaluate(
                ProbeFacts(observations: [
                    observation("P001", kind: "redirect", outcome: .expected),
                    observation("P002", kind: "data", outcome: .notReached),
                ])
            ).isEmpty)
        #expect(FindingRules.evaluate(ProbeFacts(observations: [])).isEmpty)
    }
}
