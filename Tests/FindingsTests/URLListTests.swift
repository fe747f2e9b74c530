import Foundation
import Testing

@testable import Findings

@Suite struct URLListTests {
    @Test func readsPrefixesCommentsAndBlankLines() throws {
        let text = """
            \u{FEFF}# header\n\nhttps://example.com/a\n! https://example.com/b#frag\n!https://example.com/c\n=  \
            https://example.com/d\r\n   # indented comment\n
            """
        let entries = try URLList.parse(text)
        #expect(
            entries == [
                URLListEntry(url: "https://example.com/a", expectation: .none, line: 3),
                URLListEntry(url: "https://example.com/b#frag", expectation: .mustNotOpen, line: 4),
                URLListEntry(url: "https://example.com/c", expectation: .mustNotOpen, line: 5),
                URLListEntry(url: "https://example.com/d", expectation: .mustOpen, line: 6),
            ])
    }

    @Test func readsTheSampleList() throws {
        let entries =
            try URLList.parse(String(decoding: try Data(contentsOf: FactsFactory.sampleURL("urls.txt")), as: UTF8.self))
        #expect(entries.count == 18)
        #expect(entries.filter { $0.expectation == .mustNotOpen }.count == 9)
        #expect(!entries.contains { $0.expectation == .mustOpen })
    }

    @Test(arguments: [
        "example.com/a", "ftp://example.com/a", "https:///path", "! ", "https://example.com/a b",
        "myapp://open",
    ])
    func rejectsWhatIsNotAURL(line: String) {
        #expect(throws: FindingsError.self) { try URLList.parse("https://ok.example/\n" + line) }
    }

    @Test func errorsNameTheLine() {
        #expect(throws: FindingsError.invalidURL(line: 2, text: "nope", reason: "not an absolute URL")) {
            try URLList.parse("https://a.example/\nnope")
        }
    }

    @Test func flagValuesUseTheSameSyntax() throws {
        #expect(
            try URLList.entry("! https://example.com/x")
                == URLListEntry(
                    url: "https://example.com/x",
                    expectation: .mustNotOpen))
        #expect(try URLList.entry("# not a URL") == nil)
    }

    @Test func capsLineLength() {
        #expect(throws: FindingsError.lineTooLong(line: 1, limit: URLList.maxLineLength)) {
            try URLList.parse("https://example.com/" + String(repeating: "a", count: URLList.maxLineLength))
        }
    }
}

/// One reader for every platform's lists: what each `URLSchemes` takes and refuses.
@Suite struct URLSchemesTests {
    @Test func eachSchemeChoiceTakesWhatItsPlatformDecides() throws {
        // iOS: http(s) with a host only.
        #expect(throws: FindingsError.self) { try URLList.entry("shop://reset", schemes: .web) }
        #expect(try URLList.entry("!https://a.example/x", schemes: .web)?.expectation == .mustNotOpen)
        // Android alone: any scheme, spaces kept, http(s) as Uri.parse reads it.
        #expect(try URLList.entry("=shop://re set", schemes: .any)?.url == "shop://re set")
        #expect(try URLList.entry("https:x", schemes: .any)?.url == "https:x")
        #expect(throws: FindingsError.self) { try URLList.entry("no scheme", schemes: .any) }
        // Both platforms: a custom scheme as Android reads it, http(s) with the iOS checks.
        #expect(try URLList.entry("shop://reset", schemes: .webOrCustom)?.url == "shop://reset")
        #expect(throws: FindingsError.self) { try URLList.entry("https:x", schemes: .webOrCustom) }
        #expect(throws: FindingsError.self) { try URLList.entry("https://a.example/a b", schemes: .webOrCustom) }
        // Written back as a list line.
        let list = "\u{FEFF}# c\n!shop://a\n=https://b.example/\nhttps://c.example/"
        let entries = try URLList.parse(list, schemes: .any)
        #expect(entries.map(URLList.line) == ["!shop://a", "=https://b.example/", "https://c.example/"])
        #expect(entries.map(\.line) == [2, 3, 4])
    }

    @Test func theTolerantReaderKeepsEachBadLineInPlace() {
        let lines = URLListLine.lines(of: "https://a.example/\nnot a url\nshop://x", schemes: .web)
        #expect(lines.count == 3)
        if case .invalid(let text, let line, let problem) = lines[1] {
            #expect(text == "not a url" && line == 2 && problem.hasPrefix("not a URL: "))
        } else {
            Issue.record("line 2 should be invalid: \(lines[1])")
        }
        if case .invalid = lines[2] {} else { Issue.record("a custom scheme is no iOS URL: \(lines[2])") }
    }

    @Test func aPathLineIsAPathOnThePathDomainOnlyWhenOneIsGiven() throws {
        let path = try #require(try URLList.entry("= /buy/1", line: 4, pathDomain: "Example.com"))
        #expect(path == URLListEntry(url: "/buy/1", expectation: .mustOpen, line: 4))
        #expect(path.hostAndPort.host == "example.com" && path.hostAndPort.port == nil)
        #expect(try URLList.entry("https://a.example/x", pathDomain: "example.com")?.url == "https://a.example/x")
        #expect(throws: FindingsError.self) { try URLList.entry("/buy/1") }
        #expect(throws: FindingsError.self) { try URLList.entry("/buy/a b", pathDomain: "example.com") }
        let lines = URLListLine.lines(of: "/a\n!/b\nb/c", schemes: .web, pathDomain: "example.com")
        try #require(lines.count == 3)
        #expect(lines.first == .entry(URLListEntry(url: "/a", line: 1)))
        #expect(lines[1] == .entry(URLListEntry(url: "/b", expectation: .mustNotOpen, line: 2)))
        if case .invalid(let text, 3, _) = lines[2] { #expect(text == "b/c") } else { Issue.record("\(lines)") }
    }

    /// A list read piece by piece as it arrives (cut at line feeds, a `\r` before one left off,
    /// as `match` reads a file) gives the lines, numbers and errors of the whole text read at once.
    @Test func aListReadInPiecesIsTheWholeListRead() {
        let text =
            "\u{FEFF}# c\r\n=https://a.example/\r\n\nnope\rhttps://b.example/\u{2028}!shop://c\n\nhttps://d.example/"
        for schemes in [URLSchemes.web, .any, .webOrCustom] {
            var reader = URLListReader(schemes: schemes)
            let pieces = text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { piece in
                reader.read(piece.hasSuffix("\r") ? piece.dropLast() : piece)
            }
            #expect(pieces == URLListLine.lines(of: text, schemes: schemes))
            #expect(pieces.count == 5)
            #expect(reader.lineCount == 8)
        }
        var reader = URLListReader()
        #expect(reader.read(argument: "https://a.example/") == .entry(URLListEntry(url: "https://a.example/")))
        #expect(reader.read(argument: " # comment") == nil)
        #expect(reader.read("https://a.example/\n") == [.entry(URLListEntry(url: "https://a.example/", line: 1))])
        let tooLong = "the line is longer than \(URLList.maxLineLength) bytes"
        #expect(reader.readTooLong() == .invalid(text: "", line: 3, problem: tooLong))
        let long = "https://a.example/" + String(repeating: "a", count: URLList.maxLineLength)
        #expect(reader.read(long) == [.invalid(text: String(long.prefix(80)), line: 4, problem: tooLong)])
    }
}
