import Findings
import Foundation
import Observation

/// The two ends of a document file the controller writes through: the document's value (a
/// `FileDocument`'s bytes on the Mac) and the name of the undo step a write becomes.
///
/// The contract this relies on is SwiftUI's for a `FileDocument`: writing a different value
/// registers an undo (restoring the old value) with the document's undo manager and marks the
/// document edited; undo, redo, Revert and Browse All Versions replace the value, and the
/// window hears of it (`SessionController.valueChanged(_:)`); saving and autosave read the
/// value. So the document's undo stack is the only one: the controller registers no undo of
/// its own, it names the step the write made.
public struct SessionFileBinding {
    /// Writes the session's bytes into the document's value.
    public var write: @MainActor (Data) -> Void
    /// Names the undo step the last write registered ("Triage", "Edit Association File").
    public var nameUndo: @MainActor (String) -> Void

    public init(
        write: @escaping @MainActor (Data) -> Void,
        nameUndo: @escaping @MainActor (String) -> Void = { _ in }
    ) {
        self.write = write
        self.nameUndo = nameUndo
    }
}

/// One session window's document state machine: the workbench document, what the document
/// file holds, the drafts not yet applied, and whether the document may go online.
///
/// Invariant: the window shows exactly the session the value holds, drafts included. Every
/// real edit (triage, an association file edited, used or reverted, URL lines, a refetch,
/// device state) is applied to the workbench document and written into the value as one step;
/// so is every change of a draft (typed, discarded), whose bytes are the session's with its
/// `drafts` part: a draft marks the document edited, autosave and Save write it, Revert and a
/// reopen bring it back, and undo steps through it as TextEdit's Undo Typing does. A value
/// changed from outside (undo, redo, Revert, Versions) is reloaded, drafts with it. What is
/// not an edit (an inspection landing, the app file found elsewhere) writes nothing: a new
/// session from an app keeps its inspected state as the `baseline` while its value is still
/// empty, so "Save changes?" and autosave follow real edits and drafts only, and undoing the
/// first edit returns to the inspected app, never to an empty window.
@MainActor @Observable
public final class SessionController {
    /// The live session the window shows.
    public let document: WorkbenchDocument
    /// Triage and what-if drafts: the value's `drafts` part (they survive selection and tab
    /// changes; undo, Revert and a reopen restore the ones the value holds).
    public private(set) var drafts = DraftStore()
    /// Whether the document may fetch, and the question waiting for the tester.
    public private(set) var consent: OnlineConsent
    /// The session the value holds (what this window last read or wrote); empty for a new
    /// session that has had no edit yet.
    public private(set) var value: Data
    /// The inspected session before any edit, for a new session whose value is still empty.
    public private(set) var baseline: Data?
    /// The bytes last saved (opened from the file, or `didSave(_:)`); nil for an untitled session.
    public private(set) var savedBytes: Data?

    @ObservationIgnored private let binding: SessionFileBinding
    @ObservationIgnored private var baseSettings: WorkbenchSettings

    /// A controller writing through `binding`; `settings` are the Settings' (their `offline` is
    /// the default `OnlineConsent` starts from); `now` is the document's clock.
    public init(
        settings: WorkbenchSettings, binding: SessionFileBinding,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.binding = binding
        self.baseSettings = settings
        self.consent = OnlineConsent(defaultOffline: settings.offline)
        self.value = Data()
        self.document = WorkbenchDocument(settings: settings, now: now)
    }

    // MARK: Opening

    /// Opens the document's value: a saved session (no network), or nothing yet.
    public func open(value bytes: Data) throws(WorkbenchDocumentError) {
        guard !bytes.isEmpty else { return }
        try document.openSession(bytes)
        loadDrafts()
        value = bytes
        savedBytes = bytes
        baseline = nil
    }

    /// A new session for the app at `url`: inspected with its fetches held, then (per
    /// `consent`) asked about, fetched or settled offline. Returns once the inspection ended.
    public func openApp(at url: URL) async {
        consent.appOpened()
        applySettings()
        document.holdsFetches = true
        document.openApp(at: url)
        await document.settled()
        guard document.app != nil else {
            document.holdsFetches = false
            return
        }
        baseline = try? document.save(drafts: nil)
        await perform(consent.hostsKnown(document.unfetchedHosts))
    }

