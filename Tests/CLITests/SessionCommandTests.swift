import Foundation
import TestSupport
import Testing

/// End-to-end tests of `scan --save`, `report` and `diff` with the built binary.
@Suite struct SessionCommandTests {
    private static var binaryMissing: Bool { LinkLabProcess.executableURL == nil }
    private static let root = Fixtures.repositoryRoot

    /// The sample, offline, with `go.example.net` served by `goFile`.
    static func scanArguments(goFile: String) -> [String] {
        var arguments = ["scan", root.appendingPathComponent("Samples/LinkLabSample.ipa").path, "--offline"]
        for host in ["example.com", "shop.example.com", "example.org"] {
            arguments += ["--aasa", "\(host)=\(root.appendingPathComponent("Samples/aasa/\(host).json").path)"]
        }
        arguments += ["--aasa", "go.example.net=\(goFile)"]
        return arguments + ["--urls", root.appendingPathComponent("Samples/urls.txt").path]
    }

    /// The sample's go.example.net file with the app listed under the old-style `appID` key
    /// fixed to `appIDs` (AASA-007, a high reliability finding, goes away).
    static let fixedGo = """
        {"applinks": {"details": [
          {"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/promo/*"}]},
          {"appIDs": ["ZZZZZ99999.com.partner.deals"], "components": [{"/": "/*"}]}
        ]}}
        """

    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("linklab-session-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Saves the sample session with the original and with the fixed go.example.net file.
    private func savedPair(in folder: URL) throws -> (original: URL, fixed: URL) {
        let fixedFile = folder.appendingPathComponent("go.example.net.json")
        try Data(Self.fixedGo.utf8).write(to: fixedFile)
        let original = folder.appendingPathComponent("original.linklab")
        let fixed = folder.appendingPathComponent("fixed.linklab")
        let first =
            try LinkLabProcess.run(
                Self.scanArguments(goFile: Self.root.appendingPathComponent("Samples/aasa/go.example.net.json").path)
                    + ["--save", original.path])
        #expect(first.exitCode == 0, "\(first.stderr)")
        let second = try LinkLabProcess.run(Self.scanArguments(goFile: fixedFile.path) + ["--save", fixed.path])
        #expect(second.exitCode == 0, "\(second.stderr)")
        return (original, fixed)
    }

    @Test(.disabled(if: binaryMissing, "linklab binary not built"))
    func reportSaveOfAnUnchangedSessionKeepsEveryByte() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (original, _) = try savedPair(in: folder)
        let again = folder.appendingPathComponent("again.linklab")
        let output = try LinkLabProcess.run(["report", original.path, "--save", again.path, "--format", "json"])
        #expect(output.exitCode == 0, "\(output.stderr)")
        #expect(try Data(contentsOf: again) == (try Data(contentsOf: original)))
        let json = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any])
        let findings = try #require(json["findings"] as? [[String: Any]])
        #expect(!findings.isEmpty && findings.allSatisfy { ($0["fingerprint"] as? String)?.contains(":") == true })
    }

    @Test(.disabled(if: binaryMissing, "linklab binary not built"))
    func diffOfAFixedRetestListsTheFixAndPassesFailOn() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (original, fixed) = try savedPair(in: folder)
        let output =
            try LinkLabProcess.run(["diff", original.path, fixed.path, "--format", "json", "--fail-on", "critical"])
        #expect(output.exitCode == 0, "\(output.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any])
        let findings = try #require(json["findings"] as? [String: [[String: Any]]])
        #expect(findings["fixed"]?.contains { $0["id"] as? String == "AASA-007" } == true)
        #expect(findings["new"]?.contains { $0["id"] as? String == "AASA-007" } == false)
        let domains = try #require(json["domains"] as? [[String: Any]])
        let go = try #require(domains.first { $0["host"] as? String == "go.example.net" })
        #expect(go["change"] as? String == "changed")
        #expect(domains.first { $0["host"] as? String == "example.com" }?["change"] as? String == "same")
        let urls = try #require(json["urls"] as? [[String: Any]])
        #expect(
            urls.contains {
                ($0["url"] as? String)?.hasPrefix("https://go.example.net/promo") == true
                    && $0["new"] as? String == "match"
            })
    }

    @Test(.disabled(if: binaryMissing, "linklab binary not built"))
    func diffOfARegressedRetestFailsOnTheNewHighFinding() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (original, fixed) = try savedPair(in: folder)
        let failing = try LinkLabProcess.run(["diff", fixed.path, original.path, "--fail-on", "reliability:high"])
        #expect(failing.exitCode == 1, "\(failing.stderr)")
        #expect(failing.stdout.contains("new: high AASA-007"))
        // AASA-007 is a reliability finding: a security-only threshold ignores it.
        let securityOnly = try LinkLabProcess.run(["diff", fixed.path, original.path, "--fail-on", "security:high"])
        #expect(securityOnly.exitCode == 0, "\(securityOnly.stdout)")
        let lenient = try LinkLabProcess.run(["diff", fixed.path, original.path])
        #expect(lenient.exitCode == 0)
    }

    @Test(.disabled(if: binaryMissing, "linklab binary not built"))
    func diffWritesARetestReportInEveryFormat() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (original, fixed) = try savedPair(in: folder)
        let names = ["retest.md", "retest.html", "retest.pdf", "retest.json", "retest.sarif"]
        let output =
            try LinkLabProcess.run(
                ["diff", original.path, fixed.path]
                    + names.flatMap { ["--report", folder.appendingPathComponent($0).path] })
        #expect(output.exitCode == 0, "\(output.stderr)")
        let markdown = try String(contentsOf: folder.appendingPathComponent("retest.md"), encoding: .utf8)
        #expect(markdown.contains("Changes since"))
        let pdf = try Data(contentsOf: folder.appendingPathComponent("retest.pdf"))
        #expect(pdf.starts(with: Data("%PDF-".utf8)))
        let json =
            try #require(
                try JSONSerialization.jsonObject(
                    with: Data(contentsOf: folder.appendingPathComponent("retest.json"))) as? [String: Any])
        #expect(json["changesSince"] is [String: Any])
        // The scan document of the session's app (what `report --format json` prints), not the
        // workbench's document.
        #expect(json["findings"] is [[String: Any]] && json["phase"] == nil && json["hosts"] == nil)
        // The test-link page has no "Changes since" section: no retest report.
        let links = try LinkLabProcess.run([
            "diff", original.path, fixed.path, "--report",
            folder.appendingPathComponent("retest.links.html").path,
        ])
        #expect(links.exitCode == 2, "\(links.stderr)")
    }

    /// Every class of hostile session file ends in exit 3 with exactly one line naming the problem.
    @Test(.disabled(if: binaryMissing, "linklab binary not built"))
    func everyHostileSessionFileEndsInExit3WithOneLine() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (original, _) = try savedPair(in: folder)
        let good = try Data(contentsOf: original)
        let text = String(decoding: good, as: UTF8.self)
        var object = try #require(try JSONSerialization.jsonObject(with: good) as? [String: Any])
        func json(_ value: [String: Any]) throws -> Data { try JSONSerialization.data(withJSONObject: value) }

        var cases: [(String, Data, String)] = [
            ("truncated", good.prefix(good.count / 2), "truncated"),
            ("not JSON", Data("linklab session, honest".utf8), "not JSON"),
            ("not UTF-8", Data([0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x7D]), "not UTF-8"),
            ("empty", Data(), "empty"),
            (
                "deep", Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8),
                "deeper"
            ),
        ]
        var wrong = object
        wrong["format"] = "something-else"
        cases.append(("wrong format", try json(wrong), "not a linklab session file"))
        var newer = object
        newer["schemaVersion"] = 7
        cases.append(("newer schema", try json(newer), "newer linklab"))
        var longField = object
        longField["notes"] = [String(repeating: "A", count: 70_000)]
        cases.append(("over-long field", try json(longField), "notes[0]"))
        var bigBody = object
        var hosts = try #require(object["hosts"] as? [[String: Any]])
        var host = hosts[0]
        host["decided"] = [
            "host": host["host"] ?? "",
            "routes": [
                [
                    "route": "local", "url": "file://x", "headers": [], "bytes": 200_000, "truncated": false,
                    "body": Data(count: 200_000).base64EncodedString(),
                ]
            ],
        ]
        host["state"] = "supplied"
        hosts[0] = host
        bigBody["hosts"] = hosts
        cases.append(("body over 128 KiB", try json(bigBody), "hosts[0].decided.routes[0].body"))
        var longKey = object
        longKey["triage"] =
            [String(repeating: "k", count: 70_000): ["status": "open", "note": "", "setAt": "2026-01-01T00:00:00Z"]]
        cases.append(("over-long key", try json(longKey), "triage.kkkk"))
        var badType = object
        badType["hosts"] = [["host": 42]]
        cases.append(("wrong type", try json(badType), "hosts[0]"))
        object["schemaVersion"] = "1"
        cases.append(("schema not a number", try json(object), "schemaVersion"))
        #expect(text.hasPrefix("{"))

        for (name, data, expected) in cases {
            let file = folder.appendingPathComponent("hostile.linklab")
            try data.write(to: file)
            for command in [["report", file.path], ["diff", file.path, original.path]] {
                let output = try LinkLabProcess.run(command)
                #expect(output.exitCode == 3, "\(name): \(output.exitCode) \(output.stderr)")
                let lines = output.stderr.split(separator: "\n", omittingEmptySubsequences: false).filter {
                    !$0.isEmpty
                }
                #expect(lines.count == 1, "\(name): \(output.stderr)")
                #expect(output.stderr.contains(expected), "\(name): \(output.stderr)")
                #expect(output.stderr.hasPrefix("linklab: \(file.path): "), "\(name): \(output.stderr)")
            }
        }
    }

    @Test(.disabled(if: binaryMissing, "linklab binary not built"))
    func aSessionOverTheSizeLimitIsRefusedWithoutReadingItAll() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("huge.linklab")
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: UInt64(65 << 20))
        try handle.close()
        let output = try LinkLabProcess.run(["report", file.path])
        #expect(output.exitCode == 3)
        #expect(output.stderr.contains("64 MiB"), "\(output.stderr)")
    }
}
