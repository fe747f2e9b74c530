import AssociationFetch
import Foundation
import SiteAssociation

/// AASA-020: webcredentials, appclips or activitycontinuation entries for the app.
public struct AASA020OtherServices: FindingRule {
    public let id = "AASA-020"
    public let category = FindingCategory.reliability
    public let severity = Severity.info
    public let title = "The file lists the app for other services"
    public let explanation = """
        Besides universal links, the file lets the app use this domain's saved passwords and passkeys \
        (webcredentials), be invoked as an App Clip (appclips), or continue activities via Handoff \
        (activitycontinuation). These widen what the domain trusts the app with and are worth reviewing alongside the \
        links.
        """
    public let remediation = """
        Keep only the services the app uses; for webcredentials, make sure the app really is the domain's own app.
        """
    public let references: [Reference] = Reference.universalLinksBaseline + [.appleSupportingAssociatedDomains]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        let subject = facts.subjectAppIDs
        guard !subject.isEmpty else { return [] }
        var findings: [Finding] = []
        for report in facts.domains {
            guard let file = report.effectiveResult?.file else { continue }
            let services: [(String, ServiceApps?)] =
                [
                    ("webcredentials", file.webcredentials), ("appclips", file.appclips),
                    ("activitycontinuation", file.activitycontinuation),
                ]
            for (name, service) in services {
                guard let apps = service?.apps else { continue }
                let hits = apps.enumerated().filter { subject.contains($0.element) }
                guard !hits.isEmpty else { continue }
                findings.append(
                    finding(
                        subject: "\(report.host): \(name)",
                        detail: "\(name) on \(report.host) lists " + hits.map(\.element).joined(separator: ", ") + ".",
                        evidence: hits.map {
                            EvidenceBuilder.file(
                                report.host,
                                "/\(name)/apps/\($0.offset)")
                        }))
            }
        }
        return findings
    }
}
