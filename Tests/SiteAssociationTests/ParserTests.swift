import Foundation
import TestSupport
import Testing

@testable import SiteAssociation

@Suite struct ParserTests {
    private func ids(_ parsed: AssociationDocument) -> [String] { parsed.diagnostics.map(\.id) }

    @Test func strictJSONIsAcceptedWithoutSyntaxDiagnostics() throws {
        let parsed = document(appleExample)
        #expect(parsed.deviceAccepts)
        #expect(!parsed.isCMSSigned)
        let file = try #require(parsed.file)
        #expect(file.applinksAppIDs == [appA, appB])
        #expect(!ids(parsed).contains("AASA-L001"))
    }

    @Test func byteOrderMarkIsReadButRejectedForDevices() throws {
        let parsed = AssociationDocument.parse(try Fixtures.data("aasa/bom.json"))
        #expect(!parsed.deviceAccepts)
        #expect(parsed.file?.applinksAppIDs == [appA])
        let bom = try #require(parsed.diagnostics.first { $0.id == "AASA-L002" })
        #expect(bom.severity == "error")
        #expect(bom.line == 1 && bom.column == 1)
    }

    @Test func commentsAndTrailingCommasAreReadAndFlaggedWithPositions() throws {
        let parsed = AssociationDocument.parse(try Fixtures.data("aasa/comments-and-trailing-commas.json"))
        #expect(!parsed.deviceAccepts)
        #expect(parsed.file?.applinksAppIDs == [appA])
        let comments = parsed.diagnostics.filter { $0.id == "AASA-L003" }
        #expect(comments.map { $0.line ?? 0 } == [2, 8])
        #expect(comments.first?.column == 3)
        let commas = parsed.diagnostics.filter { $0.id == "AASA-L004" }
        #expect(commas.map { $0.line ?? 0 } == [7, 9])
        #expect(commas.first?.column == 48)
    }

