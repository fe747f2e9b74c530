import AssociationFetch
import Foundation

/// AASA-003: a redirect instead of the file.
public struct AASA003Redirect: FindingRule {
    public let id = "AASA-003"
    public let category = FindingCategory.reliability
    public let severity = Severity.high
    public let title = "Redirect instead of the association file"
    public let explanation = """
        Apple's CDN does not follow redirects and Apple documents 3xx as unsupported: the file must be served directly \
        at the requested URL. (Devices fetching directly in developer mode do follow https→https redirects and refuse \
        downgrades to http, which hides the problem during development.)
        """
    public let remediation = """
        Serve the file with status 200 at https://<host>/.well-known/apple-app-site-association itself; exempt that \
        path from apex→www, http→https-style and locale redirects.
        """
    public let references: [Reference] =
        Reference.universalLinksBaseline + [.appleSupportingAssociatedDomains, .appleTN3155]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        facts.domains.flatMap { report in
            report.judgedRoutes.compactMap { result -> Finding? in
                guard result.route != .local, let status = result.status, (300...399).contains(status) else {
                    return nil
                }
                var notes = ["\(result.url) answered \(status)"]
                if let redirect = result.redirect {
                    notes.append("Location: \(redirect.location)")
                    if redirect.isDowngrade {
                        notes.append("the target is plain http:// (a downgrade, refused even in developer mode)")
                    }
                    if redirect.isCrossHost { notes.append("the target is on another host") }
                }
                return finding(
                    subject: "\(report.host) (\(result.route.rawValue))",
                    detail: notes.joined(separator: "; ") + ".",
                    evidence: [EvidenceBuilder.network(report, result, header: "Location")])
            }
        }
    }
}
