import AppKit
import Foundation
import Testing
import Workbench

@testable import UniversalLinkLab

/// The tester's work survives: an `.ipa` opened as a session, triaged and edited, saved,
/// reopened; the `.ipa` renamed while open; the real open path makes one untitled session that
/// is not edited until the tester edits it.
@MainActor
@Suite(.serialized) struct SessionWorkTests {
    /// The repository root, from this file's location on the machine that built the tests.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let sample = root.appendingPathComponent("Samples/LinkLabSample.ipa")

    static func settings() -> WorkbenchSettings {
        let hosts = ["example.com", "shop.example.com", "example.org", "go.example.net"]
        return WorkbenchSettings(
            offline: true,
            suppliedFiles: Dictionary(
                uniqueKeysWithValues: hosts.map {
                    ($0, root.appendingPathComponent("Samples/aasa/\($0).json").path)
                }))
    }

    /// A copy of the sample in a fresh folder (the tests rename it).
    static func copiedSample() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linklab-app-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("LinkLabSample.ipa")
        try FileManager.default.copyItem(at: sample, to: url)
        return url
    }

    /// A window model over a session document, as `DocumentWindow` wires them.
    static func window(_ document: SessionDocumentBox) -> WindowModel {
        WindowModel(settings: settings(), binding: SessionFileBinding(write: { data in document.value.data = data }))
    }

    final class SessionDocumentBox {
        var value = SessionDocument()
    }

    static func waitForRecordedLocation(_ model: WindowModel) async throws {
        for _ in 0..<100 where model.document.source?.path == nil {
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// A copy of the sample opened in a window over a new session, inspected and recorded.
    static func openedSample() async throws -> (ipa: URL, document: SessionDocumentBox, model: WindowModel) {
        let ipa = try copiedSample()
        let box = SessionDocumentBox()
        let model = window(box)
        model.openApp(at: ipa)
        await model.document.settled()
        try await waitForRecordedLocation(model)
        return (ipa, box, model)
    }

    /// The session saved in `box`, opened in a new window as a reopened file would be.
    static func reopened(_ box: SessionDocumentBox) -> (document: SessionDocumentBox, model: WindowModel) {
        let reopenedBox = SessionDocumentBox()
        reopenedBox.value = SessionDocument(data: box.value.data)
        let model = window(reopenedBox)
        model.openSession(reopenedBox.value.data)
        return (reopenedBox, model)
    }

    @Test func openTriageEditSaveReopenKeepsTheWork() async throws {
        let (_, box, model) = try await Self.openedSample()
        #expect(box.value.data.isEmpty, "an inspection is no edit: the value stays empty")
        #expect(model.controller.baseline != nil, "the inspected session is what Save writes until an edit")

        let finding = try #require(model.document.findings.first { $0.finding.id == "ENT-005" })
        model[triageDraftFor: finding.fingerprint] = TriageDraft(status: .confirmed, note: "seen on a device")
        model.saveTriage(finding.fingerprint)
        let edited = #"""
            {"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/x/*"}]}]}}
            """#
        model[whatIfDraftFor: "shop.example.com"] = edited
        model.applyWhatIf("shop.example.com")
        model.setURLLines("https://shop.example.com/x/1\n")
        let saved = box.value.data

        let (reopenedBox, reopened) = Self.reopened(box)
        #expect(reopened.document.triage[finding.fingerprint]?.status == .confirmed)
        #expect(reopened.document.triage[finding.fingerprint]?.note == "seen on a device")
        #expect(reopened.document.domains.first { $0.host == "shop.example.com" }?.editedText == edited)
        #expect(reopened.document.urlLines == "https://shop.example.com/x/1\n")
        #expect(reopened.document.app == model.document.app)

        // Showing the URL tab sets the same lines again: the session stays unedited.
        reopened.setURLLines(reopened.document.urlLines)
        #expect(reopenedBox.value.data == saved)
    }

    @Test func renamingTheIPAWhileOpenKeepsTheWorkAndTheSessionFindsIt() async throws {
        let (ipa, box, model) = try await Self.openedSample()
        let finding = try #require(model.document.findings.first)
        model[triageDraftFor: finding.fingerprint] = TriageDraft(status: .falsePositive, note: "test build")
        model.saveTriage(finding.fingerprint)

        let renamed = ipa.deletingLastPathComponent().appendingPathComponent("Renamed.ipa")
        try FileManager.default.moveItem(at: ipa, to: renamed)
        // The open window is unaffected: nothing was reset.
        #expect(model.document.triage[finding.fingerprint]?.status == .falsePositive)
        #expect(model.document.app != nil)

        let (_, reopened) = Self.reopened(box)
        for _ in 0..<200 where reopened.appLocation == nil { try await Task.sleep(for: .milliseconds(50)) }
        #expect(reopened.appLocation == .moved(from: ipa.path, to: renamed.path))
        #expect(reopened.document.source?.path == renamed.path, "the new place is recorded")
        #expect(reopened.document.triage[finding.fingerprint]?.status == .falsePositive)
    }

    @Test func theRealOpenPathStartsOneUntitledSessionThatIsNotEditedYet() async throws {
        let ipa = try Self.copiedSample()
        NSDocumentController.shared.openDocument(withContentsOf: ipa, display: true) { _, _, _ in }
        let model = try await DocumentOpening.window(for: ipa, timeout: 120)
        try await Self.waitForRecordedLocation(model)
        let sessions = NSDocumentController.shared.documents.filter { $0.fileURL == nil }
        #expect(sessions.count == 1, "one untitled session, and the viewer document closed")
        #expect(sessions.first?.isDocumentEdited == false, "an inspection is no edit: no dirty mark, no Save changes?")
        #expect(!NSDocumentController.shared.documents.contains { $0.fileURL == ipa }, "no IPA document stays open")
        DocumentOpening.closeAll()
    }
}
