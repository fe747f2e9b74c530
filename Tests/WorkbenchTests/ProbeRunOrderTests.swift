import Findings
import Foundation
import Testing

@testable import Workbench

/// Running the probe kit one by one (the Mac app's Probes view): the next probe without an
/// outcome in kit order, wrapping round, never a stale row; each probe's device by platform.
@Suite struct ProbeRunOrderTests {
    /// A kit of four probes (two iOS, an Android, an iOS), as `ProbeKit` encodes one.
    static func kit() throws -> ProbeKit {
        let platforms = ["ios", "ios", "android", "ios"]
        let probes = platforms.enumerated().map { index, platform in
            #"{"id":"P00\#(index + 1)","platform":"\#(platform)","kind":"redirect","#
                + #""url":"https://e.example/p\#(index + 1)?next=x","claim":"c","why":"w","watch":"w","#
                + #""predicted":"opens"}"#
        }
        let json =
            #"{"attackerHost":"attacker.example","omitted":0,"notes":[],"probes":["#
            + probes.joined(separator: ",") + "]}"
        return try JSONDecoder().decode(ProbeKit.self, from: Data(json.utf8))
    }

    static func record(_ id: String, kit: String) -> ProbeOutcomeRecord {
        ProbeOutcomeRecord(
            id: id, outcome: .expected, note: "", kit: kit, url: "https://e.example/" + id,
            recordedAt: Date(timeIntervalSince1970: 1_795_000_000))
    }

    @Test func theNextProbeIsTheNextWithoutAnOutcomeInKitOrder() throws {
        let kit = try Self.kit()
        let view = ProbeKitPresentation(
            kit: kit,
            outcomes: [
                Self.record("P002", kit: kit.digest),
                Self.record("P004", kit: "another-kit"),
            ])
        #expect(view.nextProbe(after: nil)?.probeID == "P001")
        #expect(view.nextProbe(after: "P001")?.probeID == "P003", "P002 has an outcome")
        #expect(view.nextProbe(after: "P003")?.probeID == "P004", "a stale outcome of P004 does not count")
        #expect(view.nextProbe(after: "P004")?.probeID == "P001", "wraps round")
        #expect(view.nextProbe(after: "P999")?.probeID == "P001", "an unknown ID starts from the first")
        let done = ProbeKitPresentation(
            kit: kit,
            outcomes: ["P001", "P002", "P003", "P004"].map {
                Self.record($0, kit: kit.digest)
            })
        #expect(done.nextProbe(after: nil) == nil && done.nextProbe(after: "P002") == nil)
        #expect(ProbeKitPresentation(kit: nil, outcomes: []).nextProbe(after: nil) == nil)
    }

    @Test func eachProbeOpensOnItsPlatformsDeviceAndAStaleRowOnNone() throws {
        let kit = try Self.kit()
        let view = ProbeKitPresentation(kit: kit, outcomes: [Self.record("P001", kit: "another-kit")])
        let actions = view.rows.map { ProbeKitPresentation.deviceAction(for: $0) }
        #expect(actions == [.simulator, .simulator, .androidDevice, .simulator, nil])
        #expect(view.rows.last?.isStale == true)
    }
}
