import AndroidApp
import AssociationFetch
import Foundation

/// AND-002: a verified host whose file was not fetched or supplied (offline).
public struct AND002HostNotChecked: FindingRule {
    public let id = "AND-002"
    public let category = FindingCategory.reliability
    public let severity = Severity.info
    public let title = "App Links host not checked"
    public let explanation = """
        The scan used no network and no assetlinks.json was supplied for this host, so whether it verifies is unknown. \
        It is never counted as verified: URLs on it are decided as unverified.
        """
    public let remediation = """
        Run the scan online, or supply the host's file: --assetlinks HOST=FILE on the command line (for \
        *.example.com give example.com), or a session saved with it.
        """
    public let references: [Reference] = Reference.androidLinksBaseline + [.androidVerifyAppLinks]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AndroidFacts) -> [Finding] {
        facts.verification.hosts.compactMap { host -> Finding? in
            let report = facts.report(forFileHost: host.fileHost)
            guard report == nil || report?.outcome == .notFetched else { return nil }
            return finding(
                subject: host.host,
                detail: "\(AndroidEvidence.fileURL(host.fileHost)) was neither fetched nor supplied.",
                evidence: [
                    .text(
                        "\(host.host) is verified through "
                            + "\(AndroidEvidence.fileURL(host.fileHost)): not fetched")
                ])
        }
    }
}
