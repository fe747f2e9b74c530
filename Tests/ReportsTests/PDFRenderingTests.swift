import Findings
import Foundation
import TestSupport
import Testing

@testable import Reports

@Suite struct PDFRenderingTests {
    /// Writes the sample reports where they can be opened, into a fresh temporary folder that
    /// is deleted afterwards unless `LINKLAB_REPORTS` names a folder to keep them in.
    @Test func sampleReportsAreWrittenForInspection() throws {
        let data = SampleReport.document.pdf()
        let kept = ProcessInfo.processInfo.environment["LINKLAB_REPORTS"].map { URL(fileURLWithPath: $0) }
        let folder =
            kept
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("linklab-reports-\(UUID().uuidString)")
        defer { if kept == nil { try? FileManager.default.removeItem(at: folder) } }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try data.write(to: folder.appendingPathComponent("sample.pdf"))
        try SampleReport.longTable(rows: 120).pdf().write(to: folder.appendingPathComponent("long-table.pdf"))
        try Data(SampleReport.document.html().utf8).write(to: folder.appendingPathComponent("sample.html"))
        try Data(GoldenTests.testLinks.html().utf8).write(to: folder.appendingPathComponent("testlinks.html"))
        #expect(data.starts(with: Array("%PDF-1.4".utf8)))
    }
}

@Suite struct PDFToolTests {
    static let hasQPDF = ExternalTool.find("qpdf") != nil
    static let hasPoppler = ExternalTool.find("pdftotext") != nil

    static func text(of pdf: Data) throws -> String {
        let folder = try ExternalTool.temporaryFolder("pdf")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("report.pdf")
        try pdf.write(to: file)
        let tool = try #require(ExternalTool.find("pdftotext"))
        let output = try ExternalTool.run(tool, ["-enc", "UTF-8", file.path, "-"])
        #expect(output.status == 0, "pdftotext: \(output.stderr)")
        return output.text
    }

    static func check(_ pdf: Data) throws {
        let folder = try ExternalTool.temporaryFolder("qpdf")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("report.pdf")
        try pdf.write(to: file)
        let tool = try #require(ExternalTool.find("qpdf"))
        let output = try ExternalTool.run(tool, ["--check", file.path])
        #expect(output.status == 0, "qpdf --check failed:\n\(output.text)\(output.stderr)")
        #expect(output.text.contains("No syntax or stream encoding errors found"))
    }

    @Test(.enabled(if: hasQPDF, "qpdf not found: apt-get install qpdf"))
    func sampleIsAStructurallyValidPDF() throws {
        try Self.check(SampleReport.document.pdf())
        try Self.check(HTMLReportTests.hostileDocument.pdf())
        try Self.check(ReportDocument(title: "", generatedBy: "").pdf())
    }

