import AppInspection
import Foundation

/// ENT-011 (added): the application-identifier prefix differs from the team ID.
///
/// Why: association files must name the app by its application-identifier (prefix + bundle
/// ID). Older apps have a prefix that is not the team ID; a file written as TEAMID.bundle
/// then never matches (the classic cause of AASA-007 that looks correct at a glance).
public struct ENT011AppIDPrefixNotTeam: FindingRule {
    public let id = "ENT-011"
    public let category = FindingCategory.reliability
    public let severity = Severity.info
    public let title = "App ID prefix differs from the team ID"
    public let explanation = """
        Association files must list the app as <application-identifier prefix>.<bundle ID>, exactly as the signed \
        application-identifier entitlement says. This app's prefix is not its team ID (apps created before 2011 often \
        have a unique prefix), so a file written with TeamID.bundleID does not name it.
        """
    public let remediation = """
        Write app IDs in apple-app-site-association from the application-identifier entitlement, never from the team \
        ID and bundle ID.
        """
    public let references: [Reference] = Reference.universalLinksBaseline + [.appleSupportingAssociatedDomains]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        facts.bundles.compactMap { bundle in
            guard let appID = bundle.applicationIdentifier, let team = bundle.teamIdentifier,
                let dot = appID.firstIndex(of: ".")
            else { return nil }
            let prefix = String(appID[..<dot])
            guard prefix != team else { return nil }
            return finding(
                subject: bundle.path,
                detail: """
                    \(bundle.label): application-identifier \(appID) has prefix \(prefix); the team ID \
                    is \(team). Files must say \(appID), not \(team).\(appID[appID.index(after: dot)...]).
                    """,
                evidence: [
                    .entitlement(key: "application-identifier", value: appID),
                    .entitlement(key: "com.apple.developer.team-identifier", value: team),
                ])
        }
    }
}
