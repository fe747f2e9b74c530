import Foundation
import Testing
@testable import Findings

@Suite struct URLListTests {
    @Test func readsPrefixesCommentsAndBlankLines() throws {
        let text = "\u{FEFF}# header\n\nhttps://example.com/a\n! https://example.com/b#frag\n!https://example.com/c\n=  https://example.com/d\r\n   # indented comment\n"
        let entries = try URLList.parse(text)
        #expect(entries == [
            URLListEntry(url: "https://example.com/a", expectation: .none, line: 3),
            URLListEntry(url: "https://example.com/b#frag", expectation: .mustNotOpen, line: 4),
            URLListEntry(url: "https://example.com/c", expectation: .mustNotOpen, line: 5),
            URLListEntry(url: "https://example.com/d", expectation: .mustOpen, line: 6),
        ])
    }

    @Test func readsTheSampleList() throws {
        let entries = try URLList.parse(String(decoding: try Data(contentsOf: FactsFactory.sampleURL("urls.txt")), as: UTF8.self))
        #expect(entries.count == 17)
        #expect(entries.filter { $0.expectation == .mustNotOpen }.count == 9)
        #expect(!entries.contains { $0.expectation == .mustOpen })
    }

    @Test(arguments: ["example.com/a", "ftp://example.com/a", "https:///path", "! ", "https://example.com/a b", "myapp://open"])
    func rejectsWhatIsNotAURL(line: String) {
        #expect(throws: FindingsError.self) { try URLList.parse("https://ok.example/\n" + line) }
    }

    @Test func errorsNameTheLine() {
        #expect(throws: FindingsError.invalidURL(line: 2, text: "nope", reason: "not an absolute URL")) { try URLList.parse("https://a.example/\nnope") }
    }

    @Test func flagValuesUseTheSameSyntax() throws {
        #expect(try URLList.entry("! https://example.com/x") == URLListEntry(url: "https://example.com/x", expectation: .mustNotOpen))
        #expect(try URLList.entry("# not a URL") == nil)
    }

    @Test func capsLineLength() {
        #expect(throws: FindingsError.lineTooLong(line: 1, limit: URLList.maxLineLength)) {
            try URLList.parse("https://example.com/" + String(repeating: "a", count: URLList.maxLineLength))
        }
    }
}
