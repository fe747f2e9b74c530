import Foundation
import SiteAssociation
import TestSupport
import Testing

@testable import Reports
@testable import Workbench

/// The sample PDFs fit their page budgets (issue 26, item 5), made exactly as `Samples/README.md`
/// shows (the built `linklab` binary, run from the repository root). Both counts are printed.
/// Issue 26 set 24 pages for the iOS sample and 32 for the two-platform one; issue 29's larger
/// sample (79 findings with both apps) took them to 26 and 39. The PDF is back within issue 26's
/// budgets with nothing left out (21 and 32 pages when these budgets were set): the findings of
/// one rule share a card (explanation, remediation and references once, then each finding's
/// subject, own sentences and evidence), the overview has one row per rule, the URL tables say
/// once what an app gets in most rows (a row names it only where it differs), the two-platform
/// table sets each side's outcome and reason in one cell, and the appendix follows on.
@Suite(.enabled(if: LinkLabProcess.executableURL != nil, "linklab is not built: run swift build first"))
struct PDFPageCountTests {
    static let iosBudget = 24
    static let bothBudget = 32

    /// Pages of a PDF, counted from its bytes: the `/Type /Page` objects (not `/Pages`).
    static func pageCount(_ data: Data) -> Int {
        let text = String(decoding: data, as: UTF8.self)
        let pattern = try! NSRegularExpression(pattern: "/Type\\s*/Page(?![A-Za-z])")
        return pattern.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text))
    }

    /// Runs `linklab scan ARGS --report DIR/NAME` from the repository root; the PDF's bytes.
    static func scan(_ arguments: [String], report name: String) throws -> Data {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("pdf-pages-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent(name)
        let output = try LinkLabProcess.run(
            ["scan"] + arguments + ["--report", report.path],
            currentDirectory: Fixtures.repositoryRoot)
        #expect(!output.diedFromSignal, "\(output.stderr)")
        return try Data(contentsOf: report)
    }

    @Test func sampleReportsFitTheirPageBudgets() throws {
        let ios = try Self.scan(
            [
                "Samples/LinkLabSample.ipa", "--offline", "--aasa", "Samples/aasa",
                "--urls", "Samples/urls.txt",
            ], report: "ios.pdf")
        let both = try Self.scan(
            [
                "Samples/LinkLabSample.ipa", "Samples/LinkLabSample.apk", "--offline",
                "--aasa", "Samples/aasa", "--assetlinks", "Samples/assetlinks",
                "--urls", "Samples/urls-both.txt",
            ], report: "both.pdf")
        let iosPages = Self.pageCount(ios)
        let bothPages = Self.pageCount(both)
        print(
            "PDF pages: iOS sample \(iosPages) (budget \(Self.iosBudget)), "
                + "two-platform sample \(bothPages) (budget \(Self.bothBudget))")
        #expect(iosPages > 1 && iosPages <= Self.iosBudget, "iOS sample: \(iosPages) pages")
        #expect(bothPages > 1 && bothPages <= Self.bothBudget, "two-platform sample: \(bothPages) pages")
    }

    /// The verdict the PDF's URL tables state once: only for an app (not the audited one) that
    /// every row decides, and only when more than half the rows, and two or more, agree.
    @Test func usualVerdictsAreStatedOnlyWhenMostRowsAgree() {
        func row(_ share: Decision, other: Bool = false) -> [AppVerdict] {
            [AppVerdict(appID: "T.app", decision: .match), AppVerdict(appID: "T.app.share", decision: share)]
                + (other ? [AppVerdict(appID: "O.app", decision: .exclude)] : [])
        }
        let text: (AppVerdict) -> String = { $0.decision.rawValue }
        let usual = TraceDigest.usualTexts(
            [row(.noMatch), row(.match, other: true), row(.noMatch)], except: "T.app",
            text: text)
        #expect(usual.map(\.appID) == ["T.app.share"])
        #expect(usual.first?.text == "no_match" && usual.first?.count == 2)
        #expect(TraceDigest.usualTexts([row(.noMatch), row(.match)], except: "T.app", text: text).isEmpty)
        #expect(TraceDigest.usualTexts([row(.noMatch)], except: "T.app", text: text).isEmpty)
    }

    @Test func pagesAreCountedFromTheBytes() {
        let pdf = Data(
            """
            << /Type /Pages /Count 2 /Kids [3 0 R 4 0 R] >> << /Type /Page >> << /Type/Page /Parent 2 0 R >>
            """.utf8)
        #expect(Self.pageCount(pdf) == 2)
    }
}

/// How the PDF breaks URLs and shows characters its fonts lack.
@Suite struct PDFTextRulesTests {
    static let breaks = Set("/.?&=#-_:,;".unicodeScalars.map { Character($0) })