    /// The cover shows the whole title: a long one (both platforms' names) is set smaller rather
    /// than cut after two lines; a title too long for any size ends in a visible "…".
    @Test(.enabled(if: hasPoppler, "pdftotext not found: apt-get install poppler-utils"))
    func theCoverNeverCutsTheTitleSilently() throws {
        let long = "Universal links and App Links assessment: LinkLab / com.example.app.enterprise"
        let cover = try Self.text(of: ReportDocument(title: long, generatedBy: "test").pdf())
        let flat = cover.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains(long), "\(flat.prefix(300))")
        let endless = String(repeating: "Universal links assessment ", count: 12) + "LAST"
        let cut = try Self.text(of: ReportDocument(title: endless, generatedBy: "test").pdf())
        let firstPage = cut.components(separatedBy: "\u{0C}").first ?? cut
        #expect(firstPage.contains("…") && !firstPage.contains("LAST"))
    }

    @Test(.enabled(if: hasPoppler, "pdftotext not found: apt-get install poppler-utils"))
    func extractedTextHoldsTitlesFindingsAndEvidence() throws {
        let text = try Self.text(of: SampleReport.document.pdf())
        let flat = text.replacingOccurrences(of: "\n", with: " ")
        for expected in [
            "Universal links assessment: Example Shop", "Scope and method", "Associated domains",
            "URL tests",
            "Appendix A: Entitlements", "ABCDE12345.com.example.shop", "Executive summary",
            "What an attacker could do", "What breaks for users", "What to fix first",
            "SWCERR00301 Timeout",
            "application:continueUserActivity:restorationHandler:", "/applinks/details/0/components/2",
            "0x1f4a0", "page 1 of", "Remediation", "MASTG-TEST-0070",
        ] {
            #expect(flat.contains(expected), "missing \(expected)")
        }
        for finding in SampleReport.findings {
            #expect(flat.contains(finding.id), "missing \(finding.id)")
            #expect(flat.contains(finding.title), "missing \(finding.title)")
        }
    }

    @Test(.enabled(if: hasPoppler, "pdftotext not found: apt-get install poppler-utils"))
    func nonASCIISurvivesAndTheRestBecomesVisibleEscapes() throws {
        let text = try Self.text(of: SampleReport.document.pdf())
        #expect(text.contains("bücher.example"))
        #expect(text.contains("Zürich test build — U+4E2DU+6587 “quotes” ✓ U+1F600"))
        #expect(text.contains("\"/\" = \"/account/*\" \"?\" = {} → match"))
    }

    static let hasPDFFonts = ExternalTool.find("pdffonts") != nil

    /// Every font is embedded (a subset): `pdffonts` lists each with "emb yes", none of the
    /// standard 14 remains.
    @Test(.enabled(if: hasPDFFonts, "pdffonts not found: apt-get install poppler-utils"))
    func everyFontIsEmbedded() throws {
        let folder = try ExternalTool.temporaryFolder("fonts")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("report.pdf")
        try SampleReport.document.pdf().write(to: file)
        let output = try ExternalTool.run(try #require(ExternalTool.find("pdffonts")), [file.path])
        #expect(output.status == 0, "\(output.stderr)")
        let rows = output.text.components(separatedBy: "\n").dropFirst(2).filter { !$0.isEmpty }
        #expect(rows.count == 3, "\(output.text)")
        for row in rows {
            let columns = row.split(separator: " ").map(String.init)
            #expect(columns.contains("TrueType") && columns.contains("yes"), "\(row)")
            #expect(row.contains("DejaVu"), "\(row)")
            // name, type, encoding, emb, sub, uni, object, id: emb and sub are "yes".
            #expect(columns.suffix(5).prefix(2) == ["yes", "yes"], "\(row)")
        }
    }

    @Test(.enabled(if: hasPoppler && hasQPDF, "needs qpdf and poppler-utils"))
    func veryLongTableBreaksAcrossPagesWithItsHeader() throws {
        let pdf = SampleReport.longTable(rows: 300).pdf()
        try Self.check(pdf)
        let text = try Self.text(of: pdf)
        let pages = text.components(separatedBy: "\u{0C}").filter {
            !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        }
        #expect(pages.count > 5)
        #expect(text.contains("of \(pages.count)"))
        for page in pages.dropFirst() {
            #expect(page.contains("Verdict"), "header row missing on a continuation page")
        }
        for row in [1, 150, 300] {
            #expect(text.contains("item-\(row)/details"), "row \(row) missing")
        }
    }

    @Test(.enabled(if: hasPoppler, "pdftotext not found: apt-get install poppler-utils"))
    func cellTallerThanAPageIsSplitNotLost() throws {
        let long = (1...400).map { "word\($0)" }.joined(separator: " ")
        let document = ReportDocument(
            title: "Tall cell", generatedBy: "tests",
            sections: [
                ReportSection(
                    title: "S",
                    blocks: [.table(ReportTable(columns: ["A", "B"], rows: [["x", long], ["y", "end"]]))])
            ])
        let text = try Self.text(of: document.pdf())
        #expect(text.contains("word1 "))
        #expect(text.contains("word400"))
        #expect(text.contains("end"))
    }
}

@Suite struct PDFTextTests {
    static let marker202E: [UInt8] = [0x8B] + Array("U+202E".utf8) + [0x9B]
    static let marker200B: [UInt8] = [0x8B] + Array("U+200B".utf8) + [0x9B]
    static let joined: [UInt8] = [0x61, 0x8B] + Array("U+200D".utf8) + [0x9B]
    static let characters: [(String, [UInt8])] = [
        ("é", [0xE9]), ("€", [0x80]), ("—", [0x97]), ("→", [0x81]), ("⇒", Array("=>".utf8)), ("ő", Array("o".utf8)),
        ("漢", Array("U+6F22".utf8)), ("😀", Array("U+1F600".utf8)), ("e\u{301}", [0xE9]), ("\u{7}", [0x20]),
        ("\u{202E}", marker202E), ("\u{200B}", marker200B), ("a\u{200D}", joined),
    ]

    @Test(arguments: characters)
    func charactersMapToWinAnsiOrAStandIn(input: String, expected: [UInt8]) {
        #expect(WinAnsi.encode(input) == expected)
    }

