import AppInspection
import AssociationFetch
import Foundation

/// AASA-028: a claimed or `webcredentials` domain that does not resolve, or answers as a hosting
/// service's page for a site nobody runs (online runs only).
public struct AASA028AbandonedDomain: FindingRule {
    public let id = "AASA-028"
    public let category = FindingCategory.security
    public let severity = Severity.medium
    public let title = "Associated domain does not resolve or points at a deleted site"
    public let explanation =
        "The app trusts this domain's association file, but the name does not exist in DNS, or it "
        + "points at a hosting service that answers with its page for a site that no longer exists. Whoever registers "
        + "the name (or claims the site at the service) serves the file: they can list their own app and receive this "
        + "domain's links, or its saved passwords and passkeys. Only an online run shows this; a supplied file or "
        + "--offline never does."
    public let remediation =
        "Re-register or re-point the name and serve the association file again, or remove the "
        + "entry from the entitlement (and the links that use the domain) in the next release."
    public let references: [Reference] = [.masvsPlatform1, .appleSupportingAssociatedDomains, .appleTN3155]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        guard !facts.options.offline, !facts.noPathToApple else { return [] }
        return facts.domains.compactMap { report in
            guard let (text, result, severity) = PlatformTraps.abandonment(report.routes) else { return nil }
            let entries = facts.bundles.flatMap { bundle in
                bundle.associatedDomains.filter { $0.host.lowercased() == report.fetchedHost && $0.port == report.port }
            }
            let services = Set(entries.map(\.service)).sorted()
            return finding(
                subject: report.host,
                detail: "\(report.fetchedHost) \(text)"
                    + (services.isEmpty ? "." : "; the app declares it for " + services.joined(separator: ", ") + "."),
                evidence: [EvidenceBuilder.network(report, result)] + entries.map(EvidenceBuilder.domain),
                severity: severity)
        }
    }
}
