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

/// Both apps of a product in one web document: an `.apk` upload opens as the Android app,
/// `POST …/apps` adds the other half, the view carries the App tab's Android section and both
/// files per host, and the upload's path never appears in an answer.
@Suite struct AndroidAPITests {
    static let androidHosts = ["example.com", "example.org", "shop.example.com"]
    /// Every host the sample APK verifies: those with a file, then the two planted ones without
    /// (`Samples/README.md`, platform traps): supplied and not fetched, by host.
    static let apkStates: [String: String] = Dictionary(
        uniqueKeysWithValues: androidHosts.map { ($0, "supplied") }
            + [("linklab.page.link", "not-fetched"), ("links.linklab.invalid", "not-fetched")])

    /// The sample's `apple-app-site-association` files and its `assetlinks.json` files, offline.
    static var settings: WorkbenchSettings {
        var settings = DocumentAPITests.sampleSettings
        for host in androidHosts { settings.suppliedAssetLinks[host] = sample("assetlinks/\(host).json").path }
        return settings
    }

    static func addApp(
        _ client: some TestClientProtocol, _ id: String, _ data: Data, name: String?
    ) async throws
        -> TestResponse
    {
        var headers = WebFixture.bearer
        if let name { headers[HTTPField.Name("X-LinkLab-Filename")!] = name }
        return try await client.execute(
            uri: "/api/documents/\(id)/apps", method: .post, headers: headers,
            body: ByteBuffer(bytes: data))
    }

    static func view(_ client: some TestClientProtocol, _ id: String) async throws -> [String: Any] {
        try WebFixture.json(try await DocumentAPITests.get(client, "/api/documents/\(id)/view"))
    }

    /// No answer names the server's upload folder (where uploads are spooled).
    /// The Android state of each host of a view's `hosts` rows, by host.
    static func states(_ hosts: [[String: Any]]) -> [String: String] {
        var states: [String: String] = [:]
        for row in hosts {
            let panel = slot(row, "android")?["panel"] as? [String: Any]
            if let host = row["host"] as? String, let state = (panel?["hooks"] as? [String: Any])?["state"] as? String {
                states[host] = state
            }
        }
        return states
    }

    /// The slot of `platform` in a `hosts` row.
    static func slot(_ row: [String: Any], _ platform: String) -> [String: Any]? {
        (row["slots"] as? [[String: Any]])?.first { $0["platform"] as? String == platform }
    }

    /// The panels of the App tab's section of `platform` in a view.
    static func panels(_ view: [String: Any], _ platform: String) -> [[String: Any]] {
        let section = (view["apps"] as? [[String: Any]])?.first { $0["platform"] as? String == platform }
        return section?["panels"] as? [[String: Any]] ?? []
    }

    static func expectNoSpoolPath(
        _ response: TestResponse, _ fixture: WebFixture,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let text = String(buffer: response.body)
        #expect(!text.contains(fixture.server.spool.folder.path), sourceLocation: sourceLocation)
        #expect(!text.contains("linklab-serve-"), sourceLocation: sourceLocation)
    }

    @Test func anAPKUploadOpensAsTheAndroidAppEvenWithoutItsName() async throws {
        let fixture = try WebFixture(settings: Self.settings)
        try await fixture.application.test(.router) { client in
            let apk = try Data(contentsOf: sample("LinkLabSample.apk"))
            // Once by name, once as "upload" (a ZIP holding AndroidManifest.xml): both are Android.
            for name in ["LinkLabSample.apk", "upload"] {
                let response = try await DocumentAPITests.upload(client, apk, name: name)
                #expect(response.status == .created)
                let id = try #require(try WebFixture.json(response)["id"] as? String)
                try await fixture.server.settle(id)
                let viewResponse = try await DocumentAPITests.get(client, "/api/documents/\(id)/view")
                Self.expectNoSpoolPath(viewResponse, fixture)
                let view = try WebFixture.json(viewResponse)
                #expect((view["phase"] as? [String: Any])?["phase"] as? String == "ready", "\(name)")
                #expect(view["kind"] as? String == "apk")
                #expect(Self.panels(view, "android").first?["title"] as? String == "com.example.app")
                let hosts = try #require(view["hosts"] as? [[String: Any]])
                #expect(Set(hosts.compactMap { $0["host"] as? String }) == Set(Self.apkStates.keys))
                #expect(hosts.allSatisfy { $0["platformNames"] as? [String] == ["Android"] })
                #expect(hosts.allSatisfy { Self.slot($0, "ios")?["domain"] == nil })
                #expect(Self.states(hosts) == Self.apkStates)
            }
        }
    }

