import AssociationFetch
import Foundation
import SiteAssociation
import TestServer
import Testing

/// Starts the assetlinks loopback site, builds a fetcher pinned to it, runs `body`, tears down.
func withAssetLinksWorld<T: Sendable>(
    timeout: Duration = .seconds(20),
    _ body: (AssetLinksTestSite, AssociationFetcher) async throws -> T
) async throws -> T {
    let site = try await AssetLinksTestSite.start(slowDelay: .seconds(3))
    let caFile = try site.pki.writeCAFile()
    defer { try? FileManager.default.removeItem(at: caFile) }
    var configuration = FetchConfiguration()
    configuration.resolve = try (site.resolveArguments + ["refused.links.test:\(site.closedPort):127.0.0.1"])
        .map { try ResolvePin.parse($0) }
    configuration.caFile = caFile.path
    configuration.timeout = timeout
    do {
        let result = try await AssociationFetcher.withFetcher(configuration) { try await body(site, $0) }
        await site.stop()
        return result
    } catch {
        await site.stop()
        throw error
    }
}

@Suite(.serialized) struct AssetLinksFetchTests {
    func fetch(
        _ fetcher: AssociationFetcher, _ host: String,
        options: AssetLinksFetchOptions = AssetLinksFetchOptions()
    ) async throws -> AssetLinksReport {
        try #require(await fetcher.fetchAssetLinks([try FetchHost.parse(host)], options: options).first)
    }

