import AssociationFetch
import Foundation
import SiteAssociation

/// AASA-005: the body is not valid JSON (after an optional CMS unwrap), or has no `applinks`
/// while the app needs it.
public struct AASA005NotJSONOrNoAppLinks: FindingRule {
    public let id = "AASA-005"
    public let category = FindingCategory.reliability
    public let severity = Severity.high
    public let title = "Association file unusable: not valid JSON, or no applinks"
    public let explanation = """
        Devices parse the file with a strict JSON parser: a body that is not JSON (an HTML error page, a BOM, \
        comments, trailing commas) is rejected as a whole, and a file without an applinks dictionary gives the app no \
        universal links on this domain.
        """
    public let remediation = """
        Serve plain strict JSON (validate it with a strict parser, no BOM, no comments) with an applinks dictionary \
        that lists the app; fix the server so this path never returns an error page with status 200.
        """
    public let references: [Reference] =
        Reference.universalLinksBaseline + [.appleApplinks, .appleSupportingAssociatedDomains]

    static let noAppLinks = "AASA-L011"

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        var findings: [Finding] = []
        for report in facts.domains {
            let appNeedsLinks = !facts.entries("applinks", servedBy: report).isEmpty
            for result in report.judgedRoutes where result.status == 200 || result.route == .local {
                guard !result.truncated, result.error == nil else { continue }
                let blocking = result.diagnostics.filter {
                    $0.relatedFinding == id && $0.id != Self.noAppLinks && $0.severity == "error"
                }
                let strictProblems = result.diagnostics.filter { $0.severity == "error" }
                var notes: [String] = []
                var evidence: [Evidence] = []
                if result.file == nil || !blocking.isEmpty {
                    notes += blocking.map(\.message)
                    if blocking.isEmpty { notes.append("the body could not be read as an association file") }
                    evidence += blocking.map {
                        EvidenceBuilder.file(report.host, $0.location, line: $0.line, column: $0.column)
                    }
                } else if result.deviceAccepts == false {
                    notes.append(
                        "a device's strict JSON parser rejects the body: "
                            + strictProblems.map(\.message).joined(separator: "; "))
                    evidence += strictProblems.map {
                        EvidenceBuilder.file(report.host, $0.location, line: $0.line, column: $0.column)
                    }
                } else if result.file?.applinks == nil, appNeedsLinks {
                    notes.append("the file has no applinks dictionary, but the app declares applinks:\(report.host)")
                    evidence.append(EvidenceBuilder.file(report.host, ""))
                }
                guard !notes.isEmpty else { continue }
                evidence.insert(EvidenceBuilder.network(report, result, header: "Content-Type"), at: 0)
                if result.file == nil, let prefix = result.bodyPrefix {
                    evidence.append(.text("body starts: \(prefix)"))
                }
                findings.append(
                    finding(
                        subject: "\(report.host) (\(result.route.rawValue))",
                        detail: notes.joined(separator: "; ") + ".", evidence: evidence))
            }
        }
        return findings
    }
}
