import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import WebWorkbench

/// The security rules over HTTP, through the real router (HummingbirdTesting `.router`): no
/// cookie anywhere, the bearer token the only credential, the shell and static files public.
@Suite struct SecurityMiddlewareTests {
    @Test func dataWithoutTheBearerGets401AndNoData() async throws {
        let fixture = try WebFixture()
        try await fixture.application.test(.router) { client in
            let uris = [
                "/api/openapi.json", "/api/documents", "/no-such-page",
                "/api/documents?token=\(WebFixture.token.value)",
            ]
            for uri in uris {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .unauthorized, "\(uri)")
                try WebFixture.expectErrorBody(response)
                WebFixture.expectSecurityHeaders(response)
                #expect(!String(buffer: response.body).contains(WebFixture.token.value))
            }
            let post = try await client.execute(uri: "/api/documents", method: .post, body: ByteBuffer(string: "x"))
            #expect(post.status == .unauthorized)
            #expect(await fixture.server.documentCount == 0)
        }
    }

    @Test func theShellAndEveryStaticFileAreServedWithoutTheTokenAndCarryNoSecret() async throws {
        let fixture = try WebFixture()
        try await fixture.application.test(.router) { client in
            for uri in EmbeddedAssets.publicPaths.sorted() + ["/?token=\(WebFixture.token.value)"] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .ok, "\(uri)")
                #expect(!String(buffer: response.body).contains(WebFixture.token.value), "\(uri)")
                #expect(response.headers[.setCookie] == nil)
                WebFixture.expectSecurityHeaders(response)
            }
            let page = try await client.execute(uri: "/", method: .get)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(!String(buffer: page.body).contains("linklab-csrf"))
        }
    }

    @Test func theServerNeverSetsACookie() async throws {
        let fixture = try WebFixture()
        try await fixture.application.test(.router) { client in
            var withCookie = WebFixture.bearer
            withCookie[.cookie] = "linklab-session=\(WebFixture.token.value)"
            let requests: [(String, HTTPRequest.Method, HTTPFields)] = [
                ("/?token=\(WebFixture.token.value)", .get, [:]), ("/index.html?token=x", .get, [:]),
                ("/", .get, WebFixture.bearer), ("/api/documents", .get, WebFixture.bearer),
                ("/api/documents", .get, [:]), ("/api/openapi.json", .get, withCookie),
                ("/nope", .get, WebFixture.bearer),
                ("/api/documents", .post, WebFixture.bearer),
            ]
            for (uri, method, headers) in requests {
                let response = try await client.execute(uri: uri, method: method, headers: headers)
                #expect(response.headers[values: .setCookie].isEmpty, "\(method) \(uri)")
            }
        }
    }

    @Test func aCookieOrTheOldCSRFHeaderIsNoCredential() async throws {
        let fixture = try WebFixture()
        try await fixture.application.test(.router) { client in
            var replayed = HTTPFields()
            replayed[.cookie] = "linklab-session=\(WebFixture.token.value); linklab-80=\(WebFixture.token.value)"
            replayed[HTTPField.Name("X-LinkLab-CSRF")!] = WebFixture.token.value
            for uri in ["/api/documents", "/api/openapi.json"] {
                let response = try await client.execute(uri: uri, method: .get, headers: replayed)
                #expect(response.status == .unauthorized, "\(uri)")
                try WebFixture.expectErrorBody(response)
            }
        }
    }

    @Test func aWrongOrMalformedBearerGets401() async throws {
        let fixture = try WebFixture()
        try await fixture.application.test(.router) { client in
            for value in [
                "Bearer ffffffffffffffffffffffffffffffff", "Basic \(WebFixture.token.value)",
                WebFixture.token.value, "Bearer",
            ] {
                var headers = HTTPFields()
                headers[.authorization] = value
                let response = try await client.execute(uri: "/api/documents", method: .get, headers: headers)
                #expect(response.status == .unauthorized, "\(value)")
            }
        }
    }

    @Test func wrongHostGets421EvenWithTheToken() async throws {
        let fixture = try WebFixture(hosts: ["127.0.0.1:9"])
        try await fixture.application.test(.router) { client in
            for uri in ["/api/openapi.json", "/"] {
                let response = try await client.execute(uri: uri, method: .get, headers: WebFixture.bearer)
                #expect(response.status == .misdirectedRequest)
                try WebFixture.expectErrorBody(response)
                WebFixture.expectSecurityHeaders(response)
            }
        }
    }

    @Test func anAbsoluteFormTargetIsRefused() async throws {
        let fixture = try WebFixture()
        try await fixture.application.test(.router) { client in
            for target in ["http://evil.example/api/documents", "http://localhost/api/documents"] {
                var headers = WebFixture.bearer
                headers[HTTPField.Name("X-LinkLab-Request-Target")!] = target
                let response = try await client.execute(uri: "/api/documents", method: .get, headers: headers)
                #expect(response.status == .badRequest, "\(target)")
                try WebFixture.expectErrorBody(response)
                #expect(!String(buffer: response.body).contains("documents\""))
            }
        }
    }

    @Test func foreignOriginAndOtherSitesGet403EvenWithTheBearer() async throws {
        let fixture = try WebFixture()
        try await fixture.application.test(.router) { client in
            var foreign = WebFixture.bearer
            foreign[.origin] = "http://127.0.0.1:9999"
            let response1 = try await client.execute(uri: "/api/documents", method: .post, headers: foreign)
            #expect(response1.status == .forbidden)
            var sameSite = WebFixture.bearer
            sameSite[HTTPField.Name("Sec-Fetch-Site")!] = "same-site"
            let response2 = try await client.execute(uri: "/api/documents", method: .get, headers: sameSite)
            #expect(response2.status == .forbidden)
            var own = WebFixture.bearer
            own[.origin] = "http://localhost"
            own[HTTPField.Name("Sec-Fetch-Site")!] = "same-origin"
            let response3 = try await client.execute(uri: "/api/openapi.json", method: .get, headers: own)
            #expect(response3.status == .ok)
            #expect(await fixture.server.documentCount == 0)
        }
    }

    @Test func unknownRoutesAnswerJSON404WithTheHeaders() async throws {
        let fixture = try WebFixture()
        try await fixture.application.test(.router) { client in
            for uri in [
                "/nope", "/api/nope", "/../etc/passwd", "/%2e%2e/Package.swift", "/app.js/..",
                "/index.html?raw??",
            ] {
                let response = try await client.execute(uri: uri, method: .get, headers: WebFixture.bearer)
                if uri == "/index.html?raw??" {
                    #expect(response.status == .ok)
                } else {
                    #expect(response.status == .notFound, "\(uri)")
                    try WebFixture.expectErrorBody(response)
                }
                WebFixture.expectSecurityHeaders(response)
            }
        }
    }

    @Test func optionsPreflightGetsNoCORSHeaders() async throws {
        let fixture = try WebFixture()
        try await fixture.application.test(.router) { client in
            var preflight = HTTPFields()
            preflight[.origin] = "http://127.0.0.1:9999"
            preflight[HTTPField.Name("Access-Control-Request-Method")!] = "POST"
            let response = try await client.execute(uri: "/api/documents", method: .options, headers: preflight)
            #expect(response.status.code >= 400)
            #expect(response.headers[HTTPField.Name("Access-Control-Allow-Origin")!] == nil)
        }
    }

    @Test func openAPIDocumentIsJSONOpenAPI31() async throws {
        let fixture = try WebFixture()
        try await fixture.application.test(.router) { client in
            let response = try await client.execute(uri: "/api/openapi.json", method: .get, headers: WebFixture.bearer)
            #expect(response.status == .ok)
            let document = try WebFixture.json(response)
            #expect(document["openapi"] as? String == "3.1.0")
            WebFixture.expectSecurityHeaders(response)
        }
    }
}
