import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOConcurrencyHelpers
import TestSupport
import Testing
import Workbench

@testable import WebWorkbench

/// Every route of the API (docs/commands/serve.md), happy path and errors, over the real router and the real
/// workbench document, offline with the sample's association files.
@Suite struct DocumentAPITests {
    static var sampleSettings: WorkbenchSettings {
        var supplied: [String: String] = [:]
        for host in ["example.com", "shop.example.com", "example.org", "go.example.net"] {
            supplied[host] = sample("aasa/\(host).json").path
        }
        return WorkbenchSettings(offline: true, suppliedFiles: supplied)
    }

    static func upload(
        _ client: some TestClientProtocol, _ data: Data, name: String = "LinkLabSample.ipa",
        headers extra: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers = WebFixture.bearer
        headers[HTTPField.Name("X-LinkLab-Filename")!] = name
        headers.append(contentsOf: extra)
        return try await client.execute(
            uri: "/api/documents", method: .post, headers: headers,
            body: ByteBuffer(bytes: data))
    }

    /// Uploads the sample IPA and waits until its pipeline settled; returns the ID.
    static func openSample(_ client: some TestClientProtocol, _ fixture: WebFixture) async throws -> String {
        let response = try await upload(client, try Data(contentsOf: sample("LinkLabSample.ipa")))
        #expect(response.status == .created)
        let id = try #require(try WebFixture.json(response)["id"] as? String)
        try await fixture.server.settle(id)
        return id
    }

    static func get(_ client: some TestClientProtocol, _ uri: String) async throws -> TestResponse {
        try await client.execute(uri: uri, method: .get, headers: WebFixture.bearer)
    }

