import Findings
import Foundation
import TestSupport
import Testing
import Workbench

/// `ProductScan`, the one path `linklab scan` takes for an iOS app, an Android app or both: the
/// product it returns is what each platform's own pipeline gives, its events have one shape for
/// every platform, and what follows a scan (probe results, the session) takes the product.
@Suite struct ProductScanTests {
    static let samples = Fixtures.repositoryRoot.appendingPathComponent("Samples")

    static func assetLinks() -> [String: String] {
        var files: [String: String] = [:]
        for host in ["example.com", "example.org", "shop.example.com"] {
            files[host] = samples.appendingPathComponent("assetlinks/\(host).json").path
        }
        return files
    }

    /// The sample pair's requests, offline, with the list of `urls-both.txt`.
    static func request(ios: Bool = true, android: Bool = true) throws -> ProductScanRequest {
        let text = try String(contentsOf: samples.appendingPathComponent("urls-both.txt"), encoding: .utf8)
        let entries = try URLList.parse(text, schemes: .webOrCustom)
        return ProductScanRequest(
            ios: ios ? SampleScan.request(urls: []) : nil,
            android: android
                ? AndroidScanRequest(
                    input: samples.appendingPathComponent("LinkLabSample.apk"),
                    offline: true, suppliedFiles: assetLinks()) : nil,
            entries: entries)
    }

