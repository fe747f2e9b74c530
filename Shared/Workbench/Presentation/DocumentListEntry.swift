import Foundation
import Reports

/// One open document as a list of documents shows it (the web page's home, `GET /api/documents`).
public struct DocumentListEntry: Sendable, Equatable, Encodable {
    public var id: String
    /// The tester's name for what was opened.
    public var name: String
    /// `name`, or "name (2)" for the second document of one name (a session opened twice), in
    /// the order they were opened.
    public var label: String
    public var kind: String
    /// `DocumentPhase.name` and its words (`PhaseStatus.text`).
    public var phase: String
    public var phaseText: String
    public var bundleID: String?
    /// ISO 8601, nil before anything was opened.
    public var openedAt: String?
    /// Each severity's count of the findings a report lists (`FindingCounts`), and `suppressed`:
    /// those triaged as false positive or accepted risk.
    public var counts: [String: Int]

    /// The entries of `open` documents, in the order given (the order they were opened);
    /// `name` is used for a document that holds no source yet.
    @MainActor
    public static func list(
        _ open: [(id: String, name: String, kind: String, document: WorkbenchDocument)]
    )
        -> [DocumentListEntry]
    {
        var seen: [String: Int] = [:]
        return open.map { item in
            let document = item.document
            let name = document.source?.name ?? item.name
            seen[name, default: 0] += 1
            let number = seen[name] ?? 1
            let counted = FindingCounts(document.findings.map(\.finding), triage: document.triage)
            var counts = counted.bySeverity
            counts["suppressed"] = counted.suppressed
            return DocumentListEntry(
                id: item.id, name: name, label: number == 1 ? name : "\(name) (\(number))", kind: item.kind,
                phase: document.phase.name, phaseText: PhaseStatus(document.phase).text,
                bundleID: document.app?.mainBundle?.bundleIdentifier,
                openedAt: document.source.map { WorkbenchDocument.iso8601($0.openedAt) }, counts: counts)
        }
    }

    private enum Key: String, CodingKey { case id, name, label, kind, phase, phaseText, bundleID, openedAt, counts }

    /// `bundleID` and `openedAt` are written as null when absent.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(label, forKey: .label)
        try container.encode(kind, forKey: .kind)
        try container.encode(phase, forKey: .phase)
        try container.encode(phaseText, forKey: .phaseText)
        try container.encode(bundleID, forKey: .bundleID)
        try container.encode(openedAt, forKey: .openedAt)
        try container.encode(counts, forKey: .counts)
    }
}
