import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `docs/commands/serve.md`'s examples are the server's (issue 30, item 6): the built
/// `linklab serve --offline --aasa Samples/aasa` prints the line the page shows, answers the
/// page's API example as the page shows it (with `…` for what varies: ids, times, the port and
/// the token), has the finding counts the page's text states, and exits 0 on SIGTERM. Loopback
/// only. (The curl examples' blocks are marked "not run" for `DocExampleTests`; this suite runs
/// them.)
@Suite struct ServeExampleTests {
    static let root = Fixtures.repositoryRoot

    struct Page {
        var printedLine: String
        var upload: String
        var listing: String
        var refusal: String
        var text: String
    }

    static func page() throws -> Page {
        let text = try String(contentsOf: root.appendingPathComponent("docs/commands/serve.md"), encoding: .utf8)
        let blocks = DocExampleTests.blocks(in: text, file: "serve.md")
        let first = try #require(blocks.first { $0.lines.first == "$ linklab serve --offline --aasa Samples/aasa" })
        let printed = try #require(first.lines.dropFirst().first)
        let api = try #require(blocks.first { $0.lines.contains { $0.hasPrefix("$ curl") } })
        let commands = DocExampleTests.promptedCommands(api.lines)
        func answer(_ test: (String) -> Bool) throws -> String {
            try #require(commands.first { test($0.text) }?.shown.first, "serve.md: no such curl example")
        }
        return Page(
            printedLine: printed,
            upload: try answer { $0.contains("--data-binary") },
            listing: try answer {
                $0.contains("Authorization") && !$0.contains("--data-binary") && $0.hasSuffix("/api/documents")
            },
            refusal: try answer { !$0.contains("Authorization") && $0.hasPrefix("curl") },
            text: text.replacingOccurrences(of: "\n", with: " "))
    }

    /// The running server: its process and the address it printed.
    final class Server: @unchecked Sendable {
        let process = Process()
        let folder: URL
        var line = ""

        init() throws {
            folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("linklab-serve-doc-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let binary: URL =
                try #require(LinkLabProcess.executableURL, "the linklab binary is not built (swift build)")
            process.executableURL = binary
            process.arguments = ["serve", "--offline", "--aasa", "Samples/aasa"]
            process.currentDirectoryURL = ServeExampleTests.root
            var environment = ProcessInfo.processInfo.environment
            environment["TMPDIR"] = folder.path
            environment["NO_COLOR"] = "1"
            process.environment = environment
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            try process.run()
            // The first line, within 20 s.
            let deadline = Date().addingTimeInterval(20)
            var data = Data()
            while !data.contains(0x0A), Date() < deadline, process.isRunning {
                data.append(pipe.fileHandleForReading.availableData)
            }
            line = String(decoding: data.prefix { $0 != 0x0A }, as: UTF8.self)
        }

        /// `http://127.0.0.1:PORT` of the printed address.
        var base: String { line.firstMatch(of: #/http:\/\/[^\/]+/#).map { String($0.output) } ?? "" }
        var token: String { line.components(separatedBy: "token=").last ?? "" }

        func stop() -> Int32 {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: folder)
            return process.terminationStatus
        }
    }

    static func request(
        _ server: Server, _ method: String, _ path: String, body: Data? = nil,
        headers: [String: String] = [:], token: Bool = true
    ) async throws -> (Int, String) {
        var request = URLRequest(url: try #require(URL(string: server.base + path)))
        request.httpMethod = method
        request.httpBody = body
        if token { request.setValue("Bearer \(server.token)", forHTTPHeaderField: "Authorization") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    @Test(.timeLimit(.minutes(1)))
    func theServePagesExamplesAreTheServers() async throws {
        let page = try Self.page()
        let server = try Server()
        var stopped = false
        defer { if !stopped { _ = server.stop() } }
        #expect(
            DocExampleTests.lineMatches(page.printedLine, server.line),
            "serve prints \"\(server.line)\"; serve.md shows \"\(page.printedLine)\"")
        try #require(server.line.contains("token="), "serve printed no address: \(server.line)")

        let ipa = try Data(contentsOf: Self.root.appendingPathComponent("Samples/LinkLabSample.ipa"))
        let (created, upload) = try await Self.request(
            server, "POST", "/api/documents", body: ipa,
            headers: ["X-LinkLab-Filename": "LinkLabSample.ipa"])
        #expect(created == 201, "\(upload)")
        #expect(
            DocExampleTests.lineMatches(page.upload, upload),
            "upload answered \(upload); serve.md shows \(page.upload)")
        let id = try #require(upload.firstMatch(of: #/"id":"([0-9a-f]+)"/#)?.output.1)

        var listing = ""
        for _ in 0..<200 {
            listing = try await Self.request(server, "GET", "/api/documents").1
            if listing.contains("\"phase\":\"ready\"") { break }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
        #expect(
            DocExampleTests.lineMatches(page.listing, listing),
            "the listing is \(listing); serve.md shows \(page.listing)")

        let (status, refusal) = try await Self.request(server, "GET", "/api/documents", token: false)
        #expect(status == 401)
        #expect(refusal == page.refusal, "without the token: \(refusal); serve.md shows \(page.refusal)")

        // "the findings of the app and its domains (31 on the sample)"
        let promised = try #require(
            page.text.firstMatch(of: #/findings of the app and its domains \((\d+) on the sample\)/#),
            "serve.md no longer states the sample's finding count")
        let counts = try #require(listing.firstMatch(of: #/"counts":\{([^}]*)\}/#)?.output.1)
        let total = counts.matches(of: #/"(\w+)":(\d+)/#).filter { $0.output.1 != "suppressed" }
            .compactMap { Int($0.output.2) }.reduce(0, +)
        #expect(total == Int(promised.output.1), "the sample has \(total) findings; serve.md says \(promised.output.1)")
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ")
        let readmeCount = try #require(
            readme.firstMatch(of: #/domains' findings appear \((\d+) on the sample\)/#),
            "the README no longer states the sample's finding count in the workbench")
        #expect(
            total == Int(readmeCount.output.1),
            "the sample has \(total) findings; the README says \(readmeCount.output.1)")

        // "as `scan --urls Samples/urls.txt` does (38)"
        let withURLs = try #require(
            page.text.firstMatch(of: #/as `scan --urls Samples/urls\.txt` does \((\d+)\)/#),
            "serve.md no longer states the count with the URL list")
        let lines = try String(contentsOf: Self.root.appendingPathComponent("Samples/urls.txt"), encoding: .utf8)
        let body = try JSONSerialization.data(withJSONObject: ["lines": lines])
        let (decided, _) = try await Self.request(
            server, "POST", "/api/documents/\(id)/urls", body: body,
            headers: ["Content-Type": "application/json"])
        #expect(decided == 200)
        let document = try await Self.request(server, "GET", "/api/documents/\(id)").1
        let object = try #require(try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any])
        let count = (object["findings"] as? [Any])?.count ?? -1
        #expect(
            count == Int(withURLs.output.1),
            "with the URL list: \(count) findings; serve.md says \(withURLs.output.1)")
        let readmeWithURLs = try #require(
            readme.firstMatch(of: #/add the URL verdicts \((\d+) findings/#),
            "the README no longer states the count with the URL list")
        #expect(
            count == Int(readmeWithURLs.output.1),
            "with the URL list: \(count) findings; the README says \(readmeWithURLs.output.1)")

        // "Ctrl-C or SIGTERM cancels the work in flight, deletes every upload and exits 0."
        stopped = true
        #expect(server.stop() == 0)
    }
}