    @Test func theAPKJoinsTheIPAsDocumentAndTheViewShowsBothFilesPerHost() async throws {
        let fixture = try WebFixture(settings: Self.settings)
        try await fixture.application.test(.router) { client in
            let id = try await DocumentAPITests.openSample(client, fixture)
            let apk = try Data(contentsOf: sample("LinkLabSample.apk"))
            let added = try await Self.addApp(client, id, apk, name: "LinkLabSample.apk")
            #expect(added.status == .accepted)
            Self.expectNoSpoolPath(added, fixture)
            let answer = try WebFixture.json(added)
            #expect(answer["platform"] as? String == "android" && answer["id"] as? String == id)
            try await fixture.server.settle(id)
            let view = try await Self.view(client, id)
            #expect(!Self.panels(view, "ios").isEmpty)
            #expect(!Self.panels(view, "android").isEmpty)
            let domains = try #require(view["domains"] as? [[String: Any]])
            let hosts = try #require(view["hosts"] as? [[String: Any]])
            let both = try #require(hosts.first { $0["host"] as? String == "example.com" })
            #expect(both["platformNames"] as? [String] == ["iOS", "Android"])
            let index = try #require(Self.slot(both, "ios")?["domain"] as? Int)
            #expect(domains[index]["host"] as? String == "example.com")
            #expect(Self.states([both]) == ["example.com": "supplied"])
            // The view, with both apps, writes exactly what its schema says.
            let viewResponse = try await DocumentAPITests.get(client, "/api/documents/\(id)/view")
            let value = try JSONSerialization.jsonObject(with: Data(buffer: viewResponse.body))
            let schema = try SchemaKeysTests.answerSchema("/api/documents/{id}/view", "get")
            let problems = SchemaKeysTests.problems(value, schema, "view")
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
            let addedValue = try JSONSerialization.jsonObject(with: Data(buffer: added.body))
            let addedSchema = try SchemaKeysTests.answerSchema("/api/documents/{id}/apps", "post")
            #expect(SchemaKeysTests.problems(addedValue, addedSchema, "apps").isEmpty)
            // The added upload belongs to the document: closing it deletes both files.
            let folder = fixture.server.spool.folder.path
            #expect((try FileManager.default.contentsOfDirectory(atPath: folder)).count == 2)
            let closed = try await client.execute(
                uri: "/api/documents/\(id)", method: .delete,
                headers: WebFixture.bearer)
            #expect(closed.status == .noContent)
            #expect((try FileManager.default.contentsOfDirectory(atPath: folder)).isEmpty)
        }
    }

    @Test func theIPAJoinsAnAndroidOnlyDocumentAsItsIOSHalf() async throws {
        let fixture = try WebFixture(settings: Self.settings)
        try await fixture.application.test(.router) { client in
            let opened = try await DocumentAPITests.upload(
                client, try Data(contentsOf: sample("LinkLabSample.apk")),
                name: "LinkLabSample.apk")
            let id = try #require(try WebFixture.json(opened)["id"] as? String)
            try await fixture.server.settle(id)
            let added = try await Self.addApp(
                client, id, try Data(contentsOf: sample("LinkLabSample.ipa")),
                name: "LinkLabSample.ipa")
            #expect(added.status == .accepted)
            #expect(try WebFixture.json(added)["platform"] as? String == "ios")
            try await fixture.server.settle(id)
            let view = try await Self.view(client, id)
            #expect(!Self.panels(view, "ios").isEmpty && !Self.panels(view, "android").isEmpty)
            let hosts = try #require(view["hosts"] as? [[String: Any]])
            #expect(hosts.contains { $0["platformNames"] as? [String] == ["iOS", "Android"] })
            // A second iOS app has no place in it.
            let again = try await Self.addApp(
                client, id, try Data(contentsOf: sample("LinkLabSample.ipa")),
                name: "Other.ipa")
            #expect(again.status == .conflict)
            #expect((try WebFixture.json(again)["error"] as? String)?.contains("already holds an iOS app") == true)
        }
    }

