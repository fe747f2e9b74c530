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
        #expect(found.allSatisfy { $0.explanation.contains("301 → https://www.shop.example/.well-known/assetlinks.json") })
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
        #expect(found.first?.explanation.contains("com.linklab.shop is not listed; the file lists com.other.app") == true)
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
        let found = try findings(F.supplied("shop.example", #"[{"include": "https://other.example/.well-known/assetlinks.json"}]"#))
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

@Suite struct AND002Tests {
    let rule = AND002HostNotChecked()

    @Test func offlineWithoutAFileReportsEachHostAsNotChecked() throws {
        let facts = AndroidFacts(snapshot: try F.apk(), assetLinks: [AssetLinksReport(host: "shop.example", result: nil)],
                                 offline: true)
        let found = rule.evaluate(facts)
        #expect(found.map(\.subject) == ["shop.example", "*.shop.example"])
        #expect(found.allSatisfy { $0.severity == .info })
        #expect(facts.verification.hosts.allSatisfy { !$0.verified }, "not fetched is never verified")
    }

    @Test func silentWhenTheFileIsSupplied() throws {
        #expect(rule.evaluate(AndroidFacts(snapshot: try F.apk(), assetLinks: [F.supplied("shop.example", F.good)])).isEmpty)
    }
}

@Suite struct AND003Tests {
    let rule = AND003WebLinksWithoutAutoVerify()

    @Test func httpsFilterWithoutAutoVerifyIsReported() throws {
        let snapshot = try F.apk(activities: [F.activity(autoVerify: false, [F.data(scheme: "https", host: "a.example")])])
        let found = rule.evaluate(AndroidFacts(snapshot: snapshot))
        #expect(found.map(\.subject) == ["com.linklab.shop.Links: a.example"])
        #expect(found.first?.category == .security && found.first?.severity == .low)
    }

    @Test func fixturesUnverifiedPromoHostIsReportedAndVerifiedHostsAreNot() throws {
        let found = rule.evaluate(AndroidFacts(snapshot: try F.apk()))
        #expect(found.map(\.subject) == ["com.linklab.shop.DeepLinkActivity: promo.shop.example"])
    }

    @Test func silentForAnAutoVerifyFilter() throws {
        let snapshot = try F.apk(activities: [F.activity([F.data(scheme: "https", host: "a.example")])])
        #expect(rule.evaluate(AndroidFacts(snapshot: snapshot)).isEmpty)
    }
}

@Suite struct AND004Tests {
    let rule = AND004CustomScheme()

    @Test func fixturesShopSchemeIsAGenericWordSoMedium() throws {
        let found = rule.evaluate(AndroidFacts(snapshot: try F.apk()))
        #expect(found.map(\.subject) == ["com.linklab.shop.DeepLinkActivity: shop://"])
        #expect(found.first?.severity == .medium)
        #expect(found.first?.explanation.contains("a generic word many apps register") == true)
    }

    @Test func uniqueSchemeIsLow() throws {
        let snapshot = try F.apk(activities: [F.activity(autoVerify: false, [F.data(scheme: "com.linklab.shop")])])
        #expect(rule.evaluate(AndroidFacts(snapshot: snapshot)).first?.severity == .low)
    }

    @Test func authenticationCallbackSchemeIsMedium() throws {
        let snapshot = try F.apk(activities: [F.activity(autoVerify: false, [F.data(scheme: "myauth", host: "callback")])])
        #expect(rule.evaluate(AndroidFacts(snapshot: snapshot)).first?.severity == .medium)
    }

    @Test func silentForWebSchemesAndNonExportedActivities() throws {
        let web = try F.apk(activities: [F.activity([F.data(scheme: "https", host: "a.example")])])
        #expect(rule.evaluate(AndroidFacts(snapshot: web)).isEmpty)
        let hidden = try F.apk(activities: [F.activity(exported: false, [F.data(scheme: "app")])])
        #expect(rule.evaluate(AndroidFacts(snapshot: hidden)).isEmpty)
    }
}

@Suite struct AND005Tests {
    let rule = AND005DataMergeWidens()

    @Test func fixturesLinkFilterAlsoClaimsTheCrossedSchemeHostPairs() throws {
        let found = rule.evaluate(AndroidFacts(snapshot: try F.apk()))
        #expect(found.count == 1)
        let text = try #require(found.first?.explanation)
        #expect(text.contains("https://*.shop.example") && text.contains("http://shop.example"))
    }

    @Test func theDocumentedTrapCrossesCustomSchemeAndPaths() {
        let pairs = AND005DataMergeWidens.unwrittenPairs([
            F.data(scheme: "https", host: "a.example", path: "/reset"), F.data(scheme: "app", host: "b"),
        ])
        #expect(pairs.contains("https://b") && pairs.contains("app://a.example"))
        #expect(pairs.contains("b with path=/reset"))
    }

    @Test func silentForElementsWrittenToCombine() throws {
        let snapshot = try F.apk(activities: [F.activity([
            F.data(scheme: "http"), F.data(scheme: "https"), F.data(host: "a.example"), F.data(host: "b.example"),
            F.data(pathPrefix: "/orders/"),
        ])])
        #expect(rule.evaluate(AndroidFacts(snapshot: snapshot)).isEmpty)
        #expect(AND005DataMergeWidens.unwrittenPairs([F.data(scheme: "https", host: "a.example", path: "/x")]).isEmpty)
    }
}

@Suite struct AND006Tests {
    let rule = AND006FilterNotVerifiable()

    @Test func customSchemeMergedIntoAnAutoVerifyFilterLosesItsHosts() throws {
        let snapshot = try F.apk(activities: [F.activity([F.data(scheme: "https", host: "a.example"), F.data(scheme: "app")])])
        let found = rule.evaluate(AndroidFacts(snapshot: snapshot))
        #expect(found.count == 1 && found.first?.severity == .high)
        #expect(found.first?.explanation.contains("other schemes merged in (app)") == true)
        #expect(found.first?.explanation.contains("Not verified for com.linklab.shop: a.example") == true)
    }

    @Test func missingDefaultCategoryIsReported() throws {
        let snapshot = try F.apk(activities: [F.activity(categories: ["android.intent.category.BROWSABLE"],
                                                         [F.data(scheme: "https", host: "a.example")])])
        #expect(rule.evaluate(AndroidFacts(snapshot: snapshot)).first?.explanation.contains("no DEFAULT category") == true)
    }

    @Test func silentForAWellFormedFilter() throws {
        #expect(rule.evaluate(AndroidFacts(snapshot: try F.apk())).isEmpty)
    }
}

@Suite struct AND007And008Tests {
    @Test func httpInTheFixturesVerifiedFilter() throws {
        let found = AND007HTTPInVerifiedFilter().evaluate(AndroidFacts(snapshot: try F.apk()))
        #expect(found.map(\.subject) == ["com.linklab.shop.LinkActivity: http://"])
        let https = try F.apk(activities: [F.activity([F.data(scheme: "https", host: "a.example")])])
        #expect(AND007HTTPInVerifiedFilter().evaluate(AndroidFacts(snapshot: https)).isEmpty)
    }

    @Test func wildcardHostsLowAndStarAloneMedium() throws {
        let found = AND008WildcardHost().evaluate(AndroidFacts(snapshot: try F.apk()))
        #expect(found.map(\.subject) == ["com.linklab.shop.LinkActivity: *.shop.example"])
        #expect(found.first?.severity == .low)
        let star = try F.apk(activities: [F.activity(autoVerify: false, [F.data(scheme: "https", host: "*")])])
        #expect(AND008WildcardHost().evaluate(AndroidFacts(snapshot: star)).first?.severity == .medium)
        let plain = try F.apk(activities: [F.activity([F.data(scheme: "https", host: "a.example")])])
        #expect(AND008WildcardHost().evaluate(AndroidFacts(snapshot: plain)).isEmpty)
    }
}

@Suite struct AND009Tests {
    @Test func anotherPackageInTheFileIsReportedOncePerFile() throws {
        let file = F.supplied("shop.example", F.statements([("com.linklab.shop", F.release), ("com.partner.app", F.other)]))
        let found = AND009OtherPackageListed().evaluate(AndroidFacts(snapshot: try F.apk(), assetLinks: [file]))
        #expect(found.map(\.subject) == ["shop.example"])
        #expect(found.first?.explanation.contains("com.partner.app") == true)
    }

    @Test func silentWhenOnlyThisPackageIsListed() throws {
        let facts = AndroidFacts(snapshot: try F.apk(), assetLinks: [F.supplied("shop.example", F.good)])
        #expect(AND009OtherPackageListed().evaluate(facts).isEmpty)
    }
}

@Suite struct AND010Tests {
    let rule = AND010ExportedLinkHandler()

    @Test func fixtureReadsLinkDataAndLoadsURLsSoItIsMedium() throws {
        let found = rule.evaluate(AndroidFacts(snapshot: try F.apk()))
        #expect(found.count == 1 && found.first?.severity == .medium)
        let text = try #require(found.first?.explanation)
        #expect(text.contains("com.linklab.shop.LinkActivity"))
        #expect(!text.contains("DeepLinkActivity"), "permission-protected")
        #expect(!text.contains("AliasActivity"), "not exported")
        #expect(found.first?.evidence.contains {
            if case .binary(let location) = $0 { return location.symbol == "Landroid/content/Intent;->getData" }
            return false
        } == true)
    }

    @Test func withoutDEXEvidenceItIsInformation() throws {
        var snapshot = try F.apk()
        snapshot.linkEvidence = []
        #expect(rule.evaluate(AndroidFacts(snapshot: snapshot)).first?.severity == .info)
    }

    @Test func silentWithoutExportedLinkHandlers() throws {
        let snapshot = try F.apk(activities: [F.activity(exported: false, [F.data(scheme: "https", host: "a")])])
        #expect(rule.evaluate(AndroidFacts(snapshot: snapshot)).isEmpty)
    }
}

