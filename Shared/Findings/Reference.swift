import Foundation

/// A document a finding points the reader to.
public struct Reference: Sendable, Hashable, Codable {
    /// What the reader sees ("OWASP MASVS-PLATFORM-1").
    public var title: String
    /// Where it lives.
    public var url: String

    /// A reference with a title and an absolute URL.
    public init(title: String, url: String) {
        self.title = title
        self.url = url
    }
}

extension Reference {
    /// OWASP MASVS control: the app uses IPC mechanisms (URL schemes, universal links) securely.
    public static let masvsPlatform1 = Reference(
        title: "OWASP MASVS-PLATFORM-1: The app uses IPC mechanisms securely",
        url: "https://mas.owasp.org/MASVS/controls/MASVS-PLATFORM-1/"
    )

    /// OWASP MASTG test for iOS universal links.
    public static let mastgTest0070 = Reference(
        title: "OWASP MASTG-TEST-0070: Testing Universal Links",
        url: "https://mas.owasp.org/MASTG/tests/ios/MASVS-PLATFORM/MASTG-TEST-0070/"
    )

    /// OWASP MASTG test for iOS custom URL schemes.
    public static let mastgTest0075 = Reference(
        title: "OWASP MASTG-TEST-0075: Testing Custom URL Schemes",
        url: "https://mas.owasp.org/MASTG/tests/ios/MASVS-PLATFORM/MASTG-TEST-0075/"
    )

    /// Boucher and Anderson: Trojan Source, bidirectional controls that make source text read
    /// differently from what a machine processes (CVE-2021-42574).
    public static let trojanSource = Reference(
        title: "Trojan Source: Invisible Vulnerabilities (CVE-2021-42574)",
        url: "https://trojansource.codes/"
    )

    /// Apple: Supporting associated domains (the association file, CDN, entitlement).
    public static let appleSupportingAssociatedDomains = Reference(
        title: "Apple: Supporting associated domains",
        url: "https://developer.apple.com/documentation/xcode/supporting-associated-domains"
    )

    /// Apple: the Associated Domains entitlement (`com.apple.developer.associated-domains`).
    public static let appleAssociatedDomainsEntitlement = Reference(
        title: "Apple: Associated Domains Entitlement",
        url: """
            https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.developer.associated-domai\
            ns
            """
    )

    /// Apple: the `applinks` key of the association file (details, components, defaults).
    public static let appleApplinks = Reference(
        title: "Apple: applinks",
        url: "https://developer.apple.com/documentation/bundleresources/applinks"
    )

    /// Apple technote TN3155: Debugging universal links (association file, CDN, diagnostics).
    public static let appleTN3155 = Reference(
        title: "Apple TN3155: Debugging universal links",
        url: "https://developer.apple.com/documentation/technotes/tn3155-debugging-universal-links"
    )

    /// The references every universal-link finding carries.
    public static let universalLinksBaseline: [Reference] = [masvsPlatform1, mastgTest0070]
}

// MARK: - Current OWASP identifiers (MASTG v2 tests, MASWE)

extension Reference {
    /// OWASP MASWE weakness "insecure-deep-links". Its number moved between releases (MASWE-0058
    /// in the beta, MASWE-0032 in the MASTG v2 tests that cite it), so it is named by its alias;
    /// the address is the page mas.owasp.org published.
    public static let masweInsecureDeepLinks = Reference(
        title: "OWASP MASWE insecure-deep-links: Insecure Deep Links",
        url: "https://mas.owasp.org/MASWE/MASVS-PLATFORM/MASWE-0058/"
    )

    /// OWASP MASTG v2 test (iOS): input validation in custom URL scheme handlers.
    public static let mastgTest0370 = Reference(
        title: "OWASP MASTG-TEST-0370: Missing Input Validation in Custom URL Scheme Handlers",
        url: "https://mas.owasp.org/MASTG/tests/ios/MASVS-PLATFORM/MASTG-TEST-0370/"
    )

    /// OWASP MASTG v2 test (iOS): source validation in custom URL scheme handlers.
    public static let mastgTest0371 = Reference(
        title: "OWASP MASTG-TEST-0371: Missing Source Validation in Custom URL Scheme Handlers",
        url: "https://mas.owasp.org/MASTG/tests/ios/MASVS-PLATFORM/MASTG-TEST-0371/"
    )

    /// OWASP MASTG v2 test (iOS): input validation in universal link handlers.
    public static let mastgTest0395 = Reference(
        title: "OWASP MASTG-TEST-0395: Missing Input Validation in Universal Link Handlers",
        url: "https://mas.owasp.org/MASTG/tests/ios/MASVS-PLATFORM/MASTG-TEST-0395/"
    )

    /// OWASP MASTG v2 test (Android): http/https deep links without App Links verification.
    public static let mastgTest0393 = Reference(
        title: "OWASP MASTG-TEST-0393: Use of Unverified App Links",
        url: "https://mas.owasp.org/MASTG/tests/android/MASVS-PLATFORM/MASTG-TEST-0393/"
    )

