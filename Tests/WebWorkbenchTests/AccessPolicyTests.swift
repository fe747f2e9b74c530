import Testing
import WebWorkbench

/// The policy as a table: every rule of spec/web.md "Security", in its order.
@Suite struct AccessPolicyTests {
    static let token = AccessToken(value: "00112233445566778899aabbccddeeff")
    let policy = AccessPolicy(token: Self.token, allowedHosts: AccessPolicy.loopbackHosts(port: 8080))

    func request(
        _ path: String = "/api/documents", method: String = "GET", host: String? = "127.0.0.1:8080",
        cookie: String? = token.value, csrf: String? = token.value
    ) -> AccessRequest {
        AccessRequest(method: method, path: path, authority: host, cookieToken: cookie, csrfToken: csrf)
    }

    @Test func tokensAre128RandomBitsInHex() {
        let first = AccessToken.random(), second = AccessToken.random()
        #expect(first.value.count == 32)
        #expect(first.value.allSatisfy { "0123456789abcdef".contains($0) })
        #expect(first != second)
    }

    @Test func tokenComparisonNeedsEveryCharacter() {
        #expect(Self.token.matches(Self.token.value))
        #expect(!Self.token.matches(String(Self.token.value.dropLast())))
        #expect(!Self.token.matches(Self.token.value + "0"))
        #expect(!Self.token.matches("10112233445566778899aabbccddeeff"))
        #expect(!Self.token.matches(""))
        #expect(!Self.token.matches(nil))
    }

    @Test(arguments: [
        "127.0.0.1:8080", "localhost:8080", "[::1]:8080", "LOCALHOST:8080",
    ]) func loopbackHostsPass(host: String) {
        #expect(policy.decide(request(host: host)) == .allow(grantCookie: false))
    }

    @Test(arguments: [
        "127.0.0.1", "localhost", "127.0.0.1:8081", "localhost.evil.test:8080", "127.0.0.1.evil.test:8080",
        "evil.test", "localhost.:8080", "[::1]", "", "rebind.test:8080", "127.0.0.1:8080.evil.test",
    ]) func otherHostsGet421(host: String) {
        guard case .deny(421, _) = policy.decide(request(host: host)) else {
            Issue.record("\(host) was not refused with 421")
            return
        }
    }

    @Test func missingOrDuplicateHostGets421() {
        guard case .deny(421, _) = policy.decide(request(host: nil)) else { Issue.record("no Host"); return }
        var twice = request()
        twice.extraHostHeaders = 1
        guard case .deny(421, _) = policy.decide(twice) else { Issue.record("two Hosts"); return }
    }

    @Test func hostIsCheckedEvenWithTheToken() {
        var withBearer = request(host: "evil.test:8080", cookie: nil, csrf: nil)
        withBearer.bearerToken = Self.token.value
        guard case .deny(421, _) = policy.decide(withBearer) else { Issue.record("bearer passed a bad Host"); return }
    }

    @Test func noCredentialsGets401() {
        guard case .deny(401, _) = policy.decide(request(cookie: nil, csrf: nil)) else { Issue.record("api"); return }
        guard case .deny(401, _) = policy.decide(request("/", cookie: nil, csrf: nil)) else { Issue.record("page"); return }
        guard case .deny(401, _) = policy.decide(request("/app.js", cookie: nil, csrf: nil)) else {
            Issue.record("asset")
            return
        }
        guard case .deny(401, _) = policy.decide(request(cookie: "wrong", csrf: "wrong")) else { Issue.record("bad"); return }
    }

    @Test func pageTokenGrantsTheCookieOnlyOnThePage() {
        var page = request("/", cookie: nil, csrf: nil)
        page.queryToken = Self.token.value
        #expect(policy.decide(page) == .allow(grantCookie: true))
        page.queryToken = "ffff"
        guard case .deny(401, _) = policy.decide(page) else { Issue.record("wrong page token"); return }
        var api = request(cookie: nil, csrf: nil)
        api.queryToken = Self.token.value
        guard case .deny(401, _) = policy.decide(api) else { Issue.record("?token= opened the API"); return }
    }

    @Test func bearerNeedsNoCSRFHeaderAndAWrongBearerIsRefused() {
        var bearer = request(cookie: nil, csrf: nil)
        bearer.bearerToken = Self.token.value
        #expect(policy.decide(bearer) == .allow(grantCookie: false))
        bearer.bearerToken = "nope"
        bearer.cookieToken = Self.token.value
        bearer.csrfToken = Self.token.value
        guard case .deny(401, _) = policy.decide(bearer) else { Issue.record("wrong bearer fell back"); return }
    }

    @Test(arguments: ["GET", "POST", "PUT", "DELETE"]) func cookieWithoutCSRFHeaderGets403(method: String) {
        guard case .deny(403, _) = policy.decide(request(method: method, csrf: nil)) else {
            Issue.record("\(method) without CSRF header")
            return
        }
        guard case .deny(403, _) = policy.decide(request(method: method, csrf: "wrong")) else {
            Issue.record("\(method) with a wrong CSRF header")
            return
        }
        #expect(policy.decide(request(method: method)) == .allow(grantCookie: false))
    }

    @Test func pageAndAssetsNeedOnlyTheCookie() {
        #expect(policy.decide(request("/", csrf: nil)) == .allow(grantCookie: false))
        #expect(policy.decide(request("/app.js", csrf: nil)) == .allow(grantCookie: false))
    }

    @Test(arguments: ["http://127.0.0.1:8081", "http://evil.test", "null", "https://127.0.0.1:8080",
                      "http://127.0.0.1:8080.evil.test", "http://localhost:8080"])
    func foreignOriginGets403(origin: String) {
        var foreign = request()
        foreign.origin = origin
        guard case .deny(403, _) = policy.decide(foreign) else { Issue.record("Origin \(origin) passed"); return }
    }

    @Test func ownOriginPasses() {
        var own = request()
        own.origin = "http://127.0.0.1:8080"
        #expect(policy.decide(own) == .allow(grantCookie: false))
    }

    @Test(arguments: ["cross-site", "same-site", "Cross-Site"]) func otherSitesGet403(site: String) {
        var other = request()
        other.secFetchSite = site
        guard case .deny(403, _) = policy.decide(other) else { Issue.record("Sec-Fetch-Site \(site) passed"); return }
    }

    @Test(arguments: ["same-origin", "none"]) func sameOriginAndTypedNavigationPass(site: String) {
        var own = request()
        own.secFetchSite = site
        #expect(policy.decide(own) == .allow(grantCookie: false))
    }
}
