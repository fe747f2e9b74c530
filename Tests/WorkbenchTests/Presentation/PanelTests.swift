import Foundation
import TestSupport
import Testing

@testable import Workbench

/// Every platform's cards as panels (`Panel`), the one shape every face renders: the App tab's
/// sections, the Domains tab's host slots and the URL tester's rows hold everything the typed
/// cards hold, in the same words, for whichever apps the document holds.
@MainActor @Suite struct PanelTests {
    typealias Pair = WorkbenchDocumentAndroidTests

    /// Every string a panel shows: titles, badges, texts, pairs, cells and list items.
    static func words(_ panel: Panel) -> [String] {
        func cell(_ cell: PanelCell) -> [String] { cell.lines + [cell.note] + (cell.badge.map { [$0.text] } ?? []) }
        var words = [panel.kicker, panel.title] + panel.badges.map(\.text)
        for block in panel.blocks {
            words += [block.text, block.title] + block.badges.map(\.text) + block.columns
            words += block.pairs.flatMap { [$0.label, $0.text] }
            words += block.rows.flatMap { $0.cells.flatMap(cell) } + block.items.flatMap(cell)
            words += block.lint.map(\.message) + (block.file.map { [$0.title, $0.text] } ?? [])
        }
        return words.filter { !$0.isEmpty }
    }

    static func table(_ panel: Panel, hook: String) throws -> PanelBlock {
        try #require(panel.blocks.first { $0.kind == .table && $0.hook == hook })
    }

