import AssociationFetch
import Foundation

/// AASA-008: a content type other than `application/json`.
public struct AASA008ContentType: FindingRule {
    public let id = "AASA-008"
    public let category = FindingCategory.reliability
    public let severity = Severity.info
    public let title = "Association file served with an unexpected content type"
    public let explanation = """
        Devices do not check the content type, but Apple recommends application/json, and another type (text/html \
        above all) often means the server answered with an error or login page rather than the file.
        """
    public let remediation = "Serve the file as application/json and check the body is the file, not a generic page."
    public let references: [Reference] = Reference.universalLinksBaseline + [.appleSupportingAssociatedDomains]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        facts.domains.flatMap { report in
            report.judgedRoutes.compactMap { result -> Finding? in
                guard result.route != .local, result.hasUnexpectedContentType else { return nil }
                var evidence = [EvidenceBuilder.network(report, result, header: "Content-Type")]
                if let prefix = result.bodyPrefix { evidence.append(.text("body starts: \(prefix)")) }
                return finding(
                    subject: "\(report.host) (\(result.route.rawValue))",
                    detail: "\(result.url) answered with Content-Type \(result.contentType ?? "(none)").",
                    evidence: evidence)
            }
        }
    }
}
