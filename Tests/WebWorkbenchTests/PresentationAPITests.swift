import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
import Workbench

@testable import WebWorkbench

/// Issue 16: what the page renders is the package's presentation, encoded as it is — the same
/// values the Mac views read — and the what-if editor works on the served text.
@Suite struct PresentationAPITests {
    static func decode<T: Decodable>(_ type: T.Type, _ response: TestResponse) throws -> T {
        try JSONDecoder().decode(type, from: Data(buffer: response.body))
    }

    static func post(
        _ client: some TestClientProtocol, _ uri: String, _ body: String,
        method: HTTPRequest.Method = .post
    ) async throws -> TestResponse {
        try await client.execute(uri: uri, method: method, headers: WebFixture.bearer, body: ByteBuffer(string: body))
    }

    @Test func theViewTheFindingAndTheVerdictAreThePackagesValues() async throws {
        let fixture = try WebFixture(settings: DocumentAPITests.sampleSettings)
        try await fixture.application.test(.router) { client in
            let id = try await DocumentAPITests.openSample(client, fixture)
            _ = try await Self.post(
                client, "/api/documents/\(id)/urls",
                #"""
                {"lines": "https://example.com/buy/1\nnot a url\n! \#
                https://example.com/account/delete"}
                """#)
            let response = try await DocumentAPITests.get(client, "/api/documents/\(id)/view")
            #expect(response.status == .ok)
            WebFixture.expectSecurityHeaders(response)
            let view = try Self.decode(DocumentPresentation.self, response)
            let document = try await fixture.server.registry.document(id)
            var expected = await MainActor.run { document.presentation() }
            // The list's lines are not in the view (issue 26): GET …/urls gives them, the same values.
            let items = expected.urls.items
            expected.urls.items = []
            expected.urls.more = nil
            #expect(view == expected)
            let page = try Self.decode(
                URLListPage.self,
                try await DocumentAPITests.get(client, "/api/documents/\(id)/urls?limit=100"))
            #expect(page.items == items && page.total == 3 && page.offset == 0)
            #expect(view.title == "LinkLabSample.ipa")
            #expect(view.subtitle.contains("com.example.app"))
            #expect(view.canExport && view.phase.phase == "ready")
            // The list shows the line that is not a URL in its place, with its problem.
            #expect(page.items.map(\.line) == [1, 2, 3])
            #expect(page.items[1].problem?.contains("space") == true, "\(page.items[1])")
            // Counts are what the groups show.
            let shown = view.findings.groups.filter { $0.key != "suppressed" }.map(\.rows.count).reduce(0, +)
            #expect(view.findings.counts.map(\.count).reduce(0, +) == shown)

            let first = try #require(view.findings.groups.first?.rows.first)
            let detail = try await DocumentAPITests.get(client, "/api/documents/\(id)/findings/\(first.fingerprint)")
            let expectedDetail = await MainActor.run { document.findingDetail(fingerprint: first.fingerprint) }
            #expect(try Self.decode(FindingDetailPresentation.self, detail) == expectedDetail)

            let tester = try await Self.post(
                client, "/api/documents/\(id)/tester",
                #"{"url": "https://example.com:8443/buy/1"}"#)
            let test = try Self.decode(URLTestPresentation.self, tester)
            let expectedTest = await MainActor.run { document.presentation(ofTyped: "https://example.com:8443/buy/1") }
            #expect(test == expectedTest)
            #expect(test.note?.contains("port 8443") == true, "\(test.note ?? "")")
            #expect(test.verdicts.first?.isAuditedApp == true, "the audited app's IDs come first")
            // A typed URL obeys the list's line limit: a problem, no verdicts.
            let long = "https://example.com/" + String(repeating: "a", count: 9_000)
            let refused = try Self.decode(
                URLTestPresentation.self,
                try await Self.post(
                    client, "/api/documents/\(id)/tester", #"{"url": "\#(long)"}"#))
            #expect(
                refused.verdicts.isEmpty && refused.problem?.contains("longer than 8192 characters") == true,
                "\(refused.problem ?? "")")
            #expect(refused.url.count < 300)

            let filtered =
                try await DocumentAPITests.get(client, "/api/documents/\(id)/view?query=AASA-015&severities=medium")
            let rows = try Self.decode(DocumentPresentation.self, filtered).findings.groups.flatMap(\.rows)
            #expect(!rows.isEmpty && rows.allSatisfy { $0.id == "AASA-015" })
        }
    }

    /// Domains → a host → Apply without an edit: nothing changes, the host's state included (an
    /// unchanged Apply is no what-if edit: no report is marked hypothetical, issue 26).
    @Test func applyingEveryHostsEditorTextUnchangedChangesNoVerdictNoFindingNoLint() async throws {
        let fixture = try WebFixture(settings: DocumentAPITests.sampleSettings)
        try await fixture.application.test(.router) { client in
            let id = try await DocumentAPITests.openSample(client, fixture)
            let lines = try String(contentsOf: sample("urls.txt"), encoding: .utf8)
            let body = String(decoding: try JSONSerialization.data(withJSONObject: ["lines": lines]), as: UTF8.self)
            _ = try await Self.post(client, "/api/documents/\(id)/urls", body)
            let before = try Self.decode(
                DocumentPresentation.self,
                try await DocumentAPITests.get(client, "/api/documents/\(id)/view"))
            let listBefore = try Self.decode(
                URLListPage.self,
                try await DocumentAPITests.get(
                    client,
                    "/api/documents/\(id)/urls?limit=2000"))
            for card in before.domains {
                let answer =
                    try await Self.post(
                        client, "/api/documents/\(id)/hosts/\(card.host)/text", card.editorText,
                        method: .put)
                #expect(answer.status == .ok, "\(card.host)")
                let edited = try Self.decode(DomainPresentation.self, answer)
                #expect(edited.state == card.state && edited.editorText == card.editorText, "\(card.host)")
                #expect(edited.lint == card.lint, "\(card.host)")
            }
            let after = try Self.decode(
                DocumentPresentation.self,
                try await DocumentAPITests.get(client, "/api/documents/\(id)/view"))
            #expect(after.urls == before.urls)
            let listAfter = try Self.decode(
                URLListPage.self,
                try await DocumentAPITests.get(
                    client,
                    "/api/documents/\(id)/urls?limit=2000"))
            #expect(listAfter.items == listBefore.items && !listAfter.items.isEmpty)
            #expect(after.findings == before.findings)
            #expect(after.domains.allSatisfy { $0.state != "edited" && $0.served == nil })
            // The JSON export says not edited, and holds no what-if notice.
            let json = try WebFixture.json(try await DocumentAPITests.get(client, "/api/documents/\(id)"))
            let hosts = try #require(json["hosts"] as? [[String: Any]])
            #expect(hosts.allSatisfy { $0["edited"] as? Bool == false && $0["state"] as? String != "edited" })
            #expect(json["whatIf"] == nil)
        }
    }

    /// The host in the path is resolved as every host call resolves it: in another case it is
    /// the same host, edited and answered (before, the server's own lookup missed it: 404).
    @Test func aMixedCaseHostIsEditedAndAnswered() async throws {
        let fixture = try WebFixture(settings: DocumentAPITests.sampleSettings)
        try await fixture.application.test(.router) { client in
            let id = try await DocumentAPITests.openSample(client, fixture)
            let text = #"""
                {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/x/*"}]}]}}
                """#
            let answer =
                try await Self.post(client, "/api/documents/\(id)/hosts/GO.Example.NET/text", text, method: .put)
            #expect(answer.status == .ok)
            let card = try Self.decode(DomainPresentation.self, answer)
            #expect(card.host == "go.example.net" && card.state == "edited")
        }
    }

    @Test func aFailedUploadIsNamedAfterTheTestersFileAndOffersNoExport() async throws {
        let fixture = try WebFixture(settings: DocumentAPITests.sampleSettings)
        try await fixture.application.test(.router) { client in
            let response =
                try await DocumentAPITests.upload(client, Data("PK not really a zip".utf8), name: "broken.ipa")
            let id = try #require(try WebFixture.json(response)["id"] as? String)
            try await fixture.server.settle(id)
            let view = try Self.decode(
                DocumentPresentation.self,
                try await DocumentAPITests.get(client, "/api/documents/\(id)/view"))
            #expect(view.phase.phase == "failed")
            #expect(view.phase.text.hasPrefix("Failed: broken.ipa"), "\(view.phase.text)")
            #expect(!view.phase.text.contains(".upload"))
            #expect(!view.canExport)
            #expect(view.title == "broken.ipa")
        }
    }

    @Test func theHomeListShowsTheNameTheBundleIDTheTimeAndTheState() async throws {
        let fixture = try WebFixture(settings: DocumentAPITests.sampleSettings)
        try await fixture.application.test(.router) { client in
            _ = try await DocumentAPITests.openSample(client, fixture)
            let list = try WebFixture.json(try await DocumentAPITests.get(client, "/api/documents"))
            let first = try #require((list["documents"] as? [[String: Any]])?.first)
            #expect(first["name"] as? String == "LinkLabSample.ipa")
            #expect(first["bundleID"] as? String == "com.example.app")
            #expect((first["openedAt"] as? String)?.hasSuffix("Z") == true)
            #expect(first["phaseText"] as? String == "Ready")
        }
    }

    @Test func cancelStopsAnInspectionAndSaysSo() async throws {
        let fixture = try WebFixture(settings: DocumentAPITests.sampleSettings)
        try await fixture.application.test(.router) { client in
            let id = try await DocumentAPITests.openSample(client, fixture)
            let answer = try await Self.post(client, "/api/documents/\(id)/cancel", "")
            #expect(answer.status == .ok)
            let phase = try Self.decode(PhaseStatus.self, answer)
            #expect(!phase.canCancel)
        }
    }
}
