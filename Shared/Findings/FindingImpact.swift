import Foundation

/// One plain sentence per rule for an executive summary: for a security rule what an attacker
/// could do, for a reliability rule what users lose. A rule without one is summarised by its
/// title.
public enum FindingImpact {
    /// The sentence for `finding` (URL-002's depends on the finding's category).
    public static func sentence(for finding: Finding) -> String {
        if finding.id == "URL-002" {
            return finding.category == .security
                ? "A URL the tester said must stay in the browser opens the app, handing its parameters to the app's link handler."
                : "A URL the tester said must open the app stays in the browser."
        }
        return sentences[finding.id] ?? finding.title + "."
    }

    static let sentences: [String: String] = [
        "ENT-001": "The app does not use universal links.",
        "ENT-002": "iOS ignores a malformed associated-domain entry: links to that domain do not open the app.",
        "ENT-003": "Any subdomain of a wildcard host can route links into the app: a taken-over or user-content subdomain becomes a way in.",
        "ENT-004": "Customers' devices ignore developer-mode entries: links to those hosts do not open the app.",
        "ENT-005": "iOS refuses the associated-domains entitlement: no universal link opens the app.",
        "ENT-006": "The signature's entitlements disagree: devices may reject the build or its entitlements.",
        "ENT-007": "The build is debuggable: whoever holds it can attach a debugger and read its memory.",
        "ENT-008": "Internationalised (punycode) hosts are reported not to verify on recent iOS: their links open in the browser.",
        "ENT-010": "The provisioning profile expires or has expired: the build stops launching.",
        "ENT-012": "Developer devices fetch a production host's file directly, trusting user-installed roots: a network attacker there can swap the file.",
        "ENT-013": "The analysed build was edited or re-signed after signing: it is not the shipped build.",
        "SCH-001": "Another app can register the same URL scheme and receive the URLs meant for this app, with any token or code they carry.",
        "SCH-002": "The app checks which other apps are installed through their URL schemes.",
        "BIN-001": "Links open the app but nothing handles them: users land on the app's first screen.",
        "BIN-002": "Link handlers receive attacker-chosen URLs: they are the entry points to test.",
        "BIN-003": "The app hands data to other apps through URLs: a hijacked receiving scheme would get it.",
        "BIN-004": "A crafted link may make the app load an attacker's page in its web view: phishing or an open redirect inside a trusted app.",
        "BIN-006": "Only legacy URL handlers exist: universal links are never delivered to them.",
        "AASA-001": "Devices cannot reach the domain's association file: links to the domain open in the browser.",
        "AASA-002": "The association file is not served over valid HTTPS: devices ignore it and links open in the browser.",
        "AASA-003": "The association file is behind a redirect, which devices do not follow: links open in the browser.",
        "AASA-004": "The association file is not served with status 200: links to the domain open in the browser.",
        "AASA-005": "Devices cannot use the association file (not JSON, or no applinks): links open in the browser.",
        "AASA-006": "The association file is over 128 KiB: devices reject it and links open in the browser.",
        "AASA-007": "The domain's association file does not list the app: links to the domain open in the browser.",
        "AASA-009": "The origin is slow: Apple's CDN may time out and keep a stale or missing file.",
        "AASA-010": "Apple's CDN holds a different file than the origin: devices follow the CDN's copy.",
        "AASA-011": "The file is only at the legacy root path.",
        "AASA-012": "The origin answers crawlers differently from browsers: Apple's CDN may be refused the file.",
        "AASA-013": "iOS 12 and iOS 13+ route URLs differently (paths and components disagree).",
        "AASA-014": "Some rules can never decide a URL.",
        "AASA-015": "Defaults silently change the meaning of every rule.",
        "AASA-016": "Devices and other parsers may read the file differently.",
        "AASA-017": "Encoded slashes (%2F) let crafted URLs match rules they were not meant to match, reaching handlers the site kept in the browser.",
        "AASA-018": "Anyone can send a link that starts a sensitive action (sign-in, reset, payment, deletion) in the app.",
        "AASA-019": "Other teams' apps are allowed to open this domain's links: once installed, each receives those URLs and what they carry.",
        "AASA-021": "Schema problems: devices may ignore parts of the file.",
        "AASA-022": "The app is listed under another service than applinks: its links open in the browser.",
        "AASA-023": "The file lists a near miss of the app's ID: links open in the browser.",
        "AASA-024": "The App Clip is not listed: web invocations of the clip fail.",
        "AASA-025": "The app is not listed under webcredentials: password AutoFill and passkeys for the domain fail.",
        "AASA-027": "Hidden or bidirectional characters make the rules a reviewer reads differ from the ones devices match.",
    ]
}
