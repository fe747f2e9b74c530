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
        url: "https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.developer.associated-domains"
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
