import AndroidApp
import Foundation

/// AND-007: an autoVerify filter that also claims http://.
public struct AND007HTTPInVerifiedFilter: FindingRule {
    public let id = "AND-007"
    public let category = FindingCategory.security
    public let severity = Severity.low
    public let title = "Verified intent filter also claims http://"
    public let explanation = """
        The filter is verified through the host's HTTPS file, and Android then opens plain http:// links to the host \
        in the app too. The app receives cleartext URLs: if it loads them (a WebView, an API call built from the link) \
        the traffic can be read or changed on the network, and on devices without the app the same link travels in \
        cleartext.
        """
    public let remediation = """
        Declare only the https scheme in App Links filters, or make sure the handler upgrades every http:// URL to \
        https:// before using it.
        """
    public let references: [Reference] = Reference.androidLinksBaseline + [.androidVerifyAppLinks]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AndroidFacts) -> [Finding] {
        FilterSite.all(facts.snapshot.manifest).compactMap { site -> Finding? in
            guard site.isReachable, site.filter.autoVerify, site.schemes.contains("http"), !site.hosts.isEmpty else {
                return nil
            }
            return finding(
                subject: "\(site.activity.name): http://",
                detail: "\(site.activity.name)'s autoVerify filter (\(site.line)) claims "
                    + site.hosts.map { "http://\($0)" }.joined(separator: ", ") + ".",
                evidence: [site.evidence])
        }
    }
}
