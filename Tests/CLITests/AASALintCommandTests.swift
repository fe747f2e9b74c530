import Foundation
import TestSupport
import Testing

/// End-to-end tests of `linklab aasa lint`, running the built binary.
@Suite(.enabled(if: LinkLabProcess.executableURL != nil, "linklab is not built: run swift build first"))
struct AASALintCommandTests {
    private func report(_ output: LinkLabProcess.Output) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any])
    }

    @Test func sampleFileIsValid() throws {
        let sample = Fixtures.repositoryRoot.appendingPathComponent("Samples/aasa/example.com.json").path
        let output = try LinkLabProcess.run(["aasa", "lint", sample, "--format", "json"])
        #expect(output.exitCode == 0)
        let document = try report(output)
        #expect(document["schemaVersion"] as? Int == 1)
        #expect(document["valid"] as? Bool == true)
        #expect(document["deviceAccepts"] as? Bool == true)
        #expect(document["diagnostics"] is [Any])
    }

    @Test func syntaxProblemsCarryIDsLinesAndColumns() throws {
        let output =
            try LinkLabProcess.run([
                "aasa", "lint", Fixtures.url("aasa/comments-and-trailing-commas.json").path,
                "--format", "json",
            ])
        #expect(output.exitCode == 0)
        let document = try report(output)
        #expect(document["valid"] as? Bool == false)
        #expect(document["deviceAccepts"] as? Bool == false)
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        let comma = try #require(diagnostics.first { $0["id"] as? String == "AASA-L004" })
        #expect(comma["severity"] as? String == "error")
        #expect(comma["line"] as? Int == 7)
        #expect(comma["column"] as? Int == 48)
        #expect(comma["location"] as? String == "")
        #expect(comma["relatedFinding"] as? String == "AASA-021")
        #expect(diagnostics.allSatisfy { $0["message"] is String && $0["location"] is String })
    }

    @Test func standardInputIsRead() throws {
        let output =
            try LinkLabProcess.run(
                ["aasa", "lint", "-", "--format", "json"],
                stdin: Data(
                    #"""
                    {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": \#
                    "*"}]}]}}
                    """#.utf8))
        let diagnostics = try #require(try report(output)["diagnostics"] as? [[String: Any]])
        #expect(
            diagnostics.contains {
                $0["id"] as? String == "AASA-L025" && $0["location"] as? String == "/applinks/details/0/components/0"
            })
    }

    @Test func cmsSignedFileIsUnwrapped() throws {
        let output =
            try LinkLabProcess.run([
                "aasa", "lint", Fixtures.url("aasa/cms-signed-indefinite-length.p7").path,
                "--format", "json",
            ])
        let document = try report(output)
        #expect(document["cmsSigned"] as? Bool == true)
        #expect(document["deviceAccepts"] as? Bool == true)
    }

    @Test func textOutputSummarisesAndListsDiagnostics() throws {
        let output = try LinkLabProcess.run(["aasa", "lint", Fixtures.url("aasa/lenient-traps.json").path])
        #expect(output.exitCode == 0)
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.first?.contains("a device accepts this file") == true)
        #expect(lines.contains { $0.contains("AASA-L014") && $0.contains("/applinks/details/0/components/0/exclude") })
        #expect(!output.stdout.contains("\u{1B}["))
    }

    @Test func htmlBodyIsReportedNotRefused() throws {
        let output =
            try LinkLabProcess.run(
                ["aasa", "lint", "-", "--format", "json"],
                stdin: Data("<!DOCTYPE html><html></html>".utf8))
        #expect(output.exitCode == 0)
        let document = try report(output)
        #expect(document["valid"] as? Bool == false)
        #expect((document["diagnostics"] as? [[String: Any]])?.first?["id"] as? String == "AASA-L006")
    }

    @Test func missingFileExitsThreeWithOneLine() throws {
        let output = try LinkLabProcess.run(["aasa", "lint", "/nonexistent/file.json"])
        #expect(output.exitCode == 3)
        #expect(output.stderr == "linklab: /nonexistent/file.json: no such file\n")
        #expect(output.stdout.isEmpty)
    }
}