    /// A new session for the Android app at `url` (`.apk`, `.xapk`, `.apks`): read with its
    /// fetches held, then (per `consent`) asked about, fetched or settled offline, as `openApp`.
    public func openAndroidApp(at url: URL) async {
        consent.appOpened()
        applySettings()
        document.holdsFetches = true
        document.addAndroidApp(at: url)
        await document.settled()
        guard document.android != nil else {
            document.holdsFetches = false
            return
        }
        baseline = try? document.save(drafts: nil)
        await perform(consent.hostsKnown(document.unfetchedHosts))
    }

    /// Adds the product's Android app to the session the window shows (beside its iOS app; a
    /// second APK replaces the first): one undo step ("Add Android App") once it was read and
    /// its hosts fetched as the document's consent allows. A file that is not an APK changes
    /// nothing but the document's notes.
    public func addAndroidApp(at url: URL) async {
        document.addAndroidApp(at: url)
        await document.settled()
        commit("Add Android App")
    }

    /// A new session about `host` alone (association-file-only mode, no app): fetched at once as
    /// the document's online choice allows (the tester named the host to check), then kept as
    /// the baseline, as an inspected app is. A text that is not a host fails the document.
    public func openDomain(_ host: String) async {
        applySettings()
        document.openDomain(host)
        await document.settled()
        guard hasSession else { return }
        baseline = try? document.save(drafts: nil)
    }

    /// A new session deciding `host` against `data` (an association file the tester has, no
    /// app, nothing fetched); kept as the baseline.
    public func openAssociationFile(_ data: Data, host: String) {
        applySettings()
        document.openAssociationFile(data, host: host)
        guard hasSession else { return }
        baseline = try? document.save(drafts: nil)
    }

    /// Adds the product's iOS app to the Android session the window shows (the other direction
    /// of `addAndroidApp`): one undo step ("Add iOS App") once it was inspected and its hosts
    /// fetched as the document's online choice allows (`WorkbenchDocument.addIOSApp`).
    public func addIOSApp(at url: URL) async {
        document.addIOSApp(at: url)
        await document.settled()
        commit("Add iOS App")
    }

    /// True when the window shows an inspected app or a session (something to save).
    public var hasSession: Bool { document.app != nil || !document.domains.isEmpty || document.android != nil }

    // MARK: The value changed outside (undo, redo, Revert, Browse All Versions)

    /// Reloads the window from `bytes` when they are not what it shows, drafts included (the
    /// ones `bytes` hold; the inspected baseline holds none). Returns the error when `bytes`
    /// cannot be opened (the window then keeps its state).
    @discardableResult
    public func valueChanged(_ bytes: Data) -> WorkbenchDocumentError? {
        guard bytes != value else { return nil }
        let shown = bytes.isEmpty ? baseline : bytes
        value = bytes
        guard let shown else { return nil }
        do {
            try document.openSession(shown)
        } catch {
            return error
        }
        loadDrafts()
        return nil
    }

    /// The value was saved (⌘S, autosave): the bytes the file now holds.
    public func didSave(_ bytes: Data) {
        savedBytes = bytes
    }

    /// Unsaved: the value (drafts included) differs from the file.
    public var hasUnsavedChanges: Bool {
        !value.isEmpty && value != savedBytes
    }

    // MARK: Edits (each one step of the document's undo)

    /// Records a triage decision ("Triage"); its draft, if any, is gone.
    public func setTriage(_ fingerprint: String, status: TriageStatus, note: String) throws(WorkbenchDocumentError) {
        try document.setTriage(fingerprint: fingerprint, status: status, note: note)
        drafts.removeTriageDraft(for: fingerprint)
        commit("Triage")
    }

    /// Decides `host` of `platform` as if it served `text` ("Edit Association File").
    public func edit(_ text: String, host: String, on platform: AppPlatform = .ios) throws(WorkbenchDocumentError) {
        try document.edit(text, forHost: host, on: platform)
        drafts.removeWhatIfDraft(for: host, on: platform)
        commit("Edit Association File")
    }

    /// Back to what `host` of `platform` served ("Revert Association File").
    public func revert(host: String, on platform: AppPlatform = .ios) throws(WorkbenchDocumentError) {
        try document.revert(host: host, on: platform)
        drafts.removeWhatIfDraft(for: host, on: platform)
        commit("Revert Association File")
    }

    /// Decides `host` of `platform` against a file the tester supplied ("Use Association File").
    public func useFile(
        _ data: Data, name: String, host: String,
        on platform: AppPlatform = .ios
    ) throws(WorkbenchDocumentError) {
        try document.useFile(data, name: name, forHost: host, on: platform)
        drafts.removeWhatIfDraft(for: host, on: platform)
        commit("Use Association File")
    }

