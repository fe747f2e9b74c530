import AssociationFetch
import Foundation
import TestServer
import Testing

@Suite(.serialized) struct OriginFetchTests {
    @Test func goodFileIsFetchedParsedAndTimed() async throws {
        try await withFetchWorld { site, fetcher in
            let result = await fetcher.fetchRoute(.origin, for: try .test(site.hostArgument("good")))
            #expect(result.status == 200)
            #expect(result.error == nil)
            #expect(result.contentType == "application/json")
            #expect(result.bytes == TestAssociationBodies.good.count)
            #expect(!result.truncated)
            #expect(result.file?.applinksAppIDs == [TestAssociationBodies.appID])
            #expect(result.deviceAccepts == true)
            #expect(result.isCMSSigned == false)
            #expect(result.outcome == .ok)
            #expect(result.redirectLocation == nil)
            let headers = try #require(result.timeToHeadersMs)
            let total = try #require(result.totalMs)
            #expect(headers >= 0 && headers <= total)
            #expect(result.url == "https://good.aasa.test:\(site.server.port)/.well-known/apple-app-site-association")
            #expect(result.userAgent == "AASA-Bot/1.0.0")
            #expect(site.server.requests.map(\.userAgent) == ["AASA-Bot/1.0.0"])
        }
    }

    @Test func configuredAgentIsSentAndCanBeOverriddenPerRequest() async throws {
        try await withFetchWorld(configure: { $0.userAgent = "Tester/2" }) { site, fetcher in
            _ = await fetcher.fetchRoute(.origin, for: try .test(site.hostArgument("good")))
            _ = await fetcher.fetchRoute(
                .origin, for: try .test(site.hostArgument("good")),
                userAgent: FetchConfiguration.crawlerUserAgent)
            let agents = site.server.requests.map(\.userAgent)
            #expect(agents == ["Tester/2", "AASA-Bot/1.0.0"])
        }
    }

    @Test(arguments: [301, 302, 307, 308])
    func redirectIsRecordedNotFollowed(_ status: Int) async throws {
        try await withFetchWorld { site, fetcher in
            let result = await fetcher.fetchRoute(.origin, for: try .test(site.hostArgument("r\(status)")))
            #expect(result.status == status)
            #expect(result.redirectLocation == "https://good.aasa.test/.well-known/apple-app-site-association")
            #expect(result.outcome == .redirect)
            #expect(result.file == nil)
            #expect(site.server.requests.count == 1)
            #expect(site.server.requests.allSatisfy { $0.host == TestSite.host("r\(status)") })
        }
    }

    @Test(arguments: [("notfound", 404), ("servererror", 500)])
    func errorStatusIsReported(_ scenario: String, _ status: Int) async throws {
        try await withFetchWorld { site, fetcher in
            let result = await fetcher.fetchRoute(.origin, for: try .test(site.hostArgument(scenario)))
            #expect(result.status == status)
            #expect(result.outcome == .httpError)
            #expect(result.file == nil)
            #expect(result.error == nil)
        }
    }

    @Test func htmlPageIsReportedWithItsFirstBytes() async throws {
        try await withFetchWorld { site, fetcher in
            let result = await fetcher.fetchRoute(.origin, for: try .test(site.hostArgument("html")))
            #expect(result.status == 200)
            #expect(result.contentType == "text/html; charset=utf-8")
            #expect(result.hasUnexpectedContentType)
            #expect(result.file == nil)
            #expect(result.outcome == .unparseable)
            #expect(result.bodyPrefix?.hasPrefix("<!DOCTYPE html>") == true)
        }
    }

    @Test func missingContentTypeStillParses() async throws {
        try await withFetchWorld { site, fetcher in
            let result = await fetcher.fetchRoute(.origin, for: try .test(site.hostArgument("notype")))
            #expect(result.contentType == nil)
            #expect(result.hasUnexpectedContentType)
            #expect(result.file != nil)
        }
    }

    @Test func oversizedBodyStopsAtTheCap() async throws {
        try await withFetchWorld { site, fetcher in
            let result = await fetcher.fetchRoute(.origin, for: try .test(site.hostArgument("big")))
            #expect(result.status == 200)
            #expect(result.truncated)
            #expect(result.bytes == 131_072)
            #expect(result.body.count == 131_072)
            #expect(result.outcome == .oversized)
            #expect(result.file == nil)
        }
    }

    @Test func endlessBodyEndsAtTheCap() async throws {
        try await withFetchWorld { site, fetcher in
            let result = await fetcher.fetchRoute(.origin, for: try .test(site.hostArgument("endless")))
            #expect(result.truncated)
            #expect(result.bytes == 131_072)
            #expect(result.error == nil)
            #expect(result.outcome == .oversized)
        }
    }

    @Test func invalidJSONIsRejectedWithDiagnostics() async throws {
        try await withFetchWorld { site, fetcher in
            let result = await fetcher.fetchRoute(.origin, for: try .test(site.hostArgument("invalid")))
            #expect(result.status == 200)
            #expect(!result.isUsable)
            #expect(!result.diagnostics.isEmpty)
            #expect(result.deviceAccepts == false)
            #expect(result.outcome == .unparseable)
        }
    }

    @Test func cmsSignedBodyIsRecognised() async throws {
        try await withFetchWorld { site, fetcher in
            let result = await fetcher.fetchRoute(.origin, for: try .test(site.hostArgument("cms")))
            #expect(result.status == 200)
            #expect(result.isCMSSigned == true)
            #expect(result.file?.applinksAppIDs == [TestAssociationBodies.appID])
            #expect(result.outcome == .ok)
            #expect(result.contentType == "application/pkcs7-mime")
        }
    }

