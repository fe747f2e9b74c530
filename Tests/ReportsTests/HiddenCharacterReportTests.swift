import Findings
import Foundation
import Testing

@testable import Reports

/// Bidirectional controls and invisible characters from an input are shown as visible
/// markers in every text format, and a triage note is isolated from the text around it.
@Suite struct HiddenCharacterReportTests {
    static let hostile = "/admin\u{202E}/*\u{200B}"

    static var document: ReportDocument {
        let finding = Finding(
            id: "AASA-027", category: .security, severity: .medium, title: "Hidden \u{2067}title",
            subject: "example.com \u{202E}moc.elpmaxe", explanation: "Rule \(hostile).",
            evidence: [.text(hostile)], remediation: "Fix.", references: [])
        var document = ReportDocument(
            title: "App\u{202E}", generatedBy: "tests", findings: [finding],
            sections: [
                ReportSection(title: "Findings", blocks: [.findings([finding])]),
                ReportSection(
                    title: "Trace",
                    blocks: [.code(CodeBlock(text: hostile))]),
            ])
        document.triage = [
            finding.fingerprint: Triage(
                status: .confirmed, note: "עברית \u{202E}note",
                setAt: Date(timeIntervalSince1970: 1_795_100_000))
        ]
        return document
    }

    static let raw: [Unicode.Scalar] = ["\u{202E}", "\u{200B}", "\u{2067}"]

    @Test func markdownShowsMarkersAndIsolatesTheNote() {
        let markdown = Self.document.markdown()
        #expect(!markdown.unicodeScalars.contains { Self.raw.contains($0) }, "a hidden character reached the Markdown")
        #expect(markdown.contains("/admin‹U+202E›/\\*‹U+200B›"))
        #expect(markdown.contains("‹U+2067›"))
        #expect(markdown.contains("**Triage:** \u{2068}"))
        #expect(markdown.contains(" — עברית ‹U+202E›note\u{2069}"))
    }

    @Test func htmlShowsMarkersAndIsolatesTheNote() {
        let html = Self.document.html()
        #expect(!html.unicodeScalars.contains { Self.raw.contains($0) }, "a hidden character reached the HTML")
        #expect(html.contains("/admin‹U+202E›/*‹U+200B›"))
        #expect(html.contains("<strong>Triage: </strong><bdi>"))
        #expect(html.contains(" — עברית ‹U+202E›note</bdi>"))
    }
}
