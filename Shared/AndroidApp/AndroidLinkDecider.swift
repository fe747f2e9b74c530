import Foundation
import SiteAssociation

/// One app's link decisions for one Android version: its filters compiled once, its hosts
/// checked once against the `assetlinks.json` files fetched or given, then any number of URLs.
public struct AndroidLinkDecider: Sendable {
    public let packageName: String
    public let matcher: AndroidLinkMatcher
    public let verification: AndroidVerification
    /// The files by the host that serves them (lower-cased).
    public let files: [String: AssetLinksFile]

    /// `suppliedOnly`: the files were given, not fetched: a host without one is "not checked".
    public init(
        manifest: AndroidManifest, signing: APKSigning, files: [String: AssetLinksFile], sdk: Int,
        suppliedOnly: Bool = false
    ) {
        packageName = manifest.packageName
        matcher = AndroidLinkMatcher(manifest: manifest, sdk: sdk)
        let keyed = Dictionary(files.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.files = keyed
        verification = AndroidVerifier.verify(
            manifest: manifest, signing: signing, files: keyed, sdk: sdk, suppliedOnly: suppliedOnly)
    }

    public var sdk: Int { verification.sdk }

    /// What a tap on `url` does on a device with this app installed, with the trace.
    public func decide(_ url: String) -> AndroidLinkDecision {
        matcher.decide(url, verification: verification, files: files)
    }
}