    @Test func wildcardEntryIsFetchedFromTheParentHost() async throws {
        try await withFetchWorld(configure: {
            $0.routes = [.origin]
            $0.browserProbe = false
        }) { site, fetcher in
            let report = await fetcher.fetch(try .test("*.\(site.hostArgument("good"))"))
            #expect(report.host == "*.good.aasa.test:\(site.server.port)")
            #expect(report.fetchedHost == "good.aasa.test")
            #expect(report.result(for: .origin)?.status == 200)
            #expect(site.server.requests.map(\.host) == ["good.aasa.test"])
        }
    }

    @Test func fileOnlyAtTheLegacyPathIsNoticed() async throws {
        try await withFetchWorld(configure: {
            $0.routes = [.origin, .legacy]
            $0.browserProbe = false
        }) {
            site,
            fetcher in
            let report = await fetcher.fetch(try .test(site.hostArgument("legacy-only")))
            #expect(report.result(for: .origin)?.status == 404)
            #expect(report.result(for: .legacy)?.status == 200)
            #expect(
                report.result(for: .legacy)?
                    .url.hasSuffix(":\(site.server.port)/apple-app-site-association") == true)
            #expect(report.isLegacyOnly)
        }
    }
}

@Suite(.serialized) struct CDNFetchTests {
    @Test func cdnRouteGoesThroughTheConfiguredBase() async throws {
        try await withFetchWorld(configure: {
            $0.routes = [.cdn, .origin]
            $0.browserProbe = false
        }) { site, fetcher in
            let report = await fetcher.fetch(try .test(site.hostArgument("good")))
            let cdn = try #require(report.result(for: .cdn))
            #expect(cdn.url == "https://cdn.test:\(site.server.port)/a/v1/good.aasa.test:\(site.server.port)")
            #expect(cdn.status == 200)
            #expect(cdn.header("Apple-Origin-Format") == "json")
            #expect(cdn.header("cache-control") == "max-age=21600")
            #expect(cdn.file != nil)
            let diff = try #require(report.cdnOriginDiff)
            #expect(diff.isEquivalent)
        }
    }

    @Test func cdnFailureHeadersAreKeptVerbatim() async throws {
        try await withFetchWorld(configure: { $0.routes = [.cdn] }) { site, fetcher in
            let cdn = await fetcher.fetchRoute(.cdn, for: try .test(site.hostArgument("waf")))
            #expect(cdn.status == 404)
            #expect(cdn.appleFailureReason == "SWCERR00101 Bad HTTP Response: 403 Forbidden")
            #expect(cdn.appleFailureDetails == "{\"cause\":\"bad-http-response\",\"statusCode\":403}")
            #expect(cdn.appleFrom == "https://waf.aasa.test/.well-known/apple-app-site-association")
            #expect(cdn.appleTryDirect == "true")
            #expect(cdn.outcome == .httpError)
        }
    }

    @Test func staleCDNCopyDiffersFromTheOrigin() async throws {
        try await withFetchWorld(configure: {
            $0.routes = [.cdn, .origin]
            $0.browserProbe = false
        }) { site, fetcher in
            let report = await fetcher.fetch(try .test(site.hostArgument("stale")))
            let diff = try #require(report.cdnOriginDiff)
            #expect(!diff.isEquivalent)
            #expect(!diff.changes.isEmpty)
        }
    }
}

@Suite(.serialized) struct BrowserProbeTests {
    @Test func botProtectionIsDetected() async throws {
        try await withFetchWorld(configure: { $0.routes = [.origin] }) { site, fetcher in
            let report = await fetcher.fetch(try .test(site.hostArgument("waf")))
            #expect(report.result(for: .origin)?.status == 403)
            let probe = try #require(report.browserProbe)
            #expect(probe.result.status == 200)
            #expect(probe.differs)
            #expect(probe.summary.contains("403"))
            let agents = Set(site.server.requests.compactMap(\.userAgent))
            #expect(agents == [FetchConfiguration.crawlerUserAgent, FetchConfiguration.browserUserAgent])
        }
    }

    @Test func sameAnswerForBothAgentsIsNotADifference() async throws {
        try await withFetchWorld(configure: { $0.routes = [.origin] }) { site, fetcher in
            let report = await fetcher.fetch(try .test(site.hostArgument("good")))
            let probe = try #require(report.browserProbe)
            #expect(!probe.differs)
        }
    }

    @Test func probeCanBeTurnedOff() async throws {
        try await withFetchWorld(configure: {
            $0.routes = [.origin]
            $0.browserProbe = false
        }) { site, fetcher in
            let report = await fetcher.fetch(try .test(site.hostArgument("good")))
            #expect(report.browserProbe == nil)
            #expect(site.server.requests.count == 1)
        }
    }
}

@Suite(.serialized) struct SlowButCompleteTests {
    @Test func slowOriginWithinTheTimeoutIsMarkedSlow() async throws {
        try await withFetchWorld(slowDelay: .milliseconds(2300)) { site, fetcher in
            let result = await fetcher.fetchRoute(.origin, for: try .test(site.hostArgument("slow")))
            #expect(result.status == 200)
            #expect(result.isSlow)
            #expect(result.outcome == .ok)
        }
    }
}