    static func strings(_ lines: [[UInt8]]) -> [String] {
        lines.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func codeLinesKeepTheirIndentation() {
        let lines = PDFComposer.wrapPreservingSpaces("{\n  \"key\" : [\n\tx", font: .mono, size: 10, width: 400)
        #expect(Self.strings(lines) == ["{", "  \"key\" : [", "    x"])
        // Wrapped: the continuation keeps the line's indentation plus a hanging indent.
        let long = Self.strings(
            PDFComposer.wrapPreservingSpaces(
                "  " + String(repeating: "ab ", count: 40),
                font: .mono, size: 10, width: 90))
        #expect(long.count > 3)
        #expect(long[0].hasPrefix("  ab"))
        #expect(long.dropFirst().allSatisfy { $0.hasPrefix("     ab") && !$0.hasPrefix("      ") })
        #expect(long.flatMap { $0.split(separator: " ") }.count == 40)
        #expect(long.allSatisfy { PDFFontMetrics.width(of: WinAnsi.encode($0), font: .mono, size: 10) <= 90 })
    }

    /// Traces are code blocks: they wrap between words, no word is lost or cut, and a token
    /// longer than the line breaks after / . ? & = before it is ever cut between characters.
    @Test func codeLinesBreakBetweenWordsThenAtSeparators() {
        let text =
            "    rule 0 {\"/\":\"/buy/*\"}: path \"/buy/*\" matches \"/buy/42/\" → MATCH "
            + "https://shop.example.com/account/delete?token=abc&next=home"
        let wrapped = PDFComposer.wrapPreservingSpaces(text, font: .mono, size: 10, width: 150)
        let lines = Self.strings(wrapped)
        #expect(wrapped.allSatisfy { PDFFontMetrics.width(of: $0, font: .mono, size: 10) <= 150 })
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("       ") }, "\(lines)")
        let words = text.split(separator: " ").map(String.init)
        let printed = lines.flatMap { $0.split(separator: " ").map(String.init) }
        // The arrow is WinAnsi code 0x81 (not UTF-8): decoded as UTF-8 it is a replacement character.
        #expect(printed.joined() == words.joined().replacingOccurrences(of: "→", with: "\u{FFFD}"))
        // The URL is broken only after separators.
        let urlLines = lines.drop { !$0.contains("https:") }
        for line in urlLines.dropLast() {
            #expect("/.?&=".contains(line.last ?? " "), "\(line) breaks mid-word")
        }
        // A token with no separator at all is cut where the width runs out.
        let cut =
            Self.strings(
                PDFComposer.wrapPreservingSpaces(
                    String(repeating: "x", count: 30), font: .mono, size: 10,
                    width: 120))
        #expect(cut.map { $0.trimmingCharacters(in: .whitespaces) }.joined() == String(repeating: "x", count: 30))
    }

    /// Shell commands break only between arguments, never inside a quoted one, and every
    /// wrapped line ends with " \\" so that the copied lines still run.
    @Test func shellCommandsBreakBetweenArgumentsWithContinuations() {
        let command = #"""
            frida-trace -U -f com.example.app -m "-[* application:continueUserActivity:restorationHandler:]" -m "-[* \#
            scene:continueUserActivity:]"
            """#
        let lines =
            Self.strings(PDFComposer.wrapPreservingSpaces(command, font: .mono, size: 7.8, width: 300, shell: true))
        #expect(lines.count > 1)
        #expect(lines.dropLast().allSatisfy { $0.hasSuffix(" \\") })
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("    ") })
        let rejoined = lines.map { $0.hasSuffix(" \\") ? String($0.dropLast(2)) : $0 }
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(rejoined == command)
        #expect(lines.contains { $0.contains(#""-[* application:continueUserActivity:restorationHandler:]""#) })
    }

    /// Prose: a URL or an app ID longer than the line breaks after / . ? & = with a hanging
    /// indent, never between two letters of a word.
    @Test func longTokensInProseBreakAtSeparatorsWithAHangingIndent() {
        let text = """
            Open https://shop.example.com/account/delete/confirm?user=1&token=abcdef and ABCDE12345.com.example.app2 \
            now
            """
        let lines = Self.strings(PDFComposer.wrap(text, font: .regular, size: 9, width: 110))
        #expect(lines.allSatisfy { PDFFontMetrics.width(of: WinAnsi.encode($0), font: .regular, size: 9) <= 110 })
        for (line, next) in zip(lines, lines.dropFirst()) where next.hasPrefix("   ") {
            #expect("/.?&=".contains(line.last ?? " "), "\(line) | \(next)")
        }
        #expect(lines.joined().replacingOccurrences(of: " ", with: "") == text.replacingOccurrences(of: " ", with: ""))
        #expect(!lines.contains("exampl"))
    }

    @Test func literalStringsEscapeDelimitersAndHighBytes() {
        #expect(PDFStringLiteral.make(WinAnsi.encode("a(b)\\c é")) == "(a\\(b\\)\\\\c \\351)")
    }

    @Test func wrappedLinesFitAndKeepEveryWord() {
        let text = """
            The quick brown fox jumps over https://example.com/a/very/long/path/that/cannot/fit/on/one/line/at/all/beca\
            use/it/is/long and the lazy dog
            """
        let lines = PDFComposer.wrap(text, font: .regular, size: 10, width: 120)
        for line in lines {
            #expect(PDFFontMetrics.width(of: line, font: .regular, size: 10) <= 120)
        }
        let joined = lines.map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
        #expect(joined.replacingOccurrences(of: " ", with: "") == text.replacingOccurrences(of: " ", with: ""))
    }

    /// The embedded DejaVu subsets' advance widths (hmtx, scaled to 1/1000 em).
    @Test func metricsAreTheEmbeddedDejaVuWidths() {
        #expect(PDFFontMetrics.width(of: Array("W".utf8), font: .regular, size: 1000) == 989)
        #expect(PDFFontMetrics.width(of: Array("W".utf8), font: .bold, size: 1000) == 1103)
        #expect(PDFFontMetrics.width(of: Array("i".utf8), font: .regular, size: 1000) == 278)
        #expect(PDFFontMetrics.width(of: Array("iW".utf8), font: .mono, size: 1000) == 1204)
    }

    @Test func numbersAreWrittenWithoutExponentOrLocale() {
        #expect(PDFNumber.format(0) == "0")
        #expect(PDFNumber.format(12.5) == "12.5")
        #expect(PDFNumber.format(-0.004) == "0")
        #expect(PDFNumber.format(841.89) == "841.89")
        #expect(PDFNumber.format(0.05) == "0.05")
    }
}

@Suite struct PDFScaleTests {
    static func manyFindings(_ count: Int) -> ReportDocument {
        let severities = Severity.descending
        let findings = (0..<count).map { index in
            Finding(
                id: "AASA-\(String(index % 21 + 1).leftPadded(to: 3))",
                severity: severities[index % severities.count],
                title: "Finding number \(index)", subject: "host\(index).example.com",
                explanation: String(
                    repeating: "An explanation that wraps over several lines of the card. ",
                    count: 3),
                evidence: [
                    .network(
                        NetworkObservation(
                            host: "host\(index).example.com", route: "origin",
                            status: 500))
                ],
                remediation: "Fix it.", references: [Reference.mastgTest0070])
        }
        return ReportDocument(
            title: "Many findings", generatedBy: "tests", findings: findings,
            sections: [ReportSection(title: "Findings", blocks: [.findings(findings)])])
    }

    @Test(.enabled(if: PDFToolTests.hasQPDF && PDFToolTests.hasPoppler, "needs qpdf and poppler-utils"))
    func hundredsOfFindingsRenderOnManyPages() throws {
        let clock = ContinuousClock()
        var pdf = Data()
        let elapsed = clock.measure { pdf = Self.manyFindings(400).pdf() }
        try PDFToolTests.check(pdf)
        let text = try PDFToolTests.text(of: pdf)
        #expect(text.contains("Finding number 399"))
        #expect(text.contains("Finding number 0"))
        #expect(elapsed < .seconds(20), "400 findings took \(elapsed)")
        print("PDF of 400 findings: \(pdf.count) bytes in \(elapsed)")
    }

    @Test func documentHasBookmarksForEverySection() {
        let pdf = String(decoding: SampleReport.document.pdf(), as: UTF8.self)
        #expect(pdf.contains("/Type /Outlines"))
        #expect(pdf.contains("/PageMode /UseOutlines"))
        // Summary, every section, the entitlements appendix, and each category of findings.
        let categories = Set(SampleReport.document.listedFindings.map(\.category)).count
        #expect(pdf.components(separatedBy: "/XYZ ").count - 1 == SampleReport.document.sections.count + 2 + categories)
    }
}

@Suite struct PDFHostileSizeTests {
    @Test(.enabled(if: PDFToolTests.hasQPDF, "qpdf not found: apt-get install qpdf"))
    func oversizedInputsStillGiveAValidFile() throws {
        let huge = String(repeating: "x", count: 5000)
        let finding = Finding(
            id: huge, severity: .high, title: huge, subject: huge, explanation: huge,
            evidence: (0..<200).map { .text("evidence \($0) \(huge.prefix($0))") },
            remediation: huge, references: [Reference(title: huge, url: huge)])
        let columns = (0..<40).map { "column \($0)" }
        let document = ReportDocument(
            title: huge, subtitle: huge, identity: [KeyValue(huge, huge)], generatedBy: huge, findings: [finding],
            sections: [
                ReportSection(
                    title: huge,
                    blocks: [
                        .table(
                            ReportTable(columns: columns, rows: [columns.map { _ in huge.prefix(300).description }])),
                        .code(CodeBlock(caption: huge, text: huge)),
                        .findings([finding]),
                        .table(ReportTable(columns: [], rows: [["orphan"]])),
                    ])
            ])
        try PDFToolTests.check(document.pdf())
    }
}
