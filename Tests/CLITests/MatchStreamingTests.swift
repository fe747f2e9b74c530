import Foundation
import TestSupport
import Testing

/// `linklab match` as a stream: the URL-list syntax of `scan`, error entries for lines that are
/// not URLs, one result per URL in every format, the first answer before the input ends, and
/// `--batch` answering every line (blank and malformed ones too).
@Suite(.enabled(if: LinkLabProcess.executableURL != nil, "linklab is not built: run swift build first"))
final class MatchStreamingTests {
    static let root = Fixtures.repositoryRoot
    static let sample = root.appendingPathComponent("Samples/aasa/example.com.json").path

    /// This test's temporary folder, deleted when the test is done (`deinit`).
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linklab-stream-\(UUID().uuidString)")

    deinit { try? FileManager.default.removeItem(at: folder) }

    private func temporaryFile(_ text: String, name: String) throws -> String {
        let subfolder = folder.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: subfolder, withIntermediateDirectories: true)
        let url = subfolder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func urlListSyntaxOfScanIsAcceptedAndNonURLLinesAreErrorEntries() throws {
        let list = try temporaryFile(
            """
            # comment
            = https://example.com/buy/42
            ! https://example.com/buy/42#no_universal_links

            https://example.com/help/123
            example.com/no-scheme
            ! ftp://example.com/file
            """, name: "urls.txt")
        let output = try LinkLabProcess.run(["match", "--aasa", Self.sample, "--urls", list, "--format", "json"])
        #expect(output.exitCode == 3, "a line that is not a URL fails the run at the end")
        #expect(output.stderr == "linklab match: 2 lines are not a URL (see the error entries)\n")
        let document = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any])
        #expect(document["schemaVersion"] as? Int == 1)
        let results = try #require(document["results"] as? [[String: Any]])
        #expect(
            results.map { $0["url"] as? String } == [
                "https://example.com/buy/42", "https://example.com/buy/42#no_universal_links",
                "https://example.com/help/123",
                "example.com/no-scheme", "! ftp://example.com/file",
            ])
        #expect(results.map { $0["line"] as? Int } == [2, 3, 5, 6, 7])
        #expect(results[0]["expectation"] as? String == "mustOpen")
        #expect(results[1]["expectation"] as? String == "mustNotOpen")
        #expect(results[2]["expectation"] == nil)
        #expect(results[3]["error"] as? String == "not a URL: not an absolute URL")
        #expect((results[4]["error"] as? String)?.contains("https://") == true)
        let decisions = results.prefix(3).map { (($0["apps"] as? [[String: Any]])?.first?["decision"] as? String) }
        #expect(decisions == ["match", "exclude", "no_match"])
    }

    @Test func theProjectsOwnSampleListDecidesWithoutErrors() throws {
        let output = try LinkLabProcess.run([
            "match", "--aasa", Self.sample, "--urls", Self.root.appendingPathComponent("Samples/urls.txt").path,
            "--format", "jsonl",
        ])
        #expect(output.exitCode == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.count == 18)
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["error"] == nil, "\(line)")
            #expect(object["apps"] is [Any])
        }
        #expect(lines.filter { $0.contains(#""expectation":"mustNotOpen""#) }.count >= 8)
    }

    @Test func textShowsOneLinePerAppAndThePathOnDomainForm() throws {
        let output =
            try LinkLabProcess.run([
                "match", "--aasa", Self.sample, "--domain", "example.com", "/wwdc/2015", "= /buy/1",
                "nonsense",
            ])
        #expect(output.exitCode == 3)
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "/wwdc/2015")
        #expect(lines.contains("= /buy/1") == false, "the prefix is read, not printed as part of the URL")
        #expect(lines.contains("/buy/1  (must open the app)"))
        #expect(lines.contains("nonsense"))
        #expect(lines.contains { $0.hasPrefix("  error    ") && $0.contains("not a URL") })
        #expect(!output.stdout.contains("decision:"), "no trace lines without --trace")
    }

    /// The first answer is written while the input is still open: a tester typing URLs (or a
    /// pipeline feeding a million) sees each verdict at once.
    @Test func firstAnswerArrivesBeforeTheInputEnds() throws {
        let executable = try #require(LinkLabProcess.executableURL)
        let process = Process()
        process.executableURL = executable
        process.arguments = ["match", "--aasa", Self.sample, "--urls", "-", "--format", "jsonl"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data("https://example.com/buy/1\n".utf8))
        // Read until the first line; a command that waits for the end of input never sends it
        // and the read would only end when the input is closed below.
        let reader = output.fileHandleForReading
        let gotLine = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var firstLine = Data()
        DispatchQueue.global().async {
            var received = Data()
            while !received.contains(0x0A) {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                received.append(chunk)
            }
            firstLine = received
            gotLine.signal()
        }
        let arrivedWhileOpen = gotLine.wait(timeout: .now() + 60) == .success
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(arrivedWhileOpen, "no answer before the input ended")
        #expect(String(decoding: firstLine, as: UTF8.self).contains(#""url":"https://example.com/buy/1""#))
        #expect(process.terminationStatus == 0)
    }

    @Test func batchAnswersBlankLinesNonURLsAndNonObjectFiles() throws {
        let file = #"{"applinks": {"details": [{"appIDs": ["A.b"], "components": [{"/": "/buy/*"}]}]}}"#
        let lines = [
            #"{"id": 1, "aasa": \#(file), "appId": "A.b", "url": "https://example.com/buy/1"}"#,
            "",
            #"{"id": 3, "aasa": \#(file), "domain": "example.com", "appId": "A.b", "url": "not a url"}"#,
            #"""
            {"id": 4, "aasa": "/srv/files/aasa.json", "domain": "example.com", "appId": "A.b", "url": \#
            "https://example.com/buy/1"}
            """#,
            #"{"id": 5, "aasa": 42, "domain": "example.com", "appId": "A.b", "url": "https://example.com/buy/1"}"#,
            "   ",
            #"{"id": 7, "aasa": \#(file), "domain": "example.com", "appId": "A.b", "url": "/buy/7"}"#,
        ]
        let output = try LinkLabProcess.run(["match", "--batch"], stdin: Data(lines.joined(separator: "\n").utf8))
        #expect(output.exitCode == 0)
        let answers = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(answers.count == lines.count, "one answer per line: \(answers)")
        #expect(answers[safe: 0] == #"{"decision":"match","id":1}"#)
        #expect(answers[safe: 1] == #"{"error":"blank line","id":null}"#)
        #expect(answers[safe: 2]?.hasPrefix(#"{"error":"\"url\" is not a URL"#) == true)
        #expect(answers[safe: 3]?.hasPrefix(#"{"error":"\"aasa\" must be"#) == true)
        #expect(answers[safe: 4]?.hasPrefix(#"{"error":"\"aasa\" must be"#) == true)
        #expect(answers[safe: 5] == #"{"error":"blank line","id":null}"#)
        #expect(answers[safe: 6] == #"{"decision":"match","id":7}"#)
    }
}
