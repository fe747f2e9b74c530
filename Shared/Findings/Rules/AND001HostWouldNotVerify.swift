import AndroidApp
import AssociationFetch
import Foundation

/// AND-001: a host the app asks Android to verify would not verify (and why).
public struct AND001HostWouldNotVerify: FindingRule {
    public let id = "AND-001"
    public let category = FindingCategory.reliability
    public let severity = Severity.high
    public let title = "App Links host would not verify"
    public let explanation = """
        Android verifies each host of the app's autoVerify intent filters by fetching \
        https://HOST/.well-known/assetlinks.json (HTTPS, no redirects, at most 1 MiB) and looking for a \
        delegate_permission/common.handle_all_urls statement naming this package with the SHA-256 fingerprint of the \
        certificate that signs the installed APK. When that fails, links to the host do not open the app: Android 12 \
        and later open them in the browser, Android 11 and lower show a chooser (and fail every host of the app, see \
        AND-013).
        """
    public let remediation = """
        Serve https://HOST/.well-known/assetlinks.json with status 200, no redirect, as application/json, listing the \
        package with the SHA-256 fingerprint of the app-signing key devices see (with Play App Signing: the one in \
        Play Console, not the upload key). Check with `adb shell pm get-app-links PACKAGE` after `pm verify-app-links \
        --re-verify`.
        """
    public let references: [Reference] = Reference.androidLinksBaseline + [.androidVerifyAppLinks, .digitalAssetLinks]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AndroidFacts) -> [Finding] {
        facts.verification.hosts.compactMap { host -> Finding? in
            guard !host.verified else { return nil }
            let report = facts.report(forFileHost: host.fileHost)
            guard let report, report.outcome != .notFetched else { return nil }  // AND-002
            var evidence: [Evidence] = []
            let detail: String
            if report.outcome == .unusable {
                evidence.append(AndroidEvidence.network(report))
                detail =
                    "\(host.host): \(AndroidEvidence.fileURL(report.host)) is not a statement list Android can read: "
                    + "\(report.problem ?? "unreadable")."
            } else if !report.outcome.hasFile {
                let header = report.outcome == .redirect ? "Location" : nil
                evidence.append(AndroidEvidence.network(report, header: header))
                detail = "\(host.host): \(report.problem ?? report.outcome.rawValue)."
            } else {
                evidence.append(AndroidEvidence.network(report))
                let listed = report.file?.linkGrants ?? []
                evidence.append(
                    .text(
                        "\(AndroidEvidence.fileURL(report.host)) grants handle_all_urls to "
                            + (listed.isEmpty ? "nobody" : listed.map(\.description).joined(separator: ", "))))
                evidence.append(
                    .text(
                        "APK signing certificate SHA-256 (API \(facts.sdk)): "
                            + facts.signingFingerprints.joined(separator: ", ")))
                detail =
                    "\(host.host): " + host.reason + Self.debugKeyNote(facts) + "."
                    + Self.includeNote(report)
            }
            return finding(subject: host.host, detail: detail, evidence: evidence)
        }
    }

    /// The `include` statements that were not read (offline, not https, failed): they may hold the grant.
    static func includeNote(_ report: AssetLinksReport) -> String {
        let unread = report.unreadIncludes
        guard !unread.isEmpty else { return "" }
        let why = unread.map { url in
            report.included.first { $0.url == url }?.problem.map { "\(url) (\($0))" } ?? "\(url) (not fetched)"
        }
        return " The file also includes " + AndroidEvidence.list(why) + ", which could not be read here: "
            + "Android reads includes one level deep."
    }

    /// A hint when the APK itself is signed with the Android debug key.
    static func debugKeyNote(_ facts: AndroidFacts) -> String {
        let debug = facts.snapshot.signing.effectiveCertificates(sdk: facts.sdk)
            .contains { $0.subject?.contains("Android Debug") == true }
        return debug ? "; this APK is signed with the Android debug key, which assetlinks.json files rarely list" : ""
    }
}
