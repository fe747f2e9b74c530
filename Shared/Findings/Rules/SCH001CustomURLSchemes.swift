import AppInspection
import Foundation

/// SCH-001: custom URL schemes (low; medium for generic or authentication-callback schemes).
public struct SCH001CustomURLSchemes: FindingRule {
    public let id = "SCH-001"
    public let category = FindingCategory.security
    public let severity = Severity.low
    public let title = "Custom URL scheme declared"
    public let explanation = """
        Custom URL schemes are not owned: any app can declare the same scheme and receive these URLs, and any web page \
        or app can send them without the user's consent. Data arriving through a scheme (tokens, OAuth codes, actions) \
        must be treated as untrusted, and secrets should never be sent to one. Generic schemes are claimed by many \
        apps; OAuth callbacks on a custom scheme can be intercepted (use universal links or ASWebAuthenticationSession \
        with PKCE).
        """
    public let remediation = """
        Prefer universal links for anything that carries data or triggers actions; validate every parameter in the \
        scheme handler; never deliver OAuth codes or tokens through a custom scheme without PKCE; rename generic \
        schemes to something unique (reverse-DNS).
        """
    public let references: [Reference] = [.masvsPlatform1, .mastgTest0075, .mastgTest0070]

    static let genericWords: Set<String> = [
        "app", "myapp", "auth", "oauth", "login", "callback", "redirect", "sso", "fb", "test", "demo", "debug",
        "mobile", "ios", "iphone", "open", "link", "links", "deeplink", "web", "main", "application", "scheme",
        "home", "pay", "wallet", "shop", "account", "user", "signin", "google", "twitter", "facebook",
    ]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        facts.bundles.flatMap { bundle in
            bundle.urlSchemes.map { scheme in
                let escalation = Self.escalation(scheme, bundleIdentifier: bundle.bundleIdentifier)
                return finding(
                    subject: "\(bundle.path): \(scheme)://",
                    detail: "\(bundle.label) declares the URL scheme \(scheme)://"
                        + (escalation.map { " — \($0)" } ?? "") + ".",
                    evidence: [
                        .text(
                            """
                            \(bundle.path)/Info.plist CFBundleURLTypes[].CFBundleURLSchemes contains \"\(scheme)\"
                            """)
                    ],
                    severity: escalation == nil ? severity : .medium)
            }
        }
    }

    /// An authentication word the scheme is made of (`myapp-oauth`, `oauthcallback`, `myappauth`,
    /// `sso`), or nil: a part between the scheme's separators (`- . +`) that is the word, starts
    /// or ends with a word of five letters or more, or ends with `auth`. `sso` must stand alone
    /// (so `nespresso` is no sign-in scheme).
    static func authenticationWord(in scheme: String) -> String? {
        let lower = scheme.lowercased()
        let parts = lower.split { "-.+".contains($0) }.map(String.init)
        return ["oauth", "auth", "callback", "redirect", "login", "signin", "sso"].first { word in
            parts.contains(word) || (word.count >= 5 && parts.contains { $0.hasPrefix(word) || $0.hasSuffix(word) })
                || (word == "auth" && parts.contains { $0.hasSuffix(word) })
        }
    }

    /// Why the scheme deserves a higher severity, or nil.
    static func escalation(_ scheme: String, bundleIdentifier: String?) -> String? {
        let lower = scheme.lowercased()
        if lower.hasPrefix("com.googleusercontent.apps.") { return "a Google Sign-In OAuth callback scheme" }
        if lower.hasPrefix("msauth") { return "a Microsoft authentication (MSAL) callback scheme" }
        if lower.hasPrefix("fb"), lower.count > 2, lower.dropFirst(2).allSatisfy(\.isNumber) {
            return "a Facebook Login callback scheme"
        }
        if genericWords.contains(lower) { return "a generic word many apps register" }
        if authenticationWord(in: lower) != nil { return "the name suggests an authentication callback" }
        return nil
    }
}
