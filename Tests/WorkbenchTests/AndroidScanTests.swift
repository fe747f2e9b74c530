import AndroidApp
import Foundation
import TestServer
import TestSupport
import Testing
import Workbench

/// The Android scan end to end on the loopback site: `AndroidScan.assetLinks` fetches each
/// host (a good file, a redirect, a 404), `AndroidAnalysis.make` verifies the fixture APK's
/// filters against them and derives the findings; offline, a host without a file is "not
/// fetched" and never verified.
@Suite(.serialized) struct AndroidScanTests {
    /// The fixture APK (release key) with one autoVerify filter for each scenario host.
    func snapshot(hosts: [String]) throws -> APKSnapshot {
        var snapshot = try APKInspector.inspect(fileAt: Fixtures.url("android/links-v1v2v3.apk"))
        var filter = AndroidManifest.IntentFilter(
            autoVerify: true, actions: ["android.intent.action.VIEW"],
            categories: ["android.intent.category.BROWSABLE", "android.intent.category.DEFAULT"], data: [])
        for host in hosts {
            var data = AndroidManifest.DataElement()
            data.scheme = "https"
            data.host = host
            filter.data.append(data)
        }
        snapshot.manifest.activities = [
            AndroidManifest.Activity(
                name: "com.linklab.shop.Links", exported: true,
                intentFilters: [filter])
        ]
        snapshot.manifest.targetSDK = 34
        return snapshot
    }

    @Test func fetchedHostsAreVerifiedOrFailWithTheirReason() async throws {
        let site = try await AssetLinksTestSite.start()
        let caFile = try site.pki.writeCAFile()
        defer { try? FileManager.default.removeItem(at: caFile) }
        var fetch = FetchConfiguration()
        fetch.resolve = try site.resolveArguments.map { try ResolvePin.parse($0) }
        fetch.caFile = caFile.path
        fetch.timeout = .seconds(20)
        let request = AndroidScanRequest(input: Fixtures.url("android/links-v1v2v3.apk"), fetch: fetch)
        let reports: [AssetLinksReport]
        do {
            reports = try await AndroidScan.assetLinks(
                for: ["good", "r301", "notfound"].map(site.hostArgument), request: request)
            await site.stop()
        } catch {
            await site.stop()
            throw error
        }
        #expect(reports.map(\.outcome) == [.ok, .redirect, .httpError])
        let hosts = ["good", "r301", "notfound"].map(AssetLinksTestSite.host)
        let analysis = AndroidAnalysis.make(
            snapshot: try snapshot(hosts: hosts), assetLinks: reports,
            urls: ["https://good.links.test/x", "https://r301.links.test/x"])
        #expect(analysis.facts.verification.hosts.map(\.verified) == [true, false, false])
        #expect(analysis.decisions.map(\.outcome) == [.opensApp, .browser])
        let failing = analysis.findings.filter { $0.id == "AND-001" }
        #expect(failing.map(\.subject) == ["notfound.links.test", "r301.links.test"])
        let json = try #require(try JSONSerialization.jsonObject(with: try analysis.scanDocument()) as? [String: Any])
        #expect(
            (json["hosts"] as? [[String: Any]])?.map { $0["outcome"] as? String } == [
                "ok", "redirect",
                "http-error",
            ])
    }

    @Test func offlineReadsSuppliedFilesAndLeavesTheRestNotFetched() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("al-\(UUID().uuidString).json")
        try Data(AssetLinksTestSite.statementList([(AssetLinksTestSite.package, AssetLinksTestSite.fingerprint)]))
            .write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let request = AndroidScanRequest(
            input: Fixtures.url("android/links-v1v2v3.apk"), offline: true,
            suppliedFiles: ["a.example": file.path])
        let reports = try await AndroidScan.assetLinks(for: ["a.example", "b.example"], request: request)
        #expect(reports.map(\.outcome) == [.supplied, .notFetched])
        let analysis = AndroidAnalysis.make(
            snapshot: try snapshot(hosts: ["a.example", "b.example"]),
            assetLinks: reports, offline: true)
        #expect(analysis.facts.verification.hosts.map(\.verified) == [true, false])
        #expect(analysis.findings.contains { $0.id == "AND-002" && $0.subject == "b.example" })
    }

    @Test func theWholeScanReadsTheAPKAndRefusesAHostileOne() async throws {
        let analysis = try await AndroidScan.run(
            AndroidScanRequest(
                input: Fixtures.url("android/links-v1v2v3.apk"), offline: true,
                suppliedFiles: ["shop.example": Fixtures.url("android/assetlinks/shop.example.json").path]))
        #expect(analysis.facts.verification.hosts.allSatisfy { $0.verified })
        #expect(analysis.inputName == "links-v1v2v3.apk")
        await #expect(throws: WorkbenchError.self) {
            _ = try await AndroidScan.run(
                AndroidScanRequest(
                    input: Fixtures.url("android/hostile-zip-bomb.apk"),
                    offline: true))
        }
    }
}
