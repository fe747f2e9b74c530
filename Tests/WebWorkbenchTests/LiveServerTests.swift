import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import WebWorkbench

/// The same rules over a real socket (HummingbirdTesting `.live`).
@Suite struct LiveServerTests {
    @Test func hostWithoutTheBoundPortGets421OverASocket() async throws {
        let identity = ServerIdentity(token: WebFixture.token)
        let server = try WorkbenchServer(identity: identity)
        defer { server.spool.removeAll() }
        try await Application(router: server.router()).test(.live) { client in
            let before = try await client.execute(uri: "/api/openapi.json", method: .get, headers: WebFixture.bearer)
            #expect(before.status == .misdirectedRequest)  // the port is not known yet: nothing passes
            identity.bound(port: try #require(client.port))
            // HummingbirdTesting's client sends `Host: localhost` with no port: not an allowed name.
            let portless = try await client.execute(uri: "/api/openapi.json", method: .get, headers: WebFixture.bearer)
            #expect(portless.status == .misdirectedRequest)
            try WebFixture.expectErrorBody(portless)
            WebFixture.expectSecurityHeaders(portless)
        }
    }

    @Test func apiAnswersOverASocketWithTheHeaders() async throws {
        let fixture = try WebFixture()
        defer { fixture.server.spool.removeAll() }
        try await fixture.application.test(.live) { client in
            let response = try await client.execute(uri: "/api/openapi.json", method: .get, headers: WebFixture.bearer)
            #expect(response.status == .ok)
            WebFixture.expectSecurityHeaders(response)
            let anonymous = try await client.execute(uri: "/api/documents", method: .get)
            #expect(anonymous.status == .unauthorized)
        }
    }

    @Test func oversizedUploadIs413OverASocketAndLeavesNoFile() async throws {
        var limits = WorkbenchServerLimits()
        limits.maxUpload = 100_000
        let fixture = try WebFixture(limits: limits, hosts: ["localhost"])
        defer { fixture.server.spool.removeAll() }
        try await fixture.application.test(.live) { client in
            var headers = WebFixture.bearer
            headers[HTTPField.Name("X-LinkLab-Filename")!] = "big.ipa"
            let response = try await client.execute(
                uri: "/api/documents", method: .post, headers: headers,
                body: ByteBuffer(repeating: 0x50, count: 300_000))
            #expect(response.status == .contentTooLarge)
            try WebFixture.expectErrorBody(response)
            #expect(fixture.server.spool.contents.isEmpty)
        }
    }
}