    @Test func theAppTabHasASectionPerPlatformWithEveryCardAsAPanel() async throws {
        let document = try await Pair.opened()
        let sections = document.presentation().apps
        #expect(sections.map(\.platform) == ["ios", "android"])
        #expect(sections.map(\.platformName) == ["iOS", "Android"])
        #expect(sections.map(\.title) == ["iOS app: bundles", "Android app"])
        // iOS: one panel per bundle, main app first and open, each entitlement key in its table.
        let bundles = document.bundles
        let ios = sections[0]
        #expect(ios.panels.count == bundles.count && ios.note == nil)
        #expect(ios.panels.first?.isOpen == true && ios.panels.first?.hooks["role"] == "app")
        #expect(Set(ios.panels.map(\.id)).count == ios.panels.count)
        for (panel, card) in zip(ios.panels, bundles) {
            #expect(panel.platform == "ios" && panel.hook == "bundle" && panel.title == card.title)
            let table = panel.blocks.first { $0.kind == .table && $0.hook == "entitlements" }
            #expect((table?.rows ?? []).map { $0.hooks["key"] } == card.entitlements.rows.map(\.key))
            #expect((table == nil) == card.entitlements.rows.isEmpty)
            let shown = Self.words(panel)
            for line in card.identifiers { #expect(shown.contains(line.text), "\(line.label) of \(card.title)") }
            for row in card.linkHandlers { #expect(shown.contains(row.name)) }
            for entry in card.profile?.notAllowed ?? [] {
                #expect(shown.contains("Signed but not allowed by the profile: \(entry)"))
            }
            for device in card.profile?.devices ?? [] { #expect(shown.contains(device)) }
        }
        // The sample's main app signs a domain its profile does not allow (ENT-005).
        #expect(bundles.first?.profile?.notAllowed.isEmpty == false)
        // Android: the card's certificates, activities, filters' claims and evidence, in its words.
        let card = try #require(document.androidAppCard)
        let android = try #require(sections[1].panels.first)
        #expect(sections[1].panels.count == 1 && android.platform == "android" && android.hook == "android-app")
        #expect(
            try Self.table(android, hook: "android-certificates").rows.map { $0.hooks["sha256"] }
                == card.certificates.map(\.sha256))
        let activities = android.blocks.filter { $0.hook == "android-activity" }
        #expect(activities.map { $0.hooks["activity"] } == card.activities.map(\.name))
        #expect(activities.map { $0.rows.count } == card.activities.map(\.filters.count))
        let shown = Self.words(android)
        for claim in card.activities.flatMap(\.filters).flatMap(\.claims) { #expect(shown.contains(claim)) }
        for line in card.linkEvidence + card.identifiers.map(\.text) { #expect(shown.contains(line)) }
    }

    @Test func anAndroidOnlyDocumentSaysWhyItHasNoIOSCard() async throws {
        let document = try await Pair.opened(ios: false)
        let sections = document.presentation().apps
        #expect(sections.map(\.platform) == ["ios", "android"])
        #expect(sections[0].panels.isEmpty)
        #expect(sections[0].note == "No iOS app in this document: add its .ipa to see both apps.")
        #expect(sections[1].panels.map(\.hook) == ["android-app"])
    }

    @Test func anIOSOnlyDocumentHasOneSection() async throws {
        let document = WorkbenchDocument(settings: WorkbenchDocumentTests.settings(), now: { SampleScan.now })
        document.openApp(at: SampleScan.ipa)
        await document.settled()
        let sections = document.presentation().apps
        #expect(sections.map(\.title) == ["Bundles"])
        #expect(sections[0].panels.count == document.bundles.count && !sections[0].panels.isEmpty)
    }

    @Test func eachHostRowHasASlotPerPlatform() async throws {
        let document = try await Pair.opened()
        let view = document.presentation()
        #expect(!view.hosts.isEmpty)
        for row in view.hosts {
            #expect(row.slots.map(\.platform) == ["ios", "android"])
            let ios = row.slots[0]
            let android = row.slots[1]
            // The iOS slot is the host's association-file card; the Android slot its panel.
            if let index = ios.domain {
                #expect(view.domains[index].host == row.host && ios.absent == nil)
            } else {
                #expect(ios.absent != nil)
            }
            if let panel = android.panel {
                #expect(panel.hook == "android-host" && panel.hooks["host"] == row.host && android.absent == nil)
                #expect(panel.badges.map(\.hook) == ["android-state", "android-verified"])
            } else {
                #expect(android.absent == "No autoVerify filter of the Android app names this host.")
            }
            #expect(row.platformNames == row.slots.filter { $0.domain != nil || $0.panel != nil }.map(\.platformName))
        }
        // A host both apps claim: its panel says what Android decided, with the file's lint and text.
        let both = try #require(view.hosts.first { $0.platformNames == ["iOS", "Android"] })
        let panel = try #require(both.slots[1].panel)
        let card = try #require(document.androidHostCards.first { $0.host.lowercased() == both.host.lowercased() })
        #expect(Self.words(panel).contains(card.verdict))
        #expect(panel.blocks.contains { $0.kind == .lint && $0.lint == card.lint })
        #expect(panel.blocks.contains { $0.kind == .file && $0.file == card.file } == (card.file != nil))
    }

    /// What a device recorded is drawn with the cards: each host's rows in its panel (a row the
    /// device and the files disagree on marked), the notes about no one host in the app's.
    @Test func whatADeviceRecordedIsInThePanels() async throws {
        let document = try await Pair.opened()
        #expect(
            !document.presentation().hosts.contains { row in
                row.slots.contains { $0.panel?.blocks.contains { $0.hook == "device-state" } == true }
            })
        try document.importAndroidDeviceState(try AndroidDeviceRecordTests.output())
        let state = try #require(document.androidDeviceStateCard)
        let view = document.presentation()
        let shown = view.hosts.flatMap { row in
            (row.slots.compactMap(\.panel).flatMap(\.blocks).first { $0.hook == "device-state-rows" }?.items ?? [])
        }
        // Every row the device listed for a host of the app, once, in the host's panel.
        let declared = state.rows.filter { $0.workbenchVerifies != nil }
        #expect(Set(shown.flatMap(\.lines)) == Set(declared.map { $0.host + ": " + $0.summary }))
        #expect(shown.filter { $0.badge?.text == "disagrees" }.count == declared.filter(\.disagrees).count)
        #expect(declared.contains { $0.disagrees })
        // Notes about no one host: in the app's panel.
        try document.importAndroidDeviceState(try AndroidDeviceStateTests.fixture("pm-get-app-links-doc.txt"))
        let notes = try #require(document.androidDeviceStateCard?.notes)
        let app = try #require(document.presentation().apps.last?.panels.first)
        #expect(!notes.isEmpty && app.blocks.last?.items.map(\.lines) == notes.map { [$0] })
    }

    @Test func aURLHasOneRowShapeForEveryPlatform() async throws {
        let document = try await Pair.opened()
        let url = "https://example.com/open/item/7"
        let shown = document.presentation(ofTyped: url)
        #expect(shown.showsPlatforms)
        let platforms = shown.verdicts.map(\.platform)
        // iOS rows first (one per app ID), then Android's (one per matching activity).
        #expect(platforms == platforms.sorted { $0 == "ios" && $1 == "android" })
        let ios = shown.verdicts.filter { $0.platform == "ios" }
        let android = shown.verdicts.filter { $0.platform == "android" }
        #expect(!ios.isEmpty && !android.isEmpty)
        #expect(ios.allSatisfy { $0.key == $0.appID && $0.hooks["app-id"] == $0.appID && $0.platformName == "iOS" })
        #expect(android.allSatisfy { $0.key == $0.hooks["activity"] && $0.badge?.hook == "verification" })
        let decision = try #require(document.androidAnalysis?.decisions.first { $0.url == url })
        #expect(android.map(\.key) == (decision.activities.isEmpty ? [""] : decision.activities))
        // Without an Android app, the same rows and no platform tags.
        let alone = URLTestPresentation(document.decide(url: url), apps: AuditedApps(document.app))
        #expect(!alone.showsPlatforms && alone.verdicts == ios)
    }

    @Test func anExpectationIsJudgedOnEachPlatform() async throws {
        let document = try await Pair.opened()
        document.setURLLines("! https://example.com/open/item/7\nhttps://example.com/open/item/8")
        let items = document.presentation().urls.items
        let judged = try #require(items.first)
        #expect(judged.expectations.map(\.platform) == ["ios", "android"])
        #expect(
            judged.expectations.map(\.text)
                == judged.expectations.map { "\($0.platformName): \($0.met ? "met" : "not met")" })
        #expect(judged.expectationMet == judged.expectations.allSatisfy(\.met))
        #expect(items[1].expectations.isEmpty && items[1].expectationMet == nil)
    }
}

extension URLTestPresentation {
    /// The Android app's rows of this URL (one per matching activity, or one when none matches).
    var androidRows: [Verdict] { verdicts.filter { $0.platform == "android" } }
    /// The iOS app's rows of this URL (one per app ID).
    var iosRows: [Verdict] { verdicts.filter { $0.platform == "ios" } }
}
