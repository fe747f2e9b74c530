import AndroidApp
import Foundation

/// AND-013: on Android 11 and lower, one failing host fails every host of the app.
public struct AND013AllOrNothingFailure: FindingRule {
    public let id = "AND-013"
    public let category = FindingCategory.reliability
    public let severity = Severity.high
    public let title = "One failing host disables every App Link on Android 11 and lower"
    public let explanation = """
        Up to Android 11 verification is all or nothing: the app becomes the default handler for its hosts only if \
        every host of its web intent filters verifies. One host that fails (a marketing domain, a staging host, a \
        retired domain) makes every host's links show a chooser, including the hosts whose files are correct.
        """
    public let remediation = """
        Make every host of the app's filters serve a correct assetlinks.json, or remove the failing hosts from the \
        filters (older app versions keep them until updated).
        """
    public let references: [Reference] = Reference.androidLinksBaseline + [.androidVerifyAppLinks]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AndroidFacts) -> [Finding] {
        let verification = facts.verification
        guard verification.allOrNothing else { return [] }
        let checked = verification.hosts.filter { host in
            let outcome = facts.report(forFileHost: host.fileHost)?.outcome
            return outcome != nil && outcome != .notFetched
        }
        let failing = checked.filter { !$0.verified }
        let passing = checked.filter(\.verified)
        guard !failing.isEmpty, !passing.isEmpty else { return [] }
        return [
            finding(
                subject: facts.packageName,
                detail: "On API \(facts.sdk), \(AndroidEvidence.list(failing.map(\.host))) "
                    + (failing.count == 1 ? "fails" : "fail") + " verification, so "
                    + AndroidEvidence.list(passing.map(\.host)) + " lose their App Links too.",
                evidence: failing.map { .text("\($0.host): not verified — \($0.reason)") }
                    + passing.map { .text("\($0.host): verifies on its own") })
        ]
    }
}
