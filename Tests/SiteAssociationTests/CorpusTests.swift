import Foundation
import TestSupport
import Testing

@testable import SiteAssociation

/// The 200 real association files of `../shared/corpus/aasa/wild`.
@Suite(
    .enabled(
        if: Fixtures.sharedURL("corpus/aasa/wild") != nil,
        "../shared/corpus/aasa/wild (kept beside the checkout, not in it) is absent, or LINKLAB_NO_SHARED=1 hides it"))
struct CorpusTests {
    static func corpusFiles() throws -> [URL] {
        guard let folder = Fixtures.sharedURL("corpus/aasa/wild") else { return [] }
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// The strict oracle: `Golden/corpus-strict-json.txt`, written by
    /// `Golden/make-strict-json-expectations.py` with Python's `json.loads` (NaN/Infinity and
    /// top-level scalars rejected, CMS bodies unwrapped by `openssl cms`). Linux Foundation's
    /// JSONSerialization cannot be the oracle: it accepts trailing commas, which Apple rejects.
    static func strictExpectations() throws -> [String: (kind: String, accepted: Bool)] {
        let list =
            Fixtures.repositoryRoot.appendingPathComponent("Tests/SiteAssociationTests/Golden/corpus-strict-json.txt")
        var result: [String: (kind: String, accepted: Bool)] = [:]
        for line in try String(contentsOf: list, encoding: .utf8).split(separator: "\n") {
            let fields = line.split(separator: "\t")
            guard fields.count == 3 else { continue }
            result[String(fields[0])] = (String(fields[1]), fields[2] == "accept")
        }
        return result
    }

    @Test func everyFileParsesAndDeviceAcceptanceMatchesAStrictParser() throws {
        let files = try Self.corpusFiles()
        let expectations = try Self.strictExpectations()
        #expect(files.count == 200)
        #expect(expectations.count == files.count)
        var mismatches: [String] = []
        for url in files {
            let name = url.lastPathComponent
            let parsed = AssociationDocument.parse(try Data(contentsOf: url))
            guard let expected = expectations[name] else {
                mismatches.append("\(name): no expectation (re-run make-strict-json-expectations.py)")
                continue
            }
            if parsed.isCMSSigned != (expected.kind == "cms") {
                mismatches.append("\(name): isCMSSigned \(parsed.isCMSSigned)")
            }
            if parsed.deviceAccepts != expected.accepted {
                mismatches.append("\(name): deviceAccepts \(parsed.deviceAccepts), strict parser \(expected.accepted)")
            }
            if let file = parsed.file {
                let matcher = AssociationMatcher(file: file, domain: "example.com")
                _ = matcher.decide(url: "https://example.com/")
                _ = matcher.decide(url: "https://example.com/a/b?c=d#e")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
    }

    @Test func linuxJSONSerializationIsNotAStrictOracle() {
        // Documents why the oracle is a committed list: this trailing comma is rejected by Apple.
        let lenient = (try? JSONSerialization.jsonObject(with: Data(#"{"a": [1,],}"#.utf8))) != nil
        let ours = document(#"{"a": [1,],}"#).deviceAccepts
        #expect(!ours)
        if lenient { print("note: this Foundation's JSONSerialization accepts trailing commas") }
    }

    @Test func invalidJSONFilesOfTheManifestAreRejected() throws {
        guard let manifest = Fixtures.sharedURL("corpus/aasa/wild/MANIFEST.tsv") else { return }
        let rows = try String(contentsOf: manifest, encoding: .utf8).split(separator: "\n").dropFirst().map {
            $0.split(separator: "\t", omittingEmptySubsequences: false)
        }
        let folder = manifest.deletingLastPathComponent()
        for row in rows where row.count > 5 && row[5] == "invalid-json" {
            let parsed = AssociationDocument.parse(try Data(contentsOf: folder.appendingPathComponent(String(row[0]))))
            #expect(!parsed.deviceAccepts, "\(row[0])")
            #expect(parsed.diagnostics.contains { $0.severity == "error" }, "\(row[0])")
        }
    }

    @Test func lintOfTheCorpusMatchesTheGoldenFile() throws {
        var lines: [String] = []
        for url in try Self.corpusFiles() {
            let parsed = AssociationDocument.parse(try Data(contentsOf: url))
            lines.append(
                """
                == \(url.lastPathComponent) deviceAccepts=\(parsed.deviceAccepts) cms=\(parsed.isCMSSigned) \
                apps=\(parsed.file?.applinksAppIDs.count ?? -1)
                """)
            for diagnostic in parsed.diagnostics {
                let position = diagnostic.line.map { "\($0):\(diagnostic.column ?? 0)" } ?? "-"
                lines.append(
                    """
                    \(position) \(diagnostic.severity) \(diagnostic.id) \(diagnostic.location) \(diagnostic.message)
                    """)
            }
        }
        let text = lines.joined(separator: "\n") + "\n"
        let golden = Fixtures.repositoryRoot.appendingPathComponent("Tests/SiteAssociationTests/Golden/corpus-lint.txt")
        if Fixtures.isRecordingGoldens {
            try Data(text.utf8).write(to: golden)
            return
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        if expected != text {
            let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let new = text.split(separator: "\n", omittingEmptySubsequences: false)
            let firstDifference = zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }
            Issue.record(
                """
                corpus lint differs from Golden/corpus-lint.txt (re-record with RECORD_GOLDEN=1 after review); first \
                difference at line \((firstDifference?.offset ?? min(old.count, new.count)) + 1):\n- \
                \(firstDifference?.element.0 ?? "")\n+ \(firstDifference?.element.1 ?? "")
                """)
        }
    }
}
