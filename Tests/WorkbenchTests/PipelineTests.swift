import Foundation
import TestSupport
import Testing

@testable import Workbench

@Suite struct PipelineEventTests {
    @Test func eventsArriveStageByStageAndEndWithTheAnalysis() async throws {
        let urls = try SampleScan.urls()
        var events: [PipelineEvent] = []
        for await event in SampleScan.pipeline(urls: urls).events() { events.append(event) }

        let starts = events.compactMap { if case .stageStarted(let stage) = $0 { stage } else { nil } }
        let ends = events.compactMap { if case .stageFinished(let timing) = $0 { timing.stage } else { nil } }
        #expect(starts == PipelineStage.allCases)
        #expect(ends == PipelineStage.allCases)
        guard case .finished(let analysis)? = events.last else {
            Issue.record("last event is not finished: \(String(describing: events.last))")
            return
        }
        let hostEvents = events.filter { if case .hostDone = $0 { true } else { false } }
        let urlEvents = events.compactMap { if case .urlDecided(let test) = $0 { test.url } else { nil } }
        #expect(hostEvents.count == 8)
        #expect(urlEvents == urls.map(\.url))
        #expect(analysis.timings.map(\.milliseconds) == [0, 0, 0, 0], "frozen clock")

        var session = ScanSession()
        for event in events { session.apply(event) }
        #expect(session.outOfOrder.isEmpty, "\(session.outOfOrder)")
        #expect(session.phase == .finished)
        #expect(session.analysis == analysis)
    }

    @Test func eachHostEventComesAfterThePlanAndBeforeMatching() async throws {
        var order: [String] = []
        for await event in SampleScan.pipeline(urls: try SampleScan.urls()).events() {
            switch event {
            case .hostsPlanned(let hosts): order.append("plan:\(hosts.count)")
            case .hostDone: order.append("host")
            case .stageStarted(.match): order.append("match")
            default: break
            }
        }
        #expect(order == ["plan:8"] + Array(repeating: "host", count: 8) + ["match"])
    }

    @Test func runCallsProgressWithTheSameEventsAsTheStream() async throws {
        let collector = EventCollector()
        let analysis = try await SampleScan.pipeline(urls: []).run { collector.add($0) }
        let events = collector.events
        #expect(events.first == .stageStarted(.inspect))
        #expect(events.last == .finished(analysis))
        #expect(analysis.urlTests.isEmpty)
    }

    @Test func unreadableAppFailsWithTheFileNamedAndAFailedEvent() async throws {
        let missing = Fixtures.repositoryRoot.appendingPathComponent("Samples/not-here.ipa")
        let pipeline = ScanPipeline(request: ScanRequest(input: missing, offline: true), clock: .frozen)
        var last: PipelineEvent?
        for await event in pipeline.events() { last = event }
        guard case .failed(let error)? = last else {
            Issue.record("expected a failed event, got \(String(describing: last))")
            return
        }
        #expect(error.path == missing.path)
        await #expect(throws: WorkbenchError.self) { try await pipeline.run() }
    }

    @Test func notAnAppIsAnUnreadableAppError() async throws {
        let text = Fixtures.repositoryRoot.appendingPathComponent("Samples/urls.txt")
        do {
            _ = try await ScanPipeline(request: ScanRequest(input: text, offline: true), clock: .frozen).run()
            Issue.record("a text file scanned as an app")
        } catch {
            guard case .unreadableApp(let path, let reason) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(path == text.path)
            #expect(reason.contains("not an IPA"))
        }
    }
}

@Suite struct OfflineTests {
    @Test(.timeLimit(.minutes(1)))
    func offlineHostsWithoutFilesAreNotFetchedAndSaySo() async throws {
        let only = ["example.com": SampleScan.aasa("example.com")]
        let analysis = try await SampleScan.pipeline(supplied: only, urls: try SampleScan.urls()).run()
        #expect(analysis.offline)
        let shop = try #require(analysis.domains.first { $0.host == "shop.example.com" })
        #expect(shop.routes.map(\.route) == [.cdn, .origin, .legacy])
        for route in shop.routes {
            #expect(route.status == nil)
            #expect(
                route.error?.description.contains("not fetched (offline)") == true,
                "\(String(describing: route.error))")
        }
        let example = try #require(analysis.domains.first { $0.host == "example.com" })
        #expect(example.routes.map(\.route) == [.local])

        let shopURL = try #require(analysis.urlTests.first { $0.url == "https://shop.example.com/shop/shoes/42" })
        #expect(shopURL.verdict(for: SampleScan.appID)?.decision == .noMatch)
        let buy = try #require(analysis.urlTests.first { $0.url == "https://example.com/buy/42" })
        #expect(buy.verdict(for: SampleScan.appID)?.decision == .match)
    }

    @Test(.timeLimit(.minutes(1)))
    func offlineScanWithNoFileAtAllFinishesWithFactsForEveryHost() async throws {
        let analysis = try await SampleScan.pipeline(supplied: [:], urls: []).run()
        #expect(analysis.domains.count == 8)
        #expect(analysis.domains.allSatisfy { $0.routes.allSatisfy { $0.error != nil && $0.file == nil } })
    }

    @Test func suppliedFileForAHostTheAppDoesNotNameIsNoted() async throws {
        var supplied = SampleScan.supplied
        supplied["typo.example.com"] = SampleScan.aasa("example.com")
        let analysis = try await SampleScan.pipeline(supplied: supplied, urls: []).run()
        #expect(analysis.notes.contains { $0.contains("typo.example.com") })
    }
}

