import AndroidApp
import AssociationFetch
import Foundation

/// AND-014: `assetlinks.json` served with a content type other than `application/json`.
public struct AND014AssetLinksContentType: FindingRule {
    public let id = "AND-014"
    public let category = FindingCategory.reliability
    public let severity = Severity.low
    public let title = "assetlinks.json served with an unexpected content type"
    public let explanation = """
        Google asks for assetlinks.json to be served as application/json. Android's on-device verifier reads the body \
        whatever the type (assumed), but Google's statement-list API and other consumers may not, and an HTML type \
        usually means a fallback page rather than the file.
        """
    public let remediation = "Serve /.well-known/assetlinks.json with Content-Type: application/json."
    public let references: [Reference] = Reference.androidLinksBaseline + [.androidVerifyAppLinks]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AndroidFacts) -> [Finding] {
        var seen: Set<String> = []
        return facts.verification.hosts.compactMap { host -> Finding? in
            guard seen.insert(host.fileHost.lowercased()).inserted,
                let report = facts.report(forFileHost: host.fileHost), let problem = report.contentTypeProblem
            else {
                return nil
            }
            return finding(
                subject: host.fileHost, detail: "\(AndroidEvidence.fileURL(report.host)) is \(problem).",
                evidence: [AndroidEvidence.network(report, header: "Content-Type")])
        }
    }
}
