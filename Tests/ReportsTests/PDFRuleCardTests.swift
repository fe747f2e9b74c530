import Findings
import Foundation
import Testing

@testable import Reports

/// The PDF prints the findings of one rule as one card: what they share once, and every
/// finding's subject, own sentences and evidence.
@Suite struct PDFRuleCardTests {
    static func finding(_ number: Int, remediation: String = "Close the open route.") -> Finding {
        Finding(
            id: "URL-002", severity: .medium, title: "URL does not behave as expected",
            subject: "https://host\(number).example/path",
            explanation: "Route \(number) opens the app. The matcher follows Apple's rules.\n\n"
                + "Testers should confirm on a device.",
            evidence: [
                .text("note for route \(number)"),
                .network(NetworkObservation(host: "evidence\(number).example", route: "origin")),
            ],
            remediation: remediation, references: [Reference.mastgTest0070])
    }

    static func document(_ findings: [Finding]) -> ReportDocument {
        ReportDocument(
            title: "Rule cards", generatedBy: "tests", findings: findings,
            sections: [ReportSection(title: "Findings", blocks: [.findings(findings)])])
    }

    static func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    /// The findings section of the extracted text (after the cover's overview), on one line.
    static func findingsText(_ document: ReportDocument) throws -> String {
        let text = try PDFToolTests.text(of: document.pdf())
        let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let start = try #require(
            flat.range(of: "Findings SECURITY") ?? flat.range(of: "Findings RELIABILITY"),
            "\(flat.prefix(400))")
        return String(flat[start.upperBound...])
    }

    @Test(.enabled(if: PDFToolTests.hasPoppler, "pdftotext not found: apt-get install poppler-utils"))
    func sharedTextOnceAndEveryFindingInFull() throws {
        let text = try Self.findingsText(Self.document((1...3).map { Self.finding($0) }))
        #expect(Self.occurrences(of: "URL does not behave as expected — 3 findings", in: text) == 1, "\(text)")
        for shared in [
            "The matcher follows Apple's rules.", "Testers should confirm on a device.",
            "Close the open route.",
        ] {
            #expect(Self.occurrences(of: shared, in: text) == 1, "\(shared): \(text)")
        }
        for number in 1...3 {
            for own in [
                "https://host\(number).example/path", "Route \(number) opens the app.",
                "note for route \(number)", "evidence\(number).example",
            ] {
                #expect(Self.occurrences(of: own, in: text) == 1, "\(own): \(text)")
            }
        }
    }

    /// A remediation that differs between the findings of a rule is printed with each of them;
    /// a lone finding keeps a card of its own (no count in its title).
    @Test(.enabled(if: PDFToolTests.hasPoppler, "pdftotext not found: apt-get install poppler-utils"))
    func differingRemediationsArePrintedPerFinding() throws {
        let text = try Self.findingsText(
            Self.document([
                Self.finding(1, remediation: "Fix route one."),
                Self.finding(2, remediation: "Fix route two."),
            ]))
        #expect(text.contains("Fix route one.") && text.contains("Fix route two."), "\(text)")
        let single = try Self.findingsText(Self.document([Self.finding(1)]))
        #expect(!single.contains("expected —") && single.contains("Route 1 opens the app."), "\(single)")
    }

    /// A labelled value runs in after its label: the first line takes whole words that fit there,
    /// the rest wraps at the full width; nil when not even the first word fits after the label.
    @Test func labelledValuesRunInAfterTheLabel() throws {
        let text = "Put excludes before the broader rules they carve out of, and merge the details of one app."
        let lines = try #require(PDFReportRenderer.runIn(text, font: .regular, size: 8, first: 90, rest: 300))
        let words = lines.map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
            .split(separator: " ").joined(separator: " ")
        #expect(words == text)
        #expect(PDFFontMetrics.width(of: lines[0], font: .regular, size: 8) <= 90)
        #expect(lines.dropFirst().allSatisfy { PDFFontMetrics.width(of: $0, font: .regular, size: 8) <= 300 })
        #expect(lines.count > 1 && lines.count < 5)
        #expect(
            PDFReportRenderer.runIn(
                "https://a-very-long-host-name.example/and/path", font: .mono, size: 8,
                first: 20, rest: 300) == nil)
    }

    /// The overview merges the rows of one rule and keeps every subject and the count.
    @Test func overviewHasOneRowPerRule() {
        let rows = [OverviewRow(finding: Self.finding(1), count: 2), OverviewRow(finding: Self.finding(2), count: 1)]
        let merged = PDFReportRenderer.overviewByRule(rows)
        #expect(merged.count == 1)
        #expect(merged.first?.count == 3)
        #expect(merged.first?.subjects == ["https://host1.example/path \u{00D7}2", "https://host2.example/path"])
    }
}
