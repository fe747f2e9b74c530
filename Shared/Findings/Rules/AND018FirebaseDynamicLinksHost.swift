import AndroidApp
import Foundation

/// AND-018: a browsable web intent filter on a Firebase Dynamic Links host.
public struct AND018FirebaseDynamicLinksHost: FindingRule {
    public let id = "AND-018"
    public let category = FindingCategory.reliability
    public let severity = Severity.high
    public let title = "Intent filter on a Firebase Dynamic Links host"
    public let explanation =
        "Firebase Dynamic Links shut down on 25 August 2025. Its hosts (*.page.link, app.goo.gl) "
        + "no longer redirect links or serve assetlinks.json for apps: the filter never verifies and links on these "
        + "hosts no longer reach the app, for every user."
    public let remediation =
        "Move the links to a domain the organisation controls with its own assetlinks.json, "
        + "declare that host instead, and remove the page.link or app.goo.gl filter."
    public let references: [Reference] = [.masvsPlatform1, .firebaseDynamicLinksShutdown, .androidVerifyAppLinks]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AndroidFacts) -> [Finding] {
        var findings: [Finding] = []
        for site in FilterSite.all(facts.snapshot.manifest) where site.isReachable && site.isBrowsable {
            guard !site.webSchemes.isEmpty else { continue }
            for host in site.hosts where PlatformTraps.isFirebaseDynamicLinksHost(AndroidEvidence.fileHost(host)) {
                findings.append(
                    finding(
                        subject: "\(site.activity.name): \(host)",
                        detail: "\(site.activity.name) declares \(host) (\(site.line)), a Firebase Dynamic Links host.",
                        evidence: [site.evidence]))
            }
        }
        return findings
    }
}
