import AndroidApp
import AssociationFetch
import Foundation

/// AND-009: a verified host's file grants its links to other packages too.
public struct AND009OtherPackageListed: FindingRule {
    public let id = "AND-009"
    public let category = FindingCategory.security
    public let severity = Severity.low
    public let title = "assetlinks.json grants the host's links to another package"
    public let explanation = """
        The host's assetlinks.json lets other Android packages verify for the host: once installed, those apps receive \
        the host's links (and any token in them) as verified App Links, without a chooser. Usually intended (a partner \
        or a second app of the same company), so low; the tester checks each package and its signing key.
        """
    public let remediation = """
        Remove statements for packages that should not receive the host's links; keep one statement per package you \
        publish, each with its own app-signing key.
        """
    public let references: [Reference] = Reference.androidLinksBaseline + [.androidVerifyAppLinks, .digitalAssetLinks]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AndroidFacts) -> [Finding] {
        var seen: Set<String> = []
        var findings: [Finding] = []
        for host in facts.verification.hosts where seen.insert(host.fileHost.lowercased()).inserted {
            guard let report = facts.report(forFileHost: host.fileHost), let file = report.effectiveFile else {
                continue
            }
            let others = file.otherPackages(than: facts.packageName)
            guard !others.isEmpty else { continue }
            let grants = file.linkGrants.filter { others.contains($0.packageName) }
            findings.append(
                finding(
                    subject: host.fileHost,
                    detail: "\(AndroidEvidence.fileURL(report.host)) also grants handle_all_urls to "
                        + AndroidEvidence.list(others) + ".",
                    evidence: [
                        .text(
                            "\(AndroidEvidence.fileURL(report.host)) grants "
                                + grants.map(\.description).joined(separator: ", "))
                    ]))
        }
        return findings
    }
}
