import AssociationFetch
import Foundation

/// AASA-010: the CDN copy and the origin copy differ semantically.
public struct AASA010CDNOriginDiffer: FindingRule {
    public let id = "AASA-010"
    public let category = FindingCategory.reliability
    public let severity = Severity.low
    public let title = "CDN copy and origin copy of the association file differ"
    public let explanation = """
        Normal installs use Apple's CDN copy; developer-mode devices and anyone reading the site see the origin copy. \
        When they differ in meaning, the rules a tester reads on the site are not the rules users get (a stale CDN \
        copy, or an origin change not yet picked up). \(CDNOriginComparison.stalenessNote)
        """
    public let remediation = """
        Judge links by the CDN copy; if the origin change is intended, wait for the CDN to refresh and re-check; if \
        the CDN copy is the intended one, the origin was changed by mistake.
        """
    public let references: [Reference] = Reference.universalLinksBaseline + [.appleTN3155]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        facts.domains.compactMap { report in
            guard let diff = report.cdnOriginDiff, !diff.isEquivalent else { return nil }
            var evidence: [Evidence] = []
            if let cdn = report.result(for: .cdn) {
                evidence.append(EvidenceBuilder.network(report, cdn, header: "Cache-Control"))
            }
            if let origin = report.result(for: .origin) { evidence.append(EvidenceBuilder.network(report, origin)) }
            evidence += diff.changes.map { .text("CDN → origin: \($0)") }
            return finding(
                subject: report.host,
                detail: "\(diff.changes.count) difference(s) from the CDN copy to the origin copy: "
                    + diff.changes.prefix(5).joined(separator: "; ") + (diff.changes.count > 5 ? "; …" : "") + ".",
                evidence: evidence)
        }
    }
}
