import AndroidApp
import Findings
import Foundation

extension Analysis {
    /// The verdict table of this iOS analysis beside an Android app: `entries` decided on both
    /// sides (the analysis decided the http(s) ones for iOS; custom schemes are judged against
    /// the iOS app's declared URL schemes).
    public func crossPlatformTable(android: AndroidLinkDecider, entries: [URLListEntry]) -> CrossPlatformTable {
        crossPlatformTable(
            androidDecisions: entries.map { android.decide($0.url) }, package: android.packageName,
            sdk: android.sdk, entries: entries)
    }

    /// The same table from Android decisions already made (a document's, of the same lines).
    public func crossPlatformTable(
        androidDecisions: [AndroidLinkDecision], package: String, sdk: Int,
        entries: [URLListEntry]
    ) -> CrossPlatformTable {
        CrossPlatformTable(
            iosTests: urlTests, iosAppID: appIDs.first ?? snapshot.mainBundle?.bundleIdentifier ?? "",
            iosURLSchemes: snapshot.mainBundle?.urlSchemes ?? [],
            android: androidDecisions, androidPackage: package, androidSDK: sdk, entries: entries)
    }
}
