import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TestServer
import TestSupport
import Testing
import Workbench

@testable import WebWorkbench

/// The probe kit's routes against a hostile client and a hostile session (issues 28–30): every
/// route keeps the server's access model (the bearer token, Origin and Fetch Metadata checks,
/// body limits) exactly as the document routes do; the kit's downloads carry a safe file name
/// and their own content type whatever the session calls its app; notes come back printable;
/// and an `--offline` server opening a both-apps session that names a Google address, include
/// URLs and a CDN base on a counting listener never connects to it.
@Suite struct HostileProbeAPITests {
    /// The both-apps fuzz seed (the sample IPA and APK) as a JSON tree.
    static func seed() throws -> [String: Any] {
        let url = Fixtures.repositoryRoot.appendingPathComponent("Fuzz/Session/seeds/sample-both.linklab")
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    /// Opens `session` as a document and returns its ID once it settled.
    static func open(
        _ client: some TestClientProtocol, _ fixture: WebFixture, _ session: Data
    ) async throws
        -> String
    {
        let response = try await DocumentAPITests.upload(client, session, name: "from-a-client.linklab")
        #expect(response.status == .created, "\(String(buffer: response.body))")
        let id = try #require(try WebFixture.json(response)["id"] as? String)
        try await fixture.server.settle(id)
        return id
    }

    /// The first probe of a document's kit and the kit's digest.
    static func firstProbe(_ client: some TestClientProtocol, _ id: String) async throws -> (String, String) {
        let view = try WebFixture.json(try await DocumentAPITests.get(client, "/api/documents/\(id)/probes"))
        let digest = try #require(view["digest"] as? String)
        let probe = try #require((view["rows"] as? [[String: Any]])?.first?["probeID"] as? String)
        return (probe, digest)
    }

    /// How many outcomes a document's Probes view counts as recorded.
    static func recorded(_ client: some TestClientProtocol, _ id: String) async throws -> Int {
        let view = try WebFixture.json(try await DocumentAPITests.get(client, "/api/documents/\(id)/probes"))
        let rows = view["rows"] as? [[String: Any]] ?? []
        return rows.filter { ($0["outcome"] as? String).map { !$0.isEmpty } ?? false }.count
    }

    // MARK: The access model

    /// One probe route: its method, path after the document and a body it accepts.
    struct Route: Sendable, CustomStringConvertible {
        let method: HTTPRequest.Method
        let path: String
        let body: String
        var description: String { "\(method) \(path)" }
    }

    static let routes = [
        Route(method: .get, path: "/probes", body: ""),
        Route(method: .put, path: "/probes/outcomes/P001", body: #"{"outcome": "vulnerable", "note": "x"}"#),
        Route(method: .post, path: "/probes/results", body: "P001\tvulnerable\tx\tDIGEST\n"),
        Route(method: .put, path: "/probes/attacker-host", body: #"{"host": "evil.example"}"#),
        Route(method: .get, path: "/probes/export/script", body: ""),
        Route(method: .get, path: "/probes/export/page", body: ""),
    ]

    @Test(arguments: routes)
    func aProbeRouteRefusesWhatEveryRouteRefuses(_ route: Route) async throws {
        let fixture = try WebFixture(settings: DocumentAPITests.sampleSettings)
        try await fixture.application.test(.router) { client in
            let id = try await DocumentAPITests.openSample(client, fixture)
            let (_, digest) = try await Self.firstProbe(client, id)
            let uri = "/api/documents/\(id)\(route.path)"
            let body = ByteBuffer(string: route.body.replacingOccurrences(of: "DIGEST", with: digest))
            var noToken = HTTPFields()
            noToken[.contentType] = "application/json"
            var wrongToken = WebFixture.bearer
            wrongToken[.authorization] = "Bearer ffffffffffffffffffffffffffffffff"
            var foreignOrigin = WebFixture.bearer
            foreignOrigin[.origin] = "http://evil.example"
            var crossSite = WebFixture.bearer
            crossSite[HTTPField.Name("Sec-Fetch-Site")!] = "cross-site"
            for (headers, status) in [
                (noToken, HTTPResponse.Status.unauthorized), (wrongToken, .unauthorized),
                (foreignOrigin, .forbidden), (crossSite, .forbidden),
            ] {
                let refused = try await client.execute(uri: uri, method: route.method, headers: headers, body: body)
                #expect(refused.status == status, "\(route)")
                try WebFixture.expectErrorBody(refused)
                WebFixture.expectSecurityHeaders(refused)
                #expect(refused.headers[.contentDisposition] == nil, "\(route): a refused download leaked")
            }
            // Nothing a refused request carried was applied.
            #expect(try await Self.recorded(client, id) == 0, "\(route)")
            let view = try WebFixture.json(try await DocumentAPITests.get(client, "/api/documents/\(id)/probes"))
            #expect(view["attackerHost"] as? String == ProbeKit.defaultAttackerHost, "\(route)")
            // Another document's ID (none open has it): 404, as every document route answers.
            let other = "/api/documents/\(String(repeating: "0", count: id.count))\(route.path)"
            let unknown = try await client.execute(
                uri: other, method: route.method, headers: WebFixture.bearer,
                body: body)
            #expect(unknown.status == .notFound, "\(route)")
            try WebFixture.expectErrorBody(unknown)
            // The control: the same request with the token alone is served.
            let served = try await client.execute(
                uri: uri, method: route.method, headers: WebFixture.bearer,
                body: body)
            #expect(served.status == .ok, "\(route): \(String(buffer: served.body).prefix(200))")
            WebFixture.expectSecurityHeaders(served)
        }
    }

    @Test func oversizedBodiesAre413AndChangeNothing() async throws {
        let fixture = try WebFixture(settings: DocumentAPITests.sampleSettings)
        try await fixture.application.test(.router) { client in
            let id = try await DocumentAPITests.openSample(client, fixture)
            let (probe, digest) = try await Self.firstProbe(client, id)
            let line = "\(probe)\tvulnerable\tx\t\(digest)\n"
            // A results file one byte over the cap, sent with and without its length declared.
            var big = String(repeating: "#", count: ProbeKit.maxResultsBytes - line.utf8.count) + "\n"
            big += line
            #expect(big.utf8.count == ProbeKit.maxResultsBytes + 1)
            var declared = WebFixture.bearer
            declared[.contentLength] = String(big.utf8.count)
            for headers in [WebFixture.bearer, declared] {
                let post = try await client.execute(
                    uri: "/api/documents/\(id)/probes/results", method: .post,
                    headers: headers, body: ByteBuffer(string: big))
                #expect(post.status == .contentTooLarge)
                try WebFixture.expectErrorBody(post)
            }
            let note = String(repeating: "n", count: 1 << 20)
            let put = try await client.execute(
                uri: "/api/documents/\(id)/probes/outcomes/\(probe)", method: .put,
                headers: WebFixture.bearer,
                body: ByteBuffer(
                    string: #"{"outcome": "vulnerable", "note": ""#
                        + note + #""}"#))
            #expect(put.status == .contentTooLarge)
            #expect(try await Self.recorded(client, id) == 0)
            // The control: the line alone imports.
            let small = try await client.execute(
                uri: "/api/documents/\(id)/probes/results", method: .post,
                headers: WebFixture.bearer, body: ByteBuffer(string: line))
            #expect(small.status == .ok)
            #expect(try await Self.recorded(client, id) == 1)
        }
    }

    // MARK: Downloads and notes

    /// A name a session gives its app: a quote, a header break, a right-to-left override that
    /// turns the shown extension around, a zero-width joiner and markup (no `/`: the name's last
    /// path component is the whole name).
    static let hostileName = "inv\"oice\r\nSet-Cookie: a=b\u{202E}fdp.exe\u{200D}<img src=x onerror=alert(1)>.ipa"

    @Test func downloadsFromAHostileSessionHaveSafeNamesAndTheirOwnTypes() async throws {
        var root = try Self.seed()
        var source = try #require(root["source"] as? [String: Any])
        source["name"] = Self.hostileName
        root["source"] = source
        let session = try JSONSerialization.data(withJSONObject: root)
        let fixture = try WebFixture(settings: DocumentAPITests.sampleSettings)
        try await fixture.application.test(.router) { client in
            let id = try await Self.open(client, fixture, session)
            let downloads =
                [
                    ("script", "text/x-shellscript"), ("frida", "text/javascript"), ("page", "text/html"),
                    ("json", "application/json"), ("text", "text/plain"),
                ].map {
                    ("/api/documents/\(id)/probes/export/\($0.0)", $0.1)
                } + [("/api/documents/\(id)/export/md", "text/markdown")]
            for (uri, type) in downloads {
                let file = try await DocumentAPITests.get(client, uri)
                #expect(file.status == .ok, "\(uri)")
                #expect(file.headers[.contentType]?.hasPrefix(type) == true, "\(uri)")
                #expect(file.headers[.xContentTypeOptions] == "nosniff")
                let disposition = try #require(file.headers[.contentDisposition])
                #expect(disposition.hasPrefix("attachment; "), "\(uri)")
                // The ASCII name: one quoted string, nothing that ends it or breaks the header.
                let plain = try #require(
                    disposition.split(separator: "\"", omittingEmptySubsequences: false)
                        .dropFirst().first)
                #expect(disposition.filter { $0 == "\"" }.count == 2, "\(uri): \(disposition)")
                #expect(!plain.contains("\\") && !plain.contains("/"), "\(uri): \(disposition)")
                // The exact name (RFC 8187), decoded as a browser decodes it: no control, format
                // (bidirectional override, zero-width) or separator character, no path.
                let encoded = try #require(disposition.components(separatedBy: "filename*=UTF-8''").last)
                let name = try #require(encoded.removingPercentEncoding)
                let unsafe = name.unicodeScalars.filter {
                    [.control, .format, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory)
                }
                #expect(unsafe.isEmpty, "\(uri): \(name.debugDescription)")
                #expect(name.contains("fdp.exe"), "control: the session's name reached \(uri)")
                #expect(!name.contains("/") && !name.contains("\\"), "\(uri): \(name.debugDescription)")
                let text = String(buffer: file.body)
                if type == "text/html" { #expect(!text.contains("<img src=x"), "\(uri)") }
                if type == "text/x-shellscript" {
                    // The name sits in a comment: it never starts a line of its own.
                    #expect(!text.split(separator: "\n").contains { $0.hasPrefix("Set-Cookie") }, "\(uri)")
                }
            }
        }
    }

    @Test func notesSentByAClientComeBackPrintable() async throws {
        let fixture = try WebFixture(settings: DocumentAPITests.sampleSettings)
        try await fixture.application.test(.router) { client in
            let id = try await DocumentAPITests.openSample(client, fixture)
            let (probe, _) = try await Self.firstProbe(client, id)
            let put = try await client.execute(
                uri: "/api/documents/\(id)/probes/outcomes/\(probe)", method: .put, headers: WebFixture.bearer,
                body: ByteBuffer(string: #"{"outcome": "vulnerable", "note": "a\u001b[2Jb\nc\u0000d"}"#))
            #expect(put.status == .ok)
            let rows = try #require(try WebFixture.json(put)["rows"] as? [[String: Any]])
            let note = try #require(rows.first { $0["probeID"] as? String == probe }?["note"] as? String)
            #expect(note.hasPrefix("a") && note.hasSuffix("d"))
            #expect(
                !note.unicodeScalars.contains { $0.properties.generalCategory == .control },
                "\(note.debugDescription)")
            // A saved session with it reopens (what a face keeps, a session reads).
            let saved = try await DocumentAPITests.get(client, "/api/documents/\(id)/export/linklab")
            let reopened = try await DocumentAPITests.upload(client, Data(buffer: saved.body), name: "again.linklab")
            #expect(reopened.status == .created, "\(String(buffer: reopened.body))")
        }
    }

    // MARK: An offline server never connects where a session says

    @Test func anOfflineServerOpeningAHostileBothAppsSessionConnectsNowhere() async throws {
        let trap = try await ConnectionCounter.start()
        defer { Task { await trap.stop() } }
        var root = try Self.seed()
        var settings = try #require(root["settings"] as? [String: Any])
        var fetch = try #require(settings["fetch"] as? [String: Any])
        fetch["cdnBase"] = "https://127.0.0.1:\(trap.port)/"
        settings["fetch"] = fetch
        settings["offline"] = false
        settings["askGoogle"] = true
        settings["googleBase"] = "https://127.0.0.1:\(trap.port)/v1/statements:list"
        settings["suppliedFiles"] = [String: String]()
        root["settings"] = settings
        var android = try #require(root["android"] as? [String: Any])
        var hosts = try #require(android["hosts"] as? [[String: Any]])
        for index in hosts.indices {
            hosts[index]["state"] = "pending"
            hosts[index]["result"] = nil
            hosts[index]["includes"] = [["url": "https://127.0.0.1:\(trap.port)/include.json"]]
        }
        android["hosts"] = hosts
        root["android"] = android
        root["probes"] = ["attackerHost": "127.0.0.1"]
        let session = try JSONSerialization.data(withJSONObject: root)
        var offline = DocumentAPITests.sampleSettings
        offline.suppliedFiles = [:]
        offline.askGoogle = true
        offline.googleBase = "https://127.0.0.1:\(trap.port)/v1/statements:list"
        #expect(offline.offline)
        let fixture = try WebFixture(settings: offline)
        try await fixture.application.test(.router) { client in
            let id = try await Self.open(client, fixture, session)
            let document = try WebFixture.json(try await DocumentAPITests.get(client, "/api/documents/\(id)"))
            let names = (document["hosts"] as? [[String: Any]] ?? []).compactMap { $0["host"] as? String }
            #expect(!names.isEmpty)
            for host in names {
                let refetch = try await client.execute(
                    uri: "/api/documents/\(id)/hosts/\(host)/refetch",
                    method: .post, headers: WebFixture.bearer)
                #expect(refetch.status == .accepted)
            }
            let host = ByteBuffer(string: #"{"host": "a.example"}"#)
            _ = try await client.execute(
                uri: "/api/documents/\(id)/probes/attacker-host", method: .put,
                headers: WebFixture.bearer, body: host)
            _ = try await DocumentAPITests.get(client, "/api/documents/\(id)/probes/export/page")
            try await fixture.server.settle(id)
        }
        try await Task.sleep(for: .milliseconds(300))
        #expect(trap.count == 0, "the offline server connected where the session said")
    }
}
