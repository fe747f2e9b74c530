import AndroidApp
import AssociationFetch
import Foundation
import SiteAssociation

/// Everything the Android rules (`AND-…`) look at: the APK as read, the Android version
/// modelled, and each verified host's `assetlinks.json` as fetched or supplied. Rules are pure
/// functions of this value; verification is computed once here.
public struct AndroidFacts: Sendable {
    /// The APK (manifest, signing, DEX evidence).
    public var snapshot: APKSnapshot
    /// The Android API level modelled (35 = Android 15).
    public var sdk: Int
    /// One report per file host (`example.com`, never `*.`), fetched, supplied or not fetched.
    public var assetLinks: [AssetLinksReport]
    /// No network was used (`--offline`).
    public var offline: Bool
    /// The filters of exported, enabled activities, compiled.
    public let matcher: AndroidLinkMatcher
    /// Per verified host: would it verify on `sdk`, and why not.
    public let verification: AndroidVerification
    /// The URLs the tester asked about, decided (in order).
    public let urlChecks: [AndroidURLCheck]

    /// Facts for one APK; `urls` are the tester's URLs with their expectations.
    public init(
        snapshot: APKSnapshot, sdk: Int = 35, assetLinks: [AssetLinksReport] = [], offline: Bool = false,
        urls: [URLListEntry] = []
    ) {
        self.snapshot = snapshot
        self.sdk = sdk
        self.assetLinks = assetLinks
        self.offline = offline
        let matcher = AndroidLinkMatcher(manifest: snapshot.manifest, sdk: sdk)
        let files = Self.files(assetLinks)
        let verification = AndroidVerifier.verify(
            manifest: snapshot.manifest, signing: snapshot.signing,
            files: files, sdk: sdk)
        self.matcher = matcher
        self.verification = verification
        urlChecks = urls.map { entry in
            AndroidURLCheck(
                url: entry.url, expectation: entry.expectation,
                decision: matcher.decide(entry.url, verification: verification, files: files))
        }
    }

    /// The parsed files by host name (port dropped, lower case): what the verifier reads.
    public static func files(_ reports: [AssetLinksReport]) -> [String: AssetLinksFile] {
        var files: [String: AssetLinksFile] = [:]
        for report in reports {
            guard let file = report.effectiveFile ?? report.file else { continue }
            files[hostName(report.host)] = file
        }
        return files
    }

    /// `example.com:8443` → `example.com`.
    static func hostName(_ authority: String) -> String {
        String(authority.split(separator: ":").first ?? Substring(authority)).lowercased()
    }

    /// The report for a file host (`example.com`), if any.
    public func report(forFileHost host: String) -> AssetLinksReport? {
        assetLinks.first { Self.hostName($0.host) == host.lowercased() }
    }

    /// The hosts Android verifies for this app on `sdk` (as declared, `*.` kept).
    public var candidateHosts: [String] { verification.hosts.map(\.host) }

    /// The package name.
    public var packageName: String { snapshot.manifest.packageName }

    /// The signing certificates a device on `sdk` sees.
    public var signingFingerprints: [String] { snapshot.signing.effectiveCertificates(sdk: sdk).map(\.sha256) }
}

/// Where an intent filter sits, for findings (stable words, no line numbers: fingerprints
/// must survive a rebuild).
struct FilterSite {
    var activity: AndroidManifest.Activity
    var filter: AndroidManifest.IntentFilter

    /// Every filter of every activity and alias, in manifest order.
    static func all(_ manifest: AndroidManifest) -> [FilterSite] {
        manifest.activities.flatMap { activity in
            activity.intentFilters.map { FilterSite(activity: activity, filter: $0) }
        }
    }

    var schemes: [String] { unique(filter.data.compactMap(\.scheme)) }
    var hosts: [String] { unique(filter.data.compactMap(\.host)) }
    var webSchemes: [String] { schemes.filter { $0 == "http" || $0 == "https" } }
    var customSchemes: [String] { schemes.filter { $0 != "http" && $0 != "https" } }

    /// Action VIEW with category BROWSABLE: a web page can start it with a link.
    var isBrowsable: Bool {
        filter.actions.contains("android.intent.action.VIEW")
            && filter.categories.contains("android.intent.category.BROWSABLE")
    }

    /// Reachable by other apps (exported, enabled).
    var isReachable: Bool { activity.enabled && activity.isEffectivelyExported }

    /// `com.x.LinkActivity <intent-filter autoVerify="true">` with its data elements.
    var description: String {
        "\(activity.name) <intent-filter\(filter.autoVerify ? " android:autoVerify=\"true\"" : "")> "
            + filter.data.map { "<data \(Self.describe($0))/>" }.joined(separator: " ")
    }

    /// `line N` of the manifest (for details, never for evidence).
    var line: String { "AndroidManifest.xml line \(filter.line)" }

    /// The manifest evidence of this filter.
    var evidence: Evidence { .text("AndroidManifest.xml: \(description)") }

    static func describe(_ data: AndroidManifest.DataElement) -> String {
        let fields: [(String, String?)] = [
            ("scheme", data.scheme), ("host", data.host), ("port", data.port), ("path", data.path),
            ("pathPrefix", data.pathPrefix), ("pathPattern", data.pathPattern),
            ("pathAdvancedPattern", data.pathAdvancedPattern), ("pathSuffix", data.pathSuffix),
        ]
        return fields.compactMap { name, value in value.map { "android:\(name)=\"\($0)\"" } }.joined(separator: " ")
    }

    private func unique(_ values: [String]) -> [String] {
        var seen: [String] = []
        for value in values where !seen.contains(value) { seen.append(value) }
        return seen
    }
}

/// Android references every `AND-…` finding carries, and Google's pages.
extension Reference {
    /// OWASP MASTG test for Android deep links.
    public static let mastgTest0028 = Reference(
        title: "OWASP MASTG-TEST-0028: Testing Deep Links",
        url: "https://mas.owasp.org/MASTG/tests/android/MASVS-PLATFORM/MASTG-TEST-0028/"
    )

    /// Android: Verify App Links (autoVerify, assetlinks.json, HTTPS without redirects).
    public static let androidVerifyAppLinks = Reference(
        title: "Android Developers: Verify App Links",
        url: "https://developer.android.com/training/app-links/verify-android-applinks"
    )

    /// Android: Create deep links to app content (intent filters, custom schemes).
    public static let androidDeepLinks = Reference(
        title: "Android Developers: Create deep links to app content",
        url: "https://developer.android.com/training/app-links/deep-linking"
    )

    /// Android: the `<data>` element (all data elements of a filter merge).
    public static let androidDataElement = Reference(
        title: "Android Developers: <data> manifest element",
        url: "https://developer.android.com/guide/topics/manifest/data-element"
    )

    /// Google: Digital Asset Links statement list syntax.
    public static let digitalAssetLinks = Reference(
        title: "Google: Digital Asset Links — statement list syntax",
        url: "https://developers.google.com/digital-asset-links/v1/statements"
    )

    /// The references every Android link finding carries.
    public static let androidLinksBaseline: [Reference] = [masvsPlatform1, mastgTest0028]
}
