import AndroidApp
import Foundation
import TestServer
import TestSupport
import Testing
import Workbench

/// A workbench document asks Google's Digital Asset Links API when its settings say so
/// (`serve --google`, the Mac Settings): the answer lands beside the host's own file in the
/// Android host card, and a session records that it was asked but never where (a session file
/// must not choose where a workbench connects).
@MainActor @Suite(.serialized) struct AndroidGoogleDocumentTests {
    func analysis(host: String) throws -> AndroidAnalysis {
        var snapshot = try APKInspector.inspect(fileAt: Fixtures.url("android/links-v1v2v3.apk"))
        var data = AndroidManifest.DataElement()
        data.scheme = "https"
        data.host = AssetLinksTestSite.host("good")
        let filter = AndroidManifest.IntentFilter(
            autoVerify: true, actions: ["android.intent.action.VIEW"],
            categories: ["android.intent.category.BROWSABLE", "android.intent.category.DEFAULT"], data: [data])
        snapshot.manifest.activities = [
            AndroidManifest.Activity(
                name: "com.linklab.shop.Links", exported: true,
                intentFilters: [filter])
        ]
        snapshot.manifest.targetSDK = 34
        // The host with the loopback server's port, so that a --resolve pin reaches it.
        return AndroidAnalysis.make(snapshot: snapshot, assetLinks: [AssetLinksReport(host: host, result: nil)])
    }

    func settings(_ site: AssetLinksTestSite, caFile: URL, askGoogle: Bool) throws -> WorkbenchSettings {
        var fetch = FetchConfiguration()
        fetch.resolve = try site.resolveArguments.map { try ResolvePin.parse($0) }
        fetch.caFile = caFile.path
        fetch.timeout = .seconds(30)
        return WorkbenchSettings(fetch: fetch, askGoogle: askGoogle, googleBase: site.googleBase("differ"))
    }

    @Test func googlesAnswerLandsBesideTheFileOnlyWhenAsked() async throws {
        let site = try await AssetLinksTestSite.start()
        let caFile = try site.pki.writeCAFile()
        defer { try? FileManager.default.removeItem(at: caFile) }
        var cards: [Bool: AndroidHostCard] = [:]
        var saved = Data()
        for ask in [false, true] {
            let document = WorkbenchDocument(settings: try settings(site, caFile: caFile, askGoogle: ask))
            document.adopt(android: try analysis(host: site.hostArgument("good")))
            document.refetchAll(on: [.android])
            await document.settled()
            cards[ask] = document.androidHostCards.first
            if ask { saved = try document.save() }
        }
        await site.stop()
        let asked = try #require(cards[true])
        let notAsked = try #require(cards[false])
        #expect(notAsked.outcome == "ok" && notAsked.google == nil)
        #expect(!notAsked.routes.contains { $0.route == "google" })
        #expect(asked.outcome == "ok")
        #expect(asked.google?.agrees == false)
        #expect(asked.google?.onlyInGoogle.contains { $0.contains(AssetLinksTestSite.otherFingerprint) } == true)
        #expect(asked.routes.last?.route == "google" && asked.routes.last?.outcome == "differs")
        let text = String(decoding: saved, as: UTF8.self)
        #expect(text.contains("\"askGoogle\" : true") || text.contains("\"askGoogle\":true"))
        #expect(!text.contains(AssetLinksTestSite.googleHost), "a session never records the API's address")
    }

    @Test func offlineNeverAsksAndASessionsChoiceIsShownNotApplied() throws {
        var settings = WorkbenchSettings(offline: true, askGoogle: true, googleBase: "https://staging.example/v1")
        #expect(settings.assetLinksOptions.askGoogle == false)
        settings.offline = false
        let options = settings.assetLinksOptions
        #expect(options.askGoogle && options.googleBase == "https://staging.example/v1")
        let decoded = try JSONDecoder().decode(WorkbenchSettings.self, from: JSONEncoder().encode(settings))
        #expect(decoded.askGoogle && decoded.googleBase == AssetLinksPolicy.googleAPIBase)
        let plain = try JSONEncoder().encode(WorkbenchSettings())
        #expect(!String(decoding: plain, as: UTF8.self).contains("askGoogle"), "old readers see the same fields")
    }
}
