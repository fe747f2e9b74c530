import AndroidApp
import AssociationFetch
import Foundation

/// AND-015: Google's Digital Asset Links API and the host's own file disagree.
public struct AND015GoogleDisagrees: FindingRule {
    public let id = "AND-015"
    public let category = FindingCategory.reliability
    public let severity = Severity.low
    public let title = "Google's statement list and the host's assetlinks.json disagree"
    public let explanation = """
        Google's Digital Asset Links API (asked with --google) answered with other App Links grants than the file the \
        host serves now. Google caches statement lists and follows include statements; a difference usually means a \
        recent change not yet seen by Google, an include, or a file that differs by client (CDN, geography, bot \
        protection). Devices with Google services may act on Google's view.
        """
    public let remediation = """
        Compare both lists below; check that every client gets the same file, and re-check after Google's cache \
        (maxAge) expires.
        """
    public let references: [Reference] = Reference.androidLinksBaseline + [.digitalAssetLinks]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AndroidFacts) -> [Finding] {
        facts.assetLinks.compactMap { report -> Finding? in
            guard let comparison = report.comparison, !comparison.agree else { return nil }
            var parts: [String] = []
            if !comparison.onlyInFile.isEmpty {
                parts.append(
                    "only in the host's file: " + comparison.onlyInFile.map(\.description).joined(separator: ", "))
            }
            if !comparison.onlyInGoogle.isEmpty {
                parts.append(
                    "only in Google's answer: " + comparison.onlyInGoogle.map(\.description).joined(separator: ", "))
            }
            if let codes = report.google?.errorCodes, !codes.isEmpty {
                parts.append("Google reports " + codes.joined(separator: ", "))
            }
            return finding(
                subject: report.host, detail: parts.joined(separator: "; ") + ".",
                evidence: [AndroidEvidence.network(report)] + parts.map { Evidence.text($0) })
        }
    }
}
