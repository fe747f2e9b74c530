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
/// what-if drafts by platform and host (a host both apps claim has two files to edit). A window
/// keeps one per document, and the document's session file keeps them too
/// (`SessionFile.drafts`), so a draft survives a selection change, a tab switch, a reload,
/// Revert and a reopen; a draft equal to what the document holds is no draft
/// (dropped). Bounded as the session reader bounds them (`SessionLimits`): a draft the reader
/// would refuse is refused here, and the what-if drafts together stay within
/// `SessionLimits.maxWhatIfDraftBytes`, a quarter of the largest session the reader opens.
public struct DraftStore: Sendable, Equatable {
    /// Triage drafts by finding fingerprint.
    public private(set) var triage: [String: TriageDraft] = [:]
    /// What-if texts by platform, then by host.
    public private(set) var whatIf: [AppPlatform: [String: String]] = [:]

    /// No drafts.
    public init() {}

    /// The drafts a session file holds (none when it holds none).
    public init(_ saved: SessionDrafts?) {
        triage = saved?.triage ?? [:]
        for (platform, texts) in [(AppPlatform.ios, saved?.whatIf), (.android, saved?.androidWhatIf)] {
            if let texts, !texts.isEmpty { whatIf[platform] = texts }
        }
    }

    /// The drafts part of a session file: nil when there is no draft (nothing is written).
    public var sessionDrafts: SessionDrafts? {
        isEmpty
            ? nil
            : SessionDrafts(triage: triage, whatIf: whatIf[.ios] ?? [:], androidWhatIf: whatIf[.android] ?? [:])
    }

    /// No unsaved draft.
    public var isEmpty: Bool { triage.isEmpty && whatIfCount == 0 }

    /// How many what-if drafts there are, on every platform.
    public var whatIfCount: Int { whatIf.values.reduce(0) { $0 + $1.count } }

    /// The what-if draft of `host` on `platform`, nil when there is none.
    public func whatIfDraft(for host: String, on platform: AppPlatform) -> String? {
        whatIf[platform]?[host]
    }

    /// "2 drafts not applied (1 triage note, 1 association file edit)", or nil.
    public var summary: String? {
        guard !isEmpty else { return nil }
        let edits = whatIfCount
        let total = triage.count + edits
        var parts: [String] = []
        if !triage.isEmpty { parts.append("\(triage.count) triage \(triage.count == 1 ? "note" : "notes")") }
        if edits > 0 { parts.append("\(edits) association file \(edits == 1 ? "edit" : "edits")") }
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

    /// The what-if text `host` shows on `platform`: its draft, else the text that decides now.
    public func whatIfDraft(for host: String, on platform: AppPlatform, deciding: String) -> String {
        whatIf[platform]?[host] ?? deciding
    }

    /// Keeps `text` for `host` on `platform`, or drops it when it equals the text that decides
    /// now. Refused (the store unchanged) for a text over `SessionLimits.maxWhatIfDraftLength`
    /// UTF-8 bytes, a draft past `SessionLimits.maxDrafts` (on one platform: each is a map of
    /// the session), or drafts over `SessionLimits.maxWhatIfDraftBytes` in all.
    public mutating func setWhatIfDraft(
        _ text: String, for host: String, on platform: AppPlatform,
        deciding: String
    ) throws(WorkbenchDocumentError) {
        if text == deciding {
            removeWhatIfDraft(for: host, on: platform)
            return
        }
        guard text.utf8.count <= SessionLimits.maxWhatIfDraftLength else {
            throw .unreadableInput(
                "an association file draft is kept up to "
                    + "\(SessionLimits.maxWhatIfDraftLength / 1024) KiB; "
                    + "this one is \(text.utf8.count) bytes (not kept)"
            )
        }
        let drafts = whatIf[platform] ?? [:]
        guard drafts[host] != nil || drafts.count < SessionLimits.maxDrafts else {
            throw .unreadableInput(
                "at most \(SessionLimits.maxDrafts) association file drafts are kept: "
                    + "apply or discard some")
        }
        let total = whatIf.values.reduce(0) { sum, texts in sum + texts.values.reduce(0) { $0 + $1.utf8.count } }
        let kept = total - (drafts[host]?.utf8.count ?? 0) + text.utf8.count
        guard kept <= SessionLimits.maxWhatIfDraftBytes else {
            throw .unreadableInput(
                "association file drafts are kept up to \(SessionLimits.maxWhatIfDraftBytes >> 20) MiB in all: "
                    + "apply or discard some")
        }
        whatIf[platform, default: [:]][host] = text
    }

    public mutating func removeWhatIfDraft(for host: String, on platform: AppPlatform) {
        whatIf[platform]?[host] = nil
        if whatIf[platform]?.isEmpty == true { whatIf[platform] = nil }
    }

    /// After the document changed under the drafts (a refetch, undo, revert, a reload): drafts
    /// that now equal what the document holds are dropped, and what-if drafts of hosts it does
    /// not have; the others stay.
    public mutating func prune(savedTriage: [String: Triage], decidingTexts: [AppPlatform: [String: String]]) {
        triage = triage.filter { fingerprint, draft in draft != TriageDraft(savedTriage[fingerprint]) }
        for (platform, drafts) in whatIf {
            let texts = decidingTexts[platform] ?? [:]
            let kept = drafts.filter { host, text in texts[host].map { text != $0 } ?? false }
            whatIf[platform] = kept.isEmpty ? nil : kept
        }
    }

    /// Drops every draft (the tester discarded them).
    public mutating func removeAll() {
        triage = [:]
        whatIf = [:]
    }
}
