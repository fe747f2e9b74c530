import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
import Workbench

@testable import WebWorkbench

/// Issue 26, items 10 and 11: the URL list comes in slices (`PUT`/`GET …/urls`) that are the
/// package's presentation values, and a triage answer carries the sidebar's patch.
@Suite struct ScaleAPITests {
    static func send(
        _ client: some TestClientProtocol, _ uri: String, _ body: Any,
        method: HTTPRequest.Method
    ) async throws -> TestResponse {
        let data = try JSONSerialization.data(withJSONObject: body)
        return try await client.execute(
            uri: uri, method: method, headers: WebFixture.bearer,
            body: ByteBuffer(bytes: data))
    }

    static func page(
        _ client: some TestClientProtocol, _ id: String, offset: Int,
        limit: Int
    ) async throws -> URLListPage {
        let response =
            try await DocumentAPITests.get(client, "/api/documents/\(id)/urls?offset=\(offset)&limit=\(limit)")
        #expect(response.status == .ok)
        return try PresentationAPITests.decode(URLListPage.self, response)
    }

    /// 250 lines over the sample's hosts, one of them not a URL, a few with expectations.
    static let lines = (0..<250).map { index in
        switch index {
        case 7: "not a url"
        case let n where n % 10 == 0: "! https://example.com/buy/\(n)"
        case let n where n % 10 == 5: "= https://shop.example.com/shop/item/\(n)"
        default: "https://\(["example.com", "example.org", "go.example.net"][index % 3])/p/\(index)"
        }
    }.joined(separator: "\n")

    @Test func theSlicesTogetherAreTheWholeListAsThePackagePresentsIt() async throws {
        let fixture = try WebFixture(settings: DocumentAPITests.sampleSettings)
        try await fixture.application.test(.router) { client in
            let id = try await DocumentAPITests.openSample(client, fixture)
            let first =
                try await Self.send(client, "/api/documents/\(id)/urls?limit=40", ["lines": Self.lines], method: .put)
            #expect(first.status == .ok)
            WebFixture.expectSecurityHeaders(first)
            let head = try PresentationAPITests.decode(URLListPage.self, first)
            #expect(head.offset == 0 && head.items.count == 40 && head.total == 250)
            var items = head.items
            while items.count < head.total {
                let next = try await Self.page(client, id, offset: items.count, limit: 100)
                #expect(next.version == head.version && next.offset == items.count && next.summary == head.summary)
                items += next.items
            }
            let document = try await fixture.server.registry.document(id)
            let whole = await MainActor.run { document.presentation().urls }
            #expect(items == whole.items)
            #expect(head.summary == whole.summary)
            #expect(items.map(\.line) == Array(1...250))
            #expect(items[7].problem != nil && items[7].verdicts.isEmpty)
            // Past the end: an empty slice of the same list.
            let past = try await Self.page(client, id, offset: 1_000, limit: 10)
            #expect(past.items.isEmpty && past.offset == 250 && past.version == head.version)

            // The view names the version and the size, and carries no line.
            let view =
                try WebFixture.json(try await DocumentAPITests.get(client, "/api/documents/\(id)/view?lines=omit"))
            let list = try #require(view["urlList"] as? [String: Any])
            #expect(list["version"] as? String == head.version && list["total"] as? Int == 250)
            let urls = try #require(view["urls"] as? [String: Any])
            #expect((urls["items"] as? [Any])?.isEmpty == true && urls["lines"] as? String == "")

            // A change that leaves the list as it is keeps its version; a new list gets another.
            let firstFingerprint = await MainActor.run { document.findings.first?.fingerprint }
            let finding = try #require(firstFingerprint)
            _ = try await Self.send(
                client, "/api/documents/\(id)/triage/\(finding)", ["status": "confirmed"],
                method: .put)
            #expect(try await Self.page(client, id, offset: 0, limit: 1).version == head.version)
            _ = try await Self.send(client, "/api/documents/\(id)/urls", ["lines": Self.lines], method: .put)
            #expect(try await Self.page(client, id, offset: 0, limit: 1).version == head.version)
            _ = try await Self.send(
                client, "/api/documents/\(id)/urls", ["lines": "https://example.com/buy/1"],
                method: .put)
            let changed = try await Self.page(client, id, offset: 0, limit: 10)
            #expect(changed.version != head.version && changed.total == 1)
        }
    }

