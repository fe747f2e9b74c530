import AppInspection
import Foundation

/// ENT-003: a wildcard `applinks:*.host` entry.
public struct ENT003WildcardDomain: FindingRule {
    public let id = "ENT-003"
    public let category = FindingCategory.security
    public let severity = Severity.low
    public let title = "Wildcard applinks entry"
    public let explanation = """
        applinks:*.host covers the host itself and every subdomain at any depth, with the file fetched from the apex. \
        Any subdomain that serves user content or can be taken over (a forgotten CNAME, a tenant subdomain) becomes a \
        way into the app's link handler. Explicit subdomain entries still need their own file on that subdomain.
        """
    public let remediation = """
        List the subdomains that really carry app content explicitly, or make sure every subdomain is under the \
        organisation's control and the app validates each incoming link's host and path.
        """
    public let references: [Reference] =
        Reference.universalLinksBaseline + [.appleAssociatedDomainsEntitlement, .appleSupportingAssociatedDomains]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        facts.bundles.flatMap { bundle in
            bundle.associatedDomains.filter { $0.service == "applinks" && $0.wildcard && $0.isAccepted }.map { entry in
                finding(
                    subject: "\(bundle.path): \(entry.raw)",
                    detail: """
                        \(bundle.label) claims \(entry.raw): \(entry.host) and every subdomain of it; the file is \
                        fetched from \(entry.host).
                        """,
                    evidence: [EvidenceBuilder.domain(entry)])
            }
        }
    }
}