    @Test func sampleIPAUploadReachesReadyOfflineWithFindingsFingerprintsAndHostStates() async throws {
        let fixture = try WebFixture(settings: Self.sampleSettings)
        try await fixture.application.test(.router) { client in
            let id = try await Self.openSample(client, fixture)
            let response = try await Self.get(client, "/api/documents/\(id)")
            #expect(response.status == .ok)
            WebFixture.expectSecurityHeaders(response)
            let document = try WebFixture.json(response)
            #expect(document["phase"] as? String == "ready")
            let bundles = try #require(document["bundles"] as? [[String: Any]])
            #expect(bundles.contains { $0["bundleIdentifier"] as? String == "com.example.app" })
            let findings = try #require(document["findings"] as? [[String: Any]])
            let ids = Set(findings.compactMap { $0["id"] as? String })
            #expect(ids.isSuperset(of: ["ENT-003", "ENT-005", "AASA-015", "AASA-014"]))
            #expect(findings.allSatisfy { ($0["fingerprint"] as? String)?.isEmpty == false })
            let hosts = try #require(document["hosts"] as? [[String: Any]])
            #expect(
                hosts.contains { $0["host"] as? String == "shop.example.com" && $0["state"] as? String == "supplied" })
            #expect(fixture.server.spool.contents.count == 1)
        }
    }

    @Test func listShowsOpenDocumentsWithPhaseAndCounts() async throws {
        let fixture = try WebFixture(settings: Self.sampleSettings)
        try await fixture.application.test(.router) { client in
            let id = try await Self.openSample(client, fixture)
            let list = try WebFixture.json(try await Self.get(client, "/api/documents"))
            let documents = try #require(list["documents"] as? [[String: Any]])
            let entry = try #require(documents.first)
            #expect(documents.count == 1)
            #expect(entry["id"] as? String == id)
            #expect(entry["name"] as? String == "LinkLabSample.ipa")
            #expect(entry["phase"] as? String == "ready")
            let counts = try #require(entry["counts"] as? [String: Int])
            #expect((counts["high"] ?? 0) > 0)
            #expect(list["limit"] as? Int == 32)
        }
    }

    @Test func deleteClosesTheDocumentAndDeletesItsUpload() async throws {
        let fixture = try WebFixture(settings: Self.sampleSettings)
        try await fixture.application.test(.router) { client in
            let id = try await Self.openSample(client, fixture)
            #expect(!fixture.server.spool.contents.isEmpty)
            let deleted =
                try await client.execute(uri: "/api/documents/\(id)", method: .delete, headers: WebFixture.bearer)
            #expect(deleted.status == .noContent)
            WebFixture.expectSecurityHeaders(deleted)
            #expect(fixture.server.spool.contents.isEmpty)
            let response1 = try await Self.get(client, "/api/documents/\(id)")
            #expect(response1.status == .notFound)
            let again =
                try await client.execute(uri: "/api/documents/\(id)", method: .delete, headers: WebFixture.bearer)
            #expect(again.status == .notFound)
            try WebFixture.expectErrorBody(again)
        }
    }

    @Test func unknownDocumentIs404JSON() async throws {
        let fixture = try WebFixture()
        try await fixture.application.test(.router) { client in
            for uri in ["/api/documents/nope", "/api/documents/nope/events", "/api/documents/nope/export/md"] {
                let response = try await Self.get(client, uri)
                #expect(response.status == .notFound, "\(uri)")
                try WebFixture.expectErrorBody(response)
            }
        }
    }

    @Test func urlsAreDecidedForEveryAppID() async throws {
        let fixture = try WebFixture(settings: Self.sampleSettings)
        try await fixture.application.test(.router) { client in
            let id = try await Self.openSample(client, fixture)
            let body =
                try JSONSerialization.data(
                    withJSONObject: [
                        "lines": "https://shop.example.com/shop/item\n!https://shop.example.com/?ref=newsletter"
                    ])
            let response = try await client.execute(
                uri: "/api/documents/\(id)/urls", method: .post,
                headers: WebFixture.bearer, body: ByteBuffer(bytes: body))
            #expect(response.status == .ok)
            let tests = try #require(try WebFixture.json(response)["urlTests"] as? [[String: Any]])
            #expect(tests.count == 2)
            let bad = try await client.execute(
                uri: "/api/documents/\(id)/urls", method: .post,
                headers: WebFixture.bearer, body: ByteBuffer(string: "[1]"))
            #expect(bad.status == .badRequest)
            try WebFixture.expectErrorBody(bad)
        }
    }

    @Test func bodiesOverOneMebibyteAre413() async throws {
        let fixture = try WebFixture(settings: Self.sampleSettings)
        try await fixture.application.test(.router) { client in
            let id = try await Self.openSample(client, fixture)
            let big = ByteBuffer(repeating: UInt8(ascii: "a"), count: (1 << 20) + 1)
            for (method, uri) in [
                (HTTPRequest.Method.post, "/api/documents/\(id)/urls"),
                (.put, "/api/documents/\(id)/hosts/example.com/file"),
                (.put, "/api/documents/\(id)/triage/abc"),
            ] {
                let response = try await client.execute(uri: uri, method: method, headers: WebFixture.bearer, body: big)
                #expect(response.status == .contentTooLarge, "\(uri)")
                try WebFixture.expectErrorBody(response)
            }
        }
    }

    @Test func hostFileCanBeSuppliedAndReverted() async throws {
        let fixture = try WebFixture(settings: Self.sampleSettings)
        try await fixture.application.test(.router) { client in
            let id = try await Self.openSample(client, fixture)
            let file = #"""
                {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/*"}]}]}}
                """#
            let put = try await client.execute(
                uri: "/api/documents/\(id)/hosts/go.example.net/file", method: .put,
                headers: WebFixture.bearer, body: ByteBuffer(string: file))
            #expect(put.status == .ok)
            let report = try WebFixture.json(put)
            #expect(report["host"] as? String == "go.example.net")
            #expect(report["state"] as? String == "supplied")
            let reverted = try await client.execute(
                uri: "/api/documents/\(id)/hosts/go.example.net/file",
                method: .delete, headers: WebFixture.bearer)
            #expect(reverted.status == .ok)
            #expect(try WebFixture.json(reverted)["host"] as? String == "go.example.net")
            // A host in another case is the same host: applied, and answered as the document holds it.
            let mixed = try await client.execute(
                uri: "/api/documents/\(id)/hosts/GO.Example.NET/file", method: .put,
                headers: WebFixture.bearer, body: ByteBuffer(string: file))
            #expect(mixed.status == .ok)
            let mixedReport = try WebFixture.json(mixed)
            #expect(mixedReport["host"] as? String == "go.example.net")
            #expect(mixedReport["state"] as? String == "supplied")
            #expect((mixedReport["report"] as? [String: Any])?["host"] as? String == "go.example.net")
            let refetched = try await client.execute(
                uri: "/api/documents/\(id)/hosts/Go.Example.Net/refetch",
                method: .post, headers: WebFixture.bearer)
            #expect(try WebFixture.json(refetched)["host"] as? String == "go.example.net")
            let unclaimed = try await client.execute(
                uri: "/api/documents/\(id)/hosts/evil.test/file", method: .put,
                headers: WebFixture.bearer, body: ByteBuffer(string: file))
            #expect(unclaimed.status == .notFound)
            try WebFixture.expectErrorBody(unclaimed)
        }
    }

    @Test func refetchAnswers202AndUnclaimedHostIs404WithTheHostAsEscapedText() async throws {
        let fixture = try WebFixture(settings: Self.sampleSettings)
        try await fixture.application.test(.router) { client in
            let id = try await Self.openSample(client, fixture)
            let accepted = try await client.execute(
                uri: "/api/documents/\(id)/hosts/example.com/refetch",
                method: .post, headers: WebFixture.bearer)
            #expect(accepted.status == .accepted)
            #expect(try WebFixture.json(accepted)["host"] as? String == "example.com")
            let hostile = "x%22%3E%3Cscript%3E"
            let refused = try await client.execute(
                uri: "/api/documents/\(id)/hosts/\(hostile)/refetch",
                method: .post, headers: WebFixture.bearer)
            #expect(refused.status == .notFound)
            try WebFixture.expectErrorBody(refused)
            #expect(!String(buffer: refused.body).contains("<script>"))
            // The host is decoded once, and the sentence still names it (as JSON text, not markup).
            #expect((try WebFixture.json(refused)["error"] as? String)?.contains(#"x"><script>"#) == true)
        }
    }

    @Test func triageIsSavedAndShownInTheDocument() async throws {
        let fixture = try WebFixture(settings: Self.sampleSettings)
        try await fixture.application.test(.router) { client in
            let id = try await Self.openSample(client, fixture)
            let findings =
                try #require(
                    try WebFixture.json(try await Self.get(client, "/api/documents/\(id)"))["findings"]
                        as? [[String: Any]])
            let fingerprint = try #require(findings.first?["fingerprint"] as? String)
            let body = try JSONSerialization.data(withJSONObject: ["status": "false-positive", "note": "<b>test</b>"])
            let put = try await client.execute(
                uri: "/api/documents/\(id)/triage/\(fingerprint)", method: .put,
                headers: WebFixture.bearer, body: ByteBuffer(bytes: body))
            #expect(put.status == .ok)
            let triage = try #require(try WebFixture.json(put)["triage"] as? [String: Any])
            #expect(triage["status"] as? String == "false-positive")
            #expect(triage["note"] as? String == "<b>test</b>")
            let again = try WebFixture.json(try await Self.get(client, "/api/documents/\(id)"))
            let saved = (again["findings"] as? [[String: Any]])?.first { $0["fingerprint"] as? String == fingerprint }
            #expect((saved?["triage"] as? [String: Any])?["status"] as? String == "false-positive")
            let bad = try await client.execute(
                uri: "/api/documents/\(id)/triage/\(fingerprint)", method: .put,
                headers: WebFixture.bearer,
                body: ByteBuffer(string: #"{"status": "nope"}"#))
            #expect(bad.status == .badRequest)
            try WebFixture.expectErrorBody(bad)
            // Each refusal says what was wrong: not an object, a note that is not text, no status.
            for (body, message) in [
                ("[1]", "The body must be a JSON object."),
                (#"{"status": "confirmed", "note": 7}"#, "The note must be a string."),
                (#"{"note": "x"}"#, "Send {\"status\": one of"),
            ] {
                let refused = try await client.execute(
                    uri: "/api/documents/\(id)/triage/\(fingerprint)", method: .put,
                    headers: WebFixture.bearer, body: ByteBuffer(string: body))
                #expect(refused.status == .badRequest, "\(body)")
                #expect((try WebFixture.json(refused)["error"] as? String)?.hasPrefix(message) == true, "\(body)")
            }
        }
    }

    /// The event stream's data is one line of JSON per event, encoded from the document's phase.
    @Test func eventFramesCarryThePhaseAsTheAPIDocumentsIt() throws {
        let inspecting = String(buffer: WorkbenchServer.frame(.phase(.inspecting(bytesDone: 5, bytesTotal: nil))))
        #expect(inspecting == "event: phase\ndata: {\"bytesDone\":5,\"bytesTotal\":null,\"phase\":\"inspecting\"}\n\n")
        let failed = String(buffer: WorkbenchServer.frame(.phase(.failed("line one\nline two"))))
        #expect(failed.components(separatedBy: "\n").count == 4, "one data line: \(failed)")
        #expect(
            String(
                buffer: WorkbenchServer.frame(.host("a.example"))) == "event: host\ndata: {\"host\":\"a.example\"}\n\n")
        #expect(String(buffer: WorkbenchServer.frame(.findings)) == "event: findings\ndata: {}\n\n")
    }

    /// Issue 16: every export is named after the tester's file (the upload's name), and no
    /// export or answer holds the spool's name or folder.
    @Test func everyExportIsAnAttachmentNamedAfterTheTestersFileAndHoldsNoSpoolPath() async throws {
        let fixture = try WebFixture(settings: Self.sampleSettings)
        try await fixture.application.test(.router) { client in
            let id = try await Self.openSample(client, fixture)
            let spool = fixture.server.spool.folder.path
            for format in ["md", "html", "pdf", "json", "sarif", "linklab", "links"] {
                let response = try await Self.get(client, "/api/documents/\(id)/export/\(format)")
                #expect(response.status == .ok, "\(format)")
                let disposition = try #require(response.headers[.contentDisposition])
                let stem = format == "linklab" ? "LinkLabSample.linklab" : "LinkLabSample report "
                #expect(disposition.hasPrefix("attachment; filename=\"\(stem)"), "\(disposition)")
                let body = String(decoding: Data(buffer: response.body), as: UTF8.self)
                #expect(!body.contains(spool), "\(format) holds the spool folder")
                #expect(!body.contains(".upload"), "\(format) holds a spool file name")
                #expect(response.body.readableBytes > 0)
                WebFixture.expectSecurityHeaders(response)
            }
            let pdf = try await Self.get(client, "/api/documents/\(id)/export/pdf")
            #expect(String(buffer: pdf.body).hasPrefix("%PDF"))
            let unknown = try await Self.get(client, "/api/documents/\(id)/export/exe")
            #expect(unknown.status == .notFound)
            try WebFixture.expectErrorBody(unknown)
        }
    }

    @Test func savedSessionOpensAgain() async throws {
        let fixture = try WebFixture(settings: Self.sampleSettings)
        try await fixture.application.test(.router) { client in
            let id = try await Self.openSample(client, fixture)
            let saved = try await Self.get(client, "/api/documents/\(id)/export/linklab")
            let reopened = try await Self.upload(client, Data(buffer: saved.body), name: "com.example.app.linklab")
            #expect(reopened.status == .created)
            let newID = try #require(try WebFixture.json(reopened)["id"] as? String)
            try await fixture.server.settle(newID)
            let document = try WebFixture.json(try await Self.get(client, "/api/documents/\(newID)"))
            #expect(document["phase"] as? String == "ready")
            let garbage = try await Self.upload(client, Data(#"{"not": "a session"}"#.utf8), name: "x.linklab")
            #expect(garbage.status == .badRequest)
            try WebFixture.expectErrorBody(garbage)
        }
    }

    @Test func associationFileAndDomainOnlyModes() async throws {
        let fixture = try WebFixture(settings: Self.sampleSettings)
        try await fixture.application.test(.router) { client in
            var domain = HTTPFields()
            domain[HTTPField.Name("X-LinkLab-Domain")!] = "shop.example.com"
            let file = try Data(contentsOf: sample("aasa/shop.example.com.json"))
            let aasa = try await Self.upload(client, file, name: "apple-app-site-association", headers: domain)
            #expect(aasa.status == .created)
            let id = try #require(try WebFixture.json(aasa)["id"] as? String)
            try await fixture.server.settle(id)
            let document = try WebFixture.json(try await Self.get(client, "/api/documents/\(id)"))
            #expect(document["phase"] as? String == "ready")
            let findings = document["findings"] as? [[String: Any]] ?? []
            #expect(findings.contains { $0["id"] as? String == "AASA-015" })

            let only = try await Self.upload(client, Data(), name: "", headers: domain)
            #expect(only.status == .created)

            var bad = HTTPFields()
            bad[HTTPField.Name("X-LinkLab-Domain")!] = "not a host/../"
            let refused = try await Self.upload(client, Data(), headers: bad)
            #expect(refused.status == .badRequest)
            try WebFixture.expectErrorBody(refused)
        }
    }

    @Test func emptyAndUnknownUploadsAreRefusedClearly() async throws {
        let fixture = try WebFixture(settings: Self.sampleSettings)
        try await fixture.application.test(.router) { client in
            let empty = try await Self.upload(client, Data())
            #expect(empty.status == .badRequest)
            try WebFixture.expectErrorBody(empty)
            #expect(fixture.server.spool.contents.isEmpty)
            let junk = try await Self.upload(client, Data("hello, not an app".utf8), name: "../../etc/passwd")
            #expect(junk.status == .created)  // accepted, then the document fails with one sentence
            let id = try #require(try WebFixture.json(junk)["id"] as? String)
            try await fixture.server.settle(id)
            let document = try WebFixture.json(try await Self.get(client, "/api/documents/\(id)"))
            #expect(document["phase"] as? String == "failed")
            let list = try WebFixture.json(try await Self.get(client, "/api/documents"))
            #expect((list["documents"] as? [[String: Any]])?.first?["name"] as? String == "passwd")
        }
    }

    @Test func atMost32DocumentsThen429() async throws {
        var limits = WorkbenchServerLimits()
        limits.maxDocuments = 2
        let fixture = try WebFixture(settings: Self.sampleSettings, limits: limits)
        try await fixture.application.test(.router) { client in
            var domain = HTTPFields()
            domain[HTTPField.Name("X-LinkLab-Domain")!] = "example.com"
            let response2 = try await Self.upload(client, Data(), headers: domain)
            #expect(response2.status == .created)
            let response3 = try await Self.upload(client, Data(), headers: domain)
            #expect(response3.status == .created)
            let third = try await Self.upload(client, try Data(contentsOf: sample("LinkLabSample.ipa")))
            #expect(third.status == .tooManyRequests)
            try WebFixture.expectErrorBody(third)
            #expect(fixture.server.spool.contents.isEmpty)
        }
    }

    @Test func idleDocumentsAreClosedAfterTwelveHours() async throws {
        let clock = NIOLockedValueBox(Date(timeIntervalSince1970: 1_000_000))
        let fixture = try WebFixture(settings: Self.sampleSettings, now: { clock.withLockedValue { $0 } })
        try await fixture.application.test(.router) { client in
            let id = try await Self.openSample(client, fixture)
            clock.withLockedValue { $0 += 11 * 3600 }
            await fixture.server.sweepIdle()
            let afterEleven = await fixture.server.documentCount
            #expect(afterEleven == 1)
            clock.withLockedValue { $0 += 13 * 3600 }
            await fixture.server.sweepIdle()
            let afterThirteen = await fixture.server.documentCount
            #expect(afterThirteen == 0)
            #expect(fixture.server.spool.contents.isEmpty)
            let response4 = try await Self.get(client, "/api/documents/\(id)")
            #expect(response4.status == .notFound)
        }
    }

    @Test func eventStreamDeliversChangesAndEndsWhenTheDocumentCloses() async throws {
        let fixture = try WebFixture(settings: Self.sampleSettings)
        try await fixture.application.test(.router) { client in
            let id = try await Self.openSample(client, fixture)
            async let stream =
                client.execute(uri: "/api/documents/\(id)/events", method: .get, headers: WebFixture.bearer)
            while await fixture.server.listenerCount(id) == 0 { await Task.yield() }
            let findings =
                try WebFixture.json(try await Self.get(client, "/api/documents/\(id)"))["findings"]
                as? [[String: Any]]
            let fingerprint = try #require(findings?.first?["fingerprint"] as? String)
            _ = try await client.execute(
                uri: "/api/documents/\(id)/triage/\(fingerprint)", method: .put,
                headers: WebFixture.bearer,
                body: ByteBuffer(string: #"{"status": "confirmed"}"#))
            _ = try await client.execute(
                uri: "/api/documents/\(id)/hosts/example.com/file", method: .put,
                headers: WebFixture.bearer, body: ByteBuffer(string: "{}"))
            _ = try await client.execute(uri: "/api/documents/\(id)", method: .delete, headers: WebFixture.bearer)
            let response = try await stream
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/event-stream; charset=utf-8")
            WebFixture.expectSecurityHeaders(response)
            let text = String(buffer: response.body)
            #expect(text.hasPrefix("event: phase\ndata: {\"phase\":\"ready\"}\n\n"))
            #expect(text.contains("event: findings\ndata: {}\n\n"))
            #expect(text.contains("event: host\ndata: {\"host\":\"example.com\"}\n\n"))
        }
    }
}

/// `GET /api/openapi.json` describes every route of docs/commands/serve.md's table.
@Suite struct OpenAPIDocumentTests {
    /// The API's routes: the server's own list (`APIRoute`), in the OpenAPI document's terms.
    static let routes: [(method: String, path: String, operationID: String)] = APIRoute.allCases.map {
        ($0.method.rawValue.lowercased(), $0.path, $0.operationID)
    }

    @Test func everyRouteIsDescribedWithItsErrors() throws {
        let document =
            try #require(try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json.utf8)) as? [String: Any])
        #expect(document["openapi"] as? String == "3.1.0")
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        #expect(Set(paths.keys) == Set(Self.routes.map(\.path)))
        let described = paths.flatMap { path, methods in
            methods.keys.filter { ["get", "put", "post", "delete", "patch", "head"].contains($0) }
                .map { "\($0) \(path)" }
        }
        let listed = Set(Self.routes.map { "\($0.method) \($0.path)" })
        #expect(Set(described) == listed, "the document and APIRoute differ")
        for route in Self.routes {
            let operation = try #require(paths[route.path]?[route.method] as? [String: Any], "\(route)")
            #expect(operation["operationId"] as? String == route.operationID, "\(route)")
            let responses = try #require(operation["responses"] as? [String: Any])
            #expect(responses.keys.contains { $0.hasPrefix("2") }, "\(route)")
            #expect(responses["401"] != nil && responses["403"] != nil && responses["421"] != nil, "\(route)")
            // Path parameters are percent-decoded; an invalid encoding is a 400.
            if route.path.contains("{") { #expect(responses["400"] != nil, "\(route)") }
        }
    }

    /// What `route` can answer beyond the common 401/403/421 (read from the route code).
    static func expectedStatuses(_ route: APIRoute) -> Set<String> {
        switch route {
        case .listDocuments, .openAPI: ["200"]
        case .openDocument: ["201", "400", "413", "429", "503"]
        case .getDocument, .urlListPage, .documentView, .findingDetail, .cancelWork, .probeKit:
            ["200", "400", "404", "500"]
        case .closeDocument: ["204", "400", "404"]
        case .documentEvents: ["200", "400", "404"]
        case .testURLs, .useFileForHost, .setProbeOutcome, .importProbeResults:
            ["200", "400", "404", "409", "413", "500"]
        case .setURLList, .decideURL, .testURL, .editHostText, .setAttackerHost: ["200", "400", "404", "413", "500"]
        case .refetchHost: ["202", "400", "404"]
        case .revertHost, .exportDocument, .exportProbes: ["200", "400", "404", "409", "500"]
        case .setTriage: ["200", "400", "404", "413"]
        case .addApp: ["202", "400", "404", "409", "413", "503"]
        }
    }

    @Test func documentedResponsesMatchWhatTheRoutesCanAnswer() throws {
        let parsed = try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json.utf8))
        let paths = try #require((parsed as? [String: Any])?["paths"] as? [String: [String: Any]])
        for route in APIRoute.allCases {
            let operation = paths[route.path]?[route.method.rawValue.lowercased()] as? [String: Any]
            let responses = try #require(operation?["responses"] as? [String: Any], "\(route)")
            #expect(Set(responses.keys) == Self.expectedStatuses(route).union(["401", "403", "421"]), "\(route)")
        }
    }

    /// The `paths` are made from `APIRoute`: a path's parameters are the names in its braces, and
    /// `?platform=` is listed exactly by the routes that read it (`takesPlatform`).
    @Test func pathParametersAndPlatformFollowTheRouteTable() throws {
        let parsed = try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json.utf8))
        let paths = try #require((parsed as? [String: Any])?["paths"] as? [String: [String: Any]])
        let components = try #require((parsed as? [String: Any])?["components"] as? [String: [String: Any]])
        func name(_ parameter: [String: Any]) -> String? {
            guard let reference = parameter["$ref"] as? String else { return parameter["name"] as? String }
            let shared = components["parameters"]?[String(reference.split(separator: "/").last ?? "")]
            return (shared as? [String: Any])?["name"] as? String
        }
        for route in APIRoute.allCases {
            let item = try #require(paths[route.path], "\(route)")
            let pathParameters = ((item["parameters"] as? [[String: Any]]) ?? []).compactMap(name)
            #expect(pathParameters == OpenAPIDocument.parameterNames(in: route.path), "\(route)")
            let operation = try #require(item[route.method.rawValue.lowercased()] as? [String: Any], "\(route)")
            let own = ((operation["parameters"] as? [[String: Any]]) ?? []).compactMap(name)
            #expect(own.contains("platform") == route.takesPlatform, "\(route)")
        }
        #expect(OpenAPIDocument.parameterNames(in: "/api/documents/{id}/hosts/{host}/text") == ["id", "host"])
    }

    /// Every `$ref` names an entry of `components` the document has, and every shared answer
    /// (`components/responses`: the error answers, written once) is named by some operation.
    @Test func everyReferenceResolvesAndEverySharedAnswerIsUsed() throws {
        let document =
            try #require(try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json.utf8)) as? [String: Any])
        let components = try #require(document["components"] as? [String: [String: Any]])
        var references: [String] = []
        func walk(_ value: Any) {
            if let object = value as? [String: Any] {
                if let reference = object["$ref"] as? String { references.append(reference) }
                object.values.forEach(walk)
            } else if let array = value as? [Any] {
                array.forEach(walk)
            }
        }
        walk(document)
        #expect(references.count > 100)
        for reference in references {
            let parts = reference.split(separator: "/").map(String.init)
            #expect(
                parts.count == 4 && parts[0] == "#" && parts[1] == "components"
                    && components[parts[2]]?[parts[3]] != nil, "\(reference) names nothing")
        }
        let shared = Set(try #require(components["responses"]).keys)
        let named = Set(
            references.filter { $0.hasPrefix("#/components/responses/") }.compactMap {
                $0.split(separator: "/").last.map(String.init)
            })
        #expect(shared == named)
        #expect(shared.isSuperset(of: OpenAPIDocument.ErrorAnswer.allCases.map(\.name)))
    }

    @Test func everyDescribedRouteAnswersSomethingOtherThan404ForUnknownRoutes() async throws {
        let fixture = try WebFixture()
        try await fixture.application.test(.router) { client in
            for route in Self.routes {
                let uri = route.path.replacingOccurrences(of: "{id}", with: "missing")
                    .replacingOccurrences(of: "{host}", with: "example.com")
                    .replacingOccurrences(of: "{fingerprint}", with: "abc")
                    .replacingOccurrences(of: "{format}", with: "md")
                    .replacingOccurrences(of: "{probe}", with: "P001")
                    .replacingOccurrences(of: "{kind}", with: "script")
                let response =
                    try await client.execute(
                        uri: uri,
                        method: try #require(HTTPRequest.Method(route.method.uppercased())),
                        headers: WebFixture.bearer, body: ByteBuffer(string: "{}"))
                let error = (try? WebFixture.json(response))?["error"] as? String
                // A route that exists answers its own errors ("No open document…"), never the router's 404.
                #expect(error != "No such page or API route.", "\(route)")
            }
        }
    }
}
