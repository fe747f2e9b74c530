import AssociationFetch
import Foundation

/// AASA-004: a status other than 200 (CDN failure reasons quoted verbatim).
public struct AASA004HTTPStatus: FindingRule {
    public let id = "AASA-004"
    public let category = FindingCategory.reliability
    public let severity = Severity.high
    public let title = "Association file request did not return 200"
    public let explanation = """
        Only 200 counts as success. On Apple's CDN route a failure comes back as 404 with Apple-Failure-Reason (for \
        example SWCERR00101 Bad HTTP Response: 403 Forbidden), which says what the crawler met at the origin. Without \
        a 200 answer devices get no file and universal links for the domain open in the browser.
        """
    public let remediation = """
        Serve the file with 200 at /.well-known/apple-app-site-association, reachable without authentication, cookies \
        or bot challenges; after fixing, the CDN refreshes within hours.
        """
    public let references: [Reference] =
        Reference.universalLinksBaseline + [.appleSupportingAssociatedDomains, .appleTN3155]

    static let appleHeaders = ["Apple-Failure-Reason", "Apple-Failure-Details", "Apple-From", "Apple-Try-Direct"]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        facts.domains.flatMap { report in
            report.judgedRoutes.compactMap { result -> Finding? in
                guard result.route != .local, let status = result.status, status != 200,
                    !(300...399).contains(status)
                else {
                    return nil
                }
                var evidence: [Evidence] = [EvidenceBuilder.network(report, result)]
                var notes = ["\(result.url) answered \(status)"]
                for name in Self.appleHeaders {
                    if let value = result.header(name) {
                        evidence.append(EvidenceBuilder.network(report, result, header: name))
                        notes.append("\(name): \(value)")
                    }
                }
                if let prefix = result.bodyPrefix { evidence.append(.text("body starts: \(prefix)")) }
                return finding(
                    subject: "\(report.host) (\(result.route.rawValue))",
                    detail: notes.joined(separator: "; ") + ".", evidence: evidence)
            }
        }
    }
}
