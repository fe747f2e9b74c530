import AndroidApp
import Foundation
import TestSupport
import Testing

@testable import Workbench

/// A host's operations are one set keyed by platform and host: `example.com`, which both sample
/// apps claim, is two files to refetch, supply, edit and revert, and each operation touches only
/// the platform it names. Every host slot of the Domains tab offers them (`HostSlot.actions`),
/// an Android edit is saved and reopened as an iOS one is, and the Mac app's what-if drafts are
/// kept per platform.
@MainActor @Suite struct HostOperationsTests {
    typealias Pair = WorkbenchDocumentAndroidTests
    static let host = "example.com"

    /// The Android host's actions as the Domains tab offers them.
    static func slot(_ document: WorkbenchDocument, _ platform: AppPlatform) throws -> HostActions {
        let row = try #require(document.presentation().hosts.first { $0.host == host })
        let slot = try #require(row.slots.first { $0.platform == platform.rawValue })
        return try #require(slot.actions)
    }

    @Test func eachOperationTouchesOnlyThePlatformItNames() async throws {
        let document = try await Pair.opened()
        let iosText = try #require(try document.decidingText(forHost: Self.host, on: .ios)).text
        let androidText = try #require(try document.decidingText(forHost: Self.host, on: .android)).text
        #expect(iosText != androidText && androidText.contains("com.example.app"))

        try document.edit(
            androidText.replacingOccurrences(of: "com.example.app", with: "com.x"), forHost: Self.host,
            on: .android)
        #expect(document.editedHosts(on: .android) == [Self.host] && document.editedHosts(on: .ios).isEmpty)
        #expect(try document.decidingText(forHost: Self.host, on: .ios)?.text == iosText)

        try document.edit(iosText + " ", forHost: " EXAMPLE.com ", on: .ios)
        #expect(document.editedHosts(on: .ios) == [Self.host])
        try document.revert(host: Self.host, on: .ios)
        #expect(document.editedHosts(on: .ios).isEmpty && document.editedHosts(on: .android) == [Self.host])

        try document.useFile(Data("[]".utf8), name: "empty.json", forHost: Self.host, on: .android)
        #expect(document.android?.states[Self.host] == .supplied && document.editedHosts(on: .android).isEmpty)
        #expect(try document.decidingText(forHost: Self.host, on: .android)?.text == "[]")
        #expect(try document.decidingText(forHost: Self.host, on: .ios)?.text == iosText)

        // A host only one app claims is not a host of the other.
        let iosOnly = try #require(document.hosts(on: .ios).first { !document.hosts(on: .android).contains($0) })
        #expect(throws: WorkbenchDocumentError.notClaimed(iosOnly)) {
            try document.revert(host: iosOnly, on: .android)
        }
        #expect(throws: WorkbenchDocumentError.hostNotClaimed("evil.example")) {
            try document.useFile(Data("[]".utf8), name: "x.json", forHost: "evil.example", on: .android)
        }
        // Too long to be saved in a session: refused, as on iOS.
        let long = String(repeating: " ", count: SessionLimits.maxWhatIfDraftLength + 1)
        #expect(throws: WorkbenchDocumentError.self) { try document.edit(long, forHost: Self.host, on: .android) }
        #expect(document.android?.states[Self.host] == .supplied)
    }

    /// The limit holds for the file as decided: a browser's LF line breaks put back to a CRLF
    /// file's may double it, and an edit past what a session holds is refused, not saved into a
    /// session that would not open again.
    @Test func anEditIsMeasuredAfterItsLineBreaksArePutBack() async throws {
        let document = try await Pair.opened()
        try document.useFile(Data("[\r\n]\r\n".utf8), name: "crlf.json", forHost: Self.host, on: .android)
        let limit = SessionLimits.maxWhatIfDraftLength
        let text = "[" + String(repeating: "\n", count: limit / 2 + 10) + "]"
        #expect(text.utf8.count <= limit)
        #expect(throws: WorkbenchDocumentError.self) {
            try document.editFromTextArea(text, forHost: Self.host, on: .android)
        }
        #expect(document.android?.states[Self.host] == .supplied)
        try document.editFromTextArea("[\n\n]", forHost: Self.host, on: .android)
        #expect(try document.decidingText(forHost: Self.host, on: .android)?.text == "[\r\n\r\n]")
    }

    @Test func everySlotOffersItsHostsActions() async throws {
        let document = try await Pair.opened()
        for row in document.presentation().hosts {
            for slot in row.slots {
                let claims = slot.domain != nil || slot.panel != nil
                #expect((slot.actions != nil) == claims, "\(row.host) \(slot.platform)")
                #expect(
                    slot.actions.map {
                        $0.platform.rawValue == slot.platform && $0.host.lowercased() == row.host.lowercased()
                    }
                        ?? true)
            }
        }
        let before = try Self.slot(document, .android)
        #expect(before.fileName == "assetlinks.json" && before.editTitle == "Edit assetlinks.json (what-if)")
        #expect(!before.isEdited && !before.canRevert && before.canRefetch)
        #expect(before.editorText == (try document.decidingText(forHost: Self.host, on: .android))?.text)
        #expect(try Self.slot(document, .ios).fileName == "apple-app-site-association")

        let edited = before.editorText.replacingOccurrences(of: "com.example.app", with: "com.x")
        try document.editFromTextArea(edited, forHost: Self.host, on: .android)
        let after = try Self.slot(document, .android)
        #expect(after.isEdited && after.canRevert && after.editorText == edited)
        #expect(try !Self.slot(document, .ios).isEdited)
    }

    @Test func anAndroidEditIsSavedAndOpensEditedAgain() async throws {
        let document = try await Pair.opened()
        let served = try #require(try document.decidingText(forHost: Self.host, on: .android)).text
        let edited = served.replacingOccurrences(of: "com.example.app", with: "com.x")
        try document.edit(edited, forHost: Self.host, on: .android)
        let decisions = document.androidAnalysis?.decisions

        let saved = try SessionFile.read(document.save())
        let stored = try #require(saved.android?.hosts.first { $0.host == Self.host })
        #expect(stored.state == .supplied && stored.editedText == edited)

        let reopened = WorkbenchDocument(settings: WorkbenchDocumentTests.settings(), now: { SampleScan.now })
        try reopened.openSession(try document.save())
        await reopened.settled()
        #expect(reopened.editedHosts(on: .android) == [Self.host])
        #expect(reopened.androidAnalysis?.decisions == decisions)
        #expect(try reopened.decidingText(forHost: Self.host, on: .android)?.text == edited)
        try reopened.revert(host: Self.host, on: .android)
        #expect(reopened.android?.states[Self.host] == .supplied)
        #expect(try reopened.decidingText(forHost: Self.host, on: .android)?.text == served)
        // A host not edited stores no text: sessions without edits keep their bytes.
        #expect(!String(decoding: try reopened.save(), as: UTF8.self).contains("\"editedText\""))
    }

    @Test func whatIfDraftsAreKeptPerPlatform() async throws {
        let model = DocumentContractModel(settings: WorkbenchDocumentTests.settings(), now: { SampleScan.now })
        let document = try await Pair.opened()
        try model.open(file: try document.save())
        await model.controller.document.settled()
        let controller = model.controller!
        let served = controller.whatIfDraft(for: Self.host, on: .android)
        #expect(served.contains("com.example.app"))
        let draft = served.replacingOccurrences(of: "com.example.app", with: "com.draft")
        try controller.setWhatIfDraft(draft, for: Self.host, on: .android)
        #expect(controller.hasWhatIfDraft(for: Self.host, on: .android))
        #expect(!controller.hasWhatIfDraft(for: Self.host, on: .ios))
        #expect(controller.whatIfDraft(for: Self.host, on: .ios) != draft)
        #expect(throws: WorkbenchDocumentError.hostNotClaimed("evil.example")) {
            try controller.setWhatIfDraft("[]", for: "evil.example", on: .android)
        }

        // Saved in the session's `drafts.androidWhatIf`, and there after a reopen.
        let file = try SessionFile.read(model.value)
        #expect(file.drafts?.androidWhatIf == [Self.host: draft] && file.drafts?.whatIf.isEmpty == true)
        try model.reopen()
        #expect(model.controller.whatIfDraft(for: Self.host, on: .android) == draft)

        // Applied: one undo step; the host is edited and the draft is gone.
        try model.controller.applyWhatIfDraft(for: Self.host, on: .android)
        #expect(model.controller.document.editedHosts(on: .android) == [Self.host])
        #expect(!model.controller.hasWhatIfDraft(for: Self.host, on: .android))
        model.undo()
        #expect(model.controller.document.editedHosts(on: .android).isEmpty)
        #expect(model.controller.whatIfDraft(for: Self.host, on: .android) == draft)
    }

    @Test func aSessionRefusesAnAndroidDraftForAHostItsAppDoesNotVerify() async throws {
        let document = try await Pair.opened()
        var file = try SessionFile.read(try document.save())
        file.drafts = SessionDrafts(androidWhatIf: ["evil.example": "[]"])
        #expect(
            throws: SessionFileError.invalidField(
                "drafts.androidWhatIf", "'evil.example' is not a host of this session")
        ) {
            try SessionFile.read(try file.encoded())
        }
        // An iOS host is not an Android host: its draft belongs in `whatIf`.
        let iosOnly = try #require(document.hosts(on: .ios).first { !document.hosts(on: .android).contains($0) })
        file.drafts = SessionDrafts(androidWhatIf: [iosOnly: "[]"])
        #expect(throws: SessionFileError.self) { try SessionFile.read(try file.encoded()) }
        file.drafts = SessionDrafts(androidWhatIf: [Self.host: "[]"])
        #expect(try SessionFile.read(try file.encoded()).drafts?.androidWhatIf == [Self.host: "[]"])
    }
}
