import Findings
import Foundation
import TestSupport
import Testing

@testable import Workbench

/// The session file's optional `drafts` part: additive (sessions written before it open
/// unchanged, sessions without drafts keep their bytes), bounded as hostile input (one typed
/// error per problem), kept by faces that do not show drafts.
@Suite struct SessionDraftsFileTests {
    /// A session written by an older linklab (the fuzz seed: saved before device state, the
    /// engagement and drafts were part of the format).
    static func oldSession() throws -> Data {
        try Data(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Fuzz/Session/seeds/sample.linklab"))
    }

    /// `base` (a session's bytes) with `drafts` as its `drafts` part, written as JSON.
    static func session(_ base: Data, drafts: Any) throws -> Data {
        var root = try #require(try JSONSerialization.jsonObject(with: base) as? [String: Any])
        root["drafts"] = drafts
        return try JSONSerialization.data(withJSONObject: root, options: [.sortedKeys])
    }

    static func refusal(_ data: Data) -> SessionFileError? {
        do {
            _ = try SessionFile.read(data)
            return nil
        } catch {
            return error
        }
    }

    @Test func aSessionWrittenBeforeDraftsOpensWithoutThem() throws {
        let old = try Self.oldSession()
        // The fixture predates the part (if it is ever re-recorded, this says so).
        try #require(!String(decoding: old, as: UTF8.self).contains("\"drafts\""), "the fixture has drafts")
        let file = try SessionFile.read(old)
        #expect(file.drafts == nil)
        #expect(try SessionFile.read(file.encoded()) == file, "re-encoded, it reads back the same")
        #expect(
            !String(decoding: try file.encoded(), as: UTF8.self).contains("\"drafts\""),
            "no drafts: nothing is written")
    }

    @Test func draftsRoundTripAndEmptyMapsAreNotWritten() throws {
        var file = try SessionFile.read(Self.oldSession())
        let host = try #require(file.hosts.first?.host)
        file.drafts = SessionDrafts(
            triage: ["abc": TriageDraft(status: .acceptedRisk, note: "client knows")],
            whatIf: [host: "{\"applinks\":{}}"])
        let bytes = try file.encoded()
        #expect(try SessionFile.read(bytes) == file)
        file.drafts = SessionDrafts(triage: ["abc": TriageDraft(status: .fixed, note: "")])
        let text = String(decoding: try file.encoded(), as: UTF8.self)
        #expect(text.contains("\"drafts\"") && !text.contains("\"whatIf\""))
        // Either map may be absent, or the part empty: read as no draft.
        let empty = try SessionFile.read(Self.session(Self.oldSession(), drafts: [String: Any]()))
        #expect(empty.drafts?.isEmpty == true)
    }

    @Test func hostileDraftsAreRefusedWithOneTypedErrorEach() throws {
        let base = try Self.oldSession()
        let host = try #require(try SessionFile.read(base).hosts.first?.host)
        let many = Dictionary(
            uniqueKeysWithValues: (0...SessionLimits.maxDrafts).map {
                ("f\($0)", ["status": "fixed", "note": ""])
            })
        #expect(
            Self.refusal(try Self.session(base, drafts: ["triage": many]))
                == .tooMany(path: "drafts.triage", count: SessionLimits.maxDrafts + 1, limit: SessionLimits.maxDrafts))
        let long = String(repeating: "a", count: SessionLimits.maxWhatIfDraftLength + 1)
        #expect(
            Self.refusal(try Self.session(base, drafts: ["whatIf": [host: long]]))
                == .fieldTooLong(
                    path: "drafts.whatIf.\(host)", length: long.utf8.count,
                    limit: SessionLimits.maxWhatIfDraftLength))
        // A what-if draft as long as an edited file may be is read, whatever its host's name.
        let allowed = String(repeating: "a", count: SessionLimits.maxFieldLength * 2)
        #expect(Self.refusal(try Self.session(base, drafts: ["whatIf": [host: allowed]])) == nil)
        let note = String(repeating: "n", count: SessionLimits.maxFieldLength + 1)
        #expect(
            Self.refusal(try Self.session(base, drafts: ["triage": ["f": ["status": "fixed", "note": note]]]))
                == .fieldTooLong(
                    path: "drafts.triage.f.note", length: note.utf8.count,
                    limit: SessionLimits.maxFieldLength))
        #expect(
            Self.refusal(try Self.session(base, drafts: ["whatIf": ["elsewhere.example": "{}"]]))
                == .invalidField("drafts.whatIf", "'elsewhere.example' is not a host of this session"))
        #expect(
            Self.refusal(try Self.session(base, drafts: ["triage": ["": ["status": "fixed", "note": ""]]]))
                == .invalidField("drafts.triage", "an empty fingerprint"))
        let badStatus = Self.refusal(try Self.session(base, drafts: ["triage": ["f": ["status": "done", "note": ""]]]))
        #expect(
            badStatus.map { if case .invalidField("drafts.triage.f.status", _) = $0 { true } else { false } }
                == true, "\(String(describing: badStatus))")
        let wrongKind = Self.refusal(try Self.session(base, drafts: ["a", "b"]))
        #expect(
            wrongKind.map { if case .invalidField("drafts", _) = $0 { true } else { false } } == true,
            "\(String(describing: wrongKind))")
    }

    @MainActor @Test func aFaceThatDoesNotShowDraftsKeepsThemWhenItSaves() throws {
        var file = try SessionFile.read(Self.oldSession())
        let host = try #require(file.hosts.first?.host)
        let drafts = SessionDrafts(triage: ["abc": TriageDraft(status: .confirmed, note: "n")], whatIf: [host: "{}"])
        file.drafts = drafts
        let document = WorkbenchDocument(now: { SampleScan.now })
        try document.openSession(file.encoded())
        document.setURLLines("https://example.com/buy/1\n")
        let saved = try SessionFile.read(document.save())
        #expect(saved.drafts == drafts)
        #expect(saved.urlLines == "https://example.com/buy/1\n")
    }
}

