import AssociationFetch
import Foundation

/// AASA-001: the domain could not be reached on a route (DNS, TCP, timeout).
public struct AASA001Unreachable: FindingRule {
    public let id = "AASA-001"
    public let category = FindingCategory.reliability
    public let severity = Severity.high
    public let title = "Association file host unreachable"
    public let explanation = """
        No HTTP answer came on this route: the name did not resolve, nothing accepted the connection, or the answer \
        did not arrive in time. Apple's CDN crawler meets the same failure and caches it, so devices get no file and \
        universal links for the domain open in the browser.
        """
    public let remediation = """
        Make the host resolve publicly and answer HTTPS on port 443 quickly for \
        /.well-known/apple-app-site-association (also for Apple's crawler, AASA-Bot); check firewalls and geo-blocking.
        """
    public let references: [Reference] =
        Reference.universalLinksBaseline + [.appleSupportingAssociatedDomains, .appleTN3155]

    static let tlsKinds: Set<String> = ["not-https", "tls-untrusted", "tls-name-mismatch", "tls"]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        facts.domains.flatMap { report in
            report.judgedRoutes.compactMap { result -> Finding? in
                // No path to Apple from this machine: nothing is known about the domain.
                // An answer cut short (headers came, the body did not finish) is a failed fetch too.
                let cutShort = result.outcome == .incomplete
                guard !facts.isNotChecked(result), result.route != .local, result.status == nil || cutShort,
                    let error = result.error,
                    !Self.tlsKinds.contains(error.kind), error.kind != "configuration",
                    error.kind != "local-file"
                else {
                    return nil
                }
                var evidence: [Evidence] = [
                    EvidenceBuilder.network(report, result), .text("error kind: \(error.kind)"),
                ]
                if cutShort, let prefix = result.bodyPrefix { evidence.append(.text("body starts: \(prefix)")) }
                if facts.options.offline {
                    // An --offline run did not try: say "not checked" without claiming an outage.
                    return finding(
                        subject: "\(report.host) (\(result.route.rawValue))",
                        detail: """
                            Not checked: \(error.description). Nothing is known about what \(result.url) \
                            serves; supply its file (--aasa \(report.host)=FILE on the command \
                            line, “Use a file…” on its card in the workbench) or run online.
                            """,
                        evidence: evidence, severity: .info)
                }
                return finding(
                    subject: "\(report.host) (\(result.route.rawValue))",
                    detail: "\(result.url): \(error.description).", evidence: evidence)
            }
        }
    }
}