    /// Events heard during a scan, in order.
    final class Heard: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [ProductScanEvent] = []
        func add(_ event: ProductScanEvent) { lock.withLock { list.append(event) } }
        var events: [ProductScanEvent] { lock.withLock { list } }
    }

    @Test func eachPlatformDecidesWhatItCanOfTheOneList() throws {
        let request = try Self.request()
        #expect(request.entries.contains { !$0.isWebURL }, "the sample list has custom-scheme lines")
        #expect(request.ios?.urls == request.entries.filter(\.isWebURL))
        #expect(request.android?.urls == request.entries)
    }

    @Test func bothAppsGiveWhatEachPipelineGivesAndOneTable() async throws {
        let request = try Self.request()
        let heard = Heard()
        let product = try await ProductScan.run(request, clock: .frozen) { heard.add($0) }
        guard case .both(let both) = product else {
            Issue.record("a scan of both apps is a two-platform product")
            return
        }
        let ios = try await ScanPipeline(request: try #require(request.ios), clock: .frozen).run()
        let android = try await AndroidScan.run(try #require(request.android))
        let pair = CrossPlatformAnalysis(ios: ios, android: android, entries: request.entries)
        #expect(both.findings == pair.findings)
        #expect(try both.scanDocument() == pair.scanDocument())
        #expect(both.table.rows.count == request.entries.count)

        for platform in AppPlatform.allCases {
            let planned = heard.events.reduce(0) { sum, event in
                if case .hostsPlanned(let heardPlatform, let count) = event, heardPlatform == platform {
                    return sum + count
                }
                return sum
            }
            let done = heard.events.filter { event in
                if case .hostDone(let heardPlatform, _) = event { return heardPlatform == platform }
                return false
            }
            #expect(planned > 0 && done.count == planned, "\(platform): \(planned) planned, \(done.count) done")
            #expect(heard.events.contains(.stageStarted(platform, stage: .inspect)), "\(platform)")
        }
        let iosDecided = heard.events.filter { $0 == .urlDecided(.ios) }.count
        #expect(iosDecided == request.ios?.urls.count)
    }

    @Test func oneAppGivesThatPlatformsAnalysisAlone() async throws {
        let request = try Self.request(android: false)
        let iosOnly = try await ProductScan.run(request, clock: .frozen)
        #expect(iosOnly.android == nil)
        let alone = try await SampleScan.pipeline(urls: request.entries.filter(\.isWebURL)).run()
        #expect(iosOnly.ios?.findings == alone.findings)
        let androidOnly = try await ProductScan.run(try Self.request(ios: false))
        #expect(androidOnly.ios == nil)
        #expect(androidOnly.android?.decisions.count == (try Self.request()).entries.count)
    }

    @Test func noAppIsRefusedAndTheIOSErrorComesFirst() async throws {
        await #expect(throws: WorkbenchError.self) {
            _ = try await ProductScan.run(ProductScanRequest(ios: nil, android: nil, entries: []))
        }
        let missing = URL(fileURLWithPath: "/nonexistent/linklab-missing.ipa")
        let request = ProductScanRequest(
            ios: ScanRequest(input: missing, offline: true),
            android: AndroidScanRequest(
                input: URL(fileURLWithPath: "/nonexistent/linklab-missing.apk"),
                offline: true),
            entries: [])
        #expect(await Self.unreadablePath(request) == missing.path)
        // The Android app alone unreadable: its error, not the cancellation of the iOS scan.
        let apk = URL(fileURLWithPath: "/nonexistent/linklab-missing.apk")
        let androidFails = ProductScanRequest(
            ios: SampleScan.request(urls: []),
            android: AndroidScanRequest(input: apk, offline: true), entries: [])
        #expect(await Self.unreadablePath(androidFails) == apk.path)
    }

    /// The path of the `unreadableApp` error the scan of `request` throws; nil (with an issue
    /// recorded) when it succeeds or throws another error.
    static func unreadablePath(_ request: ProductScanRequest) async -> String? {
        do {
            _ = try await ProductScan.run(request)
            Issue.record("a scan with an unreadable app succeeded")
        } catch {
            guard case .unreadableApp(let path, _) = error else {
                Issue.record("expected unreadableApp, got \(error)")
                return nil
            }
            return path
        }
        return nil
    }

    @Test func probeResultsJoinTheirOwnPlatformsFindings() async throws {
        let product = try await ProductScan.run(try Self.request(), clock: .frozen)
        let kit = ProbeKit(product: product)
        let iosProbe = try #require(kit.probes.first { $0.platform == "ios" })
        let androidProbe = try #require(kit.probes.first { $0.platform == "android" })
        let facts = ProbeFacts(observations: [
            iosProbe.observation(.vulnerable, note: "opened attacker page"),
            androidProbe.observation(.vulnerable, note: ""),
        ])
        let added = product.adding(facts)
        #expect(added.ios?.findings.filter { $0.id.hasPrefix("PRB-") }.count == 1)
        #expect(added.android?.findings.filter { $0.id.hasPrefix("PRB-") }.count == 1)
        #expect(added.ios?.probeObservations.map(\.id) == [iosProbe.id])
        #expect(added.findings.count == product.findings.count + 2)
        guard case .both(let before) = product, case .both(let after) = added else {
            Issue.record("adding probe results keeps a two-platform product")
            return
        }
        #expect(after.table == before.table)
        #expect(product.adding(ProbeFacts(observations: [])).findings == product.findings)
    }

    @MainActor
    @Test func aDocumentAdoptingTheProductReportsTheSameFindings() async throws {
        let request = try Self.request()
        let product = try await ProductScan.run(request, clock: .frozen)
        let document = WorkbenchDocument(now: { SampleScan.now })
        document.adopt(product, urls: request.entries)
        let both = try #require(document.currentCrossPlatform)
        #expect(Set(both.findings.map(\.id)) == Set(product.findings.map(\.id)))
        let androidOnly = try await ProductScan.run(try Self.request(ios: false))
        let androidDocument = WorkbenchDocument()
        androidDocument.adopt(androidOnly, urls: request.entries)
        #expect(androidDocument.androidAnalysis?.findings == androidOnly.findings)
        #expect(androidDocument.urlLines == request.entries.map(URLList.line).joined(separator: "\n") + "\n")
    }

    @Test func aSuppliedFileForAHostAndroidNeverFetchesIsUnused() async throws {
        let analysis = try #require(try await ProductScan.run(try Self.request(ios: false)).android)
        var supplied = Self.assetLinks()
        supplied["unclaimed.example"] = supplied["example.com"]
        #expect(analysis.unusedSupplies(supplied) == ["unclaimed.example"])
        #expect(analysis.unusedSupplies(Self.assetLinks()).isEmpty)
    }
}
