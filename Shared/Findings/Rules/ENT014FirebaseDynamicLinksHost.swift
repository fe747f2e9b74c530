import AppInspection
import Foundation

/// ENT-014: an associated domain on a Firebase Dynamic Links host (`*.page.link`, `app.goo.gl`).
public struct ENT014FirebaseDynamicLinksHost: FindingRule {
    public let id = "ENT-014"
    public let category = FindingCategory.reliability
    public let severity = Severity.high
    public let title = "Associated domain on a Firebase Dynamic Links host"
    public let explanation =
        "Firebase Dynamic Links shut down on 25 August 2025. Its hosts (*.page.link, app.goo.gl) "
        + "no longer serve links or association files for apps, so every link on them opens in the browser or fails, "
        + "for every user, and sign-in or password-reset emails that still use them lead nowhere."
    public let remediation =
        "Move the links to a domain the organisation controls (its own universal links, or "
        + "another link service), claim that domain instead, and remove the page.link or app.goo.gl entry."
    public let references: [Reference] = [
        .masvsPlatform1, .firebaseDynamicLinksShutdown,
        .appleSupportingAssociatedDomains,
    ]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        facts.bundles.flatMap { bundle in
            bundle.associatedDomains.filter { PlatformTraps.isFirebaseDynamicLinksHost($0.host) }.map { entry in
                finding(
                    subject: "\(bundle.path): \(entry.raw)",
                    detail: "\(bundle.label) claims \(entry.raw), a Firebase Dynamic Links host.",
                    evidence: [EvidenceBuilder.domain(entry)])
            }
        }
    }
}
