import AndroidApp
import AssociationFetch
import Foundation
import TestSupport

@testable import Findings

/// Builds Android facts for the `AND-…` rule tests: real fixture APKs (read by the engine),
/// supplied or fetched `assetlinks.json` reports, and small hand-built manifests.
enum AndroidFactsFactory {
    static let release =
        "07:A8:83:32:4F:9C:3E:A9:A5:8F:BA:D7:5C:33:51:9A:95:57:35:86:C1:58:D8:F3:FB:99:52:C8:C9:AB:71:1C"
    static let upload =
        "F6:B0:62:25:24:34:FD:A4:FC:22:D7:31:51:64:75:5B:75:78:63:80:CC:A9:32:49:C1:94:F9:4B:34:8D:96:C5"
    static let other = "AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99"

    /// `Tests/Fixtures/android/<name>` read by the engine.
    static func apk(_ name: String = "links-v1v2v3.apk") throws -> APKSnapshot {
        try APKInspector.inspect(fileAt: Fixtures.url("android/\(name)"))
    }

    /// The fixture APK with its activities replaced (signing and DEX evidence kept).
    static func apk(
        activities: [AndroidManifest.Activity], targetSDK: Int = 34,
        debuggable: Bool = false
    ) throws -> APKSnapshot {
        var snapshot = try apk()
        snapshot.manifest.activities = activities
        snapshot.manifest.targetSDK = targetSDK
        snapshot.manifest.debuggable = debuggable
        snapshot.manifest.testOnly = false
        return snapshot
    }

    /// An exported activity with one filter (VIEW, BROWSABLE, DEFAULT) of `data`.
    static func activity(
        named name: String = "com.linklab.shop.Links", autoVerify: Bool = true,
        categories: [String] =
            ["android.intent.category.BROWSABLE", "android.intent.category.DEFAULT"],
        exported: Bool? = true, permission: String? = nil,
        _ data: [AndroidManifest.DataElement]
    ) -> AndroidManifest.Activity {
        AndroidManifest.Activity(
            name: name, exported: exported, permission: permission, line: 10,
            intentFilters: [
                AndroidManifest.IntentFilter(
                    line: 11, autoVerify: autoVerify,
                    actions: ["android.intent.action.VIEW"],
                    categories: categories, data: data)
            ])
    }

    /// `<data>` with the given attributes.
    static func data(
        scheme: String? = nil, host: String? = nil, path: String? = nil,
        pathPrefix: String? = nil
    ) -> AndroidManifest.DataElement {
        var element = AndroidManifest.DataElement(line: 12)
        element.scheme = scheme
        element.host = host
        element.path = path
        element.pathPrefix = pathPrefix
        return element
    }

    /// A supplied `assetlinks.json` for `host`.
    static func supplied(_ host: String, _ body: String) -> AssetLinksReport {
        var result = RouteResult(route: .local, url: "file:///tmp/\(host).json", userAgent: nil)
        result.body = Data(body.utf8)
        result.bytes = result.body.count
        return AssetLinksReport(host: host, result: result)
    }

    /// A fetched answer for `host`.
    static func fetched(
        _ host: String, status: Int?, headers: [HeaderField] = [], body: String = "",
        error: FetchError? = nil
    ) -> AssetLinksReport {
        var result = RouteResult(route: .origin, url: "https://\(host)/.well-known/assetlinks.json", userAgent: "t")
        result.status = status
        result.headers = headers
        result.body = Data(body.utf8)
        result.bytes = result.body.count
        result.error = error
        if let status, let location = headers.first(where: { $0.name == "Location" })?.value {
            result.redirect = RedirectRecord.make(status: status, location: location, requestURL: result.url)
        }
        return AssetLinksReport(host: host, result: result)
    }

    /// A statement list granting each (package, fingerprint).
    static func statements(_ grants: [(String, String)], extra: String = "") -> String {
        "["
            + grants.map { package, fingerprint in
                """
                {"relation": ["delegate_permission/common.handle_all_urls"],
                 "target": {"namespace": "android_app", "package_name": "\(package)",
                            "sha256_cert_fingerprints": ["\(fingerprint)"]}\(extra)}
                """
            }.joined(separator: ",\n") + "]"
    }

    /// A good file for the fixture's package and release key.
    static var good: String { statements([("com.linklab.shop", release)]) }
}
