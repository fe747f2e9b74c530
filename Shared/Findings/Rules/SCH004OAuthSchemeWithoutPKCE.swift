import AppInspection
import Foundation

/// SCH-004: an OAuth-callback custom scheme in a binary that shows no PKCE.
public struct SCH004OAuthSchemeWithoutPKCE: FindingRule {
    public let id = "SCH-004"
    public let category = FindingCategory.security
    public let severity = Severity.low
    public let title = "OAuth callback scheme without PKCE in the code"
    public let explanation =
        "The app receives sign-in callbacks on a custom URL scheme, and none of its code (app and "
        + "embedded frameworks) contains the strings PKCE needs (code_challenge, code_challenge_method, "
        + "code_verifier, S256). Any app can declare the same scheme; without PKCE an authorization code (or token) "
        + "it intercepts can be used for the user's account. This is a lead for the tester, not proof: Swift keeps "
        + "strings of 15 bytes or fewer (code_challenge, code_verifier, S256) inside the code rather than as strings, "
        + "strings can be built at run time, and JavaScript or Dart bundles are not scanned, so an app that uses PKCE "
        + "can show none here. Check the authorization request a device sends for code_challenge."
    public let remediation =
        "Use PKCE (S256) for every authorization request, or move the callback to an https "
        + "universal link (ASWebAuthenticationSession's https callback on iOS 17.4+); check the authorization request "
        + "a device sends."
    public let references: [Reference] = [.masvsPlatform1, .rfc7636, .rfc8252]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        var findings: [Finding] = []
        for unit in CodeUnit.units(of: facts.app) where !unit.slices.isEmpty && !unit.scanUnreliable {
            let schemes = unit.bundle.urlSchemes.compactMap { scheme in
                Self.callbackReason(scheme).map { (scheme, $0) }
            }
            guard !schemes.isEmpty else { continue }
            guard !unit.evidence.contains(where: { PlatformTraps.pkceStrings.contains($0.name) }) else { continue }
            for (scheme, reason) in schemes {
                findings.append(
                    finding(
                        subject: "\(unit.bundle.path): \(scheme)://",
                        detail:
                            "\(unit.bundle.label) declares \(scheme)://, \(reason), and no PKCE string was found in "
                            + unit.members.map(\.executablePath).joined(separator: ", ") + ".",
                        evidence: [
                            .text(
                                "\(unit.bundle.path)/Info.plist CFBundleURLTypes[].CFBundleURLSchemes contains "
                                    + "\"\(scheme)\""),
                            .text(
                                "No code_challenge, code_challenge_method, code_verifier or S256 string in "
                                    + unit.members.map(\.executablePath).joined(separator: ", ")),
                        ]))
            }
        }
        return findings
    }

    /// Why `scheme` is a sign-in callback (SCH-001's wording), or nil: provider callback
    /// schemes and names with auth/login/callback words; a generic word alone does not count.
    static func callbackReason(_ scheme: String) -> String? {
        guard let reason = SCH001CustomURLSchemes.escalation(scheme, bundleIdentifier: nil) else { return nil }
        if reason == "a generic word many apps register" {
            let lower = scheme.lowercased()
            return ["oauth", "auth", "callback", "redirect", "login", "signin", "sso"].contains(lower)
                ? "a generic sign-in callback name" : nil
        }
        return reason
    }
}
