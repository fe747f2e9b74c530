import AppInspection
import Foundation

/// ENT-009: extensions, App Clips and watch apps with their own associated domains.
public struct ENT009NestedBundleDomains: FindingRule {
    public let id = "ENT-009"
    public let category = FindingCategory.reliability
    public let severity = Severity.info
    public let title = "Nested bundle with its own associated domains"
    public let explanation = """
        Extensions, App Clips and watch apps are signed separately and may claim their own domains. Each is its own \
        app ID: the association files must list it, and its link handling is separate code to review. Testers often \
        look only at the main app.
        """
    public let remediation = """
        Review each nested bundle's domains like the main app's: the files must list its app ID, and its handlers must \
        validate incoming links.
        """
    public let references: [Reference] = Reference.universalLinksBaseline + [.appleAssociatedDomainsEntitlement]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        facts.bundles.filter { $0.role != .app && !$0.associatedDomains.isEmpty }.map { bundle in
            finding(
                subject: bundle.path,
                detail: """
                    \(bundle.role.rawValue) \(bundle.label)\(bundle.applicationIdentifier.map {
                            ", app ID \($0)"
                        } ?? "") declares: \(bundle.associatedDomains.map(\.raw).joined(separator: ", ")).
                    """,
                evidence: bundle.associatedDomains.map(EvidenceBuilder.domain))
        }
    }
}
