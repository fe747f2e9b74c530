import Findings
import Foundation
import Testing
@testable import Reports

@Suite struct FormatTests {
    @Test(arguments: [("md", ReportFormat.markdown), ("MARKDOWN", .markdown), ("html", .html), ("htm", .html),
                      ("pdf", .pdf), ("json", .json), ("sarif", .sarif)])
    func fileExtensionNamesTheFormat(fileExtension: String, format: ReportFormat) throws {
        #expect(try ReportFormat(fileExtension: fileExtension) == format)
    }

    @Test func unknownExtensionIsAClearError() {
        #expect(throws: ReportsError.unknownFormat("docx")) { try ReportFormat(fileExtension: "docx") }
        #expect(ReportsError.unknownFormat("docx").description.contains(".sarif"))
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
        let document = try #require(try JSONSerialization.jsonObject(with: FindingsJSON.document(SampleReport.findings)) as? [String: Any])
        #expect(document["schemaVersion"] as? Int == 1)
    }

    @Test func markdownEscapesInputThatLooksLikeMarkup() {
        let finding = Finding(id: "URL-001", severity: .info, title: "URL tried", subject: "https://x.example/a|b",
                              explanation: "*not bold* [not](a link) <b>no</b>", remediation: "none")
        let document = ReportDocument(title: "T | # <x>", generatedBy: "tests", findings: [finding],
                                      sections: [ReportSection(title: "S", blocks: [.findings([finding]),
                                                                                     .table(ReportTable(columns: ["a"], rows: [["x|y\nz"]]))])])
        let markdown = document.markdown()
        #expect(markdown.contains("# T \\| \\# \\<x\\>"))
        #expect(markdown.contains("\\*not bold\\* \\[not\\](a link) \\<b\\>no\\</b\\>"))
        #expect(markdown.contains("| x\\|y<br>z |"))
    }

    @Test func markdownFenceOutgrowsBackticksInCode() {
        #expect(Markdown.fenced("a ```` b").hasPrefix("`````\n"))
    }
}
