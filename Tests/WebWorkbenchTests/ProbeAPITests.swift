import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
import Workbench

@testable import WebWorkbench

/// The probe kit's routes over the real router and document (the sample, offline): the Probes
/// view, an outcome recorded and its PRB-001 finding, a results file, the attacker host, the kit's
/// files, and the refusals (unknown probe, bad outcome, bad host, unknown file kind). Every answer's
/// keys are the OpenAPI schema's (`SchemaKeysTests.problems`).
@Suite struct ProbeAPITests {
    static func put(_ client: some TestClientProtocol, _ uri: String, _ body: String) async throws -> TestResponse {
        try await client.execute(uri: uri, method: .put, headers: WebFixture.bearer, body: ByteBuffer(string: body))
    }

    static func schemaProblems(_ response: TestResponse) throws -> [String] {
        SchemaKeysTests.problems(
            try JSONSerialization.jsonObject(with: Data(buffer: response.body)),
            ["$ref": "#/components/schemas/ProbeKitPresentation"], "probes")
    }

    @Test func anOutcomeRecordedThroughTheAPIIsAFindingAndInTheView() async throws {
        let fixture = try WebFixture(settings: DocumentAPITests.sampleSettings)
        try await fixture.application.test(.router) { client in
            let id = try await DocumentAPITests.openSample(client, fixture)
            let view = try await DocumentAPITests.get(client, "/api/documents/\(id)/probes")
            #expect(view.status == .ok)
            #expect(try Self.schemaProblems(view) == [])
            let rows = try #require(try WebFixture.json(view)["rows"] as? [[String: Any]])
            let redirect = try #require(rows.first { $0["kind"] as? String == "redirect" })
            let probe = try #require(redirect["probeID"] as? String)
            let put = try await Self.put(
                client, "/api/documents/\(id)/probes/outcomes/\(probe)",
                #"{"outcome": "vulnerable", "note": "Safari opened attacker.example"}"#)
            #expect(put.status == .ok)
            #expect(try Self.schemaProblems(put) == [])
            let answer = try WebFixture.json(put)
            #expect(answer["vulnerable"] as? Int == 1)
            let row = (answer["rows"] as? [[String: Any]])?.first { $0["probeID"] as? String == probe }
            #expect(row?["outcome"] as? String == "vulnerable")
            #expect(row?["note"] as? String == "Safari opened attacker.example")
            let document = try WebFixture.json(try await DocumentAPITests.get(client, "/api/documents/\(id)"))
            let findings = try #require(document["findings"] as? [[String: Any]])
            #expect(findings.contains { ($0["id"] as? String) == "PRB-001" })
            // Refusals: a probe the kit lacks, an outcome that is none, a host that is not one.
            let unknown = try await Self.put(
                client, "/api/documents/\(id)/probes/outcomes/P999",
                #"{"outcome": "expected"}"#)
            #expect(unknown.status == .badRequest)
            try WebFixture.expectErrorBody(unknown)
            let bad = try await Self.put(
                client, "/api/documents/\(id)/probes/outcomes/\(probe)",
                #"{"outcome": "pwned"}"#)
            #expect(bad.status == .badRequest)
            let host = try await Self.put(client, "/api/documents/\(id)/probes/attacker-host", #"{"host": "a b/c"}"#)
            #expect(host.status == .badRequest)
            // Another attacker host: the outcome is stale, the finding gone.
            let moved = try await Self.put(
                client, "/api/documents/\(id)/probes/attacker-host",
                #"{"host": "tester.example.net"}"#)
            #expect(moved.status == .ok)
            #expect(try WebFixture.json(moved)["stale"] as? Int == 1)
            #expect(try Self.schemaProblems(moved) == [])
        }
    }

    @Test func aResultsFileImportsAndTheKitsFilesDownload() async throws {
        let fixture = try WebFixture(settings: DocumentAPITests.sampleSettings)
        try await fixture.application.test(.router) { client in
            let id = try await DocumentAPITests.openSample(client, fixture)
            let view = try WebFixture.json(try await DocumentAPITests.get(client, "/api/documents/\(id)/probes"))
            let digest = try #require(view["digest"] as? String)
            let first = try #require((view["rows"] as? [[String: Any]])?.first?["probeID"] as? String)
            let results = "\(first)\tvulnerable\tran the script\t\(digest)\n"
            let post = try await client.execute(
                uri: "/api/documents/\(id)/probes/results", method: .post,
                headers: WebFixture.bearer, body: ByteBuffer(string: results))
            #expect(post.status == .ok)
            #expect(try WebFixture.json(post)["vulnerable"] as? Int == 1)
            let foreign = try await client.execute(
                uri: "/api/documents/\(id)/probes/results", method: .post,
                headers: WebFixture.bearer,
                body: ByteBuffer(string: "\(first)\texpected\t\t0000000000000000\n"))
            #expect(foreign.status == .badRequest)
            try WebFixture.expectErrorBody(foreign)
            // Every file the view offers downloads, with its media type.
            let offered = try #require(view["files"] as? [[String: Any]]).compactMap { $0["kind"] as? String }
            #expect(offered == ["script", "frida", "page", "json", "text"])
            for (kind, type) in [
                ("script", "text/x-shellscript"), ("frida", "text/javascript"), ("page", "text/html"),
                ("json", "application/json"), ("text", "text/plain"),
            ] {
                let file = try await DocumentAPITests.get(client, "/api/documents/\(id)/probes/export/\(kind)")
                #expect(file.status == .ok, "\(kind)")
                #expect(file.headers[.contentType]?.hasPrefix(type) == true, "\(kind)")
                #expect(file.headers[.contentDisposition]?.contains("attachment") == true, "\(kind)")
                #expect(String(buffer: file.body).contains(digest) || kind != "script", "\(kind)")
            }
            let unknown = try await DocumentAPITests.get(client, "/api/documents/\(id)/probes/export/exe")
            #expect(unknown.status == .notFound)
        }
    }
}
