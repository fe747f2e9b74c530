import AppInspection
import AssociationFetch
import Foundation
import SiteAssociation

/// AASA-023 (added): applinks names an app ID that almost is the app's.
///
/// Why: the same bundle ID under another prefix (the team ID used where the app ID prefix
/// belongs, or a typo) or in another letter case does not match — the explanation of many
/// AASA-007s that look right at a glance.
public struct AASA023NearMissAppID: FindingRule {
    public let id = "AASA-023"
    public let category = FindingCategory.reliability
    public let severity = Severity.medium
    public let title = "applinks names a near-miss of the app's app ID"
    public let explanation = """
        The file names an app ID with the app's bundle ID but another prefix, or the app's app ID in different letter \
        case. iOS compares app IDs exactly with the signed application-identifier, so the entry does not apply to this \
        app (see AASA-007).
        """
    public let remediation = """
        Copy the application-identifier from the signed entitlements into the file exactly (prefix and case).
        """
    public let references: [Reference] = Reference.universalLinksBaseline + [.appleApplinks]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        var findings: [Finding] = []
        for report in facts.domains {
            guard let file = report.effectiveResult?.file else { continue }
            let listed = file.applinksAppIDs
            let details = file.applinks?.details ?? []
            var seen = Set<String>()
            for (bundle, _) in facts.entries("applinks", servedBy: report) {
                guard let appID = bundle.applicationIdentifier, !listed.contains(appID),
                    seen.insert(appID).inserted
                else {
                    continue
                }
                let bundleID = Self.bundlePart(appID)
                let near = listed.filter { $0.lowercased() == appID.lowercased() || Self.bundlePart($0) == bundleID }
                guard !near.isEmpty else { continue }
                findings.append(
                    finding(
                        subject: "\(report.host): \(appID)",
                        detail: "\(bundle.label) is \(appID); applinks on \(report.host) names "
                            + near.joined(separator: ", ") + " instead.",
                        evidence: near.map { other in
                            EvidenceBuilder.file(
                                report.host,
                                EvidenceBuilder.appIDPointer(
                                    file,
                                    detail: details.firstIndex { $0.appIDs.contains(other) } ?? 0, appID: other))
                        } + [.entitlement(key: "application-identifier", value: appID)]))
            }
        }
        return findings
    }

    static func bundlePart(_ appID: String) -> String {
        guard let dot = appID.firstIndex(of: ".") else { return appID }
        return String(appID[appID.index(after: dot)...])
    }
}
