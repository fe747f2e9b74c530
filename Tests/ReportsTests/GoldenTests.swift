import Findings
import Foundation
import TestSupport
import Testing

@testable import Reports

/// Every format of the sample report, compared byte for byte with `Golden/` (re-record with
/// `RECORD_GOLDEN=1 swift test --filter GoldenTests`, then review the diff).
@Suite struct GoldenTests {
    static let golden = Fixtures.repositoryRoot.appendingPathComponent("Tests/ReportsTests/Golden")

    static func check(_ data: Data, _ name: String) throws {
        let url = golden.appendingPathComponent(name)
        if Fixtures.isRecordingGoldens {
            try FileManager.default.createDirectory(at: golden, withIntermediateDirectories: true)
            try data.write(to: url)
            return
        }
        let expected =
            try #require(try? Data(contentsOf: url), "missing golden \(name): run RECORD_GOLDEN=1 swift test")
        if data != expected {
            let actual = FileManager.default.temporaryDirectory.appendingPathComponent("actual-\(name)")
            try? data.write(to: actual)
            Issue.record("\(name) differs from its golden file; actual output written to \(actual.path)")
        }
    }

    static let testLinks = TestLinkPage(
        title: "Test links: shop.example.com",
        introduction: "Claimed paths as sample URLs, and the tester's URLs with the verdict each should give.",
        links: [
            .init(
                url: "https://shop.example.com/buy/42", expectation: .opensApp,
                note: "details[0].components[1] /buy/*"),
            .init(
                url: "https://shop.example.com/help", expectation: .staysInBrowser,
                note: "details[0].components[0] /help* (exclude)"),
            .init(url: "https://bücher.example/ü?q=a&b=\"x\"", note: "sample of a claimed path"),
            .init(url: "javascript:alert(1)", expectation: .staysInBrowser, note: "never a link"),
        ],
        generatedBy: "UniversalLinkLab 0.1")

    @Test func markdownMatchesGolden() throws {
        try Self.check(Data(SampleReport.document.markdown().utf8), "sample.md")
    }

    @Test func htmlMatchesGolden() throws {
        try Self.check(Data(SampleReport.document.html().utf8), "sample.html")
    }

    @Test func pdfMatchesGolden() throws {
        try Self.check(SampleReport.document.pdf(), "sample.pdf")
    }

    @Test func sarifMatchesGolden() throws {
        try Self.check(try SampleReport.document.sarif(toolVersion: "0.1.0"), "sample.sarif")
    }

    @Test func findingsJSONMatchesGolden() throws {
        try Self.check(try FindingsJSON.encode(SampleReport.findings), "findings.json")
    }

    @Test func testLinkPageMatchesGolden() throws {
        try Self.check(Data(Self.testLinks.html().utf8), "testlinks.html")
    }

    @Test(arguments: ReportFormat.allCases)
    func renderingTwiceGivesTheSameBytes(format: ReportFormat) throws {
        let first = try SampleReport.document.rendered(as: format, toolVersion: "0.1.0")
        let reordered = ReportDocument(
            title: SampleReport.document.title, subtitle: SampleReport.document.subtitle,
            identity: SampleReport.document.identity, generatedBy: SampleReport.document.generatedBy,
            generatedAt: SampleReport.document.generatedAt, findings: SampleReport.findings.reversed(),
            sections: SampleReport.document.sections, entitlements: SampleReport.document.entitlements)
        #expect(try reordered.rendered(as: format, toolVersion: "0.1.0") == first)
    }

    @Test func noDateIsPrintedUnlessGiven() throws {
        var document = SampleReport.document
        document.generatedAt = nil
        #expect(!document.markdown().contains("2026-11-18T"))
        #expect(!document.html().contains("2026-11-18T"))
        let pdf = String(decoding: document.pdf(), as: UTF8.self)
        #expect(!pdf.contains("CreationDate"))
    }
}
