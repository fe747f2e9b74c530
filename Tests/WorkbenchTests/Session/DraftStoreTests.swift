import Findings
import Foundation
import Testing
@testable import Workbench

/// Drafts the tester typed survive selection and tab changes, undo and reloads, and count as
/// unsaved work.
@Suite struct DraftStoreTests {
    @Test func aDraftEqualToWhatIsSavedIsNoDraft() {
        var store = DraftStore()
        let saved = Triage(status: .acceptedRisk, note: "ok", setAt: Date(timeIntervalSince1970: 0))
        store.setTriageDraft(TriageDraft(status: .acceptedRisk, note: "ok"), for: "f", saved: saved)
        #expect(store.isEmpty)
        store.setTriageDraft(TriageDraft(status: .acceptedRisk, note: "ok, asked"), for: "f", saved: saved)
        #expect(store.triageDraft(for: "f", saved: saved).note == "ok, asked")
        #expect(store.summary == "1 unsaved draft (1 triage note)")
        store.setWhatIfDraft("{}", for: "example.com", deciding: "{ }")
        #expect(store.summary == "2 unsaved drafts (1 triage note, 1 association file edit)")
        store.setWhatIfDraft("{ }", for: "example.com", deciding: "{ }")
        #expect(store.whatIf.isEmpty)
    }

    @Test func pruningKeepsOnlyDraftsThatDifferFromTheDocument() {
        var store = DraftStore()
        store.setTriageDraft(TriageDraft(status: .fixed, note: ""), for: "a", saved: nil)
        store.setTriageDraft(TriageDraft(status: .acceptedRisk, note: "x"), for: "b", saved: nil)
        store.setWhatIfDraft("new", for: "h", deciding: "old")
        store.prune(savedTriage: ["a": Triage(status: .fixed, note: "", setAt: Date())], decidingTexts: ["h": "new"])
        #expect(Array(store.triage.keys) == ["b"])
        #expect(store.whatIf.isEmpty)
    }
}

@MainActor @Suite struct SessionControllerDraftTests {
    static func controller() async throws -> (SessionController, () -> Int) {
        final class Count { var writes = 0 }
        let count = Count()
        let controller = SessionController(settings: WorkbenchSettings(offline: true, suppliedFiles: SampleScan.supplied),
                                           binding: SessionFileBinding(write: { _ in count.writes += 1 }),
                                           now: { SampleScan.now })
        await controller.openApp(at: SampleScan.ipa)
        return (controller, { count.writes })
    }

    @Test func aTriageDraftSurvivesASelectionChangeAndMakesTheSessionUnsaved() async throws {
        let (controller, writes) = try await Self.controller()
        let first = try #require(controller.document.findings.first?.fingerprint)
        let second = try #require(controller.document.findings.dropFirst().first?.fingerprint)
        controller.setTriageDraft(TriageDraft(status: .acceptedRisk, note: "client knows"), for: first)
        // The inspector shows another finding, then comes back: the draft is still there.
        _ = controller.triageDraft(for: second)
        #expect(controller.triageDraft(for: first).note == "client knows")
        #expect(controller.hasUnsavedChanges)
        #expect(writes() == 0, "a draft is not written until saved")
        try controller.saveTriageDraft(for: first)
        #expect(writes() == 1)
        #expect(controller.document.triage[first]?.note == "client knows")
        #expect(controller.drafts.isEmpty)
    }

    @Test func aWhatIfDraftSurvivesATabSwitchAndAnUndoOfAnotherEdit() async throws {
        let (controller, _) = try await Self.controller()
        let draft = SessionControllerPropertyTests.editText(7)
        controller.setWhatIfDraft(draft, for: "example.com")
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
