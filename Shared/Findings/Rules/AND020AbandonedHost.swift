import AndroidApp
import AssociationFetch
import Foundation

/// AND-020: an App Links host (or an included file's host) that does not resolve, or answers as
/// a hosting service's page for a deleted site (online runs only).
public struct AND020AbandonedHost: FindingRule {
    public let id = "AND-020"
    public let category = FindingCategory.security
    public let severity = Severity.medium
    public let title = "App Links host does not resolve or points at a deleted site"
    public let explanation =
        "Android verifies the app through this host's assetlinks.json, but the name does not "
        + "exist in DNS, or it points at a hosting service that answers with its page for a site that no longer "
        + "exists. Whoever registers the name (or claims the site) serves the file: their app verifies for the host "
        + "and receives its links. Only an online run shows this; a supplied file or --offline never does."
    public let remediation =
        "Re-register or re-point the name and serve assetlinks.json again, or remove the host "
        + "from the app's intent filters (and the links that use it)."
    public let references: [Reference] = [.masvsPlatform1, .androidVerifyAppLinks, .digitalAssetLinks]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AndroidFacts) -> [Finding] {
        guard !facts.offline else { return [] }
        var findings: [Finding] = []
        for report in facts.assetLinks {
            if let result = report.result, let (text, _, severity) = PlatformTraps.abandonment([result]) {
                findings.append(
                    finding(
                        subject: AndroidFacts.hostName(report.host),
                        detail: "\(AndroidFacts.hostName(report.host)) \(text).",
                        evidence: [AndroidEvidence.network(report)], severity: severity))
            }
            for include in report.included {
                guard let result = include.result, let (text, _, severity) = PlatformTraps.abandonment([result]) else {
                    continue
                }
                let host = URLComponents(string: include.url)?.host ?? include.url
                findings.append(
                    finding(
                        subject: "\(AndroidFacts.hostName(report.host)): \(include.url)",
                        detail: "\(host), whose file \(AndroidEvidence.fileURL(report.host)) includes, "
                            + "\(text).",
                        evidence: [
                            .text(
                                "\(AndroidEvidence.fileURL(report.host)) include: "
                                    + "\(include.url)")
                        ], severity: severity))
            }
        }
        return findings
    }
}
