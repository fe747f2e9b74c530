import Findings
import Foundation
import Testing

@testable import Workbench

/// Drafts the tester typed survive selection and tab changes, undo and reloads, are saved with
/// the session and count as unsaved work until saved.
@Suite struct DraftStoreTests {
    @Test func aDraftEqualToWhatIsSavedIsNoDraft() throws {
        var store = DraftStore()
        let saved = Triage(status: .acceptedRisk, note: "ok", setAt: Date(timeIntervalSince1970: 0))
        try store.setTriageDraft(TriageDraft(status: .acceptedRisk, note: "ok"), for: "f", saved: saved)
        #expect(store.isEmpty)
        #expect(store.sessionDrafts == nil, "no draft: nothing written")
        try store.setTriageDraft(TriageDraft(status: .acceptedRisk, note: "ok, asked"), for: "f", saved: saved)
        #expect(store.triageDraft(for: "f", saved: saved).note == "ok, asked")
        #expect(store.summary == "1 draft not applied (1 triage note)")
        try store.setWhatIfDraft("{}", for: "example.com", on: .ios, deciding: "{ }")
        #expect(store.summary == "2 drafts not applied (1 triage note, 1 association file edit)")
        // The same host's other file (its assetlinks.json) is a draft of its own.
        try store.setWhatIfDraft("[]", for: "example.com", on: .android, deciding: "[ ]")
        #expect(store.summary == "3 drafts not applied (1 triage note, 2 association file edits)")
        #expect(store.sessionDrafts?.androidWhatIf == ["example.com": "[]"])
        #expect(DraftStore(store.sessionDrafts) == store, "the session's drafts part gives the same store back")
        try store.setWhatIfDraft("{ }", for: "example.com", on: .ios, deciding: "{ }")
        #expect(store.whatIf[.ios] == nil && store.whatIfDraft(for: "example.com", on: .android) == "[]")
    }

    @Test func pruningKeepsOnlyDraftsThatDifferFromTheDocument() throws {
        var store = DraftStore()
        try store.setTriageDraft(TriageDraft(status: .fixed, note: ""), for: "a", saved: nil)
        try store.setTriageDraft(TriageDraft(status: .acceptedRisk, note: "x"), for: "b", saved: nil)
        try store.setWhatIfDraft("new", for: "h", on: .ios, deciding: "old")
        try store.setWhatIfDraft("kept", for: "k", on: .ios, deciding: "old")
        try store.setWhatIfDraft("gone", for: "not-a-host", on: .ios, deciding: "old")
        try store.setWhatIfDraft("gone", for: "k", on: .android, deciding: "old")
        store.prune(
            savedTriage: ["a": Triage(status: .fixed, note: "", setAt: Date())],
            decidingTexts: [.ios: ["h": "new", "k": "old"]])
        #expect(Array(store.triage.keys) == ["b"])
        #expect(store.whatIf == [.ios: ["k": "kept"]], "equal to the document, or of a host it does not have: dropped")
    }