    @Test func addingAppsRefusesWhatIsNotOneClearly() async throws {
        let fixture = try WebFixture(settings: Self.settings)
        try await fixture.application.test(.router) { client in
            let missing = try await Self.addApp(client, "missing", Data("x".utf8), name: "a.apk")
            #expect(missing.status == .notFound)
            let id = try await DocumentAPITests.openSample(client, fixture)
            let empty = try await Self.addApp(client, id, Data(), name: "a.apk")
            #expect(empty.status == .badRequest)
            let session = try await Self.addApp(client, id, Data("{\"a\": 1}".utf8), name: "x.linklab")
            #expect(session.status == .badRequest)
            // Nothing of a refused upload stays on disk: only the IPA's file is left.
            let folder = fixture.server.spool.folder.path
            #expect((try FileManager.default.contentsOfDirectory(atPath: folder)).count == 1)
            // A hostile APK is read and refused by the Android reader: the iOS half stays, a note says why.
            let garbage = Data("PK\u{3}\u{4}".utf8) + Data(repeating: 0x41, count: 4096)
            let added = try await Self.addApp(client, id, garbage, name: "evil.apk")
            #expect(added.status == .accepted)
            try await fixture.server.settle(id)
            let viewResponse = try await DocumentAPITests.get(client, "/api/documents/\(id)/view")
            Self.expectNoSpoolPath(viewResponse, fixture)
            let view = try WebFixture.json(viewResponse)
            #expect((view["phase"] as? [String: Any])?["phase"] as? String == "ready")
            #expect(Self.panels(view, "android").isEmpty && !Self.panels(view, "ios").isEmpty)
            let notes = try #require(view["notes"] as? [String])
            #expect(notes.contains { $0.hasPrefix("evil.apk: ") })
        }
    }

    @Test func aGarbageAPKOpenedAloneFailsWithItsNameNotItsPath() async throws {
        let fixture = try WebFixture(settings: Self.settings)
        try await fixture.application.test(.router) { client in
            let opened = try await DocumentAPITests.upload(client, Data("not an apk at all".utf8), name: "bad.apk")
            #expect(opened.status == .created)
            let id = try #require(try WebFixture.json(opened)["id"] as? String)
            try await fixture.server.settle(id)
            let viewResponse = try await DocumentAPITests.get(client, "/api/documents/\(id)/view")
            Self.expectNoSpoolPath(viewResponse, fixture)
            let phase = try #require(try WebFixture.json(viewResponse)["phase"] as? [String: Any])
            #expect(phase["phase"] as? String == "failed")
            #expect((phase["text"] as? String)?.contains("bad.apk") == true)
        }
    }

    /// `linklab serve --assetlinks`: the files apply to an uploaded APK's hosts; a bad value is a
    /// usage error and an unreadable file exits 3, as `--aasa`.
    @Test func serveSuppliesAssetLinksFilesToEveryAndroidApp() async throws {
        let served = try ServeCommandTests.Served([
            "--offline", "--aasa", "Samples/aasa",
            "--assetlinks", "Samples/assetlinks",
        ])
        let apk = try Data(contentsOf: sample("LinkLabSample.apk"))
        let (created, body) = try await served.request(
            "POST", "/api/documents", body: apk,
            headers: ["X-LinkLab-Filename": "LinkLabSample.apk"])
        #expect(created == 201)
        let id = try #require((try JSONSerialization.jsonObject(with: body) as? [String: Any])?["id"] as? String)
        var states: [String: String] = [:]
        for _ in 0..<600 where states.count != Self.apkStates.count {
            let (_, data) = try await served.request("GET", "/api/documents/\(id)/view")
            let view = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            states = Self.states(view?["hosts"] as? [[String: Any]] ?? [])
            if states.count != Self.apkStates.count { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(states == Self.apkStates)
        _ = try await served.stop(SIGTERM)
        let usage = try LinkLabProcess.run(["serve", "--assetlinks", "no-equals-sign"])
        #expect(usage.exitCode == 2 && usage.stderr.contains("--assetlinks"))
        let unreadable = try LinkLabProcess.run(["serve", "--assetlinks", "example.com=/nonexistent/assetlinks.json"])
        #expect(unreadable.exitCode == 3)
        let offlineGoogle = try LinkLabProcess.run(["serve", "--offline", "--google"])
        #expect(offlineGoogle.exitCode == 2 && offlineGoogle.stderr.contains("cannot be used with --offline"))
        let plainBase = try LinkLabProcess.run(["serve", "--google", "--google-base", "http://api.example/v1"])
        #expect(plainBase.exitCode == 2 && plainBase.stderr.contains("--google-base must be an https:// URL"))
    }
}
