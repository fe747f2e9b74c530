import AndroidApp
import Foundation

/// AND-003: http(s) deep links whose host Android never verifies for the app.
public struct AND003WebLinksWithoutAutoVerify: FindingRule {
    public let id = "AND-003"
    public let category = FindingCategory.security
    public let severity = Severity.low
    public let title = "Web deep link without App Links verification"
    public let explanation = """
        An intent filter claims http/https URLs of a host that Android does not verify for this app (no \
        android:autoVerify=\"true\" filter covers it). Any other app can declare the same filter: on Android 11 and \
        lower the user is offered a chooser in which a malicious app stands beside this one, and a link's parameters \
        (tokens, codes) go to whichever is picked; on Android 12 and later such links open in the browser unless the \
        user approves an app for the host in settings.
        """
    public let remediation = """
        Add android:autoVerify=\"true\" to the filter and publish assetlinks.json on the host, or drop the filter if \
        web links should stay in the browser. Never deliver secrets through unverified links.
        """
    public let references: [Reference] = Reference.androidLinksBaseline + [.androidVerifyAppLinks, .androidDeepLinks]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AndroidFacts) -> [Finding] {
        let verifiedHosts = Set(facts.candidateHosts.map { $0.lowercased() })
        var findings: [Finding] = []
        for site in FilterSite.all(facts.snapshot.manifest) where site.isReachable && site.isBrowsable {
            guard !site.webSchemes.isEmpty else { continue }
            let unverified = site.hosts.filter { !verifiedHosts.contains($0.lowercased()) }
            for host in unverified {
                findings.append(
                    finding(
                        subject: "\(site.activity.name): \(host)",
                        detail: "\(site.activity.name) claims "
                            + site.webSchemes.map { "\($0)://\(host)" }.joined(separator: " and ") + " "
                                + """
                                (\(site.line)) but Android does not verify \(host) for \(facts.packageName) on \
                                API \(facts.sdk).
                                """,
                        evidence: [site.evidence]))
            }
        }
        return findings
    }
}
