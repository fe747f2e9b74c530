import AppInspection
import Foundation

/// ENT-008: an IDN (punycode) host in an applinks entry.
public struct ENT008PunycodeHost: FindingRule {
    public let id = "ENT-008"
    public let category = FindingCategory.reliability
    public let severity = Severity.low
    public let title = "Internationalised (punycode) applinks host"
    public let explanation = """
        Universal links for internationalised domain names (xn-- labels) are reported by developers not to verify on \
        iOS 16 and later, so links on that host may open the browser instead of the app. IDNs also invite look-alike \
        (homograph) hosts.
        """
    public let remediation = """
        Test the host on current iOS versions; prefer an ASCII host for universal links and redirect the IDN to it.
        """
    public let references: [Reference] = Reference.universalLinksBaseline + [.appleAssociatedDomainsEntitlement]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        facts.bundles.flatMap { bundle in
            bundle.associatedDomains.filter { entry in
                entry.service == "applinks"
                    && (entry.host.split(separator: ".").contains { $0.lowercased().hasPrefix("xn--") }
                        || entry.host.unicodeScalars.contains { !$0.isASCII })
            }.map { entry in
                finding(
                    subject: "\(bundle.path): \(entry.raw)",
                    detail: "\(bundle.label) claims the internationalised host \(entry.host).",
                    evidence: [EvidenceBuilder.domain(entry)])
            }
        }
    }
}
