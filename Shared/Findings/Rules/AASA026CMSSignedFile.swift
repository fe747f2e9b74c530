import AssociationFetch
import Foundation

/// AASA-026 (added): the association file is CMS-signed (the iOS 8 `application/pkcs7-mime` form).
///
/// Why: it is reported as legacy (`docs/findings.md`, AASA-026). Devices still accept it, but
/// the signature is not checked by this tool (nor meaningful to Apple's CDN), tooling that
/// expects JSON misreads it, and it usually means the file has not been maintained since iOS 8.
public struct AASA026CMSSignedFile: FindingRule {
    public let id = "AASA-026"
    public let category = FindingCategory.reliability
    public let severity = Severity.info
    public let title = "Association file is CMS-signed (legacy format)"
    public let explanation = """
        The body is a CMS (PKCS #7) envelope around the JSON, the form iOS 8 required. Current systems accept it, but \
        it is a sign of a file not maintained for years: the JSON inside was read and the signature was not verified, \
        and other tools (and people reading the site) may not see the rules at all.
        """
    public let remediation = """
        Serve the plain JSON file with Content-Type application/json over HTTPS; signing has not been needed since iOS \
        9.
        """
    public let references: [Reference] = Reference.universalLinksBaseline + [.appleSupportingAssociatedDomains]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        facts.domains.compactMap { report in
            guard let result = report.judgedRoutes.first(where: { $0.isCMSSigned == true }) else { return nil }
            return finding(
                subject: report.host,
                detail: "\(result.url) serves a CMS-signed body (\(result.bytes) bytes).",
                evidence: [EvidenceBuilder.network(report, result, header: "Content-Type")])
        }
    }
}