    /// OWASP MASTG v2 test (Android): input validation in custom URL scheme handlers.
    public static let mastgTest0394 = Reference(
        title: "OWASP MASTG-TEST-0394: Missing Input Validation in Custom URL Scheme Handlers (Android)",
        url: "https://mas.owasp.org/MASTG/tests/android/MASVS-PLATFORM/MASTG-TEST-0394/"
    )

    /// Apple TN3155's note and "Preparing your app to be the default web browser": apps with the
    /// default-browser entitlement may not claim universal links; the system ignores the claim.
    public static let appleDefaultBrowser = Reference(
        title: "Apple: Preparing your app to be the default web browser",
        url: "https://developer.apple.com/documentation/xcode/preparing-your-app-to-be-the-default-browser"
    )

    /// Apple: `ASWebAuthenticationSession.Callback.https(host:path:)` (iOS 17.4): the host must
    /// be a member of a domain associated with the app.
    public static let appleWebAuthenticationHTTPSCallback = Reference(
        title: "Apple: ASWebAuthenticationSession.Callback.https(host:path:)",
        url: "https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/callback/"
            + "https(host:path:)"
    )

    /// Firebase: the Dynamic Links deprecation FAQ (service shut down on 25 August 2025).
    public static let firebaseDynamicLinksShutdown = Reference(
        title: "Firebase: Dynamic Links deprecation FAQ",
        url: "https://firebase.google.com/support/dynamic-links-faq"
    )

    /// RFC 7636: Proof Key for Code Exchange by OAuth public clients (PKCE).
    public static let rfc7636 = Reference(
        title: "RFC 7636: Proof Key for Code Exchange (PKCE)",
        url: "https://www.rfc-editor.org/rfc/rfc7636"
    )

    /// RFC 8252: OAuth 2.0 for native apps (claimed https redirects, PKCE for custom schemes).
    public static let rfc8252 = Reference(
        title: "RFC 8252: OAuth 2.0 for Native Apps",
        url: "https://www.rfc-editor.org/rfc/rfc8252"
    )

    /// The Public Suffix List (its private section: suffixes under which anyone can publish).
    public static let publicSuffixList = Reference(
        title: "Public Suffix List",
        url: "https://publicsuffix.org/list/"
    )
}

/// A rule's place in OWASP's mobile testing material, in both generations: the v1 test it was
/// written against (MASTG-TEST-0070/0075/0028, MASVS v1 MSTG-PLATFORM-3) and the current MASTG v2
/// tests and MASWE weakness (`docs/findings.md`, "OWASP references").
public struct OWASPMapping: Sendable, Equatable {
    /// MASTG v1 tests (MASVS v1 control MSTG-PLATFORM-3).
    public var v1: [Reference]
    /// MASTG v2 tests.
    public var v2: [Reference]
    /// The MASWE weakness, named by its alias.
    public var weakness: Reference

    /// Every reference, v1 first.
    public var all: [Reference] { v1 + v2 + [weakness] }

    /// What a finding of rule `id` cites: `references` (the rule's own list, in its order), then
    /// every reference of the rule's mapping (v1, v2, the weakness) that list does not already
    /// name. This is how every finding carries both generations from this one mapping; `references`
    /// unchanged for an ID of no known family.
    public static func citing(_ references: [Reference], forRule id: String) -> [Reference] {
        guard let mapping = forRule(id) else { return references }
        return references + mapping.all.filter { !references.contains($0) }
    }

    /// The mapping of a rule ID (`SCH-001`, `AND-004`), by family: custom schemes map to the
    /// custom-scheme tests, Android rules to the Android tests (AND-004 to the custom-scheme one,
    /// the others to unverified App Links), `XPL` to both platforms', `PRB` (device probes) to both
    /// platforms' and the custom-scheme tests, and every other iOS rule
    /// (ENT, BIN, AASA, URL) to the universal-link tests. Nil for an ID of no known family.
    public static func forRule(_ id: String) -> OWASPMapping? {
        let family = id.split(separator: "-").first.map(String.init) ?? id
        switch family {
        case "SCH":
            return OWASPMapping(
                v1: [.mastgTest0075], v2: [.mastgTest0370, .mastgTest0371],
                weakness: .masweInsecureDeepLinks)
        case "ENT", "BIN", "AASA", "URL":
            return OWASPMapping(v1: [.mastgTest0070], v2: [.mastgTest0395], weakness: .masweInsecureDeepLinks)
        case "AND":
            return OWASPMapping(
                v1: [.mastgTest0028], v2: id == "AND-004" ? [.mastgTest0394] : [.mastgTest0393],
                weakness: .masweInsecureDeepLinks)
        case "XPL":
            return OWASPMapping(
                v1: [.mastgTest0070, .mastgTest0028], v2: [.mastgTest0395, .mastgTest0393],
                weakness: .masweInsecureDeepLinks)
        case "PRB":
            // A probe run on a device is the dynamic half of both platforms' deep-link tests.
            return OWASPMapping(
                v1: [.mastgTest0070, .mastgTest0028, .mastgTest0075],
                v2: [.mastgTest0395, .mastgTest0393, .mastgTest0370],
                weakness: .masweInsecureDeepLinks)
        default:
            return nil
        }
    }
}
