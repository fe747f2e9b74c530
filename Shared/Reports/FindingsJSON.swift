import Findings
import Foundation

/// The `findings` array of the `scan` JSON document (`cli.md`), and a small standalone
/// document around it. The Workbench embeds `[Finding]` in the full `scan` document itself.
public enum FindingsJSON {
    /// The findings in report order as a pretty JSON array with sorted keys, each with its
    /// `fingerprint` and `triage` (`FindingJSON`).
    public static func encode(_ findings: [Finding], triage: [String: Triage] = [:]) throws(ReportsError) -> Data {
        try encodeValue(entries(findings, triage: triage))
    }

    /// `{"schemaVersion": 1, "findings": [...]}`: what a `.json` report holds when no full
    /// `scan` document is available.
    public static func document(_ findings: [Finding], triage: [String: Triage] = [:]) throws(ReportsError) -> Data {
        try encodeValue(Document(schemaVersion: 1, findings: entries(findings, triage: triage)))
    }

    /// The findings in report order as JSON entries with their fingerprint and triage.
    public static func entries(_ findings: [Finding], triage: [String: Triage]) -> [FindingJSON] {
        findings.sortedForReport().map { FindingJSON($0, triage: triage.isEmpty ? nil : triage[$0.fingerprint]) }
    }

    private struct Document: Encodable {
        var schemaVersion: Int
        var findings: [FindingJSON]
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

/// One finding as every JSON output writes it: the `Finding` fields of `cli.md`, plus
/// `fingerprint` (`Finding.fingerprint`) and `triage` — `null`, or `{status, note, setAt}`
/// with `setAt` in ISO 8601 UTC whatever the encoder's date strategy.
public struct FindingJSON: Sendable, Encodable, Hashable {
    /// The finding.
    public var finding: Finding
    /// Its triage, nil when never triaged.
    public var triage: Triage?

    /// An entry for `finding` with its triage.
    public init(_ finding: Finding, triage: Triage?) {
        self.finding = finding
        self.triage = triage
    }

    private enum Key: String, CodingKey { case fingerprint, triage }

    public func encode(to encoder: any Encoder) throws {
        try finding.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(finding.fingerprint, forKey: .fingerprint)
        try container.encode(triage.map(TriageJSON.init), forKey: .triage)
    }
}

/// A triage as every JSON output writes it: `{status, note, setAt}`, `setAt` in ISO 8601 UTC
/// whatever the encoder's date strategy.
public struct TriageJSON: Sendable, Encodable, Hashable {
    public var triage: Triage

    public init(_ triage: Triage) {
        self.triage = triage
    }

    private enum Key: String, CodingKey { case status, note, setAt }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(triage.status, forKey: .status)
        try container.encode(triage.note, forKey: .note)
        try container.encode(ReportDate.text(triage.setAt), forKey: .setAt)
    }
}

/// What the report renderer writes (`ReportDocument.rendered(as:toolVersion:)`): the report
/// formats among `ExportFormat`, which names, labels and types every one of them.
public enum ReportFormat: String, Sendable, CaseIterable {
    case markdown = "md"
    case html
    case pdf
    case json
    case sarif
}

extension ReportDocument {
    /// The report in `format` as file bytes. `.json` gives the standalone findings document;
    /// the CLI writes the full `scan` document for `.json` instead.
    public func rendered(as format: ReportFormat, toolVersion: String) throws(ReportsError) -> Data {
        switch format {
        case .markdown: Data(markdown().utf8)
        case .html: Data(html().utf8)
        case .pdf: pdf()
        case .json: try FindingsJSON.document(findings, triage: triage)
        case .sarif: try sarif(toolVersion: toolVersion)
        }
    }
}

/// The counts a JSON report writes, the way every format counts (`ReportDocument.summary`):
/// the findings the report lists, without those triaged as false positive or accepted risk,
/// which `suppressed` counts.
public struct FindingCounts: Sendable, Equatable {
    /// Severity → count, every severity present.
    public var bySeverity: [String: Int]
    /// Category → severity → count, every category and severity present.
    public var byCategory: [String: [String: Int]]
    /// Findings triaged as false positive or accepted risk, left out of the counts.
    public var suppressed: Int

    public init(_ findings: [Finding], triage: [String: Triage]) {
        let listed = ReportDocument.listed(findings, triage: triage)
        suppressed = findings.count - listed.count
        bySeverity = Dictionary(uniqueKeysWithValues: listed.countsBySeverity().map { ($0.key.rawValue, $0.value) })
        byCategory = Dictionary(
            uniqueKeysWithValues: listed.countsByCategory().map { category, counts in
                (category.rawValue, Dictionary(uniqueKeysWithValues: counts.map { ($0.key.rawValue, $0.value) }))
            })
    }
}
