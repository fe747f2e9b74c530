import AppInspection
import Foundation

/// ENT-010 (added): the embedded provisioning profile has expired or expires soon.
///
/// Why: an expired profile means the build under test no longer installs or launches on
/// devices, so dynamic tests of its links cannot be run and results cannot be reproduced.
public struct ENT010ProfileExpiry: FindingRule {
    public let id = "ENT-010"
    public let category = FindingCategory.reliability
    public let severity = Severity.low
    public let title = "Provisioning profile expired or expiring"
    public let explanation = """
        A development, ad hoc or enterprise build runs only while its embedded provisioning profile is valid. After \
        the expiration date the app no longer launches or installs, so its universal links cannot be tested on a \
        device and the build cannot be reproduced as analysed.
        """
    public let remediation = """
        Ask for a build signed with a current profile before dynamic testing; for enterprise and ad hoc distribution, \
        renew the profile before it expires.
        """
    public let references: [Reference] = Reference.universalLinksBaseline

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        var findings: [Finding] = []
        let now = facts.options.now
        let window = TimeInterval(max(0, facts.options.profileExpiryWarningDays)) * 86_400
        for bundle in facts.bundles {
            guard let profile = bundle.provisioningProfile, let expiry = profile.expirationDate else { continue }
            let date = ISO8601DateFormatter().string(from: expiry)
            let name = profile.name ?? profile.uuid ?? "embedded.mobileprovision"
            let evidence: [Evidence] =
                [.text("\(bundle.path)/embedded.mobileprovision \"\(name)\": ExpirationDate \(date)")]
            if expiry <= now {
                findings.append(
                    finding(
                        subject: bundle.path,
                        detail: "The profile \"\(name)\" of \(bundle.label) expired on \(date).",
                        evidence: evidence, severity: .medium))
            } else if expiry.timeIntervalSince(now) <= window {
                let days = Int(expiry.timeIntervalSince(now) / 86_400)
                findings.append(
                    finding(
                        subject: bundle.path,
                        detail: "The profile \"\(name)\" of \(bundle.label) expires on \(date) (in \(days) day(s)).",
                        evidence: evidence))
            }
        }
        return findings
    }
}
