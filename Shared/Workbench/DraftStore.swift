import Findings

/// A triage decision being typed: status and note not yet saved.
public struct TriageDraft: Sendable, Equatable {
    /// The status chosen.
    public var status: TriageStatus
    /// The note typed.
    public var note: String

    public init(status: TriageStatus, note: String) {
        self.status = status
        self.note = note
    }

    /// The draft a saved triage (or none: open, no note) starts from.
    public init(_ saved: Triage?) {
        self.init(status: saved?.status ?? .open, note: saved?.note ?? "")
    }
}

/// What the tester typed and has not applied yet: triage drafts by finding fingerprint and
/// what-if drafts by host. A window keeps one per document, so a draft survives a selection
/// change, a tab switch, an undo and a reload; a draft equal to what the document holds is no
/// draft (dropped).
public struct DraftStore: Sendable, Equatable {
    /// Triage drafts by finding fingerprint.
    public private(set) var triage: [String: TriageDraft] = [:]
    /// What-if texts by host.
    public private(set) var whatIf: [String: String] = [:]

    /// No drafts.
    public init() {}

    /// No unsaved draft.
    public var isEmpty: Bool { triage.isEmpty && whatIf.isEmpty }

    /// "2 unsaved drafts (1 triage note, 1 association file edit)", or nil.
    public var summary: String? {
        guard !isEmpty else { return nil }
        let total = triage.count + whatIf.count
        var parts: [String] = []
        if !triage.isEmpty { parts.append("\(triage.count) triage \(triage.count == 1 ? "note" : "notes")") }
        if !whatIf.isEmpty { parts.append("\(whatIf.count) association file \(whatIf.count == 1 ? "edit" : "edits")") }
        return "\(total) unsaved \(total == 1 ? "draft" : "drafts") (" + parts.joined(separator: ", ") + ")"
    }

    /// The triage `fingerprint` shows: its draft, else what is saved.
    public func triageDraft(for fingerprint: String, saved: Triage?) -> TriageDraft {
        triage[fingerprint] ?? TriageDraft(saved)
    }

    /// Keeps `draft` for `fingerprint`, or drops it when it equals what is saved.
    public mutating func setTriageDraft(_ draft: TriageDraft, for fingerprint: String, saved: Triage?) {
        triage[fingerprint] = draft == TriageDraft(saved) ? nil : draft
    }

    public mutating func removeTriageDraft(for fingerprint: String) {
        triage[fingerprint] = nil
    }

    /// The what-if text `host` shows: its draft, else the text that decides now.
    public func whatIfDraft(for host: String, deciding: String) -> String {
        whatIf[host] ?? deciding
    }

    /// Keeps `text` for `host`, or drops it when it equals the text that decides now.
    public mutating func setWhatIfDraft(_ text: String, for host: String, deciding: String) {
        whatIf[host] = text == deciding ? nil : text
    }

    public mutating func removeWhatIfDraft(for host: String) {
        whatIf[host] = nil
    }

    /// After the document changed under the drafts (undo, revert, a reload): drafts that now
    /// equal what the document holds are dropped; the others stay.
    public mutating func prune(savedTriage: [String: Triage], decidingTexts: [String: String]) {
        triage = triage.filter { fingerprint, draft in draft != TriageDraft(savedTriage[fingerprint]) }
        whatIf = whatIf.filter { host, text in text != decidingTexts[host] }
    }

    /// Drops every draft (the tester discarded them).
    public mutating func removeAll() {
        triage = [:]
        whatIf = [:]
    }
}
