import AppInspection
import Foundation

/// ENT-004: `?mode=developer` / `managed` entries in a build that looks like a release.
public struct ENT004DeveloperModeInRelease: FindingRule {
    public let id = "ENT-004"
    public let category = FindingCategory.reliability
    public let severity = Severity.medium
    public let title = "Developer or managed mode entry in a release-looking build"
    public let explanation = """
        Entries with ?mode=developer make devices in developer mode fetch the file directly from the host (bypassing \
        Apple's CDN, and trusting user-installed root certificates); ?mode=managed applies only to MDM-managed \
        devices. In a release build they are leftovers that widen who can serve the file (a proxy on a developer \
        device) or make behaviour depend on device management.
        """
    public let remediation = """
        Remove ?mode=developer and ?mode=managed entries from release entitlements (use a separate debug entitlements \
        file or build configuration).
        """
    public let references: [Reference] =
        Reference.universalLinksBaseline + [.appleAssociatedDomainsEntitlement, .appleTN3155]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        var findings: [Finding] = []
        for bundle in facts.bundles where bundle.getTaskAllow != true {
            let distribution = bundle.provisioningProfile?.distribution
            guard distribution != "development" else { continue }
            let why =
                "get-task-allow is \(bundle.getTaskAllow.map(String.init) ?? "absent")"
                + (distribution.map { ", profile is \($0)" } ?? ", no development profile")
            for entry in bundle.associatedDomains
            where entry.modes.contains("developer") || entry.modes.contains("managed") {
                findings.append(
                    finding(
                        subject: "\(bundle.path): \(entry.raw)",
                        detail: """
                            \(bundle.label) declares \(entry.raw) (modes: \(entry.modes.joined(separator: "+"))) \
                            although \
                            the build looks like a release (\(why)).
                            """,
                        evidence: [
                            EvidenceBuilder.domain(entry),
                            .entitlement(
                                key: "get-task-allow",
                                value: bundle.getTaskAllow.map(String.init) ?? "(absent)"),
                        ]))
            }
        }
        return findings
    }
}
