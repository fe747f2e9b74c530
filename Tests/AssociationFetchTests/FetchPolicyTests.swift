import AssociationFetch
import Testing

@Suite struct RoutePlannerTests {
    @Test func appleCDNURLCarriesHostAndPort() throws {
        let planner = try RoutePlanner()
        #expect(
            planner.url(for: .cdn, host: try FetchHost.parse("example.com"))
                == "https://app-site-association.cdn-apple.com/a/v1/example.com")
        #expect(
            planner.url(for: .cdn, host: try FetchHost.parse("Example.com:8443"))
                == "https://app-site-association.cdn-apple.com/a/v1/example.com:8443")
    }

    @Test func originAndLegacyURLs() throws {
        let planner = try RoutePlanner()
        let host = try FetchHost.parse("example.com")
        #expect(planner.url(for: .origin, host: host) == "https://example.com/.well-known/apple-app-site-association")
        #expect(planner.url(for: .legacy, host: host) == "https://example.com/apple-app-site-association")
        #expect(planner.url(for: .local, host: host) == nil)
    }

    @Test func configurableCDNBaseGetsATrailingSlash() throws {
        let planner = try RoutePlanner(cdnBase: "https://cdn.test:9443/a/v1")
        #expect(planner.url(for: .cdn, host: try FetchHost.parse("a.test")) == "https://cdn.test:9443/a/v1/a.test")
    }

    @Test(arguments: ["http://cdn.test/a/v1/", "cdn.test", "", "https:///a/v1/", "https://cdn.test/a/v1/?x=1"])
    func cdnBaseMustBeHTTPS(_ base: String) {
        #expect(throws: FetchError.self) { try RoutePlanner(cdnBase: base) }
    }
}

@Suite struct FetchHostTests {
    @Test func wildcardEntryFetchesTheParentHost() throws {
        let host = try FetchHost.parse("*.Example.com")
        #expect(host.isWildcard)
        #expect(host.hostname == "example.com")
        #expect(host.entry == "*.example.com")
        #expect(host.authority == "example.com")
    }

    @Test func portIsKeptInTheAuthority() throws {
        let host = try FetchHost.parse("example.com:8443")
        #expect(host.port == 8443)
        #expect(host.authority == "example.com:8443")
    }

    @Test(arguments: [
        "https://example.com", "example.com/path", "", "exa mple.com", "example.com:0", "example.com:70000",
        "example.com:abc", "-bad.com", "a..b", "bücher.de", "*.", "*",
    ])
    func malformedHostsAreRefused(_ text: String) {
        #expect(throws: FetchError.self) { try FetchHost.parse(text) }
    }
}

@Suite struct BodyCapTests {
    @Test func bodyOfExactlyTheCapIsNotTruncated() {
        var cap = BodyCap(limit: 10)
        #expect(cap.accept(6) == 6)
        #expect(cap.accept(4) == 4)
        #expect(cap.bytes == 10)
        #expect(!cap.truncated)
    }

    @Test func chunkPastTheCapIsCutAndStopsReading() {
        var cap = BodyCap(limit: 10)
        #expect(cap.accept(8) == 8)
        #expect(cap.accept(5) == 2)
        #expect(cap.truncated)
        #expect(cap.bytes == 10)
        #expect(cap.accept(5) == 0)
    }

    @Test func byteAfterAFullCapMarksTruncation() {
        var cap = BodyCap(limit: 4)
        #expect(cap.accept(4) == 4)
        #expect(!cap.truncated)
        #expect(cap.accept(1) == 0)
        #expect(cap.truncated)
    }

    @Test func deviceLimitIs128KiB() {
        #expect(BodyCap().limit == 131_072)
    }
}

@Suite struct RedirectRecordTests {
    @Test func redirectIsRecordedWithResolvedTarget() throws {
        let record =
            try #require(
                RedirectRecord.make(
                    status: 301, location: "/new/aasa",
                    requestURL: "https://a.test/.well-known/apple-app-site-association"))
        #expect(record.location == "/new/aasa")
        #expect(record.resolved == "https://a.test/new/aasa")
        #expect(!record.isDowngrade)
        #expect(!record.isCrossHost)
    }

    @Test func downgradeToHTTPAndCrossHostAreFlagged() throws {
        let record =
            try #require(
                RedirectRecord.make(
                    status: 302, location: "http://www.a.test/x",
                    requestURL: "https://a.test/x"))
        #expect(record.isDowngrade)
        #expect(record.isCrossHost)
    }

    @Test(arguments: [(200, "https://a.test/"), (301, ""), (404, "https://a.test/")])
    func nonRedirectsRecordNothing(_ status: Int, _ location: String) {
        #expect(RedirectRecord.make(status: status, location: location, requestURL: "https://a.test/") == nil)
    }
}

@Suite struct RouteOutcomeTests {
    @Test(arguments: [
        (Int?.some(200), false, true, false, RouteOutcome.ok),
        (200, false, false, false, .unparseable),
        (200, true, false, false, .oversized),
        (301, false, false, false, .redirect),
        (308, false, false, false, .redirect),
        (404, false, false, false, .httpError),
        (500, false, false, false, .httpError),
        (200, false, false, true, .incomplete),
        (nil, false, false, true, .unreachable),
    ])
    func outcomesAreClassified(
        _ status: Int?, _ truncated: Bool, _ usable: Bool, _ failed: Bool,
        _ expected: RouteOutcome
    ) {
        let error: FetchError? = failed ? .timeout(url: "https://a.test/", seconds: 1) : nil
        #expect(RouteOutcome.classify(status: status, truncated: truncated, usable: usable, error: error) == expected)
    }
}

@Suite struct ResolvePinTests {
    @Test func pinParsesLikeCurl() throws {
        let pin = try ResolvePin.parse("Example.com:443:127.0.0.1")
        #expect(pin == ResolvePin(host: "example.com", port: 443, address: "127.0.0.1"))
        #expect(try ResolvePin.parse("a.test:8443:[::1]").address == "::1")
        #expect(try ResolvePin.parse("a.test:8443:::1").address == "::1")
    }

    @Test(arguments: [
        "a.test:443", "a.test:x:127.0.0.1", "a.test:443:not-an-ip", ":443:127.0.0.1",
        "a.test:0:127.0.0.1", "a.test:443:1.2.3.999",
    ])
    func malformedPinsAreRefused(_ text: String) {
        #expect(throws: FetchError.self) { try ResolvePin.parse(text) }
    }

    @Test func conflictingPinsForOneHostAreRefused() async throws {
        var configuration = FetchConfiguration()
        configuration.resolve = [
            ResolvePin(host: "a.test", port: 443, address: "127.0.0.1"),
            ResolvePin(host: "a.test", port: 8443, address: "127.0.0.2"),
        ]
        do {
            let fetcher = try AssociationFetcher(configuration: configuration)
            await fetcher.shutdown()
            Issue.record("two addresses for one host were accepted")
        } catch {
            #expect(error.kind == "configuration")
        }
    }
}

@Suite struct SlowOriginTests {
    @Test(arguments: [(Int?.none, false), (1999, false), (2000, false), (2001, true)])
    func headersAfterTwoSecondsCountAsSlow(_ milliseconds: Int?, _ slow: Bool) {
        var result = RouteResult(route: .origin, url: "https://a.test/", userAgent: nil)
        result.timeToHeadersMs = milliseconds
        #expect(result.isSlow == slow)
    }
}