    /// Drafts together stay within a quarter of the largest session the reader opens, every
    /// platform's counted; changing a kept draft still works at the limit.
    @Test func whatIfDraftsAreBoundedInAll() throws {
        var store = DraftStore()
        let text = String(repeating: "x", count: SessionLimits.maxWhatIfDraftLength)
        let fitting = SessionLimits.maxWhatIfDraftBytes / text.utf8.count
        for index in 0..<fitting {
            try store.setWhatIfDraft(
                text, for: "h\(index)", on: index.isMultiple(of: 2) ? .ios : .android, deciding: "")
        }
        #expect(throws: WorkbenchDocumentError.self) {
            try store.setWhatIfDraft(text, for: "one-more", on: .ios, deciding: "")
        }
        #expect(store.whatIfCount == fitting)
        // A kept draft may still change; one dropped makes room for another.
        try store.setWhatIfDraft(text.replacingOccurrences(of: "x", with: "y"), for: "h0", on: .ios, deciding: "")
        try store.setWhatIfDraft("", for: "h0", on: .ios, deciding: "")
        try store.setWhatIfDraft(text, for: "one-more", on: .ios, deciding: "")
        #expect(store.whatIfCount == fitting)
    }

    @Test func draftsAreBoundedAsTheSessionReaderBoundsThem() throws {
        var store = DraftStore()
        for index in 0..<SessionLimits.maxDrafts {
            try store.setTriageDraft(TriageDraft(status: .fixed, note: ""), for: "f\(index)", saved: nil)
        }
        #expect(throws: WorkbenchDocumentError.self) {
            try store.setTriageDraft(TriageDraft(status: .fixed, note: ""), for: "one-more", saved: nil)
        }
        // An existing draft still changes; the store is unchanged by a refusal.
        try store.setTriageDraft(TriageDraft(status: .confirmed, note: "x"), for: "f0", saved: nil)
        #expect(store.triage.count == SessionLimits.maxDrafts && store.triage["one-more"] == nil)
        let long = String(repeating: "x", count: SessionLimits.maxWhatIfDraftLength + 1)
        #expect(throws: WorkbenchDocumentError.self) {
            try store.setWhatIfDraft(long, for: "h", on: .ios, deciding: "")
        }
        #expect(throws: WorkbenchDocumentError.self) {
            try store.setTriageDraft(TriageDraft(status: .fixed, note: ""), for: "", saved: nil)
        }
        #expect(store.whatIf.isEmpty)
    }
}

@MainActor @Suite struct SessionControllerDraftTests {
    static func controller() async throws -> (SessionController, () -> Int) {
        final class Count { var writes = 0 }
        let count = Count()
        let controller =
            SessionController(
                settings: WorkbenchSettings(offline: true, suppliedFiles: SampleScan.supplied),
                binding: SessionFileBinding(write: { _ in count.writes += 1 }),
                now: { SampleScan.now })
        await controller.openApp(at: SampleScan.ipa)
        return (controller, { count.writes })
    }

    @Test func aTriageDraftSurvivesASelectionChangeAndMakesTheSessionUnsaved() async throws {
        let (controller, writes) = try await Self.controller()
        let first = try #require(controller.document.findings.first?.fingerprint)
        let second = try #require(controller.document.findings.dropFirst().first?.fingerprint)
        try controller.setTriageDraft(TriageDraft(status: .acceptedRisk, note: "client knows"), for: first)
        // The inspector shows another finding, then comes back: the draft is still there.
        _ = controller.triageDraft(for: second)
        #expect(controller.triageDraft(for: first).note == "client knows")
        #expect(controller.hasUnsavedChanges)
        #expect(writes() == 1, "a draft is written into the document's value (dirty mark, autosave)")
        #expect(try SessionFile.read(controller.value).drafts?.triage[first]?.note == "client knows")
        try controller.saveTriageDraft(for: first)
        #expect(writes() == 2)
        #expect(controller.document.triage[first]?.note == "client knows")
        #expect(controller.drafts.isEmpty)
    }

    @Test func aWhatIfDraftSurvivesATabSwitchAndAnUndoOfAnotherEdit() async throws {
        let (controller, _) = try await Self.controller()
        let draft = SessionControllerPropertyTests.editText(7)
        try controller.setWhatIfDraft(draft, for: "example.com")
        #expect(controller.hasWhatIfDraft(for: "example.com"))
        let before = controller.value
        try controller.edit(SessionControllerPropertyTests.editText(1), host: "shop.example.com")
        // ⌘Z: the value goes back; the window reloads; the draft of the other host stays.
        controller.valueChanged(before)
        #expect(controller.document.domains.first { $0.host == "shop.example.com" }?.state == .supplied)
        #expect(controller.whatIfDraft(for: "example.com") == draft)
        try controller.applyWhatIfDraft(for: "example.com")
        #expect(controller.document.domains.first { $0.host == "example.com" }?.editedText == draft)
        #expect(!controller.hasWhatIfDraft(for: "example.com"))
    }
}
