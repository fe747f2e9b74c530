import AssociationFetch
import Foundation

/// AASA-006: the file is over 128 KiB.
public struct AASA006TooLarge: FindingRule {
    public let id = "AASA-006"
    public let category = FindingCategory.reliability
    public let severity = Severity.high
    public let title = "Association file over 128 KiB"
    public let explanation = """
        Devices and Apple's CDN refuse association files larger than 128 KiB (131,072 bytes; error −1103 on device): \
        the whole file is ignored and no universal link for the domain opens the app.
        """
    public let remediation = """
        Shrink the file: use components with wildcards and substitution variables instead of long path lists, drop \
        dead details, and serve it uncompressed under the limit.
        """
    public let references: [Reference] = Reference.universalLinksBaseline + [.appleSupportingAssociatedDomains]

    static let tooLarge = "AASA-L009"

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        facts.domains.flatMap { report in
            report.judgedRoutes.compactMap { result -> Finding? in
                let oversized = result.truncated || result.diagnostics.contains { $0.id == Self.tooLarge }
                guard oversized, result.status == 200 || result.route == .local else { return nil }
                let size =
                    result.truncated
                    ? "more than \(result.bytes) bytes (reading stopped at the cap)" : "\(result.bytes) bytes"
                return finding(
                    subject: "\(report.host) (\(result.route.rawValue))",
                    detail: "\(result.url) served \(size).",
                    evidence: [EvidenceBuilder.network(report, result, header: "Content-Length")])
            }
        }
    }
}
