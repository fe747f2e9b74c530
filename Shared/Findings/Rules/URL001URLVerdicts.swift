import AssociationFetch
import Foundation
import SiteAssociation

/// URL-001: one summary of the URLs the tester tried. The verdicts, deciding rules and traces
/// live in the report's URL-tests table (complete in the JSON report), not one finding per URL:
/// 10,000 URLs made a 10,599-page PDF. Expectations that fail are URL-002 findings.
public struct URL001URLVerdicts: FindingRule {
    public let id = "URL-001"
    public let category = FindingCategory.reliability
    public let severity = Severity.info
    public let title = "URLs tested"
    public let explanation = """
        What iOS does with each URL for each app the domain's file names, decided the way the system's matcher does \
        (first detail naming the app, first matching rule decides, exclude blocks). Each URL's verdict, deciding rule \
        and trace are in the report's URL tests section (all of them in the JSON report).
        """
    public let remediation = """
        Compare with the intended behaviour; mark URLs that must (=) or must not (!) open the app in the URL list so \
        mismatches become URL-002.
        """
    public let references: [Reference] = Reference.universalLinksBaseline + [.appleApplinks]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        let tests = facts.urlTests
        guard !tests.isEmpty else { return [] }
        let opening = tests.filter { $0.verdicts.contains { $0.decision == .match } }.count
        let excluded = tests.filter { test in
            !test.verdicts.contains { $0.decision == .match } && test.verdicts.contains { $0.decision == .exclude }
        }.count
        let expected = tests.filter { $0.expectation != .none }.count
        let detail =
            "\(opening) open an app, \(excluded) are blocked by an exclude rule, "
            + "\(tests.count - opening - excluded) open no app; \(expected) carry the tester's expectation (= or !)."
        // Evidence: how many URLs each domain's file decided (no domain: no applinks file applies).
        var perDomain: [(domain: String, count: Int)] = []
        for test in tests {
            let domain = test.domain ?? "no association file applies"
            if let index = perDomain.firstIndex(where: { $0.domain == domain }) {
                perDomain[index].count += 1
            } else {
                perDomain.append((domain, 1))
            }
        }
        let evidence = perDomain.map { Evidence.text("\($0.domain): \($0.count) URL\($0.count == 1 ? "" : "s")") }
        return [
            finding(
                subject: tests.count == 1 ? "1 URL tested" : "\(tests.count) URLs tested",
                detail: detail, evidence: evidence)
        ]
    }
}

/// Shared wording of URL findings.
enum URLTestText {
    static func describe(_ verdict: AppVerdict) -> String {
        var text = "\(verdict.appID): \(verdict.decision.rawValue)"
        if verdict.decision == .noMatch, let reason = verdict.reason { text += " (\(reason.summary))" }
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
        if let details = file?.applinks?.details, detail < details.count, details[detail].ruleSource == .paths {
            list = "paths"
        }
        return EvidenceBuilder.file(domain, "/applinks/details/\(detail)/\(list)/\(rule)")
    }
}
