import AndroidApp
import AssociationFetch
import Foundation

/// AND-016: lint problems in a verified host's `assetlinks.json` (`docs/android.md` §7).
public struct AND016AssetLinksLint: FindingRule {
    public let id = "AND-016"
    public let category = FindingCategory.reliability
    public let severity = Severity.low
    public let title = "Problem in assetlinks.json"
    public let explanation = """
        A statement of the host's assetlinks.json is malformed or does not mean what it looks like (a misspelled \
        relation, a fingerprint not in the 32-byte colon form, a broken dynamic rule, a duplicate): Android ignores \
        what it cannot read, so a grant the site owner believes in may not exist.
        """
    public let remediation = """
        Fix the statement at the line given (`linklab assetlinks lint` prints every problem); fingerprints are 32 \
        upper-case hex pairs joined by colons, the relation is delegate_permission/common.handle_all_urls.
        """
    public let references: [Reference] = Reference.androidLinksBaseline + [.digitalAssetLinks]

    /// Problems other rules already report: unreadable files (AND-001) and include notes.
    static let coveredElsewhere: Set<String> = [
        "ANDROID-L001", "ANDROID-L002", "ANDROID-L003", "ANDROID-L010", "ANDROID-L012", "ANDROID-L014",
    ]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AndroidFacts) -> [Finding] {
        var seen: Set<String> = []
        var findings: [Finding] = []
        for host in facts.verification.hosts where seen.insert(host.fileHost.lowercased()).inserted {
            guard let report = facts.report(forFileHost: host.fileHost), let file = report.file else { continue }
            for diagnostic in file.diagnostics
            where diagnostic.severity != "info"
                && !Self.coveredElsewhere.contains(diagnostic.id)
            {
                findings.append(
                    finding(
                        subject: host.fileHost,
                        detail: "\(AndroidEvidence.fileURL(report.host)):\(diagnostic.lineColumnText): "
                            + "\(diagnostic.message) (\(diagnostic.id)).",
                        evidence: [
                            .text("\(AndroidEvidence.fileURL(report.host)) \(diagnostic.id): \(diagnostic.message)")
                        ]))
            }
        }
        return findings
    }
}
