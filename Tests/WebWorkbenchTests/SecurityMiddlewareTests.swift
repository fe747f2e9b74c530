import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import WebWorkbench

/// The security rules over HTTP, through the real router (HummingbirdTesting `.router`).
@Suite struct SecurityMiddlewareTests {
    @Test func noCredentialsGets401AndNoData() async throws {
        let fixture = try WebFixture()
        try await fixture.application.test(.router) { client in
            for uri in ["/", "/app.js", "/api/openapi.json", "/api/documents", "/no-such-page"] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .unauthorized, "\(uri)")
                try WebFixture.expectErrorBody(response)
                WebFixture.expectSecurityHeaders(response)
                #expect(!String(buffer: response.body).contains(WebFixture.token.value))
            }
        }
    }

    @Test func wrongHostGets421EvenWithTheToken() async throws {
        let fixture = try WebFixture(hosts: ["127.0.0.1:9"])
        try await fixture.application.test(.router) { client in
            let response = try await client.execute(uri: "/api/openapi.json", method: .get, headers: WebFixture.bearer)
            #expect(response.status == .misdirectedRequest)
            try WebFixture.expectErrorBody(response)
            WebFixture.expectSecurityHeaders(response)
        }
    }

    @Test func pageLoadWithTokenSetsAStrictHttpOnlyCookieAndInjectsTheCSRFToken() async throws {
        let fixture = try WebFixture()
        try await fixture.application.test(.router) { client in
            let response = try await client.execute(uri: "/?token=\(WebFixture.token.value)", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.setCookie] == "linklab-session=\(WebFixture.token.value); HttpOnly; SameSite=Strict; Path=/")
            let page = String(buffer: response.body)
            #expect(page.contains(#"<meta name="linklab-csrf" content="\#(WebFixture.token.value)">"#))
            #expect(!page.contains("{{CSRF_TOKEN}}"))
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            WebFixture.expectSecurityHeaders(response)
        }
    }

    @Test func wrongPageTokenGets401AndNoCookie() async throws {
        let fixture = try WebFixture()
        try await fixture.application.test(.router) { client in
            let response = try await client.execute(uri: "/?token=ffffffffffffffffffffffffffffffff", method: .get)
            #expect(response.status == .unauthorized)
            #expect(response.headers[.setCookie] == nil)
        }
    }

    @Test func cookieServesThePageButTheAPINeedsTheCSRFHeader() async throws {
        let fixture = try WebFixture()
        try await fixture.application.test(.router) { client in
            var cookieOnly = HTTPFields()
            cookieOnly[.cookie] = "other=1; linklab-session=\(WebFixture.token.value)"
            let page = try await client.execute(uri: "/app.js", method: .get, headers: cookieOnly)
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/javascript; charset=utf-8")
            let api = try await client.execute(uri: "/api/openapi.json", method: .get, headers: cookieOnly)
            #expect(api.status == .forbidden)
            try WebFixture.expectErrorBody(api)
            let withHeader = try await client.execute(uri: "/api/openapi.json", method: .get, headers: WebFixture.page)
            #expect(withHeader.status == .ok)
        }
    }

    @Test func foreignOriginAndOtherSitesGet403() async throws {
        let fixture = try WebFixture()
        try await fixture.application.test(.router) { client in
            var foreign = WebFixture.page
            foreign[.origin] = "http://127.0.0.1:9999"
            let response1 = try await client.execute(uri: "/api/documents", method: .post, headers: foreign)
            #expect(response1.status == .forbidden)
            var sameSite = WebFixture.page
            sameSite[HTTPField.Name("Sec-Fetch-Site")!] = "same-site"
            let response2 = try await client.execute(uri: "/api/documents", method: .get, headers: sameSite)
            #expect(response2.status == .forbidden)
            var own = WebFixture.page
            own[.origin] = "http://localhost"
            own[HTTPField.Name("Sec-Fetch-Site")!] = "same-origin"
            let response3 = try await client.execute(uri: "/api/openapi.json", method: .get, headers: own)
            #expect(response3.status == .ok)
        }
    }

    @Test func unknownRoutesAnswerJSON404WithTheHeaders() async throws {
        let fixture = try WebFixture()
        try await fixture.application.test(.router) { client in
            for uri in ["/nope", "/api/nope", "/../etc/passwd", "/%2e%2e/Package.swift", "/app.js/..", "/index.html?raw??"] {
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
