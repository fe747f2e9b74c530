import Foundation
import TestSupport
import Testing

@testable import Workbench

/// The Mac app's session for an Android app: an `.apk` opened alone starts a session asked
/// about before anything is fetched, as an `.ipa` does; an `.apk` dropped on an open session
/// is one undo step that keeps the iOS half.
@MainActor @Suite struct SessionControllerAndroidTests {
    static let apk = WorkbenchDocumentAndroidTests.samples.appendingPathComponent("LinkLabSample.apk")

    @Test func anAPKAloneStartsASessionThatAsksBeforeFetching() async throws {
        var writes = 0
        let controller = SessionController(
            settings: WorkbenchSettings(offline: false),
            binding: SessionFileBinding(write: { _ in writes += 1 }),
            now: { SampleScan.now })
        await controller.openAndroidApp(at: Self.apk)
        let document = controller.document
        let android = try #require(document.android)
        #expect(document.app == nil)
        #expect(controller.hasSession, "an Android-only session is something to save")
        #expect(Set(android.hosts) == Set(WorkbenchDocumentAndroidTests.apkHosts))
        #expect(android.assetLinks.allSatisfy { $0.result == nil })
        #expect(document.work.isEmpty, "nothing is fetched while the question waits")
        #expect(controller.consent.question?.hosts == android.hosts)
        #expect(writes == 0, "reading the APK is not an edit")

        await controller.choose(.offline)
        #expect(controller.consent.question == nil)
        #expect(writes == 0)
        let baseline = try #require(controller.baseline)
        let reopened = WorkbenchDocument(settings: WorkbenchSettings(offline: true))
        try reopened.openSession(baseline)
        #expect(reopened.android?.snapshot.manifest.packageName == android.snapshot.manifest.packageName)
    }

    @Test func anAPKAddedToAnIOSSessionIsOneStepAndKeepsTheIOSApp() async throws {
        var value = Data()
        var names: [String] = []
        let controller = SessionController(
            settings: WorkbenchSettings(offline: true),
            binding: SessionFileBinding(
                write: { value = $0 },
                nameUndo: { names.append($0) }),
            now: { SampleScan.now })
        await controller.openApp(at: SampleScan.ipa)
        #expect(value.isEmpty)
        await controller.addAndroidApp(at: Self.apk)
        #expect(controller.document.app != nil, "the iOS half stays")
        #expect(controller.document.android != nil)
        #expect(names == ["Add Android App"])
        #expect(try controller.document.save(drafts: nil) == value)
        // Undo (the value back to empty): the inspected iOS app alone again.
        controller.valueChanged(Data())
        #expect(controller.document.app != nil)
        #expect(controller.document.android == nil)
    }

    @Test func aFileThatIsNotAnAPKStartsNoSession() async throws {
        var writes = 0
        let controller = SessionController(
            settings: WorkbenchSettings(offline: true),
            binding: SessionFileBinding(write: { _ in writes += 1 }))
        await controller.openAndroidApp(at: SampleScan.ipa)
        #expect(controller.document.android == nil)
        #expect(!controller.hasSession)
        #expect(writes == 0)
        if case .failed(let message) = controller.document.phase {
            #expect(!message.isEmpty)
        } else {
            Issue.record("expected a failed phase, got \(controller.document.phase)")
        }
    }
}

