import AssociationFetch
import Foundation

/// AASA-002: not served over HTTPS, or the certificate is not valid for the host.
public struct AASA002NotHTTPS: FindingRule {
    public let id = "AASA-002"
    public let category = FindingCategory.reliability
    public let severity = Severity.high
    public let title = "Association file not served over valid HTTPS"
    public let explanation = """
        Apple fetches association files over HTTPS only, with a certificate that is trusted and valid for the host, \
        and never falls back to plain HTTP. A TLS failure means no file: universal links for the domain do not open \
        the app.
        """
    public let remediation = """
        Serve the file over HTTPS with a certificate from a public CA that covers this exact host name (including www. \
        and every explicitly listed subdomain), with the full chain.
        """
    public let references: [Reference] =
        Reference.universalLinksBaseline + [.appleSupportingAssociatedDomains, .appleTN3155]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        facts.domains.flatMap { report in
            report.judgedRoutes.compactMap { result -> Finding? in
                guard result.route != .local, let error = result.error,
                    AASA001Unreachable.tlsKinds.contains(error.kind)
                else {
                    return nil
                }
                return finding(
                    subject: "\(report.host) (\(result.route.rawValue))",
                    detail: "\(result.url): \(error.description).",
                    evidence: [EvidenceBuilder.network(report, result), .text("error kind: \(error.kind)")])
            }
        }
    }
}