    /// Replaces the URL lines; the same text again is no edit.
    public func setURLLines(_ text: String) {
        guard text != document.urlLines else { return }
        document.setURLLines(text)
        commit("Edit URL List")
    }

    /// Imports a device's records (`swcutil show`) ("Import Device State").
    public func importDeviceState(_ text: String) throws(WorkbenchDocumentError) {
        try document.importDeviceState(text)
        commit("Import Device State")
    }

    /// Records (nil: removes) the outcome of one probe of the current kit ("Record Probe Outcome").
    public func recordProbeOutcome(
        id: String, outcome: ProbeFacts.Observation.Outcome?,
        note: String
    ) throws(WorkbenchDocumentError) {
        try document.recordProbeOutcome(id: id, outcome: outcome, note: note)
        commit("Record Probe Outcome")
    }

    /// Imports the kit's results file ("Import Probe Results").
    public func importProbeResults(_ data: Data) throws(WorkbenchDocumentError) {
        try document.importProbeResults(data)
        commit("Import Probe Results")
    }

    /// Points the redirect probes at `host` ("Change Attacker Host").
    public func setAttackerHost(_ host: String) throws(WorkbenchDocumentError) {
        try document.setAttackerHost(host)
        commit("Change Attacker Host")
    }

    /// Forgets the outcomes recorded for another kit ("Clear Stale Probe Outcomes").
    public func clearStaleProbeOutcomes() {
        document.clearStaleProbeOutcomes()
        commit("Clear Stale Probe Outcomes")
    }

    /// Keeps what an Android device recorded (`pm get-app-links` output) ("Read Android Device State").
    public func importAndroidDeviceState(_ output: String) throws(WorkbenchDocumentError) {
        try document.importAndroidDeviceState(output)
        commit("Read Android Device State")
    }

    /// Refetches `host` of `platform`; the result is one step once it landed.
    public func refetch(host: String, on platform: AppPlatform = .ios) async throws(WorkbenchDocumentError) {
        try document.refetch(host: host, on: platform)
        await document.settled()
        commit("Refetch")
    }

    /// Refetches every host of both apps; the results are one step once they landed.
    public func refetchAll() async {
        document.refetchAll()
        await document.settled()
        commit("Refetch All")
    }

    /// Records where the app file is now: not an edit (written with the next one).
    public func recordAppLocation(path: String, bookmark: Data?) {
        document.recordAppLocation(path: path, bookmark: bookmark)
        settleBaseline()
    }

    // MARK: Drafts (each change one step of the document's undo, as typing is)

    /// The triage the inspector shows: the draft, else what is saved.
    public func triageDraft(for fingerprint: String) -> TriageDraft {
        drafts.triageDraft(for: fingerprint, saved: document.triage[fingerprint])
    }

    /// Keeps what the tester typed for `fingerprint` (dropped when equal to what is saved) and
    /// writes it into the value ("Typing", or "Change Triage Status"). Refused beyond the
    /// session's draft limits (`DraftStore`), the draft then unchanged.
    public func setTriageDraft(_ draft: TriageDraft, for fingerprint: String) throws(WorkbenchDocumentError) {
        guard hasSession else { throw .notReady }
        let before = triageDraft(for: fingerprint)
        try drafts.setTriageDraft(draft, for: fingerprint, saved: document.triage[fingerprint])
        commit(before.note == draft.note ? "Change Triage Status" : "Typing")
    }

    /// Applies the draft of `fingerprint` (one undo step); nothing when there is none.
    public func saveTriageDraft(for fingerprint: String) throws(WorkbenchDocumentError) {
        guard let draft = drafts.triage[fingerprint] else { return }
        try setTriage(fingerprint, status: draft.status, note: draft.note)
    }

    /// The what-if text the editor of `host` on `platform` shows: the draft, else the text
    /// that decides now.
    public func whatIfDraft(for host: String, on platform: AppPlatform = .ios) -> String {
        drafts.whatIfDraft(for: host, on: platform, deciding: decidingText(host, on: platform))
    }

    /// True when `host` of `platform` has a what-if draft (its editor stays open across tab
    /// switches).
    public func hasWhatIfDraft(for host: String, on platform: AppPlatform = .ios) -> Bool {
        drafts.whatIfDraft(for: host, on: platform) != nil
    }

