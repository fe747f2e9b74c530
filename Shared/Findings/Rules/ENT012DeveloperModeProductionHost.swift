import AppInspection
import Foundation

/// ENT-012 (added): a `?mode=developer` entry that points at a production host.
///
/// Why: in developer mode the device fetches the file straight from the host, bypassing
/// Apple's CDN and trusting user-installed roots. Pointed at production, a developer device
/// behind a proxy accepts a forged file for the real domain, and tests against it no longer
/// show what users get through the CDN.
public struct ENT012DeveloperModeProductionHost: FindingRule {
    public let id = "ENT-012"
    public let category = FindingCategory.security
    public let severity = Severity.low
    public let title = "Developer-mode entry for a production host"
    public let explanation = """
        Developer mode is meant for staging hosts whose file is not on Apple's CDN. For a production host it makes \
        developer devices fetch the file directly (no CDN, user-installed roots trusted), so an intercepting proxy can \
        serve a different file for the real domain, and what testers see is not what users get.
        """
    public let remediation = """
        Use ?mode=developer only for dedicated staging hosts (dev./staging. names), and test production hosts through \
        the CDN path.
        """
    public let references: [Reference] =
        Reference.universalLinksBaseline + [.appleAssociatedDomainsEntitlement, .appleTN3155]

    static let stagingWords =
        [
            "dev", "develop", "development", "staging", "stage", "stg", "test", "testing", "qa", "uat",
            "sandbox", "preprod", "local", "internal", "beta", "int", "demo",
        ]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        var findings: [Finding] = []
        for bundle in facts.bundles {
            let plainHosts = Set(bundle.associatedDomains.filter { $0.modes.isEmpty }.map(\.host))
            for entry in bundle.associatedDomains where entry.isDeveloperMode && entry.isAccepted {
                guard !Self.isLiteralOrLocal(entry.host) else { continue }
                let alsoPlain = plainHosts.contains(entry.host)
                guard alsoPlain || !Self.looksLikeStaging(entry.host) else { continue }
                let why =
                    alsoPlain
                    ? "the same host is also declared without a mode (it is the production host)"
                    : "no label of \(entry.host) names a staging environment"
                findings.append(
                    finding(
                        subject: "\(bundle.path): \(entry.raw)",
                        detail: "\(bundle.label) declares \(entry.raw): \(why).",
                        evidence: [EvidenceBuilder.domain(entry)]))
            }
        }
        return findings
    }

    static func looksLikeStaging(_ host: String) -> Bool {
        host.split(separator: ".").dropLast().contains { label in
            label.split(whereSeparator: { $0 == "-" || $0 == "_" }).contains { stagingWords.contains(String($0)) }
                || stagingWords.contains { label.hasPrefix($0) && label.dropFirst($0.count).allSatisfy(\.isNumber) }
        }
    }

    static func isLiteralOrLocal(_ host: String) -> Bool {
        host == "localhost" || host.hasSuffix(".local") || host.allSatisfy { $0.isNumber || $0 == "." }
            || host.contains(":")
    }
}
