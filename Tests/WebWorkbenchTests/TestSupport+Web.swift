import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import WebWorkbench
import Workbench

/// A server as the tests use it: HummingbirdTesting's client sends `Host: localhost`, so that
/// is the allow-list; the token is fixed so requests can carry it.
/// A file of the repository's `Samples/` folder (the bundled sample app and its association files).
func sample(_ relativePath: String) -> URL {
    Fixtures.repositoryRoot.appendingPathComponent("Samples").appendingPathComponent(relativePath)
}

struct WebFixture {
    static let token = AccessToken(value: "0123456789abcdef0123456789abcdef")
    let server: WorkbenchServer

    init(settings: WorkbenchSettings = .init(offline: true), limits: WorkbenchServerLimits = .init(),
         hosts: [String] = ["localhost"], now: @escaping @Sendable () -> Date = Date.init) throws {
        server = try WorkbenchServer(settings: settings, identity: ServerIdentity(token: Self.token, allowedHosts: hosts),
                                     limits: limits, now: now)
    }

    var application: some ApplicationProtocol { Application(router: server.router()) }

    /// Headers of an authenticated script (bearer).
    static var bearer: HTTPFields {
        var fields = HTTPFields()
        fields[.authorization] = "Bearer \(token.value)"
        return fields
    }

    /// Headers of the page (cookie + CSRF header).
    static var page: HTTPFields {
        var fields = HTTPFields()
        fields[.cookie] = "linklab-session=\(token.value)"
        fields[HTTPField.Name("X-LinkLab-CSRF")!] = token.value
        return fields
    }

    static func json(_ response: TestResponse) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(buffer: response.body))
        return try #require(object as? [String: Any])
    }

    /// The security headers spec/web.md requires on every response.
    static func expectSecurityHeaders(_ response: TestResponse, sourceLocation: SourceLocation = #_sourceLocation) {
        let headers = response.headers
        #expect(headers[.contentSecurityPolicy] == """
            default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; \
            object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; \
            require-trusted-types-for 'script'
            """, sourceLocation: sourceLocation)
        #expect(headers[.xContentTypeOptions] == "nosniff", sourceLocation: sourceLocation)
        #expect(headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer", sourceLocation: sourceLocation)
        #expect(headers[.cacheControl] == "no-store", sourceLocation: sourceLocation)
        #expect(headers[HTTPField.Name("X-Frame-Options")!] == "DENY", sourceLocation: sourceLocation)
        #expect(headers[HTTPField.Name("Cross-Origin-Opener-Policy")!] == "same-origin", sourceLocation: sourceLocation)
        #expect(headers[.crossOriginResourcePolicy] == "same-origin", sourceLocation: sourceLocation)
    }

    /// `{"error": "…"}` and nothing else.
    static func expectErrorBody(_ response: TestResponse, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let object = try json(response)
        #expect(object.count == 1, sourceLocation: sourceLocation)
        let message = try #require(object["error"] as? String, sourceLocation: sourceLocation)
        #expect(!message.isEmpty, sourceLocation: sourceLocation)
        #expect(response.headers[.contentType] == "application/json; charset=utf-8", sourceLocation: sourceLocation)
    }
}
