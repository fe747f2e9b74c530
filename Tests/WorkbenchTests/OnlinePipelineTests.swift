import Foundation
import TestSupport
import Testing

@testable import Workbench

/// The online path without the internet: every sample host and the CDN are pinned to
/// 127.0.0.1 where nothing listens, so each route fails fast with a real transport error.
@Suite struct OnlinePipelineTests {
    /// Port 1 (tcpmux) is not served on the build machines: the connection is refused at once.
    static let closedPort = 1

    @Test(.timeLimit(.minutes(1)))
    func onlineScanReportsEveryHostAsItFinishesAndUsesSuppliedFiles() async throws {
        var fetch = FetchConfiguration()
        fetch.cdnBase = "https://cdn.linklab.invalid:\(Self.closedPort)/a/v1/"
        fetch.timeout = .seconds(5)
        fetch.browserProbe = false
        fetch.resolve = [
            "cdn.linklab.invalid", "shop.example.com", "example.org", "go.example.net",
            "linklab.page.link", "linklab-help.github.io", "links.linklab.invalid",
            "browse.example.net",
        ].map {
            ResolvePin(host: $0, port: $0 == "cdn.linklab.invalid" ? Self.closedPort : 443, address: "127.0.0.1")
        }
        let request = ScanRequest(
            input: SampleScan.ipa, suppliedFiles: ["example.com": SampleScan.aasa("example.com")],
            offline: false, fetch: fetch, urls: try SampleScan.urls(), now: SampleScan.now)
        let started = ContinuousClock.now
        var events: [PipelineEvent] = []
        for await event in ScanPipeline(request: request, clock: .frozen).events() { events.append(event) }
        let elapsed = ContinuousClock.now - started

        guard case .finished(let analysis)? = events.last else {
            Issue.record("no analysis: \(String(describing: events.last))")
            return
        }
        var session = ScanSession()
        for event in events { session.apply(event) }
        #expect(session.outOfOrder.isEmpty, "\(session.outOfOrder)")
        let done = events.compactMap { if case .hostDone(let report) = $0 { report.host } else { nil } }
        #expect(
            Set(done) == [
                "example.com", "shop.example.com", "*.example.org", "go.example.net", "linklab.page.link",
                "linklab-help.github.io", "links.linklab.invalid", "browse.example.net",
            ])

        let example = try #require(analysis.domains.first { $0.host == "example.com" })
        #expect(example.routes.map(\.route) == [.local], "a supplied file is used instead of fetching")
        let shop = try #require(analysis.domains.first { $0.host == "shop.example.com" })
        #expect(shop.routes.map(\.route) == [.cdn, .origin, .legacy])
        #expect(
            shop.routes.allSatisfy { $0.status == nil && $0.error != nil },
            "\(shop.routes.map { String(describing: $0.error) })")
        // Apple's CDN refused the connection: this machine has no path to Apple, so the other
        // refused routes are "not checked", said once, and raise no finding (issue 8 #4).
        #expect(!analysis.findings.contains { $0.id == "AASA-001" }, "\(analysis.findings.map(\.id))")
        #expect(
            !analysis.findings.contains {
                $0.subject.hasPrefix("shop.example.com") || $0.subject.hasPrefix("go.example.net")
            },
            "no finding about a host that was not checked")
        let note = try #require(analysis.notes.first)
        #expect(note.hasPrefix("no path to Apple"))
        #expect(note.contains("shop.example.com") && note.contains("go.example.net"))
        #expect(analysis.notes.filter { $0.contains("no path to Apple") }.count == 1)
        let buy = try #require(analysis.urlTests.first { $0.url == "https://example.com/buy/42" })
        #expect(buy.verdict(for: SampleScan.appID)?.decision == .match)
        #expect(elapsed < .seconds(30), "nothing answers, so the scan ends quickly (\(elapsed))")
    }
}
