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
}