    /// Every line of a wrapped URL but the last ends after a separator: never between two
    /// letters or digits of a word.
    @Test(arguments: [
        "https://shop.example.com/files/public%2F..%2Fprivate/report.pdf",
        "https://example.com/help/website/faq?articleNumber=4815&ref=newsletter#no_universal_links",
        "https://www.example.org/oauth/callback?code=abc&state=xyz&redirect_uri=https://evil.example/x",
        "linklab-admin://users/delete?confirm=true",
    ])
    func urlsBreakOnlyAfterSeparators(_ url: String) {
        for width in stride(from: 90.0, through: 240.0, by: 15) {
            for font in [PDFFont.regular, .mono] {
                let lines = PDFComposer.wrap("See " + url + " now", font: font, size: 8, width: width)
                    .map { String(decoding: $0, as: UTF8.self) }
                #expect(
                    lines.joined().replacingOccurrences(of: " ", with: "")
                        == ("See" + url + "now"), "\(lines)")
                for (line, next) in zip(lines, lines.dropFirst()) where next.hasPrefix(" ") {
                    // A continuation of a broken token (hanging indent): the line before ends at a separator.
                    let last = line.last ?? " "
                    #expect(Self.breaks.contains(last), "\(width) pt, \(font): \"\(line)\" | \"\(next)\"")
                }
            }
        }
    }

    /// A table column is never narrower than the widest piece of a URL between separators, so a
    /// URL in a cell breaks at separators, not inside a word.
    @Test func tableColumnsKeepURLPiecesWhole() {
        let url = "https://shop.example.com/files/public%2F..%2Fprivate/catalogue-overview.pdf"
        let pieces = PDFComposer.pieces(of: Substring(url))
        #expect(pieces.joined() == url)
        #expect(pieces.contains("catalogue-"))
        #expect(pieces.allSatisfy { piece in piece.dropLast().allSatisfy { !Self.breaks.contains($0) } })
    }

    /// Characters no embedded glyph covers are shown as their code point, never as a bare `?`;
    /// bidirectional and invisible ones as the marker every face uses (WinAnsi's ‹ and ›).
    @Test(arguments: [
        ("\u{202E}", "‹U+202E›"), ("漢", "U+6F22"), ("😀", "U+1F600"), ("\u{2066}", "‹U+2066›"),
        ("a\u{202E}b", "a‹U+202E›b"),
    ])
    func missingCharactersShowAsVisibleEscapes(_ input: String, _ shown: String) {
        let decoded = String(
            WinAnsi.encode(input).map { byte in
                byte == 0x8B ? "‹" : byte == 0x9B ? "›" : Character(Unicode.Scalar(byte))
            })
        #expect(decoded == shown)
    }

    @Test func charactersTheFontsHaveAreNotEscaped() {
        #expect(WinAnsi.encode("é→?") == [0xE9, 0x81, UInt8(ascii: "?")])
        #expect(WinAnsi.encode("ő") == Array("o".utf8))
    }

    /// Triage statuses are printed in words.
    @Test func triageStatusesInWords() {
        #expect(PDFReportRenderer.words(.falsePositive) == "False positive")
        #expect(PDFReportRenderer.words(.acceptedRisk) == "Accepted risk")
        let section = ReportSection(
            title: "Triaged",
            blocks: [
                .table(
                    ReportTable(
                        columns: ["ID", "Status"],
                        rows: [["URL-002", "false-positive"], ["X", "accepted-risk"]]))
            ])
        guard case .table(let table) = PDFReportRenderer.statusesInWords(section).blocks.first else {
            Issue.record("no table")
            return
        }
        #expect(table.rows.map { $0[1] } == ["False positive", "Accepted risk"])
    }

    /// A finding note that carries a whole matcher trace is shortened to the deciding step and
    /// the decision, and says where the full trace is.
    @Test func traceNotesKeepTheDecidingStep() throws {
        let note =
            "trace for A.app: url: host example.org, path \"/login\" → host: example.org is covered → "
            + "rule 0 {\"/\":\"/open/*\"}: path \"/open/*\" does not match \"/login/\" → skip → "
            + "rule 1 {\"/\":\"*\"}: path \"*\" matches \"/login/\" → MATCH → decision: match (details[0] rule 1)"
        let short = try #require(PDFReportRenderer.decidingSteps(of: note))
        #expect(short.hasPrefix("trace for A.app (deciding step of 4;"))
        #expect(
            short.hasSuffix(
                """
                … → rule 1 {\"/\":\"*\"}: path \"*\" matches \"/login/\" → MATCH → decision: match (details[0] rule 1)
                """))
        #expect(short.contains("JSON and HTML reports"))
        #expect(PDFReportRenderer.decidingSteps(of: "URL list line 24") == nil)
    }
}
