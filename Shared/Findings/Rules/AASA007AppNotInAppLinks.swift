import AppInspection
import AssociationFetch
import Foundation
import SiteAssociation

/// AASA-007: the app's app ID is not in the domain's `applinks` details.
public struct AASA007AppNotInAppLinks: FindingRule {
    public let id = "AASA-007"
    public let category = FindingCategory.reliability
    public let severity = Severity.high
    public let title = "The app is not listed in the domain's applinks"
    public let explanation = """
        iOS opens a universal link in an app only when the domain's association file names that app's \
        application-identifier in applinks.details (appIDs, or the legacy appID). The file the device uses does not \
        name it, so every link to this domain opens in the browser, whatever the rules say.
        """
    public let remediation = """
        Add the exact application-identifier (prefix.bundleID from the signed entitlements) to an applinks.details \
        entry's appIDs array, with components for the paths the app handles; wait for the CDN to refresh (hours) or \
        reinstall to test.
        """
    public let references: [Reference] =
        Reference.universalLinksBaseline + [.appleApplinks, .appleSupportingAssociatedDomains, .appleTN3155]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        var findings: [Finding] = []
        for report in facts.domains {
            guard let result = report.effectiveResult, let file = result.file, file.applinks != nil else { continue }
            let listed = file.applinksAppIDs
            var seen = Set<String>()
            for (bundle, entry) in facts.entries("applinks", servedBy: report) {
                guard let appID = bundle.applicationIdentifier, !listed.contains(appID),
                    seen.insert(appID).inserted
                else {
                    continue
                }
                let others = listed.isEmpty ? "no app ID at all" : listed.joined(separator: ", ")
                let source = result.route == .local ? "the supplied file" : "the \(result.route.rawValue) copy"
                findings.append(
                    finding(
                        subject: "\(report.host): \(appID)",
                        detail: """
                            \(bundle.label) (app ID \(appID)) declares \(entry.raw), but applinks.details in \(source) \
                            names \(others).
                            """,
                        evidence: [
                            EvidenceBuilder.file(report.host, "/applinks/details"), EvidenceBuilder.domain(entry),
                            .entitlement(key: "application-identifier", value: appID),
                        ]))
            }
        }
        return findings
    }
}
