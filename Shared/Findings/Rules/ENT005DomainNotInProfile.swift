import AppInspection
import Foundation
import MachOReader

/// ENT-005: a signed associated domain the provisioning profile does not allow.
public struct ENT005DomainNotInProfile: FindingRule {
    public let id = "ENT-005"
    public let category = FindingCategory.reliability
    public let severity = Severity.high
    public let title = "Associated domain not allowed by the provisioning profile"
    public let explanation = """
        The provisioning profile's entitlements are the ceiling of what the signature may claim. An associated domain \
        in the signed entitlements that the profile does not allow is not granted on the device: links for that host \
        silently fail (or the app does not install), even though the binary says otherwise.
        """
    public let remediation = """
        Add the domain to the app ID's Associated Domains in the developer portal and regenerate the profile, or \
        remove the entry from the entitlements; re-sign and check again.
        """
    public let references: [Reference] =
        Reference.universalLinksBaseline + [.appleAssociatedDomainsEntitlement, .appleTN3155]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        var findings: [Finding] = []
        for bundle in facts.bundles {
            guard let profile = bundle.provisioningProfile, !bundle.associatedDomains.isEmpty else { continue }
            let ceilingValue = profile.entitlements[LinkNames.associatedDomainsKey]
            let ceiling: [String] = ceilingValue?.stringValue.map { [$0] } ?? ceilingValue?.stringArray ?? []
            let profileName = profile.name ?? profile.uuid ?? "embedded.mobileprovision"
            let ceilingText = ceiling.isEmpty ? "(no associated domains at all)" : ceiling.joined(separator: ", ")
            for entry in bundle.associatedDomains where !Self.allowed(entry.raw, by: ceiling) {
                findings.append(
                    finding(
                        subject: "\(bundle.path): \(entry.raw)",
                        detail: """
                            \(bundle.label) is signed with \(entry.raw), but its profile \"\(profileName)\" allows \
                            only \(ceilingText).
                            """,
                        evidence: [
                            EvidenceBuilder.domain(entry),
                            .text(
                                """
                                profile \(profileName)\(profile.uuid.map { " (\($0))" } ?? ""): \
                                \(LinkNames.associatedDomainsKey) = \(ceilingText)
                                """),
                        ]))
            }
        }
        return findings
    }

    /// True when a ceiling pattern (`*`, `applinks:*`, `applinks:*.example.com`, exact) allows
    /// the entry; the `?mode=` suffix is compared both with and without.
    public static func allowed(_ raw: String, by ceiling: [String]) -> Bool {
        let bare = raw.split(separator: "?", maxSplits: 1).first.map(String.init) ?? raw
        return ceiling.contains { pattern in
            CeilingGlob.matches(pattern, raw) || CeilingGlob.matches(pattern, bare)
        }
    }
}
