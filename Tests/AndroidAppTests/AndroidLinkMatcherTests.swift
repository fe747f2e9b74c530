import AndroidApp
import Foundation
import SiteAssociation
import TestSupport
import Testing

/// URL decisions against the real fixture app (`links-v1v2v3.apk`): filter matching with merged
/// `<data>`, host wildcards, ports, verification per host or all-or-nothing, traces.
@Suite struct AndroidLinkMatcherTests {
    static let snapshot = try! APKInspector.inspect(fileAt: Fixtures.url("android/links-v1v2v3.apk"))

    static func assetLinks(_ package: String, _ fingerprints: [String]) -> AssetLinksFile {
        let list = fingerprints.map { "\"\($0)\"" }.joined(separator: ",")
        return AssetLinksFile(
            data: Data(
                """
                [{"relation": ["delegate_permission/common.handle_all_urls"],
                  "target": {"namespace": "android_app", "package_name": "\(package)", "sha256_cert_fingerprints": \
                [\(list)]}}]
                """.utf8))
    }

    static var releaseKey: String { snapshot.signing.effectiveCertificates(sdk: 35)[0].sha256 }

    static func decide(_ url: String, sdk: Int = 35, files: [String: AssetLinksFile]) -> AndroidLinkDecision {
        let matcher = AndroidLinkMatcher(manifest: snapshot.manifest)
        let verification = AndroidVerifier.verify(
            manifest: snapshot.manifest, signing: snapshot.signing, files: files, sdk: sdk)
        return matcher.decide(url, verification: verification, files: files)
    }

    @Test func mergedDataClaimsEverySchemeWithEveryHostAndPath() {
        let matcher = AndroidLinkMatcher(manifest: Self.snapshot.manifest)
        // https was declared with shop.example, http with *.shop.example — merged, both combine.
        #expect(matcher.anyMatch(AndroidURI("http://shop.example/orders/1")))
        #expect(matcher.anyMatch(AndroidURI("https://a.shop.example/item/9/view")))
        #expect(!matcher.anyMatch(AndroidURI("https://shop.example/other")))
        // The wildcard does not cover its root… but shop.example is declared itself.
        #expect(!matcher.anyMatch(AndroidURI("https://evilshop.example/orders/1")))
        // Host compare ignores case; path compare does not.
        #expect(matcher.anyMatch(AndroidURI("https://SHOP.example/orders/1")))
        #expect(!matcher.anyMatch(AndroidURI("https://shop.example/ORDERS/1")))
        // Paths are matched decoded.
        #expect(matcher.anyMatch(AndroidURI("https://shop.example/%6Frders/1")))
    }

    @Test func portMustBeExplicitAndEqual() {
        let matcher = AndroidLinkMatcher(manifest: Self.snapshot.manifest)
        let answers = matcher.answers(for: AndroidURI("https://promo.shop.example/reset"))
        #expect(answers.allSatisfy { !$0.matches })
        #expect(matcher.anyMatch(AndroidURI("https://promo.shop.example:8443/reset")))
        // The same merged filter also claims shop://promo.shop.example:8443/reset.
        #expect(matcher.anyMatch(AndroidURI("shop://promo.shop.example:8443/reset")))
    }

    @Test func nonExportedAliasIsNotReachable() {
        let matcher = AndroidLinkMatcher(manifest: Self.snapshot.manifest)
        #expect(!matcher.anyMatch(AndroidURI("https://alias.shop.example/oauth/callback")))
    }

    @Test func verifiedHostOpensTheAppAndTracesWhy() {
        let files = ["shop.example": Self.assetLinks("com.linklab.shop", [Self.releaseKey])]
        let decision = Self.decide("https://shop.example/orders/7", files: files)
        #expect(decision.outcome == .opensApp)
        #expect(decision.activities == ["com.linklab.shop.LinkActivity"])
        #expect(decision.trace.contains { $0.contains("prefix /orders/") })
    }

    /// Android 12+: per host. shop.example verifies; *.shop.example is checked through its root,
    /// the same file, so it verifies too.
    @Test func wildcardHostVerifiesThroughItsRoot() {
        let files = ["shop.example": Self.assetLinks("com.linklab.shop", [Self.releaseKey])]
        #expect(Self.decide("http://a.shop.example/orders/1", files: files).outcome == .opensApp)
    }

    @Test func uploadKeyListedInsteadOfTheSigningKeyIsANearMiss() {
        let upload = "F6:B0:62:25:24:34:FD:A4:FC:22:D7:31:51:64:75:5B:75:78:63:80:CC:A9:32:49:C1:94:F9:4B:34:8D:96:C5"
        let files = ["shop.example": Self.assetLinks("com.linklab.shop", [upload])]
        let decision = Self.decide("https://shop.example/orders/7", files: files)
        #expect(decision.outcome == .browser)
        #expect(decision.trace.contains { $0.contains("upload or debug key") })
        #expect(Self.decide("https://shop.example/orders/7", sdk: 30, files: files).outcome == .chooser)
    }

    @Test func otherPackageListedIsNamed() {
        let files = ["shop.example": Self.assetLinks("com.attacker.app", [Self.releaseKey])]
        let decision = Self.decide("https://shop.example/orders/7", files: files)
        #expect(decision.trace.contains { $0.contains("the file lists com.attacker.app") })
    }

    @Test func customSchemeOpensUnverified() {
        // The merged filter gives the custom scheme the https element's host, port and path.
        #expect(Self.decide("shop://promo.shop.example:8443/reset", files: [:]).outcome == .opensAppUnverified)
        #expect(Self.decide("shop://anything", files: [:]).outcome == .browser)
    }

    @Test func unmatchedURLGoesToTheBrowser() {
        let decision = Self.decide("https://elsewhere.example/", files: [:])
        #expect(decision.outcome == .browser && decision.activities.isEmpty)
    }

    /// The app targets API 29: on Android 12 one autoVerify filter makes the system verify the
    /// web hosts of every VIEW/BROWSABLE/DEFAULT http(s) filter (the DeepLinkActivity's https
    /// host is in a filter that also has the custom scheme "shop", so it is not a web-only filter).
    @Test func candidateHostsFollowTheTargetSDKRule() {
        let matcher = AndroidLinkMatcher(manifest: Self.snapshot.manifest)
        let hosts = AndroidVerifier.candidateHosts(matcher, targetSDK: 29, sdk: 35)
        #expect(hosts == ["shop.example", "*.shop.example"])
        #expect(AndroidVerifier.candidateHosts(matcher, targetSDK: 31, sdk: 35) == hosts)
    }

    /// Android 11 and lower: all or nothing.
    @Test func allOrNothingOnAndroid11() {
        var verification = AndroidVerification(
            sdk: 30,
            hosts: [
                .init(host: "a.example", fileHost: "a.example", verified: true, reason: ""),
                .init(host: "b.example", fileHost: "b.example", verified: false, reason: "404"),
            ], allOrNothing: true)
        #expect(!verification.isVerified(urlHost: "a.example"))
        verification.allOrNothing = false
        #expect(verification.isVerified(urlHost: "a.example"))
        #expect(!verification.isVerified(urlHost: "b.example"))
    }
}
