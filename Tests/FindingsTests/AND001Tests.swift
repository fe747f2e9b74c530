import AndroidApp
import AssociationFetch
import Foundation
import TestSupport
import Testing

@testable import Findings

private typealias F = AndroidFactsFactory

/// The fixture `links-v1v2v3.apk` (target 29, release key 07:A8…): LinkActivity verifies
/// shop.example and *.shop.example (https + http merged), DeepLinkActivity takes shop:// and
/// https://promo.shop.example:8443/reset behind a permission, AliasActivity is not exported.
@Suite struct AND001Tests {
    let rule = AND001HostWouldNotVerify()

    func findings(_ report: AssetLinksReport, apk: String = "links-v1v2v3.apk") throws -> [Finding] {
        rule.evaluate(AndroidFacts(snapshot: try F.apk(apk), assetLinks: [report]))
    }

    @Test func goodFileVerifiesAndNothingIsReported() throws {
        #expect(try findings(F.supplied("shop.example", F.good)).isEmpty)
    }

    @Test func redirectNamesItsTargetForEveryHostOfTheFile() throws {
        let location = HeaderField(name: "Location", value: "https://www.shop.example/.well-known/assetlinks.json")
        let report = F.fetched("shop.example", status: 301, headers: [location])
        let found = try findings(report)
        #expect(found.map(\.subject) == ["shop.example", "*.shop.example"])
        #expect(
            found.allSatisfy { $0.explanation.contains("301 → https://www.shop.example/.well-known/assetlinks.json") })
        #expect(found.first?.severity == .high && found.first?.category == .reliability)
    }

    @Test func unreachableHTTPStatusAndNotJSONEachSayWhy() throws {
        let refused = F.fetched("shop.example", status: nil, error: .connectionRefused(host: "shop.example", port: 443))
        #expect(try findings(refused).first?.explanation.contains("connection refused") == true)
        #expect(try findings(F.fetched("shop.example", status: 404)).first?.explanation.contains("HTTP 404") == true)
        let html = try findings(F.supplied("shop.example", "<html>"))
        #expect(html.first?.explanation.contains("not a statement list Android can read: not JSON") == true)
    }

    @Test func packageMissingNamesThePackagesListed() throws {
        let found = try findings(F.supplied("shop.example", F.statements([("com.other.app", F.release)])))
        #expect(
            found.first?
                .explanation.contains("com.linklab.shop is not listed; the file lists com.other.app") == true)
    }

    @Test func uploadKeyListedInsteadOfTheSigningKeyIsTheNearMiss() throws {
        // links-v1-only.apk is signed with the upload key; the file lists the release key.
        let found = try findings(F.supplied("shop.example", F.good), apk: "links-v1-only.apk")
        let text = try #require(found.first?.explanation)
        #expect(text.contains("is listed, but with \(F.release)"))
        #expect(text.contains("upload or debug key"))
        #expect(found.first?.evidence.contains(.text("APK signing certificate SHA-256 (API 35): \(F.upload)")) == true)
    }

    @Test func olderLineageKeyListedIsNamedAsSuch() throws {
        // links-rotated.apk is signed with the rotated key; its lineage starts with the release key.
        let found = try findings(F.supplied("shop.example", F.good), apk: "links-rotated.apk")
        #expect(found.first?.explanation.contains("an older key of the rotation lineage") == true)
    }

    @Test func anIncludeThatWasNotReadIsNamed() throws {
        let found =
            try findings(
                F.supplied(
                    "shop.example",
                    #"[{"include": "https://other.example/.well-known/assetlinks.json"}]"#))
        let text = try #require(found.first?.explanation)
        #expect(text.contains("also includes https://other.example/.well-known/assetlinks.json (not fetched)"))
    }

    @Test func grantsOfAnIncludedListCount() throws {
        var report = F.supplied("shop.example", #"[{"include": "https://other.example/a.json"}]"#)
        var result = RouteResult(route: .origin, url: "https://other.example/a.json", userAgent: nil)
        result.status = 200
        result.body = Data(F.good.utf8)
        report.included = [AssetLinksInclude(url: "https://other.example/a.json", result: result)]
        #expect(try findings(report).isEmpty)
    }

    @Test func notFetchedIsLeftToAND002() throws {
        #expect(try findings(AssetLinksReport(host: "shop.example", result: nil)).isEmpty)
    }
}
