import Testing
import WebWorkbench

/// The policy as a table: every rule of docs/web-security.md, in its order. There is no
/// cookie and no CSRF header: the bearer token is the only credential, and the page's shell and
/// static files (which carry no data and no secret) are the only things served without it.
@Suite struct AccessPolicyTests {
    static let token = AccessToken(value: "00112233445566778899aabbccddeeff")
    static let publicPaths: Set<String> = ["/", "/index.html", "/app.js", "/app.css"]
    let policy = AccessPolicy(
        token: Self.token, allowedHosts: AccessPolicy.loopbackHosts(port: 8080),
        publicPaths: Self.publicPaths)

    func request(
        _ path: String = "/api/documents", method: String = "GET", host: String? = "127.0.0.1:8080",
        bearer: String? = token.value
    ) -> AccessRequest {
        AccessRequest(method: method, path: path, authority: host, bearerToken: bearer)
    }

    func expectDenied(_ request: AccessRequest, _ status: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        guard case .deny(status, let message) = policy.decide(request) else {
            Issue.record("\(request) was not refused with \(status)", sourceLocation: sourceLocation)
            return
        }
        #expect(!message.isEmpty, sourceLocation: sourceLocation)
    }

    @Test func tokensAre128RandomBitsInHex() {
        let first = AccessToken.random()
        let second = AccessToken.random()
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
        #expect(policy.decide(request(host: host)) == .allow)
    }

    @Test(arguments: [
        "127.0.0.1", "localhost", "127.0.0.1:8081", "localhost.evil.test:8080", "127.0.0.1.evil.test:8080",
        "evil.test", "localhost.:8080", "[::1]", "", "rebind.test:8080", "127.0.0.1:8080.evil.test",
    ]) func otherHostsGet421(host: String) {
        expectDenied(request(host: host), 421)
        expectDenied(request("/", host: host, bearer: nil), 421)  // not even the empty shell
    }

    @Test func missingOrDuplicateHostGets421() {
        expectDenied(request(host: nil), 421)
        var twice = request()
        twice.extraHostHeaders = 1
        expectDenied(twice, 421)
    }

    @Test func everyDataRequestWithoutTheBearerGets401() {
        for method in ["GET", "POST", "PUT", "DELETE", "HEAD", "OPTIONS"] {
            for path in ["/api/documents", "/api/openapi.json", "/api/documents/x/events", "/api", "/api/"] {
                expectDenied(request(path, method: method, bearer: nil), 401)
            }
        }
        expectDenied(request(bearer: "wrong"), 401)
        expectDenied(request(bearer: ""), 401)  // a malformed Authorization header
        expectDenied(request(bearer: String(Self.token.value.dropLast())), 401)
    }

    @Test func theShellAndStaticFilesNeedNoCredential() {
        for path in Self.publicPaths.sorted() {
            #expect(policy.decide(request(path, bearer: nil)) == .allow, "\(path)")
            #expect(policy.decide(request(path, method: "HEAD", bearer: nil)) == .allow, "\(path)")
        }
    }

    @Test func onlyListedStaticPathsArePublicAndOnlyToReads() {
        // Fail closed: an encoded or unknown path is not guessed to be a static file.
        for path in ["/%61pi/documents", "/no-such-page", "/app.js/..", "/API/documents"] {
            expectDenied(request(path, bearer: nil), 401)
        }
        for method in ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"] {
            expectDenied(request("/", method: method, bearer: nil), 401)
        }
    }

    @Test func aWrongBearerIsRefusedEvenOnAPublicPath() {
        expectDenied(request("/app.js", bearer: "nope"), 401)
    }

    @Test func thePageAddressTokenIsNotACredentialForTheServer() {
        // `?token=` is read by the page (into its own storage); the server never trades it for
        // anything, so a link with a token opens nothing on the API.
        expectDenied(request("/api/documents?token=\(Self.token.value)", bearer: nil), 401)
    }

    @Test(arguments: [
        "http://evil.example/api/documents", "http://127.0.0.1:8080/api/documents", "HTTP://127.0.0.1:8080/",
        "https://localhost:8080/", "//evil.example/api/documents", "evil.example:80", "*", "api/documents", "",
    ]) func targetsThatAreNotAPathGet400(target: String) {
        var absolute = request()
        absolute.target = target
        expectDenied(absolute, 400)
        absolute.bearerToken = nil
        absolute.path = "/"
        expectDenied(absolute, 400)
    }

    @Test func anOriginFormTargetPasses() {
        var plain = request()
        plain.target = "/api/documents?x=1"
        #expect(policy.decide(plain) == .allow)
    }

    @Test(arguments: [
        "http://127.0.0.1:8081", "http://evil.test", "null", "https://127.0.0.1:8080",
        "http://127.0.0.1:8080.evil.test", "http://localhost:8080",
    ])
    func foreignOriginGets403EvenWithTheBearer(origin: String) {
        var foreign = request()
        foreign.origin = origin
        expectDenied(foreign, 403)
    }

    @Test func ownOriginPasses() {
        var own = request()
        own.origin = "http://127.0.0.1:8080"
        #expect(policy.decide(own) == .allow)
    }

    @Test(arguments: ["cross-site", "same-site", "Cross-Site"]) func otherSitesGet403(site: String) {
        var other = request()
        other.secFetchSite = site
        expectDenied(other, 403)
        other.path = "/"
        other.bearerToken = nil
        expectDenied(other, 403)
    }

    @Test(arguments: ["same-origin", "none"]) func sameOriginAndTypedNavigationPass(site: String) {
        var own = request()
        own.secFetchSite = site
        #expect(policy.decide(own) == .allow)
    }
}
