import AssociationFetch
import Foundation

/// AASA-011: the file exists only at the legacy root path.
public struct AASA011LegacyPathOnly: FindingRule {
    public let id = "AASA-011"
    public let category = FindingCategory.reliability
    public let severity = Severity.low
    public let title = "Association file only at the legacy root path"
    public let explanation = """
        The file answers at /apple-app-site-association but not at /.well-known/apple-app-site-association. The root \
        path is the iOS 9–10 fallback; current iOS and Apple's CDN crawler use the .well-known path, so the file may \
        not be picked up.
        """
    public let remediation = """
        Serve the same file at /.well-known/apple-app-site-association (keep the root copy only if iOS 9–10 still \
        matters).
        """
    public let references: [Reference] = Reference.universalLinksBaseline + [.appleSupportingAssociatedDomains]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        facts.domains.compactMap { report in
            guard report.isLegacyOnly, let legacy = report.result(for: .legacy) else { return nil }
            var evidence = [EvidenceBuilder.network(report, legacy)]
            if let origin = report.result(for: .origin) { evidence.append(EvidenceBuilder.network(report, origin)) }
            return finding(
                subject: report.host,
                detail: "\(legacy.url) serves the file; the .well-known path does not.", evidence: evidence)
        }
    }
}
