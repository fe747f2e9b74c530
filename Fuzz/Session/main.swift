import Foundation
import Workbench

// libFuzzer target for the `.linklab` session file reader (hostile input): size, encoding,
// structure and field checks (the optional `drafts` part's counts and lengths included),
// decoding, then — for a file that is accepted — everything a window does on open
// (`SessionController.open(value:)`: restore, re-parse every body, recompute verdicts and
// findings, load the drafts), a re-save, a draft typed and written with the session, and an
// undo back to the opened bytes, and the Android device record (`pm get-app-links`: a reopened
// one shown, the bytes imported as one, saved): each written session must read back. The same
// bytes are also a probe-results file (`ProbeKit.observations(from:)`, as written and with every line stamped with
// the kit's digest so the fuzzer reaches the fields) and text for the probe kit's URL builders and
// script escaping. Any trap, overflow or ASan report is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    probeResults(bytes)
    guard let file = try? SessionFile.read(bytes) else { return 0 }
    _ = try? file.encoded()
    MainActor.assumeIsolated {
        let controller = SessionController(
            settings: WorkbenchSettings(offline: true),
            binding: SessionFileBinding(write: { _ in }),
            now: { Date(timeIntervalSince1970: 1_795_000_000) })
        guard (try? controller.open(value: bytes)) != nil else { return }
        let document = controller.document
        _ = document.decide(url: "https://example.com/buy/42")
        if let saved = try? document.save() {
            precondition((try? SessionFile.read(saved)) != nil, "a saved session must read back")
        }
        // A draft typed on the first finding and on the first host, written with the session.
        if let fingerprint = document.findings.first?.fingerprint {
            try? controller.setTriageDraft(TriageDraft(status: .acceptedRisk, note: "fuzz"), for: fingerprint)
        }
        if let host = document.domains.first?.host {
            try? controller.setWhatIfDraft(controller.whatIfDraft(for: host) + " ", for: host)
        }
        if let saved = try? controller.sessionBytes() {
            precondition((try? SessionFile.read(saved)) != nil, "a session with drafts must read back")
        }
        // An outcome recorded on the kit's first probe (its PRB finding recomputed), written with the session.
        if let probe = document.probeKit?.probes.first {
            try? controller.recordProbeOutcome(id: probe.id, outcome: .vulnerable, note: "fuzz")
            if let saved = try? controller.sessionBytes() {
                precondition((try? SessionFile.read(saved)) != nil, "a session with probe outcomes must read back")
            }
        }
        // The Android device record (a reopened session's, then these bytes read as `pm
        // get-app-links` output): shown against the files; a kept record must save and read back.
        _ = document.androidDeviceStateCard
        let output = String(decoding: bytes.prefix(64 << 10), as: UTF8.self)
        if (try? controller.importAndroidDeviceState(output)) != nil {
            _ = document.androidDeviceStateCard
            if let saved = try? controller.sessionBytes() {
                precondition((try? SessionFile.read(saved)) != nil, "a session with a device record must read back")
            }
        }
        _ = controller.valueChanged(bytes)
        _ = try? document.jsonDocument()
        _ = try? document.export(.markdown)
    }
    return 0
}

/// A kit of three probes (as `ProbeKit` encodes one), read once.
let probeKit: ProbeKit? = {
    let probe =
        #"{"id":"P00%d","platform":"%@","kind":"redirect","url":"https://e.example/p?next=x","claim":"c","#
        + #""why":"w","watch":"w","predicted":"opens"}"#
    let probes = (1...3).map { String(format: probe, $0, $0 == 3 ? "android" : "ios") }
    let json =
        #"{"attackerHost":"attacker.example","omitted":0,"notes":[],"probes":["#
        + probes.joined(separator: ",") + "]}"
    return try? JSONDecoder().decode(ProbeKit.self, from: Data(json.utf8))
}()

func probeResults(_ bytes: Data) {
    guard let kit = probeKit else { preconditionFailure("the fuzz target's kit must decode") }
    _ = try? kit.observations(from: bytes)
    let text = String(decoding: bytes.prefix(64 << 10), as: UTF8.self)
    let stamped = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).prefix(3)
        return fields.joined(separator: "\t") + "\t" + kit.digest
    }.joined(separator: "\n")
    if let facts = try? kit.observations(from: Data(stamped.utf8)) {
        precondition(facts.observations.count <= kit.probes.count, "one observation per probe at most")
    }
}
