import AndroidApp
import Foundation
import SiteAssociation
import TestSupport
import Testing

/// `Samples/LinkLabSample.apk` (built by `scripts/fixtures/android/make-sample.sh`): each planted
/// problem listed in `Samples/README.md` is what the engine reads and decides.
@Suite struct SampleAPKTests {
    static let root = Fixtures.repositoryRoot.appendingPathComponent("Samples")
    static let snapshot = try! APKInspector.inspect(fileAt: root.appendingPathComponent("LinkLabSample.apk"))

    static var files: [String: AssetLinksFile] {
        var files: [String: AssetLinksFile] = [:]
        for host in ["example.com", "example.org", "shop.example.com"] {
            let url = root.appendingPathComponent("assetlinks/\(host).json")
            files[host] = AssetLinksFile(data: (try? Data(contentsOf: url)) ?? Data())
        }
        return files
    }

    static func decider(sdk: Int = 35) -> AndroidLinkDecider {
        AndroidLinkDecider(
            manifest: snapshot.manifest, signing: snapshot.signing, files: files, sdk: sdk,
            suppliedOnly: true)
    }

    @Test func identityAndBuild() {
        let manifest = Self.snapshot.manifest
        #expect(manifest.packageName == "com.example.app" && manifest.targetSDK == 34)
        #expect(manifest.debuggable)  // planted: a debuggable build
        #expect(Self.snapshot.signing.schemes.map(\.rawValue).contains("v3"))
        #expect(Self.snapshot.linkEvidence.contains { $0.symbol.contains("loadUrl") })
        // Planted: an exported activity handling a custom-scheme admin link, no permission.
        let admin = manifest.activities.first { $0.name == "com.example.app.AdminActivity" }
        #expect(admin?.isEffectivelyExported == true && admin?.permission == nil)
        // Planted: http beside https in a verified filter, and a wildcard host.
        let link = manifest.activities.first { $0.name == "com.example.app.LinkActivity" }
        #expect(link?.intentFilters[1].data.compactMap(\.scheme) == ["https", "http"])
        #expect(link?.intentFilters[1].autoVerify == true)
        let hosts = manifest.activities.flatMap(\.intentFilters).flatMap(\.data).compactMap(\.host)
        #expect(hosts.contains("*.example.org"))
    }

    /// example.com and *.example.org verify; shop.example.com lists the upload key (near miss);
    /// the planted linklab.page.link and links.linklab.invalid have no file (Samples/README.md).
    @Test func verification() {
        let hosts = Self.decider().verification.hosts
        #expect(
            hosts.map(\.host) == [
                "example.com", "shop.example.com", "linklab.page.link", "links.linklab.invalid",
                "*.example.org",
            ])
        #expect(hosts.map(\.verified) == [true, false, false, false, true])
        #expect(hosts[1].reason.contains("upload or debug key"))
        #expect(hosts[4].fileHost == "example.org")
    }

    @Test(arguments: [
        ("https://example.com/buy/42", AndroidLinkDecision.Outcome.opensApp),
        ("https://shop.example.com/shop/checkout/pay", .browser),  // near miss: not verified
        ("http://shop.example.com/shop/shoes/1", .browser),  // http in the verified filter, same host
        ("https://go.example.net/promo/spring", .browser),  // https deep link without autoVerify
        ("https://www.example.org/oauth/callback", .opensApp),  // the data-merge trap
        ("https://example.com/open/item/7", .opensApp),  // the data-merge trap, other way round
        ("https://example.org/open/item/7", .browser),  // *.example.org does not cover its root
        ("https://www.example.org/open/admin/users", .browser),  // Android 15 dynamic rule excludes it
        ("linklab://cart", .opensAppUnverified),  // custom scheme
        ("linklab-admin://users/delete", .opensAppUnverified),  // exported admin activity
    ])
    func plantedDecisions(url: String, outcome: AndroidLinkDecision.Outcome) {
        #expect(Self.decider().decide(url).outcome == outcome, "\(url)")
    }

    /// Below Android 12 the unverified deep link is a chooser, and one failing host (the near
    /// miss) fails them all; dynamic rules do not exist before Android 15.
    @Test func olderAndroid() {
        let decider = Self.decider(sdk: 30)
        #expect(decider.decide("https://go.example.net/promo/spring").outcome == .chooser)
        #expect(decider.decide("https://example.com/buy/42").outcome == .chooser)
        #expect(Self.decider(sdk: 34).decide("https://www.example.org/open/admin/users").outcome == .opensApp)
    }
}
