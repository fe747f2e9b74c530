import AssociationFetch
import Foundation

/// AASA-012: the origin answers Apple's crawler differently from a browser.
public struct AASA012BotProtection: FindingRule {
    public let id = "AASA-012"
    public let category = FindingCategory.reliability
    public let severity = Severity.medium
    public let title = "Origin answers Apple's crawler differently from a browser"
    public let explanation = """
        The origin gave a different answer to AASA-Bot (Apple's CDN crawler) than to a browser user agent. Bot \
        protection or a WAF rule that blocks the crawler is a classic outage: the site looks fine in a browser while \
        the CDN caches a failure and universal links stop opening the app.
        """
    public let remediation = """
        Allow Apple's crawler (user agent AASA-Bot) and device agents (com.apple.swcd) through bot protection for \
        /.well-known/apple-app-site-association; serve the same file to every agent.
        """
    public let references: [Reference] = Reference.universalLinksBaseline + [.appleTN3155]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        facts.domains.compactMap { report in
            guard let probe = report.browserProbe, probe.differs else { return nil }
            var evidence: [Evidence] = []
            if let crawler = report.result(for: .origin) { evidence.append(EvidenceBuilder.network(report, crawler)) }
            evidence.append(EvidenceBuilder.network(report, probe.result))
            evidence.append(
                .text(
                    """
                    user agents: \(report.result(for: .origin)?.userAgent ?? "crawler") \
                    vs \(probe.result.userAgent ?? "browser")
                    """))
            return finding(subject: report.host, detail: probe.summary + ".", evidence: evidence)
        }
    }
}