    /// Keeps what the tester typed for `host` of `platform` (dropped when equal to the text that
    /// decides) and writes it into the value ("Typing"). Refused for a host the session's app of
    /// that platform does not have (the host as `WorkbenchDocument.hosts(on:)` names it), and
    /// beyond the session's draft limits (`DraftStore`), the draft then unchanged.
    public func setWhatIfDraft(
        _ text: String, for host: String,
        on platform: AppPlatform = .ios
    ) throws(WorkbenchDocumentError) {
        guard document.hosts(on: platform).contains(host) else { throw .hostNotClaimed(host) }
        try drafts.setWhatIfDraft(text, for: host, on: platform, deciding: decidingText(host, on: platform))
        commit("Typing")
    }

    /// Applies the what-if draft of `host` of `platform` (one undo step); nothing when there is
    /// none.
    public func applyWhatIfDraft(for host: String, on platform: AppPlatform = .ios) throws(WorkbenchDocumentError) {
        guard let text = drafts.whatIfDraft(for: host, on: platform) else { return }
        try edit(text, host: host, on: platform)
    }

    /// Drops the triage draft of `fingerprint` ("Discard Draft": undo brings it back).
    public func discardTriageDraft(for fingerprint: String) {
        drafts.removeTriageDraft(for: fingerprint)
        commit("Discard Draft")
    }

    /// Drops the what-if draft of `host` of `platform` ("Discard Draft": undo brings it back).
    public func discardWhatIfDraft(for host: String, on platform: AppPlatform = .ios) {
        drafts.removeWhatIfDraft(for: host, on: platform)
        commit("Discard Draft")
    }

    /// Drops every draft ("Discard Drafts": undo brings them back).
    public func discardDrafts() {
        drafts.removeAll()
        commit("Discard Drafts")
    }

    // MARK: Online

    /// The tester answered the question or clicked the toolbar's toggle.
    public func choose(_ choice: OnlineConsent.Choice) async {
        await perform(consent.choose(choice))
    }

    /// Settings changed: the default applies to this open window too (unless it has a choice).
    public func settingsChanged(_ settings: WorkbenchSettings) async {
        baseSettings = settings
        await perform(consent.defaultChanged(offline: settings.offline))
    }

    // MARK: Internals

    /// Applies the consent's settings and effect; returns once held hosts landed.
    private func perform(_ effect: OnlineConsent.Effect) async {
        applySettings()
        switch effect {
        case .none, .ask:
            break
        case .fetchHeldHosts, .settleOffline:
            document.fetchHeldHosts()
            await document.settled()
            landHeldHosts()
        }
    }

    /// With no edit yet, the baseline follows what landed without an edit (the app's place).
    private func settleBaseline() {
        guard value.isEmpty, hasSession else { return }
        baseline = try? document.save(drafts: nil)
    }

    /// The drafts of the session just opened or reloaded (those equal to the document dropped).
    private func loadDrafts() {
        drafts = DraftStore(document.openedSession?.drafts)
        drafts.prune(savedTriage: document.triage, decidingTexts: decidingTexts)
    }

    /// Held hosts fetched or settled offline: with no edit yet, part of the baseline (no dirty
    /// mark); after an edit, one step of their own, so the value never lags the window.
    private func landHeldHosts() {
        if value.isEmpty {
            settleBaseline()
        } else {
            commit("Fetch Associated Domains")
        }
    }

    private func applySettings() {
        var settings = baseSettings
        settings.offline = consent.isOffline
        if settings != document.settings { document.apply(settings: settings) }
    }

    /// The session the window shows, as bytes: the document's, with the window's drafts.
    public func sessionBytes() throws(WorkbenchDocumentError) -> Data {
        try document.save(drafts: drafts.sessionDrafts)
    }

    /// Writes the session (drafts included; those the change made equal to the document
    /// dropped) into the value when it changed: one undo step named `action`.
    private func commit(_ action: String) {
        drafts.prune(savedTriage: document.triage, decidingTexts: decidingTexts)
        guard hasSession, let bytes = try? sessionBytes() else { return }
        guard bytes != (value.isEmpty ? baseline : value) else { return }
        value = bytes
        binding.write(bytes)
        binding.nameUndo(action)
    }

    /// The text each host's editor starts from, by platform and host.
    private var decidingTexts: [AppPlatform: [String: String]] {
        Dictionary(
            uniqueKeysWithValues: AppPlatform.allCases.map { platform in
                let hosts = document.hosts(on: platform)
                let texts = hosts.map { ($0, decidingText($0, on: platform)) }
                return (platform, Dictionary(texts, uniquingKeysWith: { first, _ in first }))
            })
    }

    private func decidingText(_ host: String, on platform: AppPlatform) -> String {
        ((try? document.decidingText(forHost: host, on: platform)) ?? nil)?.text ?? ""
    }
}
