import Foundation
import TestSupport
import Testing

/// End-to-end tests of `linklab match`, running the built binary.
@Suite(.enabled(if: LinkLabProcess.executableURL != nil, "linklab is not built: run swift build first"))
final class MatchCommandTests {
    static let sample = Fixtures.repositoryRoot.appendingPathComponent("Samples/aasa/example.com.json").path

    /// This test's temporary folder, deleted when the test is done (`deinit`).
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linklab-match-\(UUID().uuidString)")

    deinit { try? FileManager.default.removeItem(at: folder) }

    private func temporaryFile(_ text: String, name: String = "aasa.json") throws -> String {
        let subfolder = folder.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: subfolder, withIntermediateDirectories: true)
        let url = subfolder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private func json(_ output: LinkLabProcess.Output) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: output.stdoutData)
        return try #require(object as? [String: Any])
    }

    /// `results[0].apps` as (appID → (decision, detail, rule)).
    private func verdicts(_ output: LinkLabProcess.Output) throws -> [String: (String, Int?, Int?)] {
        let document = try json(output)
        let results = try #require(document["results"] as? [[String: Any]])
        let apps = try #require(results.first?["apps"] as? [[String: Any]])
        var table: [String: (String, Int?, Int?)] = [:]
        for app in apps {
            let appID = try #require(app["appID"] as? String)
            table[appID] = ((app["decision"] as? String) ?? "?", app["detail"] as? Int, app["rule"] as? Int)
        }
        return table
    }

    static let appleExamples: [(String, String, Int?)] = [
        ("https://example.com/buy/42", "match", 1),
        ("https://example.com/buy/42#no_universal_links", "exclude", 0),
        ("https://example.com/help/website/faq?articleNumber=4815", "exclude", 2),
        ("https://example.com/help/123?articleNumber=4815", "match", 3),
        ("https://example.com/help/123?articleNumber=481", "no_match", nil),
        ("https://example.com/help/123?articleNumber=48159", "no_match", nil),
        ("https://example.com/help/123", "no_match", nil),
    ]

    @Test(arguments: appleExamples)
    func appleExampleRuleListThroughTheCommandLine(url: String, decision: String, rule: Int?) throws {
        let output = try LinkLabProcess.run(["match", "--aasa", Self.sample, url, "--format", "json"])
        #expect(output.exitCode == 0, "\(output.stderr)")
        let table = try verdicts(output)
        for app in ["ABCDE12345.com.example.app", "ABCDE12345.com.example.app2"] {
            let verdict = try #require(table[app])
            #expect(verdict.0 == decision, "\(url) \(app)")
            #expect(verdict.2 == rule)
            #expect(verdict.1 == (rule == nil ? nil : 0))
        }
    }

    @Test func unlistedAppIsNoMatchAndAppIDFilterKeepsOrder() throws {
        let output =
            try LinkLabProcess.run([
                "match", "--aasa", Self.sample, "--app-id", "ZZZZZ99999.com.other", "--app-id",
                "ABCDE12345.com.example.app", "https://example.com/buy/42", "--format", "json",
            ])
        let document = try json(output)
        let apps = try #require((document["results"] as? [[String: Any]])?.first?["apps"] as? [[String: Any]])
        #expect(apps.map { $0["appID"] as? String } == ["ZZZZZ99999.com.other", "ABCDE12345.com.example.app"])
        #expect(apps.map { $0["decision"] as? String } == ["no_match", "match"])
        #expect(apps[0]["detail"] is NSNull)
        #expect(apps[0]["rule"] is NSNull)
        #expect(document["schemaVersion"] as? Int == 1)
    }

    @Test(arguments: [
        ("https://example.com/en_US/pizza/", "match"),
        ("https://example.com/en_US/tacos/", "no_match"),
        ("https://example.com/qq_ZZ/pizza/", "no_match"),
        ("https://example.com/en_US/$(food)/", "no_match"),
    ])
    func substitutionExampleThroughTheCommandLine(url: String, decision: String) throws {
        let path = try temporaryFile(
            #"""
            {"applinks": {"substitutionVariables": {"food": ["burrito", "pizza", "sushi", "samosa"]}, "details": \#
            [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/$(lang)_$(region)/$(food)/"}]}]}}
            """#)
        let output = try LinkLabProcess.run(["match", "--aasa", path, url, "--format", "json"])
        #expect(try verdicts(output)["ABCDE12345.com.example.app"]?.0 == decision)
    }

    @Test(arguments: [
        ("https://example.com/abc?def", "match"),
        ("https://example.com/abc", "no_match"),
        ("https://example.com/?def", "no_match"),
    ])
    func pathQueryFragmentExampleThroughTheCommandLine(url: String, decision: String) throws {
        let path = try temporaryFile(
            ##"""
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/abc", "?": \##
            "def", "#": "*"}]}]}}
            """##)
        let output = try LinkLabProcess.run(["match", "--aasa", path, url, "--format", "json"])
        #expect(try verdicts(output)["ABCDE12345.com.example.app"]?.0 == decision)
    }

    @Test(arguments: [
        ("/wwdc/internal/notes", "exclude"),
        ("/wwdc/2015", "match"),
        ("/other", "no_match"),
    ])
    func legacyExampleWithPathsOnTheDomain(path: String, decision: String) throws {
        let output =
            try LinkLabProcess.run([
                "match", "--aasa", Self.sample, "--domain", "example.com", path, "--format",
                "json",
            ])
        #expect(try verdicts(output)["ABCDE12345.com.example.legacy"]?.0 == decision)
    }

    @Test func domainDefaultsToTheURLHostAndSaysSo() throws {
        let output =
            try LinkLabProcess.run([
                "match", "--aasa", Self.sample, "https://www.example.com/buy/42", "--domain",
                "example.com", "--format", "json",
            ])
        #expect(try verdicts(output)["ABCDE12345.com.example.app"]?.0 == "no_match")
        let implicit = try LinkLabProcess.run(["match", "--aasa", Self.sample, "https://example.com/buy/42"])
        #expect(implicit.stdout.contains("taken from the URL's host"))
    }

    // spec §10: a file reached through a wildcard entitlement decides subdomain URLs only
    // when --domain says so; an exact domain never covers them and the trace says why.
    @Test func wildcardDomainCoversSubdomainsAndExactDomainExplainsWhyNot() throws {
        let wildcard =
            try LinkLabProcess.run([
                "match", "--aasa", Self.sample, "--domain", "*.example.com",
                "https://shop.example.com/buy/42", "--format", "json",
            ])
        #expect(wildcard.exitCode == 0, "\(wildcard.stderr)")
        #expect(try verdicts(wildcard)["ABCDE12345.com.example.app"]?.0 == "match")
        let exact =
            try LinkLabProcess.run([
                "match", "--aasa", Self.sample, "--domain", "example.com",
                "https://shop.example.com/buy/42", "--format", "json",
            ])
        #expect(try verdicts(exact)["ABCDE12345.com.example.app"]?.0 == "no_match")
        #expect(exact.stdout.contains("input domain did not match"))
        #expect(exact.stdout.contains("*.example.com"), "the trace must name the wildcard domain: \(exact.stdout)")
        let lookalike =
            try LinkLabProcess.run([
                "match", "--aasa", Self.sample, "--domain", "*.example.com",
                "https://shopexample.com/buy/42", "--format", "json",
            ])
        #expect(try verdicts(lookalike)["ABCDE12345.com.example.app"]?.0 == "no_match")
    }

    // Hostile URL strings: no crash, one entry each, in order; a string that is not a URL is an
    // error entry (exit 3 at the end), a URL that is one is decided no_match with a reason.
    @Test func hostileURLsGetAnEntryEachAndNonURLsAreErrors() throws {
        let urls =
            [
                "https://", "https://example.com:99999/buy/42", "https://[::1", "javascript:alert(1)",
                "https://example.com@evil.com/buy/42", "https://exa mple.com/buy/42", "https://example.com./buy/42",
            ]
        let output =
            try LinkLabProcess.run(
                ["match", "--aasa", Self.sample, "--domain", "example.com", "--format", "json"] + urls)
        #expect(output.exitCode == 3, "\(output.stderr)")
        #expect(output.stderr.contains("not a URL"))
        let results = try #require(try json(output)["results"] as? [[String: Any]])
        #expect(results.count == urls.count)
        #expect(results.map { $0["url"] as? String } == urls)
        for result in results {
            if let error = result["error"] as? String {
                #expect(error.hasPrefix("not a URL"), "\(error)")
                #expect((result["apps"] as? [Any])?.isEmpty == true)
                continue
            }
            let apps = try #require(result["apps"] as? [[String: Any]])
            for app in apps {
                #expect(app["decision"] as? String == "no_match", "\(result["url"] ?? "")")
                let trace = try #require(app["trace"] as? [String])
                #expect(trace.last?.hasPrefix("decision: no_match —") == true, "\(trace)")
            }
        }
        let errors = results.filter { $0["error"] != nil }.compactMap { $0["url"] as? String }
        #expect(
            errors.contains("javascript:alert(1)") && errors.contains("https://exa mple.com/buy/42")
                && errors.contains("https://"))
    }

    @Test func textOutputIsAlignedAndUncolouredWithNoColor() throws {
        let output = try LinkLabProcess.run(["match", "--aasa", Self.sample, "https://example.com/buy/42"])
        #expect(output.exitCode == 0)
        #expect(!output.stdout.contains("\u{1B}["))
        let verdictLines = output.stdout.split(separator: "\n").filter { $0.hasPrefix("  ABCDE") }
        #expect(verdictLines.count == 3)
        let columns = Set(
            verdictLines.map { line -> Int in
                let afterIndent = line.dropFirst(2)
                let appID = afterIndent.prefix { $0 != " " }
                let spaces = afterIndent.dropFirst(appID.count).prefix { $0 == " " }
                return 2 + appID.count + spaces.count
            })
        #expect(columns.count == 1, "decision column is not aligned:\n\(verdictLines.joined(separator: "\n"))")
        #expect(!output.stdout.contains("→ MATCH"), "traces only with --trace: \(output.stdout)")
        let traced = try LinkLabProcess.run(["match", "--aasa", Self.sample, "https://example.com/buy/42", "--trace"])
        #expect(traced.stdout.contains("rule 1 {\"/\":\"/buy/*\"}: path \"/buy/*\" matches \"/buy/42/\" → MATCH"))
    }

    @Test func urlsFromAFileAndFromStandardInput() throws {
        let list =
            try temporaryFile(
                "# tester's list\nhttps://example.com/buy/1\n\nhttps://example.com/help/website/x\n",
                name: "urls.txt")
        let fromFile = try LinkLabProcess.run(["match", "--aasa", Self.sample, "--urls", list, "--format", "json"])
        let results = try #require(try json(fromFile)["results"] as? [[String: Any]])
        #expect(
            results.map { $0["url"] as? String } == [
                "https://example.com/buy/1",
                "https://example.com/help/website/x",
            ])
        let fromStdin =
            try LinkLabProcess.run(
                ["match", "--aasa", Self.sample, "--urls", "-", "--format", "json"],
                stdin: Data("https://example.com/buy/2\n".utf8))
        #expect((try json(fromStdin)["results"] as? [[String: Any]])?.count == 1)
    }

    @Test func unreadableFilesExitThreeWithOneLine() throws {
        let missing = try LinkLabProcess.run(["match", "--aasa", "/nonexistent/aasa.json", "https://example.com/"])
        #expect(missing.exitCode == 3)
        #expect(missing.stderr.split(separator: "\n").count == 1)
        #expect(missing.stderr.contains("/nonexistent/aasa.json"))
        let html = try temporaryFile("<!DOCTYPE html><html><body>404</body></html>")
        let notAFile = try LinkLabProcess.run(["match", "--aasa", html, "https://example.com/"])
        #expect(notAFile.exitCode == 3)
        #expect(notAFile.stderr.contains("HTML"))
        #expect(!notAFile.diedFromSignal)
    }

    @Test func usageErrorsExitTwo() throws {
        #expect(try LinkLabProcess.run(["match", "--aasa", Self.sample]).exitCode == 2)
        #expect(try LinkLabProcess.run(["match", "https://example.com/"]).exitCode == 2)
        #expect(try LinkLabProcess.run(["match", "--batch", "--aasa", Self.sample]).exitCode == 2)
    }

    @Test func deviceRejectedFileWarnsAndDecidesNoMatch() throws {
        let path = try temporaryFile(
            #"""
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "*"},]}]}}
            """#)
        let output = try LinkLabProcess.run(["match", "--aasa", path, "https://example.com/x", "--format", "json"])
        #expect(output.exitCode == 0)
        #expect(output.stderr.contains("a device rejects this file"))
        #expect(try verdicts(output)["ABCDE12345.com.example.app"]?.0 == "no_match")
    }

    @Test func batchAnswersEveryLineInOrderAndSurvivesBadLines() throws {
        let file = ##"""
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"#": \##
            "no_universal_links", "exclude": true}, {"/": "/buy/*"}]}]}}
            """##
        let lines = [
            #"""
            {"id": 1, "aasa": \#(file), "domain": "example.com", "appId": "ABCDE12345.com.example.app", "url": \#
            "https://example.com/buy/42"}
            """#,
            #"""
            {"id": "two", "aasa": \#(file), "domain": "example.com", "appId": "ABCDE12345.com.example.app", \#
            "url": "https://example.com/buy/42#no_universal_links"}
            """#,
            #"this is not json"#,
            #"""
            {"id": {"k": [1, 2]}, "aasa": \#(file), "appId": "ABCDE12345.com.example.app", "url": \#
            "https://example.com/sell"}
            """#,
            #"{"id": 5, "aasa": \#(file), "domain": "example.com", "url": "https://example.com/buy/1"}"#,
            #"""
            {"id": 6, "aasa": "{\"applinks\": {\"details\": [{\"appIDs\": [\"A\"], \"paths\": [\"*\"],}]}}", \#
            "domain": "example.com", "appId": "A", "url": "https://example.com/x"}
            """#,
            #"""
            {"id": 7, "aasa": \#(file), "domain": "example.com", "appId": "ABCDE12345.com.example.app", "url": \#
            "https://other.com/buy/42"}
            """#,
        ]
        let output =
            try LinkLabProcess.run(["match", "--batch"], stdin: Data((lines.joined(separator: "\n") + "\n").utf8))
        #expect(output.exitCode == 0)
        let answers = output.stdout.split(separator: "\n").map(String.init)
        #expect(
            answers == [
                #"{"decision":"match","id":1}"#,
                #"{"decision":"exclude","id":"two"}"#,
                answers[safe: 2] ?? "",
                #"{"decision":"no_match","id":{"k":[1,2]}}"#,
                #"{"error":"\"appId\" must be a string","id":5}"#,
                #"{"decision":"no_match","id":6}"#,
                #"{"decision":"no_match","id":7}"#,
            ])
        #expect(answers[safe: 2]?.hasPrefix(#"{"error":"#) == true)
        #expect(answers[safe: 2]?.hasSuffix(#""id":null}"#) == true)
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