    @Test func goodFileIsFetchedAtTheWellKnownPathParsedAndTimed() async throws {
        try await withAssetLinksWorld { site, fetcher in
            let report = try await fetch(fetcher, site.hostArgument("good"))
            #expect(report.outcome == .ok)
            #expect(report.problem == nil)
            #expect(report.result?.url == "https://good.links.test:\(site.server.port)/.well-known/assetlinks.json")
            #expect(
                report.file?.linkGrants == [
                    AssetLinksGrant(
                        packageName: AssetLinksTestSite.package,
                        fingerprint: AssetLinksTestSite.fingerprint)
                ])
            #expect(report.contentTypeProblem == nil)
            let headers = try #require(report.result?.timeToHeadersMs)
            let total = try #require(report.result?.totalMs)
            #expect(headers >= 0 && headers <= total)
            #expect(site.server.requests.map(\.path) == ["/.well-known/assetlinks.json"])
            #expect(site.server.requests.first?.userAgent == AssetLinksPolicy.userAgent)
        }
    }

    @Test func wildcardHostIsFetchedFromItsRoot() async throws {
        try await withAssetLinksWorld { site, fetcher in
            let report = try await fetch(fetcher, "*." + site.hostArgument("good"))
            #expect(report.outcome == .ok)
            #expect(report.host == site.hostArgument("good"))
        }
    }

    @Test func redirectIsAFailureReportedWithItsTargetAndNotFollowed() async throws {
        try await withAssetLinksWorld { site, fetcher in
            let report = try await fetch(fetcher, site.hostArgument("r301"))
            #expect(report.outcome == .redirect)
            #expect(report.file == nil)
            #expect(report.problem?.contains("301") == true)
            #expect(report.problem?.contains("https://good.links.test/.well-known/assetlinks.json") == true)
            #expect(site.server.requests.count == 1)
        }
    }

    @Test func notFoundIsAnHTTPError() async throws {
        try await withAssetLinksWorld { site, fetcher in
            let report = try await fetch(fetcher, site.hostArgument("notfound"))
            #expect(report.outcome == .httpError)
            #expect(report.result?.status == 404)
            #expect(report.problem?.contains("HTTP 404") == true)
        }
    }

    @Test func wrongContentTypeIsReportedButTheFileIsRead() async throws {
        try await withAssetLinksWorld { site, fetcher in
            let report = try await fetch(fetcher, site.hostArgument("html"))
            #expect(report.outcome == .ok)
            #expect(report.contentTypeProblem == "served as text/html, not application/json")
            #expect(report.file?.linkGrants.count == 1)
        }
    }

    @Test func bodyOverOneMiBIsRefusedAtTheCap() async throws {
        try await withAssetLinksWorld { site, fetcher in
            let report = try await fetch(fetcher, site.hostArgument("big"))
            #expect(report.outcome == .oversized)
            #expect(report.result?.bytes == AssetLinksPolicy.bodyLimit)
            #expect(report.result?.truncated == true)
            #expect(report.file == nil)
        }
    }

    @Test func slowHostTimesOut() async throws {
        try await withAssetLinksWorld(timeout: .milliseconds(800)) { site, fetcher in
            let report = try await fetch(fetcher, site.hostArgument("slow"))
            #expect(report.outcome == .unreachable)
            #expect(report.result?.error?.kind == "timeout")
            #expect(report.problem?.hasPrefix("timeout") == true)
        }
    }

    @Test func closedPortIsUnreachable() async throws {
        try await withAssetLinksWorld { site, fetcher in
            let report = try await fetch(fetcher, "refused.links.test:\(site.closedPort)")
            #expect(report.outcome == .unreachable)
            #expect(report.result?.error?.kind == "connection-refused")
        }
    }

    @Test func notJSONIsUnusable() async throws {
        try await withAssetLinksWorld { site, fetcher in
            let report = try await fetch(fetcher, site.hostArgument("invalid"))
            #expect(report.outcome == .unusable)
            #expect(report.file?.diagnostics.first?.id == "ANDROID-L001")
            #expect(report.problem?.hasPrefix("not JSON") == true)
        }
    }

    @Test func byteOrderMarkIsReportedAndTheFileIsUnusable() async throws {
        try await withAssetLinksWorld { site, fetcher in
            let report = try await fetch(fetcher, site.hostArgument("bom"))
            #expect(report.outcome == .unusable)
            #expect(report.file?.diagnostics.map(\.id).contains("ANDROID-L002") == true)
            #expect(report.file?.linkGrants.count == 1, "the rest is still read")
        }
    }

    @Test func googleAgreesWithTheHostsFile() async throws {
        try await withAssetLinksWorld { site, fetcher in
            let options = AssetLinksFetchOptions(askGoogle: true, googleBase: site.googleBase("agree"))
            let report = try await fetch(fetcher, site.hostArgument("good"), options: options)
            let google = try #require(report.google)
            #expect(google.status == 200 && google.problem == nil)
            #expect(google.grants == report.file?.linkGrants)
            #expect(report.comparison?.agree == true)
            let query = try #require(URLComponents(string: google.url)?.queryItems)
            #expect(
                query.contains(
                    URLQueryItem(
                        name: "source.web.site",
                        value: "https://\(site.hostArgument("good"))")))
            #expect(query.contains(URLQueryItem(name: "relation", value: AssetLinksFile.handleAllURLs)))
        }
    }

    @Test func googleDiffersAndTheComparisonSaysWhich() async throws {
        try await withAssetLinksWorld { site, fetcher in
            let options = AssetLinksFetchOptions(askGoogle: true, googleBase: site.googleBase("differ"))
            let report = try await fetch(fetcher, site.hostArgument("good"), options: options)
            let comparison = try #require(report.comparison)
            #expect(!comparison.agree)
            #expect(comparison.onlyInFile.map(\.fingerprint) == [AssetLinksTestSite.fingerprint])
            #expect(comparison.onlyInGoogle.map(\.fingerprint) == [AssetLinksTestSite.otherFingerprint])
        }
    }

    @Test func includesAreFollowedOneLevelHTTPSOnlyAndMerged() async throws {
        try await withAssetLinksWorld { site, fetcher in
            let report = try await fetch(fetcher, site.hostArgument("include"))
            #expect(report.outcome == .ok)
            #expect(report.file?.linkGrants.isEmpty == true, "the file itself grants nothing")
            #expect(report.included.count == 3)
            #expect(report.included.map { $0.problem == nil } == [true, false, false])
            #expect(report.included[1].problem?.contains("not an https:// URL") == true)
            #expect(report.included[2].problem?.contains("HTTP 404") == true)
            #expect(
                report.effectiveFile?.linkGrants == [
                    AssetLinksGrant(
                        packageName: AssetLinksTestSite.package,
                        fingerprint: AssetLinksTestSite.fingerprint)
                ])
            #expect(report.unreadIncludes.count == 2)
        }
    }

    @Test func googleNotAskedByDefault() async throws {
        try await withAssetLinksWorld { site, fetcher in
            let report = try await fetch(fetcher, site.hostArgument("good"))
            #expect(report.google == nil && report.comparison == nil)
            #expect(!site.server.requests.contains { $0.host == AssetLinksTestSite.googleHost })
        }
    }

    @Test func suppliedFileIsReadInsteadOfFetched() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("assetlinks-\(UUID().uuidString).json")
        try Data(AssetLinksTestSite.statementList([("com.x", AssetLinksTestSite.fingerprint)])).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var configuration = FetchConfiguration()
        configuration.suppliedFiles = ["example.com": file.path]
        let reports = try await AssociationFetcher.withFetcher(configuration) { fetcher in
            await fetcher.fetchAssetLinks([try FetchHost.parse("example.com")])
        }
        #expect(reports.first?.outcome == .supplied)
        #expect(reports.first?.file?.linkGrants.map(\.packageName) == ["com.x"])
    }
}

@Suite struct AssetLinksReportTests {
    @Test func notFetchedIsNeverAFile() {
        let report = AssetLinksReport(host: "example.com", result: nil)
        #expect(report.outcome == .notFetched && report.file == nil && !report.outcome.hasFile)
    }

    @Test func googleAnswerParsesTheDocumentedShape() {
        var result = RouteResult(route: .cdn, url: "https://google.test/v1/statements:list", userAgent: nil)
        result.status = 200
        result.body = Data(AssetLinksTestSite.googleAnswer(site: "https://a.example", [("com.a", "ab:cd")]))
        let list = GoogleStatementList(result: result)
        #expect(list.grants == [AssetLinksGrant(packageName: "com.a", fingerprint: "AB:CD")])
        #expect(list.debugString?.contains("Errors encountered") == true)
        var broken = result
        broken.body = Data("<html>".utf8)
        #expect(GoogleStatementList(result: broken).problem == "the answer is not a JSON object")
    }
}
