import Findings

/// A triage decision being typed: status and note not yet saved.
public struct TriageDraft: Sendable, Equatable, Codable {
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
/// what-if drafts by host. A window keeps one per document, and the document's session file
/// keeps them too (`SessionFile.drafts`), so a draft survives a selection change, a tab switch,
/// a reload, Revert and a reopen; a draft equal to what the document holds is no draft
/// (dropped). Bounded as the session reader bounds them (`SessionLimits`): a draft the reader
/// would refuse is refused here, so a session with drafts always opens again.
public struct DraftStore: Sendable, Equatable {
    /// Triage drafts by finding fingerprint.
    public private(set) var triage: [String: TriageDraft] = [:]
    /// What-if texts by host.
    public private(set) var whatIf: [String: String] = [:]

    /// No drafts.
    public init() {}

    /// The drafts a session file holds (none when it holds none).
    public init(_ saved: SessionDrafts?) {
        triage = saved?.triage ?? [:]
        whatIf = saved?.whatIf ?? [:]
    }

    /// The drafts part of a session file: nil when there is no draft (nothing is written).
    public var sessionDrafts: SessionDrafts? {
        isEmpty ? nil : SessionDrafts(triage: triage, whatIf: whatIf)
    }

    /// No unsaved draft.
    public var isEmpty: Bool { triage.isEmpty && whatIf.isEmpty }

    /// "2 drafts not applied (1 triage note, 1 association file edit)", or nil.
    public var summary: String? {
        guard !isEmpty else { return nil }
        let total = triage.count + whatIf.count
        var parts: [String] = []
        if !triage.isEmpty { parts.append("\(triage.count) triage \(triage.count == 1 ? "note" : "notes")") }
        if !whatIf.isEmpty { parts.append("\(whatIf.count) association file \(whatIf.count == 1 ? "edit" : "edits")") }
        return "\(total) \(total == 1 ? "draft" : "drafts") not applied (" + parts.joined(separator: ", ") + ")"
    }

    /// The triage `fingerprint` shows: its draft, else what is saved.
    public func triageDraft(for fingerprint: String, saved: Triage?) -> TriageDraft {
        triage[fingerprint] ?? TriageDraft(saved)
    }

    /// Keeps `draft` for `fingerprint`, or drops it when it equals what is saved. Refused (the
    /// store unchanged) for an empty or over-long fingerprint, a note over
    /// `SessionLimits.maxFieldLength` UTF-8 bytes, or a draft past `SessionLimits.maxDrafts`.
    public mutating func setTriageDraft(
        _ draft: TriageDraft, for fingerprint: String,
        saved: Triage?
    ) throws(WorkbenchDocumentError) {
        guard !fingerprint.isEmpty, fingerprint.utf8.count <= SessionLimits.maxFieldLength else {
            throw .unreadableInput(
                "a triage draft needs a finding fingerprint of at most "
                    + "\(SessionLimits.maxFieldLength) bytes")
        }
        if draft == TriageDraft(saved) {
            triage[fingerprint] = nil
            return
        }
        guard draft.note.utf8.count <= SessionLimits.maxFieldLength else {
            throw .unreadableInput(
                "a triage note is kept up to \(SessionLimits.maxFieldLength) bytes; "
                    + "this one is \(draft.note.utf8.count) bytes (not kept)")
        }
        guard triage[fingerprint] != nil || triage.count < SessionLimits.maxDrafts else {
            throw .unreadableInput("at most \(SessionLimits.maxDrafts) triage drafts are kept: save or discard some")
        }
        triage[fingerprint] = draft
    }

    public mutating func removeTriageDraft(for fingerprint: String) {
        triage[fingerprint] = nil
    }

    /// The what-if text `host` shows: its draft, else the text that decides now.
    public func whatIfDraft(for host: String, deciding: String) -> String {
        whatIf[host] ?? deciding
    }

    /// Keeps `text` for `host`, or drops it when it equals the text that decides now. Refused
    /// (the store unchanged) for a text over `SessionLimits.maxWhatIfDraftLength` UTF-8 bytes
    /// or a draft past `SessionLimits.maxDrafts`.
    public mutating func setWhatIfDraft(
        _ text: String, for host: String,
        deciding: String
    ) throws(WorkbenchDocumentError) {
        if text == deciding {
            whatIf[host] = nil
            return
        }
        guard text.utf8.count <= SessionLimits.maxWhatIfDraftLength else {
            throw .unreadableInput(
                "an association file draft is kept up to "
                    + "\(SessionLimits.maxWhatIfDraftLength / 1024) KiB; "
                    + "this one is \(text.utf8.count) bytes (not kept)"
            )
        }
        guard whatIf[host] != nil || whatIf.count < SessionLimits.maxDrafts else {
            throw .unreadableInput(
                "at most \(SessionLimits.maxDrafts) association file drafts are kept: "
                    + "apply or discard some")
        }
        whatIf[host] = text
    }

    public mutating func removeWhatIfDraft(for host: String) {
        whatIf[host] = nil
    }

    /// After the document changed under the drafts (a refetch, undo, revert, a reload): drafts
    /// that now equal what the document holds are dropped, and what-if drafts of hosts it does
    /// not have; the others stay.
    public mutating func prune(savedTriage: [String: Triage], decidingTexts: [String: String]) {
        triage = triage.filter { fingerprint, draft in draft != TriageDraft(savedTriage[fingerprint]) }
        whatIf = whatIf.filter { host, text in decidingTexts[host].map { text != $0 } ?? false }
    }

    /// Drops every draft (the tester discarded them).
    public mutating func removeAll() {
        triage = [:]
        whatIf = [:]
    }
}