@Suite struct AND011Tests {
    @Test func debuggableAndTestOnlyFixture() throws {
        let found = AND011DebuggableOrTestOnly().evaluate(AndroidFacts(snapshot: try F.apk("debug-v2.apk")))
        #expect(found.count == 1)
        #expect(found.first?.evidence.count == 2)
        #expect(AND011DebuggableOrTestOnly().evaluate(AndroidFacts(snapshot: try F.apk())).isEmpty)
    }
}

@Suite struct AND012Tests {
    let rule = AND012UnreachableDynamicRules()

    func file(_ rules: String) -> AssetLinksReport {
        F.supplied("shop.example", F.statements([("com.linklab.shop", F.release)], extra: """
            , "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": \(rules)}}
            """))
    }

    @Test func ruleForPathsNoFilterClaimsIsReported() throws {
        let facts = AndroidFacts(snapshot: try F.apk(), assetLinks: [file(#"[{"/": "/promo/*"}]"#)])
        let found = rule.evaluate(facts)
        #expect(found.map(\.subject) == ["shop.example /promo/*"])
    }

    @Test func rulesOverTheFiltersPathsAndExcludesAreSilent() throws {
        let facts = AndroidFacts(snapshot: try F.apk(), assetLinks: [
            file(#"[{"/": "/orders/internal/*", "exclude": true}, {"/": "/orders/*"}, {"/": "*"}]"#),
        ])
        #expect(rule.evaluate(facts).isEmpty)
    }
}

@Suite struct AND013Tests {
    func facts(sdk: Int, b: AssetLinksReport) throws -> AndroidFacts {
        let snapshot = try F.apk(activities: [
            F.activity(named: "com.linklab.shop.A", [F.data(scheme: "https", host: "a.example")]),
            F.activity(named: "com.linklab.shop.B", [F.data(scheme: "https", host: "b.example")]),
        ], targetSDK: 30)
        return AndroidFacts(snapshot: snapshot, sdk: sdk, assetLinks: [F.supplied("a.example", F.good), b])
    }

    @Test func onAndroid11OneFailingHostFailsTheOthers() throws {
        let found = AND013AllOrNothingFailure().evaluate(try facts(sdk: 30, b: F.fetched("b.example", status: 404)))
        #expect(found.count == 1)
        #expect(found.first?.explanation.contains("b.example fails verification, so a.example lose") == true)
    }

    @Test func silentOnAndroid12AndWhenEveryHostVerifies() throws {
        #expect(AND013AllOrNothingFailure().evaluate(try facts(sdk: 31, b: F.fetched("b.example", status: 404))).isEmpty)
        #expect(AND013AllOrNothingFailure().evaluate(try facts(sdk: 30, b: F.supplied("b.example", F.good))).isEmpty)
    }
}

@Suite struct AND014To016Tests {
    @Test func contentTypeOtherThanJSON() throws {
        let html = F.fetched("shop.example", status: 200, headers: [HeaderField(name: "Content-Type", value: "text/plain")],
                             body: F.good)
        let found = AND014AssetLinksContentType().evaluate(AndroidFacts(snapshot: try F.apk(), assetLinks: [html]))
        #expect(found.map(\.subject) == ["shop.example"])
        let json = F.fetched("shop.example", status: 200, headers: [HeaderField(name: "Content-Type", value: "application/json")],
                             body: F.good)
        #expect(AND014AssetLinksContentType().evaluate(AndroidFacts(snapshot: try F.apk(), assetLinks: [json])).isEmpty)
    }

    func withGoogle(_ grants: [(String, String)]) -> AssetLinksReport {
        var report = F.supplied("shop.example", F.good)
        var result = RouteResult(route: .cdn, url: "https://google.test/v1/statements:list", userAgent: nil)
        result.status = 200
        result.body = Data(("{\"statements\": [" + grants.map { package, fingerprint in
            "{\"relation\": \"\(AssetLinksFile.handleAllURLs)\", \"target\": {\"androidApp\": {\"packageName\": \"\(package)\", "
                + "\"certificate\": {\"sha256Fingerprint\": \"\(fingerprint)\"}}}}"
        }.joined(separator: ",") + "]}").utf8)
        report.google = GoogleStatementList(result: result)
        return report
    }

    @Test func googleDisagreeingIsReportedWithTheDifference() throws {
        let found = AND015GoogleDisagrees().evaluate(AndroidFacts(snapshot: try F.apk(),
                                                                  assetLinks: [withGoogle([("com.linklab.shop", F.other)])]))
        #expect(found.count == 1)
        #expect(found.first?.explanation.contains("only in Google's answer: com.linklab.shop \(F.other)") == true)
        let agree = AndroidFacts(snapshot: try F.apk(), assetLinks: [withGoogle([("com.linklab.shop", F.release)])])
        #expect(AND015GoogleDisagrees().evaluate(agree).isEmpty)
    }

    @Test func lintProblemsOfAVerifiedHostsFile() throws {
        let lower = F.supplied("shop.example", F.statements([("com.linklab.shop", F.release.lowercased())]))
        let found = AND016AssetLinksLint().evaluate(AndroidFacts(snapshot: try F.apk(), assetLinks: [lower]))
        #expect(found.map(\.subject) == ["shop.example"])
        #expect(found.first?.explanation.contains("ANDROID-L009") == true)
        #expect(AND016AssetLinksLint().evaluate(AndroidFacts(snapshot: try F.apk(),
                                                             assetLinks: [F.supplied("shop.example", F.good)])).isEmpty)
    }
}

@Suite struct AndroidCatalogueTests {
    @Test func everyRuleHasAUniqueIDCompleteMetadataAndTheAndroidReferences() {
        let ids = AndroidFindingRules.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        for rule in AndroidFindingRules.all {
            #expect(rule.id.wholeMatch(of: /AND-\d{3}/) != nil, "\(rule.id)")
            #expect(!rule.title.isEmpty && !rule.title.hasSuffix("."), "\(rule.id) title")
            #expect(rule.explanation.count > 60 && rule.remediation.count > 20, "\(rule.id) texts")
            #expect(rule.references.contains(.masvsPlatform1) && rule.references.contains(.mastgTest0028), "\(rule.id)")
            #expect(FindingCategory.default(forRule: rule.id) == rule.category)
        }
        #expect(Set(ids).isDisjoint(with: Set(FindingRules.all.map(\.id))))
    }

