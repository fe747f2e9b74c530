import AndroidApp
import AppInspection
import Foundation
import SiteAssociation
import TestSupport
import Testing

/// Android 15 pieces of a decision: relative filter groups in the manifest and dynamic rules in
/// `assetlinks.json`; and DEX link evidence read from hostile bytes.
@Suite struct AndroidDecisionTests {
    static func data(
        _ scheme: String? = nil, host: String? = nil, path: String? = nil, prefix: String? = nil,
        query: String? = nil
    ) -> AndroidManifest.DataElement {
        var element = AndroidManifest.DataElement()
        element.scheme = scheme
        element.host = host
        element.path = path
        element.pathPrefix = prefix
        element.queryPattern = query
        return element
    }

    static let manifest = AndroidManifest(
        packageName: "com.example", targetSDK: 35,
        activities: [
            AndroidManifest.Activity(
                name: "com.example.Links", exported: true,
                intentFilters: [
                    AndroidManifest.IntentFilter(
                        autoVerify: true, actions: ["android.intent.action.VIEW"],
                        categories: ["android.intent.category.DEFAULT", "android.intent.category.BROWSABLE"],
                        data: [data("https", host: "example.com"), data(path: "/home")],
                        relativeFilterGroups: [
                            .init(allow: false, data: [data(prefix: "/promo/", query: "ref=.*")]),
                            .init(allow: true, data: [data(prefix: "/promo/")]),
                        ])
                ])
        ])

    @Test func relativeGroupsAreTriedInOrderWhenNoPathMatches() {
        let matcher = AndroidLinkMatcher(manifest: Self.manifest)
        #expect(matcher.anyMatch(AndroidURI("https://example.com/home")))  // the filter's own path
        #expect(matcher.anyMatch(AndroidURI("https://example.com/promo/a")))  // second group allows
        #expect(!matcher.anyMatch(AndroidURI("https://example.com/promo/a?ref=x")))  // first group blocks
        #expect(!matcher.anyMatch(AndroidURI("https://example.com/other")))  // none matches
        let answer = matcher.answers(for: AndroidURI("https://example.com/promo/a?ref=x"))[0]
        #expect(answer.reason.contains("blocks"))
    }

    @Test func dynamicRulesDecideOnAndroid15Only() {
        let certificate = SigningCertificate(der: Data([0x30, 0x00]))
        let signing =
            APKSigning(signers: [.init(scheme: .v2, certificates: [certificate])], lineage: [], otherBlockIDs: [])
        let file = AssetLinksFile(
            data: Data(
                """
                [{"relation": ["delegate_permission/common.handle_all_urls"],
                  "target": {"namespace": "android_app", "package_name": "com.example",
                             "sha256_cert_fingerprints": ["\(certificate.sha256)"]},
                  "relation_extensions": {"delegate_permission/common.handle_all_urls": \
                {"dynamic_app_link_components": [
                    {"/": "/promo/secret*", "exclude": true}, {"/": "/promo/*"}, {"/": "/home"}]}}}]
                """.utf8))
        let files = ["example.com": file]
        let matcher = AndroidLinkMatcher(manifest: Self.manifest)
        func outcome(_ url: String, sdk: Int) -> AndroidLinkDecision.Outcome {
            let verification = AndroidVerifier.verify(manifest: Self.manifest, signing: signing, files: files, sdk: sdk)
            return matcher.decide(url, verification: verification, files: files).outcome
        }
        #expect(outcome("https://example.com/promo/a", sdk: 35) == .opensApp)
        #expect(outcome("https://example.com/promo/secret-1", sdk: 35) == .browser)
        #expect(outcome("https://example.com/promo/secret-1", sdk: 34) == .opensApp)
    }

    @Test func dexScannerSurvivesEveryTruncation() throws {
        let zip = try ZIPReader(fileAt: Fixtures.url("android/links-v1v2v3.apk"))
        let dex = try #require(try zip.read(named: "classes.dex", maxBytes: 1 << 20))
        #expect(DEXScanner.scan(dex, file: "classes.dex").count == 4)
        for length in 0..<dex.count {
            _ = DEXScanner.scan(dex.prefix(length), file: "classes.dex")
        }
        var corrupt = dex
        corrupt.replaceSubrange(0x58..<0x60, with: [0xFF, 0xFF, 0xFF, 0x7F, 0xF0, 0xFF, 0xFF, 0x7F])
        #expect(DEXScanner.scan(corrupt, file: "classes.dex").isEmpty)
    }
}