@Suite struct ScanSessionTests {
    @Test func sessionTracksHostProgressAsEventsArrive() throws {
        let host = try FetchHost.parse("example.com")
        let scanHost = ScanHost(
            entry: "example.com", fetchHost: host, services: ["applinks"], modes: [],
            bundles: ["Payload/A.app"], appIDs: ["T.a"], suppliedFile: nil)
        var session = ScanSession()
        session.apply(.stageStarted(.fetch))
        session.apply(.hostsPlanned([scanHost, scanHost]))
        #expect(session.hostProgress == (0, 2))
        session.apply(.hostDone(DomainReport(host: host, routes: [])))
        #expect(session.hostProgress == (1, 2))
        #expect(session.phase == .running(.fetch))
        session.apply(.stageFinished(StageTiming(stage: .fetch, milliseconds: 5)))
        #expect(session.phase == .idle)
        #expect(session.timings == [StageTiming(stage: .fetch, milliseconds: 5)])
        #expect(session.outOfOrder.isEmpty)
    }

    @Test func sessionFlagsEventsOutsideTheirStage() throws {
        var session = ScanSession()
        session.apply(.urlDecided(URLTest(url: "https://example.com/")))
        session.apply(.stageStarted(.inspect))
        session.apply(.stageStarted(.fetch))
        session.apply(.failed(.cancelled))
        session.apply(.stageStarted(.match))
        #expect(session.outOfOrder.count == 3, "\(session.outOfOrder)")
        #expect(session.phase == .failed(.cancelled))
        #expect(session.isOver)
    }
}

@Suite struct HostCollectorTests {
    @Test func hostsFromAllBundlesAreFoldedByEntry() throws {
        var main = BundleInfo(role: .app, path: "Payload/A.app")
        main.applicationIdentifier = "TEAM.a"
        main.associatedDomains = [
            "applinks:example.com", "webcredentials:example.com", "applinks:*.example.org",
            "applinks:example.net:8443?mode=developer", "applinks:https://bad.example/",
        ]
        .map(AssociatedDomain.parse)
        var clip = BundleInfo(role: .appclip, path: "Payload/A.app/AppClips/C.app")
        clip.applicationIdentifier = "TEAM.a.clip"
        clip.associatedDomains = [AssociatedDomain.parse("appclips:example.com")]
        let snapshot =
            AppSnapshot(
                source: .init(path: "a.ipa", kind: .ipa, sha256: "", size: 0), bundles: [main, clip],
                diagnostics: [])

        let (hosts, skipped) = HostCollector.collect(from: snapshot, supplied: ["example.org": "/tmp/org.json"])
        #expect(hosts.map(\.entry) == ["example.com", "*.example.org", "example.net:8443"])
        #expect(hosts[0].services == ["appclips", "applinks", "webcredentials"])
        #expect(hosts[0].bundles == ["Payload/A.app", "Payload/A.app/AppClips/C.app"])
        #expect(hosts[0].appIDs == ["TEAM.a"], "only bundles claiming applinks")
        #expect(hosts[1].fetchHost.hostname == "example.org")
        #expect(hosts[1].suppliedFile == "/tmp/org.json", "a wildcard takes the apex's file")
        #expect(hosts[2].isDeveloperMode)
        #expect(skipped.map(\.raw) == ["applinks:https://bad.example/"])
    }
}

extension HostCollectorTests {
    @Test func apexAndWildcardEntriesShareOneFetchAndTheSuppliedFile() throws {
        var main = BundleInfo(role: .app, path: "Payload/A.app")
        main.applicationIdentifier = "TEAM.a"
        main.associatedDomains = ["applinks:example.org", "applinks:*.example.org"].map(AssociatedDomain.parse)
        let snapshot =
            AppSnapshot(source: .init(path: "a.ipa", kind: .ipa, sha256: "", size: 0), bundles: [main], diagnostics: [])
        let (hosts, _) = HostCollector.collect(from: snapshot, supplied: ["*.example.org": "/tmp/org.json"])
        #expect(hosts.map(\.entry) == ["example.org", "*.example.org"])
        let plan = HostCollector.fetchPlan(hosts)
        #expect(plan.map(\.entry) == ["example.org"])
        #expect(plan.first?.suppliedFile == "/tmp/org.json")
    }
}

/// Collects events from a `@Sendable` callback.
final class EventCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [PipelineEvent] = []
    func add(_ event: PipelineEvent) { lock.withLock { stored.append(event) } }
    var events: [PipelineEvent] { lock.withLock { stored } }
}
