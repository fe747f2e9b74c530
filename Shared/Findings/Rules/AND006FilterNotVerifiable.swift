import AndroidApp
import Foundation

/// AND-006: an autoVerify filter Android's verifier skips.
public struct AND006FilterNotVerifiable: FindingRule {
    public let id = "AND-006"
    public let category = FindingCategory.reliability
    public let severity = Severity.high
    public let title = "autoVerify intent filter that Android will not verify"
    public let explanation = """
        Android verifies only filters with the action VIEW, the categories BROWSABLE and DEFAULT, only http/https \
        schemes and at least one host. A filter that sets android:autoVerify=\"true\" but misses one of these (a \
        custom scheme merged in, no DEFAULT category, no host) is skipped: its hosts are never verified through it, \
        and their links open in the browser (Android 12+) or a chooser.
        """
    public let remediation = """
        Give the autoVerify filter VIEW, BROWSABLE and DEFAULT, only http/https schemes and its hosts; move custom \
        schemes into a filter of their own.
        """
    public let references: [Reference] = Reference.androidLinksBaseline + [.androidVerifyAppLinks]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AndroidFacts) -> [Finding] {
        let verified = Set(facts.candidateHosts.map { $0.lowercased() })
        return FilterSite.all(facts.snapshot.manifest).compactMap { site -> Finding? in
            guard site.isReachable, site.filter.autoVerify else { return nil }
            var problems: [String] = []
            let filter = site.filter
            if !filter.actions.contains("android.intent.action.VIEW") { problems.append("no VIEW action") }
            if !filter.categories.contains("android.intent.category.BROWSABLE") {
                problems.append("no BROWSABLE category")
            }
            if !filter.categories.contains("android.intent.category.DEFAULT") { problems.append("no DEFAULT category") }
            if site.webSchemes.isEmpty { problems.append("no http/https scheme") }
            if !site.customSchemes.isEmpty {
                problems.append("other schemes merged in (\(site.customSchemes.joined(separator: ", ")))")
            }
            if site.hosts.isEmpty { problems.append("no host") }
            guard !problems.isEmpty else { return nil }
            let orphaned = site.hosts.filter { !verified.contains($0.lowercased()) }
            let tail =
                orphaned.isEmpty
                ? " Its hosts are verified through other filters."
                : " Not verified for \(facts.packageName): \(orphaned.joined(separator: ", "))."
            return finding(
                subject: "\(site.activity.name) (\(site.hosts.first ?? "no host"))",
                detail: "\(site.activity.name)'s autoVerify filter (\(site.line)) has "
                    + AndroidEvidence.list(problems) + "." + tail,
                evidence: [site.evidence], severity: orphaned.isEmpty ? .low : severity)
        }
    }
}