    static let syntaxCases: [(String, String, Bool)] = [
        ("missing comma", #"{"applinks": {"details": [] "apps": []}}"#, true),
        ("unquoted key", #"{applinks: {"details": []}}"#, true),
        ("single quotes", #"{'applinks': {"details": []}}"#, true),
        ("typographic quotes", "{\u{201C}applinks\u{201D}: {\"details\": []}}", true),
        ("NBSP indentation", "{\u{00A0}\"applinks\": {\"details\": []}}", true),
        ("NaN", #"{"applinks": {"details": [], "x": NaN}}"#, true),
        ("leading zero", #"{"applinks": {"details": [], "x": 01}}"#, true),
        ("raw tab inside a string", "{\"applinks\": {\"details\": [], \"x\": \"a\tb\"}}", true),
        ("invalid escape", #"{"applinks": {"details": [], "x": "\q"}}"#, true),
        ("unterminated object", #"{"applinks": {"details": []}"#, true),
        ("text after the value", #"{"applinks": {"details": []}} extra"#, true),
        ("front matter before JSON", "---\nlayout: null\n---\n{\"applinks\": {\"details\": []}}", true),
    ]

    @Test(arguments: syntaxCases)
    func syntaxMistakesAreToleratedButNotDeviceAccepted(label: String, json: String, readsApplinks: Bool) {
        let parsed = document(json)
        #expect(!parsed.deviceAccepts, "\(label)")
        #expect(
            parsed.diagnostics.contains { $0.id == "AASA-L001" && $0.line != nil },
            "\(label): \(parsed.diagnostics)")
        #expect((parsed.file?.applinks != nil) == readsApplinks, "\(label)")
    }

    @Test func syntaxErrorReportsLineAndColumnInCharacters() throws {
        let parsed = document("{\n  \"é\": 1\n  \"b\": 2\n}")
        let error = try #require(parsed.diagnostics.first { $0.id == "AASA-L001" })
        #expect(error.line == 3)
        #expect(error.column == 3)
    }

    @Test func duplicateKeysAreAWarningAndTheLastWins() throws {
        let parsed = document(
            #"""
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.one"], "paths": ["*"]}]}, "applinks": \#
            {"details": [{"appIDs": ["ABCDE12345.com.example.two"], "paths": ["*"]}]}}
            """#)
        #expect(parsed.deviceAccepts)
        #expect(parsed.diagnostics.contains { $0.id == "AASA-L005" && $0.severity == "warning" })
        #expect(parsed.file?.applinksAppIDs == ["ABCDE12345.com.example.two"])
    }

    static let notJSON: [(String, String)] = [
        ("empty", ""),
        ("whitespace", "\n  \n"),
        ("HTML", "<!DOCTYPE html><html><body>Not Found</body></html>"),
        ("RTF", #"{\rtf1\ansi\ansicpg1252 {"applinks": {}}}"#),
    ]

    @Test(arguments: notJSON)
    func bodiesThatAreNotJSONGiveNoFile(label: String, body: String) {
        let parsed = document(body)
        #expect(parsed.file == nil, "\(label)")
        #expect(!parsed.deviceAccepts)
        #expect(parsed.diagnostics.contains { $0.id == "AASA-L006" }, "\(label)")
    }

    @Test func plainTextIsNotJSON() {
        let parsed = document("jeff\n")
        #expect(parsed.file == nil)
        #expect(!parsed.deviceAccepts)
        #expect(parsed.diagnostics.map(\.id) == ["AASA-L006"], "one error for one bare word")
    }

    @Test func topLevelArrayIsStrictJSONButNotAFile() {
        let parsed = document("[1, 2]")
        #expect(parsed.deviceAccepts)
        #expect(parsed.file == nil)
        #expect(parsed.diagnostics.contains { $0.id == "AASA-L010" })
    }

    @Test func topLevelScalarIsRejectedLikeJSONSerialization() {
        let parsed = document("\"applinks\"")
        #expect(!parsed.deviceAccepts)
        #expect(parsed.file == nil)
    }

    @Test func invalidUTF8IsReported() {
        var bytes = Array(#"{"applinks": {"details": [], "x": "a"#.utf8)
        bytes += [0xFF, 0xFE]
        bytes += Array(#""}}"#.utf8)
        let parsed = AssociationDocument.parse(Data(bytes))
        #expect(!parsed.deviceAccepts)
        #expect(parsed.diagnostics.contains { $0.id == "AASA-L001" && $0.message.contains("UTF-8") })
    }

    @Test func deepNestingStopsAtTheCapWithoutCrashing() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let parsed = document(deep)
        #expect(parsed.file == nil)
        #expect(!parsed.deviceAccepts)
        #expect(parsed.diagnostics.contains { $0.id == "AASA-L032" })
        let moderate = "{\"x\": " + String(repeating: "[", count: 200) + String(repeating: "]", count: 200) + "}"
        #expect(document(moderate).deviceAccepts)
    }

    @Test func filesOverTheSizeLimitAreFlaggedAndDecideNothing() throws {
        let padding = String(repeating: " ", count: 131_073)
        let parsed = document(componentsFile(##"[{"/": "*"}]"##) + padding)
        #expect(parsed.exceedsSizeLimit)
        #expect(parsed.diagnostics.contains { $0.id == "AASA-L009" && $0.relatedFinding == "AASA-006" })
        #expect(parsed.deviceAccepts)
        let verdict =
            AssociationMatcher(document: parsed, domain: "example.com").decide(
                url: "https://example.com/a",
                appID: appA)
        #expect(verdict.decision == .noMatch)
        #expect(verdict.trace.contains { $0.contains("128 KiB") && $0.contains("would give match") })
    }

    @Test func deviceRejectedFilesDecideNoMatchAndShowTheTolerantReading() throws {
        let parsed = AssociationDocument.parse(try Fixtures.data("aasa/comments-and-trailing-commas.json"))
        let verdict =
            AssociationMatcher(document: parsed, domain: "example.com").decide(
                url: "https://example.com/a/1",
                appID: appA)
        #expect(verdict.decision == .noMatch)
        #expect(verdict.trace.last?.contains("tolerant reading would give match") == true)
    }

    @Test(arguments: ["aasa/cms-signed-definite-length.p7", "aasa/cms-signed-indefinite-length.p7"])
    func cmsSignedBodiesAreUnwrapped(fixture: String) throws {
        let parsed = AssociationDocument.parse(try Fixtures.data(fixture))
        #expect(parsed.isCMSSigned)
        #expect(parsed.deviceAccepts)
        #expect(parsed.diagnostics.contains { $0.id == "AASA-L007" && $0.message.contains("not verified") })
        let file = try #require(parsed.file)
        let matcher = AssociationMatcher(file: file, domain: "example.com")
        #expect(
            matcher.decide(
                url: "https://example.com/signed/x",
                appID: "ABCDE12345.com.example.signed"
            ).decision == .match)
        #expect(
            matcher.decide(
                url: "https://example.com/signed/private/x",
                appID: "ABCDE12345.com.example.signed"
            ).decision == .match)
    }

    @Test func truncatedCMSIsReportedNotCrashed() throws {
        let bytes = try Fixtures.data("aasa/cms-signed-definite-length.p7")
        for length in stride(from: 0, to: bytes.count, by: 7) {
            let parsed = AssociationDocument.parse(bytes.prefix(length))
            if parsed.isCMSSigned {
                #expect(parsed.file == nil || parsed.diagnostics.contains { $0.id == "AASA-L007" })
            }
        }
        let cut = AssociationDocument.parse(bytes.prefix(200))
        #expect(cut.isCMSSigned)
        #expect(cut.diagnostics.contains { $0.id == "AASA-L008" })
    }

    @Test func randomAndMutatedBytesNeverCrash() throws {
        var generator = SeededGenerator(seed: 0xA5A5)
        let seeds =
            [
                Data(appleExample.utf8), try Fixtures.data("aasa/cms-signed-indefinite-length.p7"),
                try Fixtures.data("aasa/lenient-traps.json"),
            ]
        for round in 0..<1500 {
            var bytes = [UInt8](seeds[round % seeds.count])
            for _ in 0..<(1 + Int(generator.next() % 8)) {
                let index = Int(generator.next() % UInt64(max(1, bytes.count)))
                switch generator.next() % 3 {
                case 0: if index < bytes.count { bytes[index] = UInt8(truncatingIfNeeded: generator.next()) }
                case 1: if index < bytes.count { bytes.remove(at: index) }
                default: bytes.insert(UInt8(truncatingIfNeeded: generator.next()), at: min(index, bytes.count))
                }
            }
            let parsed = AssociationDocument.parse(Data(bytes))
            // Read, or refused with at least one diagnostic that says why.
            #expect(parsed.file != nil || !parsed.diagnostics.isEmpty, "round \(round): no file and no reason")
            if let file = parsed.file {
                let matcher = AssociationMatcher(file: file, domain: "example.com")
                for verdict in matcher.decide(url: "https://example.com/help/1?articleNumber=1234#x") {
                    #expect(verdict.trace.last?.hasPrefix("decision: ") == true, "round \(round): \(verdict.trace)")
                }
            }
        }
    }
}
