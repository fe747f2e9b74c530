import Findings
import Foundation
import Testing

@testable import Reports

/// Triage in every report format (issue 9): suppressed findings move to "Triaged", other
/// statuses show on the finding, SARIF carries fingerprints and suppressions.
@Suite struct TriageReportTests {
    static let setAt = Date(timeIntervalSince1970: 1_795_100_000)

    /// The sample with its critical finding marked false positive, one high accepted, one confirmed.
    static var triaged: ReportDocument {
        var document = SampleReport.document
        let critical = SampleReport.findings.filter { $0.severity == .critical }
        let high = SampleReport.findings.filter { $0.severity == .high }
        var triage: [String: Triage] = [:]
        for finding in critical {
            triage[finding.fingerprint] =
                Triage(status: .falsePositive, note: "only reachable from staging", setAt: setAt)
        }
        if let first = high.first {
            triage[first.fingerprint] = Triage(status: .acceptedRisk, note: "", setAt: setAt)
        }
        if let second = high.dropFirst().first {
            triage[second.fingerprint] = Triage(status: .confirmed, note: "reproduced on device", setAt: setAt)
        }
        document.triage = triage
        return document
    }

    static var suppressed: [Finding] { triaged.suppressedFindings.map(\.finding) }

    @Test func suppressedFindingsLeaveTheSummaryAndTheList() throws {
        let document = Self.triaged
        #expect(!Self.suppressed.isEmpty)
        #expect(document.summary.total == SampleReport.findings.count - Self.suppressed.count)
        #expect(document.summary.counts.first { $0.severity == .critical }?.count == 0)
        let section = try #require(document.triagedSection)
        #expect(section.title == "Triaged")
        guard case .table(let table)? = section.blocks.last else {
            Issue.record("the Triaged section ends with a table")
            return
        }
        #expect(table.rows.count == Self.suppressed.count)
        #expect(table.rows.contains { $0.contains("false-positive") && $0.contains("only reachable from staging") })
        #expect(table.rows.contains { $0.contains("accepted-risk") })
    }

    @Test func untriagedDocumentHasNoTriagedSection() {
        #expect(SampleReport.document.triagedSection == nil)
        #expect(!SampleReport.document.markdown().contains("## Triaged"))
    }

    @Test func markdownMovesSuppressedFindingsAndShowsOtherStatusesInline() throws {
        let markdown = Self.triaged.markdown()
        let triagedAt = try #require(markdown.range(of: "\n## Triaged\n"))
        for finding in Self.suppressed {
            // No card before the Triaged section; a row in it.
            #expect(!markdown[..<triagedAt.lowerBound].contains("##### \(finding.id): "))
            #expect(markdown[triagedAt.upperBound...].contains(finding.id))
        }
        #expect(markdown.contains("**Triage:** \u{2068}confirmed — reproduced on device\u{2069}"))
    }

    @Test func htmlAndPDFCarryTheTriagedSection() {
        let html = Self.triaged.html()
        #expect(html.contains("<h2>Triaged</h2>"))
        #expect(html.contains("only reachable from staging"))
        #expect(html.contains("reproduced on device"))
        for finding in Self.suppressed {
            #expect(!html.contains("id=\"\(HTMLReport.anchorBase(finding))\""))
        }
        let pdf = String(decoding: Self.triaged.pdf(), as: UTF8.self)
        #expect(pdf.contains("(Triaged)"), "bookmark for the Triaged section")
    }

    /// Markdown, HTML and PDF say the same sentence under the counts: the counts leave out the
    /// suppressed findings (JSON: `suppressedFindings`, in WorkbenchTests).
    @Test(.enabled(if: ExternalTool.find("pdftotext") != nil, "pdftotext not found: apt-get install poppler-utils"))
    func everyFormatSaysTheCountsLeaveOutTheSuppressedFindings() throws {
        let note = try #require(Self.triaged.suppressedNote)
        #expect(note.hasPrefix("The counts leave out \(Self.suppressed.count) findings"))
        #expect(Self.triaged.markdown().contains(note))
        #expect(Self.triaged.html().contains(note))
        let text =
            try PDFToolTests.text(of: Self.triaged.pdf()).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains(note), "the PDF's summary")
    }

    @Test func sarifCarriesFingerprintsOnEveryResultAndSuppressions() throws {
        let log = try SARIFReportTests.log(try Self.triaged.sarif(toolVersion: "0.1.0"))
        let runs = try #require(log["runs"] as? [[String: Any]])
        let results = try #require(runs.first?["results"] as? [[String: Any]])
        #expect(results.count == SampleReport.findings.count)
        let fingerprints = Set(SampleReport.findings.map(\.fingerprint))
        var suppressedCount = 0
        for result in results {
            let partial = try #require(result["partialFingerprints"] as? [String: String])
            let fingerprint = try #require(partial[SARIFReport.fingerprintKey])
            #expect(fingerprints.contains(fingerprint))
            if let suppressions = result["suppressions"] as? [[String: Any]] {
                suppressedCount += 1
                #expect(suppressions.count == 1)
                #expect(suppressions.first?["kind"] as? String == "external")
                #expect(suppressions.first?["status"] as? String == "accepted")
                #expect(Self.suppressed.contains { $0.fingerprint == fingerprint })
            }
        }
        #expect(suppressedCount == Self.suppressed.count)
        let json = String(decoding: try Self.triaged.sarif(toolVersion: "0.1.0"), as: UTF8.self)
        #expect(json.contains("\"justification\" : \"only reachable from staging\""))
    }

    @Test(
        .enabled(
            if: SARIFReportTests.canValidate,
            "python3 with PyPI jsonschema not found (pip install jsonschema), or the committed SARIF schema is missing")
    )
    func triagedSARIFValidatesAgainstTheOfficialSchema() throws {
        try SARIFReportTests.validate(try Self.triaged.sarif(toolVersion: "0.1.0"))
    }

    @Test func htmlElementIDsAreUniqueEvenForIdenticalFindings() throws {
        let twin = try #require(SampleReport.findings.first)
        let findings = SampleReport.findings + [twin, twin]
        let document = ReportDocument(
            title: "Twins", generatedBy: "test", findings: findings,
            sections: [
                ReportSection(title: "Findings", blocks: [.findings(findings)]),
                ReportSection(title: "Again", blocks: [.findings([twin])]),
            ])
        let html = document.html()
        var ids: [String] = []
        var rest = html[...]
        while let range = rest.range(of: " id=\"") {
            let tail = rest[range.upperBound...]
            guard let end = tail.firstIndex(of: "\"") else { break }
            ids.append(String(tail[..<end]))
            rest = tail[end...]
        }
        #expect(ids.count >= document.findings.count + 1)
        #expect(Set(ids).count == ids.count, "duplicate ids: \(ids.filter { id in ids.filter { $0 == id }.count > 1 })")
        // Every overview link points at an element of the page.
        for link in html.components(separatedBy: "href=\"#").dropFirst() {
            let target = String(link.prefix { $0 != "\"" })
            #expect(ids.contains(target), "dangling link #\(target)")
        }
    }
}
