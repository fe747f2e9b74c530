import Findings
import Foundation
import Testing

@testable import Reports

@Suite struct FormatTests {
    @Test(arguments: [
        ("r.md", ExportFormat.markdown), ("R.MARKDOWN", .markdown), ("a/r.html", .html), ("r.htm", .html),
        ("r.pdf", .pdf), ("r.json", .json), ("r.sarif", .sarif), ("r.links.html", .testLinks),
        ("R.LINKS.HTM", .testLinks), ("s.linklab", .session),
    ])
    func fileNameNamesTheFormat(fileName: String, format: ExportFormat) throws {
        #expect(try ExportFormat(fileName: fileName, allowed: ExportFormat.allCases) == format)
    }

    @Test func unknownOrUnwantedExtensionIsAClearError() {
        #expect(throws: ReportsError.unknownFormat("docx", allowed: ".md .html .pdf .json .sarif .links.html")) {
            try ExportFormat(fileName: "report.docx")
        }
        // A scan writes no session: `.linklab` is refused where only the scan's reports are allowed.
        #expect(throws: ReportsError.unknownFormat("linklab", allowed: ".md .html .pdf .json .sarif .links.html")) {
            try ExportFormat(fileName: "s.linklab", allowed: ExportFormat.scanReports)
        }
        #expect(throws: ReportsError.self) { try ExportFormat(fileName: "noextension") }
        #expect(
            ReportsError.unknownFormat(
                "docx",
                allowed: ".md"
            ).description == "unknown report format '.docx': use .md")
    }

    /// Each format's file name, media type and report format agree: one list, no second table.
    @Test func everyFormatDescribesItselfConsistently() throws {
        for format in ExportFormat.allCases {
            #expect(try ExportFormat(fileName: "x.\(format.fileExtension)", allowed: ExportFormat.allCases) == format)
            #expect(format.report?.export ?? format == format)
            #expect(!format.label.isEmpty && !format.mediaType.isEmpty)
        }
        #expect(ReportFormat.allCases.allSatisfy { ExportFormat(rawValue: $0.rawValue)?.report == $0 })
        #expect(ReportFormat.allCases.map(\.export.report) == ReportFormat.allCases)
        #expect(Set(ExportFormat.allCases.map(\.hook)).count == ExportFormat.allCases.count)
        #expect(ExportFormat.extensions(ExportFormat.scanReports) == ".md .html .pdf .json .sarif .links.html")
    }

    @Test func findingsJSONHasTheContractFields() throws {
        let data = try FindingsJSON.encode(SampleReport.findings)
        let array = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(array.count == SampleReport.findings.count)
        for entry in array {
            for key in ["id", "severity", "title", "subject", "evidence", "remediation", "references", "explanation"] {
                #expect(entry[key] != nil, "missing \(key)")
            }
        }
        // Security first (the sample's most severe security finding), reliability last.
        #expect(array.first?["id"] as? String == "AASA-018")
        #expect(array.first?["category"] as? String == "security")
        #expect(array.last?["category"] as? String == "reliability")
        let document =
            try #require(
                try JSONSerialization.jsonObject(with: FindingsJSON.document(SampleReport.findings)) as? [String: Any])
        #expect(document["schemaVersion"] as? Int == 1)
    }

    @Test func markdownEscapesInputThatLooksLikeMarkup() {
        let finding = Finding(
            id: "URL-001", severity: .info, title: "URL tried", subject: "https://x.example/a|b",
            explanation: "*not bold* [not](a link) <b>no</b>", remediation: "none")
        let document = ReportDocument(
            title: "T | # <x>", generatedBy: "tests", findings: [finding],
            sections: [
                ReportSection(
                    title: "S",
                    blocks: [
                        .findings([finding]),
                        .table(
                            ReportTable(
                                columns: ["a"],
                                rows: [["x|y\nz"]])),
                    ])
            ])
        let markdown = document.markdown()
        #expect(markdown.contains("# T \\| \\# \\<x\\>"))
        #expect(markdown.contains("\\*not bold\\* \\[not\\](a link) \\<b\\>no\\</b\\>"))
        #expect(markdown.contains("| x\\|y<br>z |"))
    }

    @Test func markdownFenceOutgrowsBackticksInCode() {
        #expect(Markdown.fenced("a ```` b").hasPrefix("`````\n"))
    }
}
