import AssociationFetch
import Foundation
import SiteAssociation

/// URL-001: each URL the tester tried, with the verdict per app, deciding rule and trace.
public struct URL001URLVerdicts: FindingRule {
    public let id = "URL-001"
    public let severity = Severity.info
    public let title = "URL tested"
    public let explanation = "What iOS does with this URL for each app the domain's file names, decided the way the system's matcher does (first detail naming the app, first matching rule decides, exclude blocks). The trace shows each rule tried."
    public let remediation = "Compare with the intended behaviour; mark URLs that must (=) or must not (!) open the app in the URL list so mismatches become URL-002."
    public let references: [Reference] = Reference.universalLinksBaseline + [.appleApplinks]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        facts.urlTests.map { test in
            let summary = test.verdicts.map { URLTestText.describe($0) }.joined(separator: "; ")
            var evidence: [Evidence] = []
            for place in test.verdicts.compactMap({ URLTestText.ruleEvidence($0, test: test, facts: facts) }) where !evidence.contains(place) {
                evidence.append(place)
            }
            evidence += test.verdicts.map { .text("trace for \($0.appID): " + $0.trace.joined(separator: " → ")) }
            let expectation = test.expectation == .none ? "" : " (expected: \(test.expectation == .mustOpen ? "must open the app" : "must not open the app"))"
            return finding(subject: test.url,
                           detail: (summary.isEmpty ? "No app ID to decide for." : summary + ".") + expectation,
                           evidence: evidence)
        }
    }
}

/// Shared wording of URL findings.
enum URLTestText {
    static func describe(_ verdict: AppVerdict) -> String {
        var text = "\(verdict.appID): \(verdict.decision.rawValue)"
        if let detail = verdict.detail, let rule = verdict.rule {
            text += " (detail \(detail), rule \(rule)\(verdict.ruleText.map { " \($0)" } ?? ""))"
        }
        return text
    }

    /// The deciding rule's place in the file, when there is one.
    static func ruleEvidence(_ verdict: AppVerdict, test: URLTest, facts: AnalysisFacts) -> Evidence? {
        guard let domain = test.domain, let detail = verdict.detail, let rule = verdict.rule else { return nil }
        let file = facts.domains.first { $0.host == domain }?.effectiveResult?.file
        var list = "components"
        if let details = file?.applinks?.details, detail < details.count, details[detail].ruleSource == .paths { list = "paths" }
        return EvidenceBuilder.file(domain, "/applinks/details/\(detail)/\(list)/\(rule)")
    }
}