/// Sessions without an app (the web's "check a domain"): the host typed, and the Mac app's
/// controller starting one from a host or an association file.
@MainActor @Suite struct DomainSessionTests {
    @Test func aTypedHostOrAPastedURLGivesTheHost() throws {
        #expect(try DomainSessionRequest.host(from: "  Example.COM ").get() == "example.com")
        #expect(
            try DomainSessionRequest.host(from: "https://user@shop.example.com:8443/buy/1?x#y").get()
                == "shop.example.com:8443")
        #expect(try DomainSessionRequest.host(from: "https://example.com").get() == "example.com")
    }

    @Test func anythingElseIsRefusedWithASentence() {
        for typed in [
            "", "   ", "*.example.org", "exa mple.com", "example.com/path",
            String(repeating: "a", count: 2000), "bad\u{1B}[31m.com",
        ] {
            guard case .failure(let refusal) = DomainSessionRequest.host(from: typed) else {
                Issue.record("\(typed.prefix(40)) must be refused")
                continue
            }
            #expect(!refusal.description.isEmpty)
            #expect(!refusal.description.contains("\u{1B}"))
        }
    }

    @Test func aDomainSessionOfflineHasItsHostAndABaseline() async throws {
        var writes = 0
        let controller = SessionController(
            settings: WorkbenchSettings(offline: true),
            binding: SessionFileBinding(write: { _ in writes += 1 }),
            now: { SampleScan.now })
        await controller.openDomain("example.com")
        #expect(controller.document.domains.map(\.host) == ["example.com"])
        #expect(controller.hasSession && writes == 0)
        let baseline = try #require(controller.baseline)
        let reopened = WorkbenchDocument(settings: WorkbenchSettings(offline: true))
        try reopened.openSession(baseline)
        #expect(reopened.domains.map(\.host) == ["example.com"])
    }

    @Test func anAssociationFileSessionDecidesWithTheFile() throws {
        let controller = SessionController(
            settings: WorkbenchSettings(offline: true),
            binding: SessionFileBinding(write: { _ in }), now: { SampleScan.now })
        let file = SampleScan.root.appendingPathComponent("Samples/aasa/example.com.json")
        controller.openAssociationFile(try Data(contentsOf: file), host: "example.com")
        #expect(controller.document.domains.first?.state == .supplied)
        #expect(controller.baseline != nil)
        let bad = SessionController(
            settings: WorkbenchSettings(offline: true),
            binding: SessionFileBinding(write: { _ in }))
        bad.openAssociationFile(Data("{}".utf8), host: "not a host")
        #expect(!bad.hasSession && bad.baseline == nil)
    }
}

/// An `.ipa` dropped on an Android session: the iOS half joins, the Android half (its files,
/// triage and URL lines) stays, and the result is the document built the other way round.
@MainActor @Suite struct AddIOSAppTests {
    @Test func theIOSAppJoinsAndTheDocumentEqualsTheOneBuiltTheOtherWay() async throws {
        let document = try await WorkbenchDocumentAndroidTests.opened(ios: false)
        let androidFinding = try #require(document.findings.first { $0.finding.id.hasPrefix("AND-") })
        try document.setTriage(fingerprint: androidFinding.fingerprint, status: .acceptedRisk, note: "known")
        let lines = document.urlLines
        let supplied = document.android?.states
        #expect(document.canAddIOSApp, "the Android app alone takes its iOS half")
        #expect(!WorkbenchDocument(settings: WorkbenchDocumentTests.settings()).canAddIOSApp, "an empty one does not")
        document.addIOSApp(at: SampleScan.ipa)
        await document.settled()
        #expect(document.app != nil)
        #expect(!document.canAddIOSApp, "nor one that holds an iOS app")
        #expect(document.android?.states == supplied, "the supplied assetlinks files stay")
        #expect(document.urlLines == lines)
        #expect(document.triage[androidFinding.fingerprint]?.status == .acceptedRisk)

        let other = try await WorkbenchDocumentAndroidTests.opened(ios: true)
        #expect(Set(document.findings.map(\.fingerprint)) == Set(other.findings.map(\.fingerprint)))
        #expect(document.androidAnalysis?.decisions == other.androidAnalysis?.decisions)
        #expect(document.urlTests.map(\.url) == other.urlTests.map(\.url))
    }

    @Test func theControllerMakesItOneStepAndUndoGoesBackToTheAndroidApp() async throws {
        var value = Data()
        var names: [String] = []
        let controller = SessionController(
            settings: WorkbenchSettings(offline: true),
            binding: SessionFileBinding(
                write: { value = $0 },
                nameUndo: { names.append($0) }),
            now: { SampleScan.now })
        await controller.openAndroidApp(at: SessionControllerAndroidTests.apk)
        await controller.choose(.offline)
        await controller.addIOSApp(at: SampleScan.ipa)
        #expect(names == ["Add iOS App"])
        #expect(controller.document.app != nil && controller.document.android != nil)
        #expect(try controller.document.save(drafts: nil) == value)
        controller.valueChanged(Data())
        #expect(controller.document.app == nil && controller.document.android != nil)
    }
}
