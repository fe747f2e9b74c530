import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestServer
import TestSupport
import Testing
import Workbench

@testable import WebWorkbench

/// A session file from someone else never steers the server (issue 26, item 7): its recorded
/// fetch settings (online, a CDN base on a local port, a supplied file anywhere on disk, other
/// timeouts) are shown in the document's notes and never applied. The CDN base points at a
/// real listener that counts every connection; an `--offline` server refetching every host of
/// the hostile session must leave it at zero, and the same settings applied on purpose must not.
@Suite struct HostileSessionTests {
    /// The sample's files for every host but `go.example.net` (so that host has nothing supplied
    /// and a refetch would have to go to the network to get it).
    static var offlineSettings: WorkbenchSettings {
        var settings = DocumentAPITests.sampleSettings
        settings.suppliedFiles["go.example.net"] = nil
        return settings
    }

    /// `session` with its recorded settings rewritten by an attacker.
    static func hostile(_ session: Data, port: Int) throws -> Data {
        var object = try #require(try JSONSerialization.jsonObject(with: session) as? [String: Any])
        var settings = try #require(object["settings"] as? [String: Any])
        var fetch = try #require(settings["fetch"] as? [String: Any])
        settings["offline"] = false
        fetch["cdnBase"] = "https://127.0.0.1:\(port)"
        fetch["routes"] = ["cdn", "origin"]
        fetch["timeoutMs"] = 2_000
        settings["fetch"] = fetch
        settings["suppliedFiles"] = ["go.example.net": "/etc/passwd"]
        object["settings"] = settings
        return try JSONSerialization.data(withJSONObject: object)
    }

    @Test func anOfflineServerNeverConnectsWhereASessionSays() async throws {
        let counter = try await ConnectionCounter.start()
        defer { Task { await counter.stop() } }
        let fixture = try WebFixture(settings: Self.offlineSettings)
        try await fixture.application.test(.router) { client in
            let id = try await DocumentAPITests.openSample(client, fixture)
            let saved = try await DocumentAPITests.get(client, "/api/documents/\(id)/export/linklab")
            let session = try Self.hostile(Data(buffer: saved.body), port: counter.port)
            let opened = try await DocumentAPITests.upload(client, session, name: "from-a-client.linklab")
            #expect(opened.status == .created)
            let newID = try #require(try WebFixture.json(opened)["id"] as? String)
            try await fixture.server.settle(newID)
            let document = try WebFixture.json(try await DocumentAPITests.get(client, "/api/documents/\(newID)"))
            let hosts = try #require(document["hosts"] as? [[String: Any]]).compactMap { $0["host"] as? String }
            #expect(hosts.contains("go.example.net"))
            // The recorded settings are shown, as the file's, not the server's.
            let view = try WebFixture.json(try await DocumentAPITests.get(client, "/api/documents/\(newID)/view"))
            let notes = view["notes"] as? [String] ?? []
            #expect(notes.contains { $0.contains("shown, not applied") && $0.contains("127.0.0.1:\(counter.port)") })
            for host in hosts {
                let path = "/api/documents/\(newID)/hosts/\(host)/refetch"
                let refetch = try await client.execute(uri: path, method: .post, headers: WebFixture.bearer)
                #expect(refetch.status == .accepted)
            }
            try await fixture.server.settle(newID)
            let after = try WebFixture.json(try await DocumentAPITests.get(client, "/api/documents/\(newID)"))
            let states =
                Dictionary(
                    uniqueKeysWithValues: (after["hosts"] as? [[String: Any]] ?? []).compactMap { host in
                        (host["host"] as? String).map { ($0, host["state"] as? String ?? "") }
                    })
            // Supplied hosts stay supplied (issue 26 item 8); the unsupplied one is not fetched.
            #expect(states["shop.example.com"] == "supplied")
            #expect(states["go.example.net"] != "supplied")
            let report = try await DocumentAPITests.get(client, "/api/documents/\(newID)/hosts/go.example.net")
            #expect(!String(buffer: report.body).contains("root:"))
        }
        // Give a stray connection time to arrive before counting.
        try await Task.sleep(for: .milliseconds(300))
        #expect(counter.count == 0, "the offline server connected to the port the session named")
    }

    /// The control: the same settings, applied on purpose, do reach the listener, so the count
    /// above would see a connection if one were made.
    @Test func theListenerCountsAConnectionWhenTheSettingsAreApplied() async throws {
        let counter = try await ConnectionCounter.start()
        defer { Task { await counter.stop() } }
        var fetch = FetchConfiguration()
        fetch.cdnBase = "https://127.0.0.1:\(counter.port)"
        fetch.routes = [.cdn]
        fetch.timeout = .seconds(2)
        let document = await WorkbenchDocument(settings: WorkbenchSettings(offline: false, fetch: fetch))
        await document.openDomain("example.com")
        await document.settled()
        #expect(counter.count > 0)
    }
}
