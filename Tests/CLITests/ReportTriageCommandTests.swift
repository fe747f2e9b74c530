import Foundation
import TestSupport
import Testing

/// `report` is one path for every session: the triage a session records is printed in the text
/// (`Triaged: ID status, …`), carried in the JSON and the Markdown report, and left out of
/// `--fail-on` for Android findings as for iOS ones. The built binary, offline, on the sample.
@Suite struct ReportTriageCommandTests {
    private static var binaryMissing: Bool { LinkLabProcess.executableURL == nil }
    static let samples = Fixtures.repositoryRoot.appendingPathComponent("Samples")

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("linklab-rtriage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static var androidArguments: [String] {
        [
            "--offline", "--assetlinks", samples.appendingPathComponent("assetlinks").path,
            "--urls", samples.appendingPathComponent("urls-both.txt").path,
        ]
    }

    static func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The session's saved findings (id, severity, fingerprint) in file order.
    static func savedFindings(_ session: URL) throws -> [(id: String, severity: String, fingerprint: String)] {
        let root = try object(Data(contentsOf: session))
        let findings = try #require(root["findings"] as? [[String: Any]])
        return findings.compactMap { entry in
            guard let finding = entry["finding"] as? [String: Any], let id = finding["id"] as? String,
                let severity = finding["severity"] as? String,
                let fingerprint = entry["fingerprint"] as? String
            else { return nil }
            return (id, severity, fingerprint)
        }
    }

    /// Writes `session` again with `triage` (fingerprint → status, note) as its triage.
    static func setTriage(_ session: URL, _ triage: [String: (status: String, note: String)]) throws {
        var root = try object(Data(contentsOf: session))
        root["triage"] = triage.mapValues { ["status": $0.status, "note": $0.note, "setAt": "2026-01-01T00:00:00Z"] }
        try JSONSerialization.data(withJSONObject: root).write(to: session)
    }

    /// The JSON findings that carry a triage, as fingerprint → status.
    static func triagedInJSON(_ findings: [[String: Any]]) -> [String: String] {
        var result: [String: String] = [:]
        for finding in findings {
            guard let fingerprint = finding["fingerprint"] as? String,
                let triage = finding["triage"] as? [String: Any], let status = triage["status"] as? String
            else { continue }
            result[fingerprint] = status
        }
        return result
    }

    @Test(.disabled(if: binaryMissing, "linklab binary not built; run `swift build` first"))
    func anAndroidSessionsTriageIsPrintedCarriedAndCounted() throws {
        let out = try Self.folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let session = out.appendingPathComponent("apk.linklab")
        let scan = try LinkLabProcess.run(
            ["scan", Self.samples.appendingPathComponent("LinkLabSample.apk").path]
                + Self.androidArguments + ["--save", session.path])
        #expect(scan.exitCode == 0, "\(scan.stderr)")
        let untriaged = try LinkLabProcess.run(["report", session.path, "--fail-on", "high"])
        #expect(untriaged.exitCode == 1, "\(untriaged.stderr)")
        #expect(!untriaged.stdout.contains("Triaged:"))

        // Every high finding a false positive (with a note), and one other finding confirmed.
        let saved = try Self.savedFindings(session)
        let high = saved.filter { $0.severity == "high" }
        let other = try #require(saved.first { $0.severity != "high" })
        #expect(!high.isEmpty && high.allSatisfy { $0.id.hasPrefix("AND-") })
        var triage: [String: (status: String, note: String)] = [other.fingerprint: ("confirmed", "")]
        for finding in high { triage[finding.fingerprint] = ("false-positive", "staging only") }
        try Self.setTriage(session, triage)

        let markdown = out.appendingPathComponent("apk.md")
        let text = try LinkLabProcess.run(["report", session.path, "--fail-on", "high", "--report", markdown.path])
        #expect(text.exitCode == 0, "the false positives still tripped --fail-on: \(text.stderr)")
        let line = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("Triaged: ") })
        let entries = Set(line.dropFirst("Triaged: ".count).components(separatedBy: ", "))
        #expect(entries == Set(high.map { "\($0.id) false-positive" } + ["\(other.id) confirmed"]), "\(line)")

        let report = try String(contentsOf: markdown, encoding: .utf8)
        let triaged = try #require(report.components(separatedBy: "## Triaged").dropFirst().first)
        for finding in high {
            #expect(triaged.contains("| \(finding.id) |") && triaged.contains("| false-positive | staging only |"))
        }

        let json = try LinkLabProcess.run(["report", session.path, "--format", "json"])
        #expect(json.exitCode == 0, "\(json.stderr)")
        let root = try Self.object(json.stdoutData)
        let statuses = Self.triagedInJSON(try #require(root["findings"] as? [[String: Any]]))
        #expect(statuses == triage.mapValues(\.status))
        let counts = try #require(root["scan"] as? [String: Any])
        #expect(counts["suppressedFindings"] as? Int == high.count)
        #expect((counts["findingCounts"] as? [String: Int])?["high"] == 0)
    }

    @Test(.disabled(if: binaryMissing, "linklab binary not built; run `swift build` first"))
    func aSessionWithBothAppsPrintsTheTriageOfEitherPlatform() throws {
        let out = try Self.folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let session = out.appendingPathComponent("both.linklab")
        let scan = try LinkLabProcess.run(
            [
                "scan", Self.samples.appendingPathComponent("LinkLabSample.ipa").path,
                Self.samples.appendingPathComponent("LinkLabSample.apk").path,
                "--aasa", Self.samples.appendingPathComponent("aasa").path,
            ] + Self.androidArguments
                + ["--save", session.path])
        #expect(scan.exitCode == 0, "\(scan.stderr)")
        let saved = try Self.savedFindings(session)
        let android = try #require(saved.first { $0.id.hasPrefix("AND-") })
        let ios = try #require(saved.first { !$0.id.hasPrefix("AND-") && !$0.id.hasPrefix("XPL-") })
        try Self.setTriage(
            session,
            [
                android.fingerprint: ("accepted-risk", "client accepts"),
                ios.fingerprint: ("confirmed", ""),
            ])

        let markdown = out.appendingPathComponent("both.md")
        let text = try LinkLabProcess.run(["report", session.path, "--report", markdown.path])
        #expect(text.exitCode == 0, "\(text.stderr)")
        #expect(text.stdout.contains("XPL-001"))
        let line = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("Triaged: ") })
        #expect(
            Set(line.dropFirst("Triaged: ".count).components(separatedBy: ", "))
                == ["\(android.id) accepted-risk", "\(ios.id) confirmed"], "\(line)")
        let report = try String(contentsOf: markdown, encoding: .utf8)
        #expect(report.contains("| accepted-risk | client accepts |"))

        let json = try LinkLabProcess.run(["report", session.path, "--format", "json"])
        #expect(json.exitCode == 0, "\(json.stderr)")
        let root = try Self.object(json.stdoutData)
        let findings = try #require(root["findings"] as? [[String: Any]])
        #expect(Self.triagedInJSON(findings) == [android.fingerprint: "accepted-risk", ios.fingerprint: "confirmed"])
        // The two-platform scan document, as `scan --format json` prints it: no workbench keys.
        #expect(root["crossPlatform"] != nil && root["phase"] == nil && root["hosts"] == nil, "\(root.keys)")
    }
}
