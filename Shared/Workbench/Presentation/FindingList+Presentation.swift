import Findings
import Foundation
import SiteAssociation

/// The findings sidebar as a face renders it (the web page's JSON; the Mac app uses the same
/// values through `FindingList`): counts, groups and rows, every word already written.
public struct FindingListPresentation: Sendable, Equatable, Codable {
    /// One severity's count of findings that are not suppressed (every severity, zero included).
    public struct Count: Sendable, Equatable, Codable {
        public var severity: String
        public var label: String
        public var count: Int
    }

    /// One group of rows: a severity's open findings, or the suppressed ones.
    public struct Group: Sendable, Equatable, Codable {
        /// `critical` … `info`, or `suppressed`.
        public var key: String
        /// "Medium (2)".
        public var title: String
        public var rows: [FindingRowPresentation]
    }

    public var counts: [Count]
    public var suppressed: Int
    /// "1 high · 2 medium · 1 suppressed", or "No findings".
    public var summary: String
    public var total: Int
    public var groups: [Group]
    /// What the list says when it shows nothing, nil when it shows something.
    public var emptyText: String?

    public init(_ list: FindingList) {
        counts = Severity.descending.map {
            Count(severity: $0.rawValue, label: $0.displayName, count: list.counts[$0] ?? 0)
        }
        suppressed = list.suppressedCount
        summary = list.countSummary
        total = list.total
        groups = list.groups.map { group in
            Group(key: group.id, title: group.title, rows: group.findings.map(FindingRowPresentation.init))
        }
        emptyText = list.emptyText
    }
}

/// One finding as a sidebar row shows it.
public struct FindingRowPresentation: Sendable, Equatable, Codable {
    public var fingerprint: String
    /// `AASA-007`.
    public var id: String
    /// `critical` … `info` (`data-severity`).
    public var severity: String
    public var title: String
    public var subject: String
    /// `open`, `confirmed`, `false-positive`, `accepted-risk`, `fixed` (`data-triage`).
    public var triage: String
    /// The triage badge ("False positive"), nil while open.
    public var triageBadge: String?
    /// What a screen reader reads for the row.
    public var accessibilityLabel: String

    public init(_ item: TriagedFinding) {
        fingerprint = item.fingerprint
        id = item.finding.id
        severity = item.finding.severity.rawValue
        // Text from an input shows hidden characters as markers (`HiddenCharacters`).
        title = HiddenCharacters.marked(item.finding.title)
        subject = HiddenCharacters.marked(item.finding.subject)
        triage = item.status.rawValue
        triageBadge = item.status == .open ? nil : item.status.badge
        accessibilityLabel = FindingRow(item).accessibilityLabel
    }
}

/// One finding as the inspector shows it: explanation, evidence, remediation, references and
/// its triage, as text.
public struct FindingDetailPresentation: Sendable, Equatable, Codable {
    /// One piece of evidence: its kind's label and its one-line text.
    public struct EvidenceLine: Sendable, Equatable, Codable {
        public var kind: String
        public var label: String
        public var text: String
    }

    /// A reference: its title and address (shown as text, never followed by a face).
    public struct ReferenceLine: Sendable, Equatable, Codable {
        public var title: String
        public var url: String
    }

    /// One triage status a face offers.
    public struct StatusOption: Sendable, Equatable, Codable {
        public var value: String
        public var label: String
    }

    public var fingerprint: String
    public var id: String
    public var severity: String
    public var severityLabel: String
    public var title: String
    public var subject: String
    /// The explanation's paragraphs.
    public var paragraphs: [String]
    public var evidence: [EvidenceLine]
    public var remediation: String
    public var references: [ReferenceLine]
    /// The triage status (`open` when none was set), its note and when it was set (ISO 8601).
    public var triage: String
    public var note: String
    public var triageSetAt: String?
    public var statuses: [StatusOption]

    public init(_ item: TriagedFinding) {
        let finding = item.finding
        fingerprint = item.fingerprint
        id = finding.id
        severity = finding.severity.rawValue
        severityLabel = finding.severity.displayName
        // Text from an input shows hidden characters as markers (`HiddenCharacters`); the
        // tester's own note stays as typed (a face edits it).
        title = HiddenCharacters.marked(finding.title)
        subject = HiddenCharacters.marked(finding.subject)
        paragraphs =
            finding.explanation.components(separatedBy: "\n\n").filter { !$0.isEmpty }.map(HiddenCharacters.marked)
        evidence = finding.evidence.map {
            EvidenceLine(kind: Self.kind(of: $0), label: $0.kindLabel, text: HiddenCharacters.marked($0.summary))
        }
        remediation = finding.remediation
        references = finding.references.map { ReferenceLine(title: $0.title, url: $0.url) }
        triage = item.status.rawValue
        note = item.triage?.note ?? ""
        triageSetAt = item.triage.map { WorkbenchDocument.iso8601($0.setAt) }
        statuses = TriageStatus.allCases.map { StatusOption(value: $0.rawValue, label: $0.badge) }
    }

    /// The evidence's kind as the JSON contract names it (`data-kind`).
    static func kind(of evidence: Evidence) -> String {
        switch evidence {
        case .binary: "binary"
        case .network: "network"
        case .associationFile: "associationFile"
        case .entitlement: "entitlement"
        case .text: "text"
        }
    }
}
