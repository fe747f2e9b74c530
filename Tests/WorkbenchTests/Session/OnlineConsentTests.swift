import Foundation
import Testing

@testable import Workbench

/// What a window asks before a new session goes online, and what it fetches after.
@Suite struct OnlineConsentTests {
    @Test func anOnlineDocumentAsksWithTheClaimedHostsBeforeFetching() {
        var consent = OnlineConsent(defaultOffline: false)
        consent.appOpened()
        #expect(consent.holding)
        #expect(consent.hostsKnown(["example.com", "example.org"]) == .ask)
        #expect(consent.question?.hosts == ["example.com", "example.org"])
        #expect(consent.question?.message.contains("2 domains") == true)
        // Offline while the question waits: an explicit refetch stays on the Mac.
        #expect(consent.isOffline)
        #expect(consent.choose(.online) == .fetchHeldHosts)
        #expect(consent.question == nil && !consent.isOffline && !consent.holding)
    }

    @Test func stayingOfflineSettlesTheHeldHostsAndGoingOnlineLaterIsOneClick() {
        var consent = OnlineConsent(defaultOffline: false)
        consent.appOpened()
        _ = consent.hostsKnown(["example.com"])
        #expect(consent.choose(.offline) == .settleOffline)
        #expect(consent.isOffline && consent.toggleTitle == "Go Online")
        // Nothing held any more: the toggle changes how the next fetch goes, fetching nothing now.
        #expect(consent.choose(.online) == .none)
        #expect(!consent.isOffline && consent.toggleTitle == "Go Offline")
    }

    @Test func anOfflineDefaultNeverAsks() {
        var consent = OnlineConsent(defaultOffline: true)
        consent.appOpened()
        #expect(consent.hostsKnown(["example.com"]) == .settleOffline)
        #expect(consent.question == nil && consent.isOffline)
    }

    @Test func anAppWithoutDomainsAsksNothing() {
        var consent = OnlineConsent(defaultOffline: false)
        consent.appOpened()
        #expect(consent.hostsKnown([]) == .none)
        #expect(consent.question == nil && !consent.holding)
    }

    @Test func hostsKnownWithoutANewAppSessionDoNothing() {
        var consent = OnlineConsent(defaultOffline: false)
        #expect(consent.hostsKnown(["example.com"]) == .none)
        #expect(consent.question == nil)
    }

    @Test func theSettingsDefaultAppliesToOpenDocumentsWithoutAChoice() {
        var following = OnlineConsent(defaultOffline: false)
        var chosen = OnlineConsent(defaultOffline: false)
        _ = chosen.choose(.online)
        #expect(following.defaultChanged(offline: true) == .none)
        _ = chosen.defaultChanged(offline: true)
        #expect(following.isOffline)
        #expect(!chosen.isOffline, "the tester's choice for the document wins over the default")
        _ = following.defaultChanged(offline: false)
        #expect(!following.isOffline)
    }

    @Test func aQuestionStillWaitingIsDroppedWhenTheDefaultGoesOffline() {
        var consent = OnlineConsent(defaultOffline: false)
        consent.appOpened()
        _ = consent.hostsKnown(["example.com"])
        #expect(consent.defaultChanged(offline: true) == .settleOffline)
        #expect(consent.question == nil && consent.isOffline)
    }
}

/// The controller holds a new session's fetches until the tester answers.
@MainActor @Suite struct SessionControllerConsentTests {
    @Test func aNewSessionFromAnAppFetchesNothingBeforeTheAnswer() async throws {
        var writes = 0
        let controller = SessionController(
            settings: WorkbenchSettings(offline: false),
            binding: SessionFileBinding(write: { _ in writes += 1 }),
            now: { SampleScan.now })
        await controller.openApp(at: SampleScan.ipa)
        let document = controller.document
        #expect(document.app != nil)
        #expect(document.domains.count == 8)
        #expect(document.domains.allSatisfy { $0.state == .pending && $0.report == nil })
        #expect(document.work.isEmpty, "nothing is fetched while the question waits")
        #expect(document.settings.offline)
        #expect(controller.consent.question?.hosts == document.domains.map(\.host))
        #expect(writes == 0, "an inspection is not an edit")
        #expect(!controller.hasUnsavedChanges)

        await controller.choose(.offline)
        #expect(controller.consent.question == nil)
        #expect(document.domains.allSatisfy { $0.state == .done && $0.report != nil })
        #expect(document.work.isEmpty)
        #expect(writes == 0)
        // The baseline follows (what ⌘S saves for an untitled session with no edit).
        let baseline = try #require(controller.baseline)
        let reopened = WorkbenchDocument(settings: WorkbenchSettings(offline: true))
        try reopened.openSession(baseline)
        #expect(reopened.domains.allSatisfy { $0.state == .done })
    }

    @Test func hostsSettledAfterAnEditAreAStepOfTheirOwnSoTheValueKeepsUp() async throws {
        var value = Data()
        let controller = SessionController(
            settings: WorkbenchSettings(offline: false),
            binding: SessionFileBinding(write: { value = $0 }), now: { SampleScan.now })
        await controller.openApp(at: SampleScan.ipa)
        controller.setURLLines("https://example.com/buy/1\n")
        let edited = value
        #expect(!edited.isEmpty)
        await controller.choose(.offline)
        #expect(value != edited, "the settled hosts were written")
        #expect(try controller.document.save() == value)
        // Undo of that step (the value back): the hosts wait again, the URL list stays.
        controller.valueChanged(edited)
        #expect(controller.document.domains.allSatisfy { $0.state == .pending })
        #expect(controller.document.urlLines == "https://example.com/buy/1\n")
    }

    @Test func suppliedFilesAreUsedWithoutAsking() async throws {
        let controller =
            SessionController(
                settings: WorkbenchSettings(offline: false, suppliedFiles: SampleScan.supplied),
                binding: SessionFileBinding(write: { _ in }), now: { SampleScan.now })
        await controller.openApp(at: SampleScan.ipa)
        // The six hosts with a file are used at once; only the two without one are asked about.
        #expect(controller.consent.question?.hosts == ["linklab.page.link", "links.linklab.invalid"])
        #expect(controller.document.domains.filter { $0.state == .supplied }.count == 6)
        #expect(
            controller.document.domains.filter { $0.state != .supplied }.map(\.host)
                == ["linklab.page.link", "links.linklab.invalid"])
    }
}
