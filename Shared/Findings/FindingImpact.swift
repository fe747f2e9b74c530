import Foundation

/// One plain sentence per rule for an executive summary: for a security rule what an attacker
/// could do, for a reliability rule what users lose. A rule without one is summarised by its
/// title.
public enum FindingImpact {
    /// The sentence for `finding` (URL-002's, AND-017's and XPL-001's depend on the finding's
    /// category).
    public static func sentence(for finding: Finding) -> String {
        if finding.id == "XPL-001" {
            return finding.category == .security
                ? "A link that opens the app on one platform goes, on the other, to whichever app claims it or to "
                    + "the browser, with its parameters."
                : "A link that opens the app on one platform stays in the browser on the other."
        }
        if finding.id == "URL-002" || finding.id == "AND-017" {
            let system = finding.id == "AND-017" ? "On Android, a" : "A"
            return finding.category == .security
                ? "\(system) URL the tester said must stay in the browser opens the app, handing its parameters "
                    + "to the app's link handler."
                : "\(system) URL the tester said must open the app stays in the browser."
        }
        return sentences[finding.id] ?? finding.title + "."
    }

    static let sentences: [String: String] = [
        "ENT-001": "The app does not use universal links.",
        "ENT-002": "iOS ignores a malformed associated-domain entry: links to that domain do not open the app.",
        "ENT-003":
            "Any subdomain of a wildcard host can route links into the app: a taken-over or user-content subdomain "
            + "becomes a way in.",
        "ENT-004": "Customers' devices ignore developer-mode entries: links to those hosts do not open the app.",
        "ENT-005": "iOS refuses the associated-domains entitlement: no universal link opens the app.",
        "ENT-006": "The signature's entitlements disagree: devices may reject the build or its entitlements.",
        "ENT-007": "The build is debuggable: whoever holds it can attach a debugger and read its memory.",
        "ENT-008":
            "Internationalised (punycode) hosts are reported not to verify on recent iOS: their links open in the "
            + "browser.",
        "ENT-010": "The provisioning profile expires or has expired: the build stops launching.",
        "ENT-012":
            "Developer devices fetch a production host's file directly, trusting user-installed roots: a network "
            + "attacker there can swap the file.",
        "ENT-013": "The analysed build was edited or re-signed after signing: it is not the shipped build.",
        "SCH-001":
            "Another app can register the same URL scheme and receive the URLs meant for this app, with any token or "
            + "code they carry.",
        "SCH-002": "The app checks which other apps are installed through their URL schemes.",
        "BIN-001": "Links open the app but nothing handles them: users land on the app's first screen.",
        "BIN-002": "Link handlers receive attacker-chosen URLs: they are the entry points to test.",
        "BIN-003": "The app hands data to other apps through URLs: a hijacked receiving scheme would get it.",
        "BIN-004":
            "A crafted link may make the app load an attacker's page in its web view: phishing or an open redirect "
            + "inside a trusted app.",
        "BIN-006": "Only legacy URL handlers exist: universal links are never delivered to them.",
        "AASA-001": "Devices cannot reach the domain's association file: links to the domain open in the browser.",
        "AASA-002":
            "The association file is not served over valid HTTPS: devices ignore it and links open in the browser.",
        "AASA-003":
            "The association file is behind a redirect, which devices do not follow: links open in the browser.",
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
        "AASA-017":
            "Encoded slashes (%2F) let crafted URLs match rules they were not meant to match, reaching handlers the "
            + "site kept in the browser.",
        "AASA-018":
            "Anyone can send a link that starts a sensitive action (sign-in, reset, payment, deletion) in the app.",
        "AASA-019":
            "Other teams' apps are allowed to open this domain's links: once installed, each receives those URLs and "
            + "what they carry.",
        "AASA-021": "Schema problems: devices may ignore parts of the file.",
        "AASA-022": "The app is listed under another service than applinks: its links open in the browser.",
        "AASA-023": "The file lists a near miss of the app's ID: links open in the browser.",
        "AASA-024": "The App Clip is not listed: web invocations of the clip fail.",
        "AASA-025": "The app is not listed under webcredentials: password AutoFill and passkeys for the domain fail.",
        "AASA-027":
            "Hidden or bidirectional characters make the rules a reviewer reads differ from the ones devices match.",
        "URL-003": "A link one URL parser approves opens the app as another parser reads it (another host or path).",
        "AND-021": "On Android, a link one URL parser approves opens the app as another parser reads it.",
        "AND-001": "Android does not verify the host: its links open in the browser or a chooser instead of the app.",
        "AND-003":
            "Any installed app can declare the same web links and be offered them in the chooser, with what the links "
            + "carry.",
        "AND-004":
            "Another app can declare the same custom scheme and receive the links meant for this app, with any token "
            + "or code they carry.",
        "AND-005":
            "The filter accepts URLs nobody meant it to: crafted links on other hosts or paths reach the app's "
            + "handler.",
        "AND-006":
            "Android never verifies the filter: its links go to the browser or a chooser where other apps can claim "
            + "them.",
        "AND-007": "Plain http:// links open the app too: a network attacker can rewrite them before they arrive.",
        "AND-008":
            "Any subdomain of a wildcard host can route links into the app: a taken-over or user-content subdomain "
            + "becomes a way in.",
        "AND-009":
            "The host's file lets another package open its links: once installed, it receives those URLs and what "
            + "they carry.",
        "AND-010": "Any app can start the exported link handlers directly, with any URL and extras it chooses.",
        "AND-011":
            "The build is debuggable or test-only: whoever holds it can attach a debugger or install it where it "
            + "should not run.",
        "AND-012":
            "Some of the host's dynamic rules can never apply: links the site expects to open the app stay in the "
            + "browser, or the reverse.",
        "AND-013": "On Android 11 and lower one failing host disables every App Link of the app.",
        "AND-014": "Android's verifier may refuse a file served with this content type: links open in the browser.",
        "AND-015": "Google's verifier may hold another statement list than the host serves: devices follow Google's.",
        "AND-016": "Android may read the file differently from a reviewer, or not at all.",
        "ENT-014": "Firebase Dynamic Links is shut down: links on its hosts no longer open the app.",
        "ENT-015": "iOS ignores the universal-link claims of a default-browser app: none of its links open it.",
        "ENT-016": "A shared-hosting name the product may lose can be registered by someone else, who then "
            + "receives its links.",
        "SCH-003": "A sign-in or reset flow also runs through a custom scheme any app can send or intercept.",
        "SCH-004": "An app that declares the same scheme can intercept a sign-in code and, without PKCE, "
            + "exchange it for the account.",
        "BIN-007": "Sign-in with the https callback cannot complete: the callback host is not associated.",
        "AASA-028": "Whoever registers the dead name or deleted site serves the association file and gets its links.",
        "AND-018": "Firebase Dynamic Links is shut down: links on its hosts no longer open the app.",
        "AND-019": "Whoever controls the included file decides which apps receive this host's links.",
        "AND-020": "Whoever registers the dead name or deleted site serves assetlinks.json and gets its links.",
        "PRB-001":
            "Anyone who sends the link makes the app do what the probe showed on a device: open their page, run "
            + "their script or act for the user.",
    ]
}
