import AndroidApp
import AssociationFetch
import Foundation
import SiteAssociation

/// AND-019: an `assetlinks.json` `include` that pulls statements from a host the product does
/// not control: another registrable domain, or a shared-hosting suffix.
public struct AND019IncludeOnOtherSite: FindingRule {
    public let id = "AND-019"
    public let category = FindingCategory.security
    public let severity = Severity.low
    public let title = "assetlinks.json includes a file from another site"
    public let explanation =
        "Android adds the statements of every file an include names to the host's own: whoever "
        + "controls the included file decides which apps verify for this host and receive its links. Here that file "
        + "lives on another registrable domain, or under a shared-hosting suffix where anyone can open a site (the "
        + "private section of the Public Suffix List). Usually a company's second domain or its link vendor, so low; "
        + "a lapsed domain or a deleted hosting site hands the host's links to whoever takes the name."
    public let remediation =
        "Keep the statements in the host's own assetlinks.json, or include only files on domains "
        + "the organisation owns and renews."
    public let references: [Reference] = [.masvsPlatform1, .digitalAssetLinks, .publicSuffixList]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AndroidFacts) -> [Finding] {
        var findings: [Finding] = []
        for report in facts.assetLinks {
            guard let file = report.file else { continue }
            let fileHost = AndroidFacts.hostName(report.host)
            let site = PlatformTraps.registrableDomain(fileHost)
            for url in file.includes {
                guard let host = URLComponents(string: url)?.host?.lowercased(), !host.isEmpty else { continue }
                let suffix = PlatformTraps.privateSuffix(of: host)
                let other = PlatformTraps.registrableDomain(host)
                // The same site (even under a shared suffix: acme.github.io including a file of
                // acme.github.io) adds no one new to trust.
                guard other != site else { continue }
                let why =
                    suffix.map {
                        "\(host) is under the shared-hosting suffix \($0) "
                            + "(\(PlatformTraps.publicSuffixListSource))"
                    }
                    ?? "\(host) belongs to \(other), not to \(site)"
                findings.append(
                    finding(
                        subject: "\(fileHost): \(url)",
                        detail: "\(AndroidEvidence.fileURL(report.host)) includes \(url): \(why).",
                        evidence: [.text("\(AndroidEvidence.fileURL(report.host)) include: \(url)")]))
            }
        }
        return findings
    }
}
