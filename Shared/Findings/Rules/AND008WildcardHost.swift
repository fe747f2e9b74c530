import AndroidApp
import Foundation

/// AND-008: wildcard hosts in browsable web intent filters.
public struct AND008WildcardHost: FindingRule {
    public let id = "AND-008"
    public let category = FindingCategory.security
    public let severity = Severity.low
    public let title = "Wildcard host in a web intent filter"
    public let explanation = """
        A host starting with * matches every subdomain, and Android verifies a wildcard through the root domain's file \
        only: links on any subdomain — a user-content host, a forgotten or taken-over one — open the app with their \
        parameters. A host of * alone claims every web URL.
        """
    public let remediation = """
        List the hosts the app serves explicitly; keep user-content and third-party subdomains out of the app's \
        filters.
        """
    public let references: [Reference] = Reference.androidLinksBaseline + [.androidVerifyAppLinks, .androidDataElement]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AndroidFacts) -> [Finding] {
        var findings: [Finding] = []
        for site in FilterSite.all(facts.snapshot.manifest) where site.isReachable && site.isBrowsable {
            guard !site.webSchemes.isEmpty else { continue }
            for host in site.hosts where host.hasPrefix("*") {
                let everything = host == "*"
                findings.append(
                    finding(
                        subject: "\(site.activity.name): \(host)",
                        detail: everything
                            ? "\(site.activity.name) declares host \"*\" (\(site.line)): "
                                + "every web URL matches its filter."
                            : "\(site.activity.name) declares \(host) (\(site.line)): every subdomain of "
                                + "\(AndroidEvidence.fileHost(host)) matches, verified through "
                                + "\(AndroidEvidence.fileHost(host))'s file.",
                        evidence: [site.evidence], severity: everything ? .medium : severity))
            }
        }
        return findings
    }
}