    @Test func slicesRefuseBadBoundsAndScriptsStillGetTheDocumentsURLTests() async throws {
        let fixture = try WebFixture(settings: DocumentAPITests.sampleSettings)
        try await fixture.application.test(.router) { client in
            let id = try await DocumentAPITests.openSample(client, fixture)
            for query in ["limit=0", "limit=2001", "offset=-1", "offset=x", "limit=1.5"] {
                let response = try await DocumentAPITests.get(client, "/api/documents/\(id)/urls?\(query)")
                #expect(response.status == .badRequest, "\(query)")
                try WebFixture.expectErrorBody(response)
            }
            let bad = try await Self.send(client, "/api/documents/\(id)/urls", ["text": "x"], method: .put)
            #expect(bad.status == .badRequest)
            let missing = try await DocumentAPITests.get(client, "/api/documents/nope/urls")
            #expect(missing.status == .notFound)
            // POST …/urls answers what the document JSON lists, without the rest of the document.
            let posted = try WebFixture.json(
                try await Self.send(
                    client, "/api/documents/\(id)/urls",
                    ["lines": Self.lines], method: .post))
            let full = try WebFixture.json(try await DocumentAPITests.get(client, "/api/documents/\(id)"))
            let tests = try #require(posted["urlTests"] as? [[String: Any]])
            #expect(tests.count == 249)
            #expect(NSArray(array: tests).isEqual(to: try #require(full["urlTests"] as? [Any])))
            #expect(
                NSArray(array: try #require(posted["urlLineProblems"] as? [Any]))
                    .isEqual(to: try #require(full["urlLineProblems"] as? [Any])))
        }
    }

    /// The triage answer's patch turns the sidebar shown before into the sidebar a view shows
    /// after, for the filter the page sent.
    @Test func aTriageAnswerPatchesTheSidebarIntoTheNextView() async throws {
        let fixture = try WebFixture(settings: DocumentAPITests.sampleSettings)
        try await fixture.application.test(.router) { client in
            let id = try await DocumentAPITests.openSample(client, fixture)
            for (filter, status) in [
                ("", "false-positive"), ("?severities=medium,low,info", "accepted-risk"),
                ("", "confirmed"), ("?query=AASA", "open"),
            ] {
                let before = try PresentationAPITests.decode(
                    DocumentPresentation.self,
                    try await DocumentAPITests.get(client, "/api/documents/\(id)/view\(filter)")
                ).findings
                let row = try #require(before.groups.last?.rows.first)
                let answer = try await Self.send(
                    client, "/api/documents/\(id)/triage/\(row.fingerprint)\(filter)",
                    ["status": status, "note": "n"], method: .put)
                #expect(answer.status == .ok)
                let sidebar = try #require(try WebFixture.json(answer)["sidebar"])
                let patch = try JSONDecoder().decode(
                    FindingListPatch.self,
                    from: JSONSerialization.data(withJSONObject: sidebar))
                let after = try PresentationAPITests.decode(
                    DocumentPresentation.self,
                    try await DocumentAPITests.get(client, "/api/documents/\(id)/view\(filter)")
                ).findings
                #expect(
                    patch.counts == after.counts && patch.summary == after.summary
                        && patch.suppressed == after.suppressed)
                #expect(patch.groups.map(\.key) == after.groups.map(\.key))
                #expect(patch.groups.map(\.title) == after.groups.map(\.title))
                #expect(patch.groups.map(\.count) == after.groups.map(\.rows.count))
                // Applied to the rows shown before, the patch gives the rows shown after.
                var rows = Dictionary(
                    uniqueKeysWithValues: before.groups.map { group in
                        (group.key, group.rows.filter { $0.fingerprint != row.fingerprint })
                    })
                if let changed = patch.row, let group = patch.group {
                    var target = rows[group] ?? []
                    let at =
                        patch.before.flatMap { next in target.firstIndex { $0.fingerprint == next } } ?? target.count
                    target.insert(changed, at: at)
                    rows[group] = target
                    #expect(changed.triage == status)
                }
                #expect(after.groups.map { rows[$0.key] ?? [] } == after.groups.map(\.rows), "\(filter) \(status)")
            }
        }
    }
}
