import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
import Workbench

@testable import WebWorkbench

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The URL tester's API with both apps of the product: a typed URL answers one row per platform,
/// the view carries the cross-platform counts (its rows come with the list's slices), and the
/// host routes (edit, use a file, revert, refetch) take `?platform=android` for the host's `assetlinks.json`.
@Suite struct AndroidTesterAPITests {
    /// The sample IPA, then the sample APK added; the sample's files supplied, offline.
    static func pair(_ client: some TestClientProtocol, _ fixture: WebFixture) async throws -> String {
        let opened = try await DocumentAPITests.upload(client, try Data(contentsOf: sample("LinkLabSample.ipa")))
        let id = try #require(try WebFixture.json(opened)["id"] as? String)
        try await fixture.server.settle(id)
        let added = try await AndroidAPITests.addApp(
            client, id, try Data(contentsOf: sample("LinkLabSample.apk")),
            name: "LinkLabSample.apk")
        #expect(added.status == .accepted)
        try await fixture.server.settle(id)
        return id
    }

    static func send(
        _ client: some TestClientProtocol, _ uri: String, _ method: HTTPRequest.Method,
        _ body: Data
    ) async throws -> TestResponse {
        try await client.execute(uri: uri, method: method, headers: WebFixture.bearer, body: ByteBuffer(bytes: body))
    }

    @Test func aTypedURLAnswersBothPlatformsAndTheWhatIfTakesThePlatform() async throws {
        let fixture = try WebFixture(settings: AndroidAPITests.settings)
        try await fixture.application.test(.router) { client in
            let id = try await Self.pair(client, fixture)
            let url = "https://example.com/buy/42"
            let body = try JSONSerialization.data(withJSONObject: ["url": url])
            func typed() async throws -> [String: Any] {
                try WebFixture.json(try await Self.send(client, "/api/documents/\(id)/tester", .post, body))
            }
            /// The rows of `platform` among an answer's verdicts.
            func rows(_ answer: [String: Any], _ platform: String) -> [[String: Any]] {
                ((answer["verdicts"] as? [[String: Any]]) ?? []).filter { $0["platform"] as? String == platform }
            }
            let before = try await typed()
            let android = rows(before, "android")
            #expect(android.first?["platformName"] as? String == "Android" && before["showsPlatforms"] as? Bool == true)
            #expect(android.first?["decision"] as? String == "opens_app")
            #expect((before["crossPlatform"] as? [String: Any])?["verdict"] as? String == "both")

            // The view: the table's counts, its rows left to the slices.
            let view = try await AndroidAPITests.view(client, id)
            let table = try #require((view["urls"] as? [String: Any])?["crossPlatform"] as? [String: Any])
            #expect((table["counts"] as? [[String: Any]])?.count == 4)
            #expect((table["rows"] as? [Any])?.isEmpty == true)

            // What-if: example.com's file listing another package; the iOS rows stay as they were.
            let file = try String(contentsOf: sample("assetlinks/example.com.json"), encoding: .utf8)
            let edited = try await Self.send(
                client, "/api/documents/\(id)/hosts/example.com/text?platform=android",
                .put,
                Data(
                    file.replacingOccurrences(
                        of: "com.example.app",
                        with: "com.example.other"
                    ).utf8))
            #expect(edited.status == .ok)
            #expect(try WebFixture.json(edited)["state"] as? String == "edited")
            let after = try await typed()
            let row = try #require(rows(after, "android").first)
            #expect(row["decision"] as? String == "browser" && row["reason"] as? String == "not_verified")
            #expect(NSDictionary(dictionary: ["v": rows(after, "ios")]).isEqual(to: ["v": rows(before, "ios")]))

            let refused = try await Self.send(
                client, "/api/documents/\(id)/hosts/example.com/file?platform=mac",
                .delete, Data())
            #expect(refused.status == .badRequest)
            let unclaimed = try await Self.send(
                client, "/api/documents/\(id)/hosts/evil.example/text?platform=android",
                .put, Data("[]".utf8))
            #expect(unclaimed.status == .notFound)

            let reverted = try await Self.send(
                client, "/api/documents/\(id)/hosts/example.com/file?platform=android",
                .delete, Data())
            #expect(reverted.status == .ok)
            #expect(try WebFixture.json(reverted)["state"] as? String == "supplied")
            #expect(rows(try await typed(), "android").first?["decision"] as? String == "opens_app")

            // A file for the Android host, and a refetch (offline: the host stays as it is), as
            // for an iOS host; each answers the host's Android card.
            var named = WebFixture.bearer
            named[.linkLabFilename] = "/home/tester/other.json"
            let used = try await client.execute(
                uri: "/api/documents/\(id)/hosts/Example.com/file?platform=android",
                method: .put, headers: named, body: ByteBuffer(bytes: Data("[]".utf8)))
            #expect(used.status == .ok)
            let card = try WebFixture.json(used)
            #expect(card["host"] as? String == "example.com" && card["state"] as? String == "supplied")
            #expect(rows(try await typed(), "android").first?["decision"] as? String == "browser")
            let hosts = "/api/documents/\(id)/hosts"
            let refetched = try await Self.send(client, "\(hosts)/example.com/refetch?platform=android", .post, Data())
            #expect(refetched.status == .accepted)
            #expect(try WebFixture.json(refetched)["host"] as? String == "example.com")
            let notClaimed = try await Self.send(
                client, "\(hosts)/evil.example/refetch?platform=android", .post,
                Data())
            #expect(notClaimed.status == .notFound)
        }
    }
}