/// Drafts through `SessionController` and the document contract: dirty, saved, restored on
/// reopen and Revert, refused past the limits, gone once applied.
@MainActor @Suite(.serialized) struct SessionControllerDraftFileTests {
    static func model() throws -> DocumentContractModel {
        let model = DocumentContractModel(settings: SessionControllerPropertyTests.settings(), now: { SampleScan.now })
        try model.open(file: SessionDraftsFileTests.oldSession())
        return model
    }

    @Test func anOldSessionOpensCleanAndADraftMakesItDirtyThenSavesAndComesBack() throws {
        let model = try Self.model()
        let controller = model.controller!
        #expect(controller.drafts.isEmpty)
        #expect(!controller.hasUnsavedChanges && !model.isEdited)
        let fingerprint = try #require(controller.document.findings.first?.fingerprint)
        try controller.setTriageDraft(TriageDraft(status: .acceptedRisk, note: "ask the client"), for: fingerprint)
        #expect(model.isEdited && controller.hasUnsavedChanges, "a draft is unsaved work: the document is edited")
        #expect(model.undoStack.last?.name == "Typing")
        model.save()
        #expect(!controller.hasUnsavedChanges)
        try model.reopen()
        #expect(
            model.controller.triageDraft(for: fingerprint)
                == TriageDraft(status: .acceptedRisk, note: "ask the client"))
        #expect(model.controller.document.triage[fingerprint] == nil, "a draft is not a triage")
    }

    @Test func revertToSavedBringsBackTheSavedDraftsAndUndoStepsThroughTyping() throws {
        let model = try Self.model()
        let controller = model.controller!
        let host = try #require(controller.document.domains.first?.host)
        let saved = SessionControllerPropertyTests.editText(8)
        try controller.setWhatIfDraft(saved, for: host)
        model.save()
        try model.controller.setWhatIfDraft(saved + " ", for: host)
        model.controller.discardDrafts()
        #expect(model.controller.drafts.isEmpty)
        model.undo()
        #expect(model.controller.whatIfDraft(for: host) == saved + " ", "undo brings a discarded draft back")
        model.revert()
        #expect(model.controller.whatIfDraft(for: host) == saved)
        #expect(!model.isEdited)
    }

    @Test func anAppliedDraftLeavesTheDraftsAndTheFile() throws {
        let model = try Self.model()
        let controller = model.controller!
        let fingerprint = try #require(controller.document.findings.first?.fingerprint)
        let host = try #require(controller.document.domains.first?.host)
        try controller.setTriageDraft(TriageDraft(status: .fixed, note: "fixed in 2.1"), for: fingerprint)
        try controller.setWhatIfDraft(SessionControllerPropertyTests.editText(9), for: host)
        try controller.saveTriageDraft(for: fingerprint)
        try controller.applyWhatIfDraft(for: host)
        #expect(controller.drafts.isEmpty)
        let file = try SessionFile.read(model.value)
        #expect(file.drafts == nil)
        #expect(file.triage[fingerprint]?.note == "fixed in 2.1")
        #expect(file.hosts.first { $0.host == host }?.editedText == SessionControllerPropertyTests.editText(9))
    }

    @Test func aDraftPastTheLimitsIsRefusedAndNothingIsWritten() throws {
        let model = try Self.model()
        let controller = model.controller!
        let host = try #require(controller.document.domains.first?.host)
        let fingerprint = try #require(controller.document.findings.first?.fingerprint)
        let long = String(repeating: "x", count: SessionLimits.maxWhatIfDraftLength + 1)
        #expect(throws: WorkbenchDocumentError.self) { try controller.setWhatIfDraft(long, for: host) }
        let note = String(repeating: "é", count: SessionLimits.maxFieldLength / 2 + 1)
        #expect(throws: WorkbenchDocumentError.self) {
            try controller.setTriageDraft(TriageDraft(status: .fixed, note: note), for: fingerprint)
        }
        #expect(throws: WorkbenchDocumentError.hostNotClaimed("elsewhere.example")) {
            try controller.setWhatIfDraft("{}", for: "elsewhere.example")
        }
        #expect(controller.drafts.isEmpty && !model.isEdited && model.undoStack.isEmpty)
        // At the limit, a draft still saves and the session opens again.
        let atLimit = String(repeating: "x", count: SessionLimits.maxWhatIfDraftLength)
        try controller.setWhatIfDraft(atLimit, for: host)
        model.save()
        try model.reopen()
        #expect(model.controller.whatIfDraft(for: host) == atLimit)
    }
}
