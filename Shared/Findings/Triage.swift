import Foundation

/// What the tester decided about a finding (`docs/glossary.md`, triage).
public enum TriageStatus: String, Sendable, Codable, Hashable, CaseIterable {
    /// Not looked at yet (the default).
    case open
    /// Checked and real.
    case confirmed
    /// Not a real problem; reports move it to "Triaged" with the note.
    case falsePositive = "false-positive"
    /// Real, and the client accepts it; reports move it to "Triaged" with the note.
    case acceptedRisk = "accepted-risk"
    /// The client says it is fixed (a retest confirms or not).
    case fixed

    /// Reports list the finding apart, under "Triaged", and SARIF suppresses it.
    public var isSuppressed: Bool { self == .falsePositive || self == .acceptedRisk }
}

/// The triage of one finding fingerprint: status, an optional note, and when it was set.
public struct Triage: Sendable, Codable, Hashable {
    /// The decision.
    public var status: TriageStatus
    /// The tester's note ("only reachable from the staging host"); may be empty.
    public var note: String
    /// When it was set.
    public var setAt: Date

    /// A triage decision.
    public init(status: TriageStatus, note: String = "", setAt: Date) {
        self.status = status
        self.note = note
        self.setAt = setAt
    }
}

/// A finding with its fingerprint and triage, as faces and reports show it.
public struct TriagedFinding: Sendable, Hashable {
    /// The finding.
    public var finding: Finding
    /// Its triage, nil when never triaged (shown as `open`).
    public var triage: Triage?

    /// A finding with optional triage.
    public init(finding: Finding, triage: Triage? = nil) {
        self.finding = finding
        self.triage = triage
    }

    /// `finding.fingerprint`.
    public var fingerprint: String { finding.fingerprint }
    /// The status shown: the triage's, or `open`.
    public var status: TriageStatus { triage?.status ?? .open }
}
