import Findings
import Foundation

/// The `findings` array of the `scan` JSON document (`cli.md`), and a small standalone
/// document around it. The Workbench embeds `[Finding]` in the full `scan` document itself.
public enum FindingsJSON {
    /// The findings in report order as a pretty JSON array with sorted keys.
    public static func encode(_ findings: [Finding]) throws(ReportsError) -> Data {
        try encodeValue(findings.sortedForReport())
    }

    /// `{"schemaVersion": 1, "findings": [...]}`: what a `.json` report holds when no full
    /// `scan` document is available.
    public static func document(_ findings: [Finding]) throws(ReportsError) -> Data {
        try encodeValue(Document(schemaVersion: 1, findings: findings.sortedForReport()))
    }

    private struct Document: Encodable {
        var schemaVersion: Int
        var findings: [Finding]
    }

    private static func encodeValue<T: Encodable>(_ value: T) throws(ReportsError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(value) + Data("\n".utf8)
        } catch {
            throw .encodingFailed(String(describing: error))
        }
    }
}

/// A report file format, chosen by the extension of `--report FILE`.
public enum ReportFormat: String, Sendable, CaseIterable {
    case markdown = "md"
    case html
    case pdf
    case json
    case sarif

    /// The format a file extension names (`md`, `markdown`, `html`, `htm`, `pdf`, `json`, `sarif`), case-insensitively.
    public init(fileExtension: String) throws(ReportsError) {
        switch fileExtension.lowercased() {
        case "md", "markdown": self = .markdown
        case "html", "htm": self = .html
        case "pdf": self = .pdf
        case "json": self = .json
        case "sarif": self = .sarif
        default: throw .unknownFormat(fileExtension)
        }
    }
}

extension ReportDocument {
    /// The report in `format` as file bytes. `.json` gives the standalone findings document;
    /// the CLI writes the full `scan` document for `.json` instead.
    public func rendered(as format: ReportFormat, toolVersion: String) throws(ReportsError) -> Data {
        switch format {
        case .markdown: Data(markdown().utf8)
        case .html: Data(html().utf8)
        case .pdf: pdf()
        case .json: try FindingsJSON.document(findings)
        case .sarif: try sarif(toolVersion: toolVersion)
        }
    }
}
