import AppInspection
import AssociationFetch
import Foundation
import SiteAssociation

/// AASA-022 (added): on an applinks host, the file lists the app only under another service.
///
/// Why: a frequent mix-up behind AASA-007 — the app ID sits in `webcredentials` (or
/// `appclips`) and the team believes universal links are configured. Pointing at the entry
/// that exists makes the fix obvious.
public struct AASA022AppUnderOtherServiceOnly: FindingRule {
    public let id = "AASA-022"
    public let category = FindingCategory.reliability
    public let severity = Severity.medium
    public let title = "App listed for another service but not for applinks"
    public let explanation = """
        The app declares applinks for this host and the file names its app ID, but only under webcredentials, appclips \
        or activitycontinuation. Those lists do not enable universal links: links still open in the browser (see \
        AASA-007).
        """
    public let remediation =
        "Add the app ID to applinks.details (appIDs and components) as well as to the other service."
    public let references: [Reference] =
        Reference.universalLinksBaseline + [.appleApplinks, .appleSupportingAssociatedDomains]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        var findings: [Finding] = []
        for report in facts.domains {
            guard let file = report.effectiveResult?.file else { continue }
            let listed = file.applinksAppIDs
            var seen = Set<String>()
            for (bundle, entry) in facts.entries("applinks", servedBy: report) {
                guard let appID = bundle.applicationIdentifier, !listed.contains(appID),
                    seen.insert(appID).inserted
                else {
                    continue
                }
                let services: [(String, [String])] =
                    [
                        ("webcredentials", file.webcredentials?.apps ?? []), ("appclips", file.appclips?.apps ?? []),
                        ("activitycontinuation", file.activitycontinuation?.apps ?? []),
                    ]
                let places = services.compactMap { name, apps in apps.firstIndex(of: appID).map { (name, $0) } }
                guard !places.isEmpty else { continue }
                findings.append(
                    finding(
                        subject: "\(report.host): \(appID)",
                        detail: """
                            \(bundle.label) declares \(entry.raw); the file lists \(appID) under \
                            \(places.map(\.0).joined(separator: ", ")) but not under applinks.
                            """,
                        evidence: places.map {
                            EvidenceBuilder.file(
                                report.host,
                                "/\($0.0)/apps/\($0.1)")
                        } + [EvidenceBuilder.domain(entry)]))
            }
        }
        return findings
    }
}
