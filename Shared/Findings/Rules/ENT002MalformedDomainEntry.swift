import AppInspection
import Foundation

/// ENT-002: an associated-domain entry iOS rejects or that cannot work (port, scheme, bad host).
public struct ENT002MalformedDomainEntry: FindingRule {
    public let id = "ENT-002"
    public let category = FindingCategory.reliability
    public let severity = Severity.medium
    public let title = "Malformed associated-domain entry"
    public let explanation = """
        iOS reads each entry as <service>:<host>[:port][?mode=…]. Entries without a known service prefix, with a \
        scheme or path, an invalid host (empty, leading dot, empty label, bare name, spaces), an IP address or \
        localhost outside developer mode, or a port outside 1–65535 are ignored, so links for that host silently never \
        open the app. Apple's technote adds that links on a host with a port do not open the app at all.
        """
    public let remediation = """
        Write each entry as applinks:host.example (no https://, no path, no port); use a real DNS name; keep IP \
        addresses and localhost to ?mode=developer entries in development builds.
        """
    public let references: [Reference] =
        Reference.universalLinksBaseline + [.appleAssociatedDomainsEntitlement, .appleTN3155]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        var findings: [Finding] = []
        for bundle in facts.bundles {
            for entry in bundle.associatedDomains {
                let problems = entry.problems.filter { $0.severity == .error || $0.kind == .portPresent }
                guard !problems.isEmpty else { continue }
                let kinds = problems.map(\.kind.rawValue).joined(separator: ", ")
                findings.append(
                    finding(
                        subject: "\(bundle.path): \(entry.raw)",
                        detail: "\(bundle.label) declares \"\(entry.raw)\": "
                            + problems.map(\.message).joined(separator: "; ") + ".",
                        evidence: [EvidenceBuilder.domain(entry), .text("problems: \(kinds)")]))
            }
        }
        return findings
    }
}
