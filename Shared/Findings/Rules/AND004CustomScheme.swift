import AndroidApp
import Foundation

/// AND-004: custom URL schemes in browsable intent filters.
public struct AND004CustomScheme: FindingRule {
    public let id = "AND-004"
    public let category = FindingCategory.security
    public let severity = Severity.low
    public let title = "Custom URL scheme deep link"
    public let explanation = """
        Custom schemes are not owned or verified: any app can declare the same scheme and receive these URLs, and any \
        web page or app can send them. Data arriving through a scheme (tokens, OAuth codes, actions) must be treated \
        as untrusted; OAuth callbacks on a custom scheme can be intercepted unless PKCE is used.
        """
    public let remediation = """
        Prefer verified App Links (https with android:autoVerify=\"true\") for anything that carries data or triggers \
        actions; validate every parameter in the handler; use PKCE for OAuth; rename generic schemes to something \
        unique (reverse-DNS).
        """
    public let references: [Reference] = Reference.androidLinksBaseline + [.androidDeepLinks]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AndroidFacts) -> [Finding] {
        var seen: Set<String> = []
        var findings: [Finding] = []
        for site in FilterSite.all(facts.snapshot.manifest) where site.isReachable && site.isBrowsable {
            for scheme in site.customSchemes where seen.insert("\(site.activity.name) \(scheme)").inserted {
                let escalation = SCH001CustomURLSchemes.escalation(scheme, bundleIdentifier: facts.packageName)
                findings.append(
                    finding(
                        subject: "\(site.activity.name): \(scheme)://",
                        detail: "\(site.activity.name) receives \(scheme):// links (\(site.line))"
                            + (escalation.map { " — \($0)" } ?? "") + ".",
                        evidence: [site.evidence], severity: escalation == nil ? severity : .medium))
            }
        }
        return findings
    }
}
