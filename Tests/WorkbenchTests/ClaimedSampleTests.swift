import Foundation
import TestSupport
import Testing

@testable import Workbench

/// `Analysis.claimedSamples`: the one walk over the app's claimed path patterns that the
/// test-link page and the probe kit both start from.
@Suite struct ClaimedSampleTests {
    @Test func theTestLinkPageAndTheProbeKitStartFromTheSameSamples() async throws {
        let ios = try await SampleScan.analysis()
        let decisions = URLDecisions(hosts: ios.hosts, reports: ios.domains, snapshot: ios.snapshot)
        let samples = Analysis.claimedSamples(decisions, limit: 1_000)
        #expect(samples.count > 2)
        #expect(Set(samples.map(\.url)).count == samples.count, "each URL once")
        // The limit cuts the same walk short.
        #expect(Analysis.claimedSamples(decisions, limit: 2) == Array(samples.prefix(2)))
        #expect(Analysis.claimedSamples(decisions, limit: 0).isEmpty)
        for sample in samples {
            #expect(sample.url.hasPrefix("https://"), "\(sample.url)")
            #expect(sample.place.hasPrefix("details["), "\(sample.place)")
            // On the entry's host (a wildcard entry's apex).
            let host = try #require(URL(string: sample.url)?.host)
            #expect(host == sample.host || "*.\(host)" == sample.host, "\(sample.url) for \(sample.host)")
        }

        let links = ios.claimedPathLinks
        #expect(links.map(\.url) == samples.prefix(Analysis.maxSampleLinks).map(\.url))
        for (link, sample) in zip(links, samples) {
            let note = try #require(link.note)
            #expect(note.hasPrefix("sample of \(sample.place) on \(sample.host); predicted: "), "\(note)")
        }

        // The probe kit's iOS web probes are built on the same samples (its scheme probes on the
        // app's URL schemes): each names the sample it came from.
        let kit = ProbeKit(ios: ios, android: nil)
        let claims = Set(kit.probes.filter { $0.platform == "ios" && $0.url.hasPrefix("https://") }.map(\.claim))
        let sampled = Set(samples.prefix(ProbeKit.maxBases).map { "\($0.host) \($0.place) \($0.pattern)" })
        #expect(!claims.isEmpty && claims.isSubset(of: sampled), "\(claims.subtracting(sampled).sorted())")
    }
}
