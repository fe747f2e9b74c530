import AndroidApp
import Foundation
import TestSupport
import Testing

@testable import Workbench

/// The Domains tab with both apps of a product (`ProductHostPresentation`, `AndroidHostCard`),
/// the App tab's Android section in the document's presentation, the iOS half added to an
/// Android-only document, and `--assetlinks` files in the settings.
@MainActor @Suite struct AndroidHostCardTests {
    static let samples = WorkbenchDocumentAndroidTests.samples
    static let apk = samples.appendingPathComponent("LinkLabSample.apk")

    /// The `assetlinks.json` card of `host`, which the Domains tab shows as the Android slot's panel.
    static func card(_ document: WorkbenchDocument, _ host: String) throws -> AndroidHostCard {
        let card = try #require(document.androidHostCards.first { $0.host == host }, "no Android card for \(host)")
        let slot = document.presentation().hosts.first { $0.host == host }?.slots.first { $0.platform == "android" }
        #expect(slot?.panel == card.panel)
        return card
    }

    @Test func theDomainsAreTheUnionOfBothAppsHostsInOneOrder() async throws {
        let document = try await WorkbenchDocumentAndroidTests.opened()
        let view = document.presentation()
        #expect(view.apps.last?.panels.map(\.title) == ["com.example.app"])
        let iosHosts = view.domains.map(\.host)
        let androidHosts = try #require(document.android).hosts
        // Every host once: iOS's in the iOS order first, then the hosts only Android claims.
        let expected = iosHosts + androidHosts.filter { !iosHosts.contains($0) }
        #expect(view.hosts.map(\.host) == expected)
        for row in view.hosts {
            let ios = row.slots[0]
            let android = row.slots[1]
            if let index = ios.domain { #expect(view.domains[index].host == row.host) }
            #expect((android.panel != nil) == androidHosts.contains(row.host))
            let platforms = [ios.domain.map { _ in "iOS" }, android.panel.map { _ in "Android" }].compactMap { $0 }
            #expect(row.platformNames == platforms, "\(row.host)")
            #expect((ios.absent == nil) == (ios.domain != nil) && (android.absent == nil) == (android.panel != nil))
            if ios.domain == nil { #expect(ios.absent == "The iOS app does not claim this host.") }
        }
        #expect(view.hosts.first { $0.host == "example.com" }?.platformNames == ["iOS", "Android"])
        #expect(
            Set(view.hosts.compactMap { $0.slots[1].panel?.hooks["host"] })
                == Set(WorkbenchDocumentAndroidTests.apkHosts))
    }

    @Test func aSuppliedFileShowsItsRouteGrantsTextAndTheVerifiersWord() async throws {
        let document = try await WorkbenchDocumentAndroidTests.opened()
        let card = try Self.card(document, "example.com")
        let served = try String(
            contentsOf: Self.samples.appendingPathComponent("assetlinks/example.com.json"),
            encoding: .utf8)
        #expect(card.state == "supplied" && card.stateText == "Supplied file" && card.outcome == "supplied")
        #expect(card.routes.map(\.route) == ["local"])
        let path = Self.samples.appendingPathComponent("assetlinks/example.com.json").path
        #expect(card.routes.first?.url == "file://" + ShownFileName.of(path), "named as a scan names it")
        #expect(card.routes.first?.bytes == String(served.utf8.count))
        // A supplied file has no status, type or timing: those columns are left out.
        #expect(card.columns.map(\.key) == ["bytes"])
        #expect(card.file?.text == served && card.file?.isExact == true)
        #expect(card.grants.contains { $0.hasPrefix("com.example.app ") })
        // The verifier's own verdicts, for the declared hosts this file decides.
        let verification = try #require(document.androidAnalysis?.facts.verification)
        let covering = verification.hosts.filter { $0.fileHost == "example.com" }
        #expect(!covering.isEmpty)
        #expect(card.verification.map(\.host) == covering.map(\.host))
        #expect(card.verified == covering.allSatisfy(\.verified))
        #expect(card.verdict.contains(covering[0].reason))
        #expect(card.google == nil, "Google's API was not asked")
    }

    @Test func aFileWithoutFingerprintsIsLintedAndDoesNotVerify() async throws {
        let document = try await WorkbenchDocumentAndroidTests.opened()
        let broken = """
            [{"relation": ["delegate_permission/common.handle_all_urls"],
              "target": {"namespace": "android_app", "package_name": "com.example.app"}}]
            """
        try document.useFile(Data(broken.utf8), name: "broken.json", forHost: "example.org", on: .android)
        let card = try Self.card(document, "example.org")
        #expect(!card.lint.isEmpty && card.lint.allSatisfy { $0.id.hasPrefix("ANDROID-L") })
        #expect(card.lintSummary != "No lint diagnostics.")
        #expect(!card.verified && card.verdict.contains("does not verify"))
        #expect(card.tone != "ok")
        #expect(card.file?.markers.isEmpty == false, "the lint points at lines of the text shown")
        // The other hosts keep their own files and verdicts.
        #expect(try Self.card(document, "example.com").state == "supplied")
    }

    @Test func anAndroidOnlyDocumentListsItsHostsAndSaysThereIsNoIOSApp() async throws {
        let document = try await WorkbenchDocumentAndroidTests.opened(ios: false)
        let view = document.presentation()
        #expect(view.apps[0].panels.isEmpty && view.apps[0].note?.contains("No iOS app") == true)
        #expect(view.subtitle == "com.example.app" && view.kind == "apk")
        #expect(view.domains.isEmpty)
        #expect(view.hosts.count == WorkbenchDocumentAndroidTests.apkHosts.count)
        #expect(view.hosts.allSatisfy { $0.slots[0].domain == nil && $0.platformNames == ["Android"] })
        #expect(view.hosts.allSatisfy { $0.slots[1].panel != nil })
        #expect(view.hosts.allSatisfy { $0.slots[0].absent == "No iOS app in this document." })
    }

    @Test func anIOSOnlyDocumentHasNoAndroidPart() async throws {
        let document = try await WorkbenchDocumentTests.openedSample()
        let view = document.presentation()
        #expect(view.apps.map(\.platform) == ["ios"] && view.hosts.isEmpty && !view.domains.isEmpty)
    }

    @Test func theIOSAppJoinsAnAndroidOnlyDocumentKeepingItsAndroidHalf() async throws {
        let document = try await WorkbenchDocumentAndroidTests.opened(ios: false)
        let fingerprint = try #require(document.findings.first?.fingerprint)
        try document.setTriage(fingerprint: fingerprint, status: .confirmed, note: "kept")
        let lines = document.urlLines
        let android = document.android
        document.addIOSApp(at: SampleScan.ipa, name: "LinkLabSample.ipa")
        await document.settled()
        #expect(document.app != nil && document.android == android && document.phase == .ready)
        #expect(document.urlLines == lines && !document.urlTests.isEmpty)
        #expect(document.triage[fingerprint]?.status == .confirmed)
        #expect(document.findings.contains { $0.finding.id.hasPrefix("AND-") })
        #expect(document.findings.contains { !$0.finding.id.hasPrefix("AND-") })
        let view = document.presentation()
        #expect(view.hosts.contains { $0.platformNames == ["iOS", "Android"] } && !view.apps[0].panels.isEmpty)
    }

    @Test func aFileThatIsNotAnIOSAppLeavesTheAndroidHalfAndSaysWhy() async throws {
        let document = try await WorkbenchDocumentAndroidTests.opened(ios: false)
        let junk = FileManager.default.temporaryDirectory.appendingPathComponent("junk-\(UUID().uuidString).ipa")
        try Data("not a zip".utf8).write(to: junk)
        defer { try? FileManager.default.removeItem(at: junk) }
        let android = document.android
        document.addIOSApp(at: junk, name: "junk.ipa")
        await document.settled()
        #expect(document.app == nil && document.android == android && document.phase == .ready)
        let note = try #require(document.notes.first { $0.contains("junk.ipa was not added") })
        #expect(!note.contains(junk.path), "the note names the file, never its path")
    }

    @Test func assetLinksFilesInTheSettingsApplyToEveryAndroidApp() async throws {
        var supplied: [String: String] = [:]
        for host in WorkbenchDocumentAndroidTests.androidHosts {
            supplied[host] = Self.samples.appendingPathComponent("assetlinks/\(host).json").path
        }
        let settings = WorkbenchSettings(offline: true, suppliedAssetLinks: supplied)
        let document = WorkbenchDocument(settings: settings, now: { SampleScan.now })
        document.addAndroidApp(at: Self.apk, name: "app.apk")
        await document.settled()
        let part = try #require(document.android)
        #expect(Set(part.hosts.filter { part.states[$0] == .supplied }) == Set(supplied.keys))
        let card = try Self.card(document, "shop.example.com")
        let shown = "file://" + ShownFileName.of(try #require(supplied["shop.example.com"]))
        #expect(card.state == "supplied" && card.routes.first?.url == shown)
        // The same APK without them: offline, nothing is known.
        let bare = WorkbenchDocument(settings: WorkbenchSettings(offline: true), now: { SampleScan.now })
        bare.addAndroidApp(at: Self.apk, name: "app.apk")
        await bare.settled()
        let unknown = try Self.card(bare, "shop.example.com")
        #expect(unknown.state == "not-fetched" && !unknown.verified && unknown.file == nil)
    }

    @Test func settingsWriteAssetLinksFilesOnlyWhenThereAreAny() throws {
        let plain = try JSONEncoder().encode(WorkbenchSettings(offline: true))
        #expect(!String(decoding: plain, as: UTF8.self).contains("suppliedAssetLinks"))
        let with = WorkbenchSettings(offline: true, suppliedAssetLinks: ["example.com": "a.json"])
        let decoded = try JSONDecoder().decode(WorkbenchSettings.self, from: JSONEncoder().encode(with))
        #expect(decoded == with && decoded != WorkbenchSettings(offline: true))
        #expect(try JSONDecoder().decode(WorkbenchSettings.self, from: plain).suppliedAssetLinks.isEmpty)
    }

    @Test func anAndroidPackageIsKnownByItsNameOrItsManifest() throws {
        #expect(WorkbenchDocument.isAndroidPackage(at: Self.apk, name: "upload"))
        #expect(!WorkbenchDocument.isAndroidPackage(at: SampleScan.ipa, name: "upload"))
        #expect(!WorkbenchDocument.isAndroidPackage(at: SampleScan.ipa, name: "LinkLabSample.ipa"))
        let junk = FileManager.default.temporaryDirectory.appendingPathComponent("junk-\(UUID().uuidString)")
        try Data("PK\u{3}\u{4} not really".utf8).write(to: junk)
        defer { try? FileManager.default.removeItem(at: junk) }
        #expect(!WorkbenchDocument.isAndroidPackage(at: junk, name: "junk.bin"))
        #expect(WorkbenchDocument.isAndroidPackage(at: junk, name: "junk.APK"), "named as one: read as one")
    }
}
