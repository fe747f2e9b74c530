import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
import Workbench

@testable import WebWorkbench

/// The URL tester's one-URL route and percent-decoded path parameters (issue 10).
@Suite struct DecideAndPathTests {
    static func post(
        _ client: some TestClientProtocol, _ uri: String,
        _ object: [String: Any]
    ) async throws -> TestResponse {
        let body = try JSONSerialization.data(withJSONObject: object)
        return try await client.execute(
            uri: uri, method: .post, headers: WebFixture.bearer,
            body: ByteBuffer(bytes: body))
    }

    @Test func decideAnswersOneURLTestAndLeavesTheDocumentsURLListAlone() async throws {
        let fixture = try WebFixture(settings: DocumentAPITests.sampleSettings)
        try await fixture.application.test(.router) { client in
            let id = try await DocumentAPITests.openSample(client, fixture)
            let lines = "https://shop.example.com/shop/item\n!https://shop.example.com/?ref=newsletter"
            _ = try await Self.post(client, "/api/documents/\(id)/urls", ["lines": lines])
            let url = "https://shop.example.com/shop/item?x=1"
            let response = try await Self.post(client, "/api/documents/\(id)/decide", ["url": url])
            #expect(response.status == .ok)
            WebFixture.expectSecurityHeaders(response)
            let answer = try WebFixture.json(response)
            #expect(Set(answer.keys) == ["urlTest"])
            let test = try #require(answer["urlTest"] as? [String: Any])
            #expect(test["url"] as? String == url)
            let apps = try #require(test["apps"] as? [[String: Any]])
            #expect(
                apps.contains {
                    $0["appID"] as? String == "ABCDE12345.com.example.app" && $0["decision"] as? String == "match"
                })
            // The same shape as one entry of /urls, and the document's list did not change.
            let listed = try WebFixture.json(try await Self.post(client, "/api/documents/\(id)/urls", ["lines": url]))
            let same = try #require((listed["urlTests"] as? [[String: Any]])?.first)
            #expect(Set(test.keys) == Set(same.keys))
            // Verdicts equal but for the trace: one URL comes traced, a list leaves satisfied lines'
            // traces out (the page asks /decide for one when its disclosure opens).
            let untraced = { (apps: Any?) in
                ((apps as? [[String: Any]]) ?? []).map { $0.filter { $0.key != "trace" } as NSDictionary }
            }
            #expect(untraced(test["apps"]) == untraced(same["apps"]))
            #expect(apps.allSatisfy { !(($0["trace"] as? [String]) ?? []).isEmpty })
            #expect(
                ((same["apps"] as? [[String: Any]]) ?? []).allSatisfy { (($0["trace"] as? [String]) ?? []).isEmpty })
            // The page's keystrokes ask without traces: the same verdicts, no steps.
            let quick = try WebFixture.json(
                try await Self.post(
                    client, "/api/documents/\(id)/decide",
                    ["url": url, "trace": false]))
            let quickApps = (quick["urlTest"] as? [String: Any])?["apps"]
            #expect(untraced(quickApps) == untraced(test["apps"]))
            #expect(((quickApps as? [[String: Any]]) ?? []).allSatisfy { (($0["trace"] as? [String]) ?? []).isEmpty })
            _ = try await Self.post(client, "/api/documents/\(id)/urls", ["lines": lines])
            let before = try WebFixture.json(try await DocumentAPITests.get(client, "/api/documents/\(id)"))
            _ = try await Self.post(client, "/api/documents/\(id)/decide", ["url": "https://example.org/other"])
            let after = try WebFixture.json(try await DocumentAPITests.get(client, "/api/documents/\(id)"))
            let urls = { (document: [String: Any]) in
                (document["urlTests"] as? [[String: Any]])?.compactMap { $0["url"] as? String }
            }
            #expect(urls(after) == urls(before))
            #expect(urls(after)?.count == 2)
        }
    }

    @Test func decideRefusesBadBodiesAndUnknownDocuments() async throws {
        let fixture = try WebFixture(settings: DocumentAPITests.sampleSettings)
        try await fixture.application.test(.router) { client in
            let id = try await DocumentAPITests.openSample(client, fixture)
            for body in ["[1]", #"{"url": 3}"#, #"{"lines": "x"}"#] {
                let bad = try await client.execute(
                    uri: "/api/documents/\(id)/decide", method: .post,
                    headers: WebFixture.bearer, body: ByteBuffer(string: body))
                #expect(bad.status == .badRequest, "\(body)")
                try WebFixture.expectErrorBody(bad)
            }
            let notAURL = try await Self.post(client, "/api/documents/\(id)/decide", ["url": "not a url"])
            #expect(notAURL.status == .ok)
            let test = try #require(try WebFixture.json(notAURL)["urlTest"] as? [String: Any])
            #expect((test["apps"] as? [Any])?.isEmpty == true)
            let missing = try await Self.post(client, "/api/documents/nope/decide", ["url": "https://example.com/"])
            #expect(missing.status == .notFound)
            try WebFixture.expectErrorBody(missing)
            let big = ByteBuffer(repeating: UInt8(ascii: "a"), count: (1 << 20) + 1)
            let tooLarge = try await client.execute(
                uri: "/api/documents/\(id)/decide", method: .post,
                headers: WebFixture.bearer, body: big)
            #expect(tooLarge.status == .contentTooLarge)
        }
    }

    @Test func pathParametersArePercentDecodedOnce() async throws {
        let fixture = try WebFixture(settings: DocumentAPITests.sampleSettings)
        try await fixture.application.test(.router) { client in
            let id = try await DocumentAPITests.openSample(client, fixture)
            let triage = #"{"status": "confirmed"}"#
            let put = try await client.execute(
                uri: "/api/documents/\(id)/triage/AASA-007%3Aabc%2541", method: .put,
                headers: WebFixture.bearer, body: ByteBuffer(string: triage))
            #expect(put.status == .ok)
            #expect(try WebFixture.json(put)["fingerprint"] as? String == "AASA-007:abc%41")
            let refetch = try await client.execute(
                uri: "/api/documents/\(id)/hosts/go%2Eexample%2Enet/refetch",
                method: .post, headers: WebFixture.bearer)
            #expect(refetch.status == .accepted)
            #expect(try WebFixture.json(refetch)["host"] as? String == "go.example.net")
            let encodedID = id.unicodeScalars.map { String(format: "%%%02X", $0.value) }.joined()
            let document = try await DocumentAPITests.get(client, "/api/documents/\(encodedID)")
            #expect(document.status == .ok)
        }
    }

    @Test func invalidPercentEncodingIs400() async throws {
        let fixture = try WebFixture(settings: DocumentAPITests.sampleSettings)
        try await fixture.application.test(.router) { client in
            let id = try await DocumentAPITests.openSample(client, fixture)
            let triage = ByteBuffer(string: #"{"status": "confirmed"}"#)
            for (method, uri) in [
                (HTTPRequest.Method.put, "/api/documents/\(id)/triage/AASA-007%3"),
                (.put, "/api/documents/\(id)/triage/%FF%FE"),
                (.post, "/api/documents/\(id)/hosts/ex%zzample.com/refetch"),
                (.get, "/api/documents/%ZZ"),
                (.get, "/api/documents/\(id)/export/m%d"),
            ] {
                let response = try await client.execute(
                    uri: uri, method: method, headers: WebFixture.bearer,
                    body: triage)
                #expect(response.status == .badRequest, "\(uri)")
                try WebFixture.expectErrorBody(response)
            }
        }
    }
}
