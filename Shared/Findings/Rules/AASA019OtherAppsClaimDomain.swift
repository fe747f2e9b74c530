import AssociationFetch
import Foundation
import SiteAssociation

/// AASA-019: other app IDs (other teams' apps above all) claim the same domain.
public struct AASA019OtherAppsClaimDomain: FindingRule {
    public let id = "AASA-019"
    public let category = FindingCategory.security
    public let severity = Severity.low
    public let title = "Other apps claim the same domain"
    public let explanation = """
        The association file also routes links on this domain to other apps. Each may open links meant for this app \
        when installed (the user sees whichever the system picks), and an app ID of another team means a third party \
        can receive this domain's links — their parameters included.
        """
    public let remediation = """
        Confirm every listed app ID belongs to the organisation or a trusted partner, restrict partners to the paths \
        they need with their own components, and remove stale entries.
        """
    public let references: [Reference] = Reference.universalLinksBaseline + [.appleApplinks]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        let subject = facts.subjectAppIDs
        guard !subject.isEmpty else { return [] }
        let prefixes = Set(subject.compactMap { $0.split(separator: ".", maxSplits: 1).first.map(String.init) })
        return facts.domains.compactMap { report in
            guard let file = report.effectiveResult?.file else { return nil }
            let details = file.applinks?.details ?? []
            let others = file.applinksAppIDs.filter { !subject.contains($0) }
            guard !others.isEmpty else { return nil }
            let evidence: [Evidence] = others.map { appID in
                let detail = details.firstIndex { $0.appIDs.contains(appID) } ?? 0
                return EvidenceBuilder.file(
                    report.host,
                    EvidenceBuilder.appIDPointer(file, detail: detail, appID: appID))
            }
            let described = others.map { appID -> String in
                let prefix = appID.split(separator: ".", maxSplits: 1).first.map(String.init) ?? appID
                return prefixes.contains(prefix) ? appID : "\(appID) (another team)"
            }
            return finding(
                subject: report.host,
                detail: "applinks on \(report.host) also names " + described.joined(separator: ", ") + ".",
                evidence: evidence)
        }
    }
}