    @Test func everyRuleIsDocumentedInTheCatalogue() throws {
        let text = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("docs/findings.md"), encoding: .utf8)
        for rule in AndroidFindingRules.all {
            #expect(text.contains("| \(rule.id) | \(rule.title) |"), "\(rule.id) missing from docs/findings.md")
        }
    }

    @Test func fixtureScanIsDeterministicSortedAndEveryFindingHasEvidence() throws {
        let facts = AndroidFacts(snapshot: try F.apk(), assetLinks: [F.supplied("shop.example", F.good)])
        let first = AndroidFindingRules.evaluate(facts), second = AndroidFindingRules.evaluate(facts)
        #expect(first == second && first == first.sortedForReport())
        #expect(first.allSatisfy { !$0.evidence.isEmpty })
        #expect(Set(first.map(\.id)) == ["AND-003", "AND-004", "AND-005", "AND-007", "AND-008", "AND-010"])
    }
}

@Suite struct AND017Tests {
    let rule = AND017URLExpectationMismatch()

    func facts(_ urls: [String]) throws -> AndroidFacts {
        AndroidFacts(snapshot: try F.apk(), assetLinks: [F.supplied("shop.example", F.good)],
                     urls: try urls.compactMap { try AndroidURLList.entry($0) })
    }

    @Test func mustNotOpenButOpensIsSecurityAndMustOpenButBrowserIsReliability() throws {
        let found = rule.evaluate(try facts(["!https://shop.example/orders/1", "=https://shop.example/account",
                                             "!shop://promo.shop.example:8443/reset"]))
        #expect(found.map(\.subject) == ["https://shop.example/orders/1", "https://shop.example/account",
                                          "shop://promo.shop.example:8443/reset"])
        #expect(found.map(\.category) == [.security, .reliability, .security])
        #expect(found[0].explanation.contains("opens the app"))
        #expect(found[1].explanation.contains("browser"))
    }

    @Test func silentWhenExpectationsHoldOrAreAbsent() throws {
        #expect(rule.evaluate(try facts(["=https://shop.example/orders/1", "!https://shop.example/account",
                                         "https://shop.example/orders/2"])).isEmpty)
    }

    @Test func listsAcceptCustomSchemesAndRefuseWhatIsNoURL() throws {
        let entries = try AndroidURLList.parse("# comment\n!shop://reset\n\n=https://a.example/x\n")
        #expect(entries.map(\.url) == ["shop://reset", "https://a.example/x"])
        #expect(entries.map(\.expectation) == [.mustNotOpen, .mustOpen])
        #expect(entries.map(AndroidURLList.line) == ["!shop://reset", "=https://a.example/x"])
        #expect(throws: FindingsError.self) { try AndroidURLList.parse("not a url") }
    }
}
