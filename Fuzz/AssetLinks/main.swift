import Foundation

/// libFuzzer entry: any bytes as an `assetlinks.json` (statements, includes, Android 15 dynamic
/// rules, lint), then what the Android scan derives from it: the grants, the unusable reason,
/// the lint text, verification of a fixed app against it on Android 11 and 15, and URL
/// decisions through its dynamic rules. Must never crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let file = AssetLinksFile(data: Data(bytes: data, count: size))
    _ = file.linkGrants
    _ = file.unusableReason
    _ = file.otherPackages(than: "com.example.app")
    _ = AndroidReport.lintText(file, name: "fuzz")
    var data = AndroidManifest.DataElement()
    data.scheme = "https"
    data.host = "*.example.com"
    var custom = AndroidManifest.DataElement()
    custom.scheme = "app"
    let filter = AndroidManifest.IntentFilter(
        autoVerify: true, actions: ["android.intent.action.VIEW"],
        categories: ["android.intent.category.BROWSABLE", "android.intent.category.DEFAULT"], data: [data, custom])
    let manifest = AndroidManifest(
        packageName: "com.example.app", targetSDK: 35,
        activities: [
            AndroidManifest.Activity(name: "com.example.app.Links", exported: true, intentFilters: [filter])
        ])
    let signing = APKSigning(signers: [], lineage: [], otherBlockIDs: [])
    let matcher = AndroidLinkMatcher(manifest: manifest)
    for sdk in [30, 35] {
        let verification = AndroidVerifier.verify(
            manifest: manifest, signing: signing,
            files: ["example.com": file], sdk: sdk)
        for url in ["https://a.example.com/x?y=z#f", "https://example.com/", "app://h/p"] {
            _ = matcher.decide(url, verification: verification, files: ["example.com": file])
        }
    }
    return 0
}
