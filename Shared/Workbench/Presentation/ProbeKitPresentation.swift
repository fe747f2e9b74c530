import Findings
import Foundation

/// The Probes view of a workbench document, as every face shows it (the web workbench's Probes
/// view, the Mac app's): one row per probe of the current kit with what the tester recorded,
/// then one row per stale outcome (recorded for an earlier kit: shown, never applied), the
/// counts, and every word a face prints. Pure: made from the kit and the records
/// (`init(kit:outcomes:)`), or from a document (`init(document:)`). Encodable: the web API sends it.
public struct ProbeKitPresentation: Sendable, Equatable, Encodable {
    /// One probe of the current kit, or one stale outcome (`isStale`).
    public struct Row: Sendable, Equatable, Encodable, Identifiable {
        /// The row's key: the probe ID, with the kit's digest for a stale row (`P003@1a2b…`).
        public var id: String
        /// `P001`…: what the tester records against.
        public var probeID: String
        /// `ios` or `android` (empty for a stale row).
        public var platform: String
        /// `iOS` or `Android` (empty for a stale row).
        public var platformLabel: String
        /// The probe's kind (`redirect`, `javascript`…; empty for a stale row).
        public var kind: String
        /// The kind in words ("Open redirect").
        public var kindLabel: String
        /// The probe link: copied and opened by the tester on a device (never by a face itself).
        public var link: String
        /// The claim it probes (empty for a stale row).
        public var claim: String
        /// What the tester watches for on the device.
        public var watch: String
        /// What the OS does with the link (which app or activity receives it).
        public var predicted: String
        /// The outcome recorded (`expected`, `vulnerable`, `not-reached`), nil when none.
        public var outcome: ProbeFacts.Observation.Outcome?
        /// The outcome in words ("Vulnerable", "Not run yet").
        public var outcomeLabel: String
        /// The tester's note (empty when none).
        public var note: String
        /// When the outcome was recorded (ISO 8601, UTC), nil when none.
        public var recordedAt: String?
        /// Recorded for an earlier kit: shown, not applied, not editable.
        public var isStale: Bool
    }

    /// One file of the kit to download.
    public struct File: Sendable, Equatable, Encodable {
        /// Its name in the download's URL and its hook (`ProbeKit.FileKind.name`).
        public var kind: String
        /// The button's word ("Script").
        public var label: String
        /// What the button says to assistive technology ("Download the probe Script").
        public var accessibilityLabel: String
    }

    /// What the tester may record (the outcome controls), in order.
    public struct Choice: Sendable, Equatable, Encodable {
        /// The value sent back (`expected`, `vulnerable`, `not-reached`).
        public var value: String
        public var label: String
    }

    /// The host the redirect probes point at.
    public var attackerHost: String
    /// The current kit's digest (a results file's fourth column).
    public var digest: String
    /// Current probes first (kit order), then stale outcomes (in the order recorded).
    public var rows: [Row]
    public var total: Int
    public var expected: Int
    public var vulnerable: Int
    public var notReached: Int
    /// Current probes without an outcome.
    public var notRun: Int
    public var stale: Int
    /// One line of counts ("24 probes · 1 vulnerable · 2 expected · 21 not run").
    public var summary: String
    /// The kit's notes (what it left out and why) and, with stale outcomes, what they are.
    public var notes: [String]
    /// What the view says when there is nothing to probe, nil otherwise.
    public var emptyMessage: String?
    /// The outcome controls' values and words.
    public var choices: [Choice]
    /// The kit's files to download, in `ProbeKit.FileKind` order.
    public var files: [File]
    /// The outcome control's word for "no outcome" (it removes a recorded one).
    public var notRunLabel: String
    /// How to record (one sentence under the view's title).
    public var guidance: String

    /// The view of `kit` (nil: nothing open) with `outcomes` (current and stale).
    public init(kit: ProbeKit?, outcomes: [ProbeOutcomeRecord]) {
        let digest = kit?.digest ?? ""
        attackerHost = kit?.attackerHost ?? ProbeKit.defaultAttackerHost
        self.digest = digest
        let current = Dictionary(
            outcomes.filter { $0.kit == digest }.map { ($0.id, $0) },
            uniquingKeysWith: { _, last in last })
        var rows: [Row] = (kit?.probes ?? []).map { probe in
            let record = current[probe.id]
            return Row(
                id: probe.id, probeID: probe.id, platform: probe.platform,
                platformLabel: probe.platform == "android" ? "Android" : "iOS", kind: probe.kind.rawValue,
                kindLabel: Self.label(probe.kind), link: probe.url, claim: probe.claim, watch: probe.watch,
                predicted: probe.predicted, outcome: record?.outcome, outcomeLabel: Self.label(record?.outcome),
                note: record?.note ?? "", recordedAt: record.map { Self.iso8601($0.recordedAt) },
                isStale: false)
        }
        let staleRecords = outcomes.filter { $0.kit != digest }
        rows += staleRecords.map { record in
            Row(
                id: "\(record.id)@\(record.kit)", probeID: record.id, platform: "", platformLabel: "", kind: "",
                kindLabel: "Recorded for an earlier kit", link: record.url, claim: "", watch: "", predicted: "",
                outcome: record.outcome, outcomeLabel: Self.label(record.outcome), note: record.note,
                recordedAt: Self.iso8601(record.recordedAt), isStale: true)
        }
        self.rows = rows
        let live = rows.filter { !$0.isStale }
        total = live.count
        expected = live.filter { $0.outcome == .expected }.count
        vulnerable = live.filter { $0.outcome == .vulnerable }.count
        notReached = live.filter { $0.outcome == .notReached }.count
        notRun = live.filter { $0.outcome == nil }.count
        stale = staleRecords.count
        var parts = ["\(total) probe\(total == 1 ? "" : "s")"]
        if vulnerable > 0 { parts.append("\(vulnerable) vulnerable") }
        if expected > 0 { parts.append("\(expected) expected") }
        if notReached > 0 { parts.append("\(notReached) not reached") }
        parts.append("\(notRun) not run")
        if stale > 0 { parts.append("\(stale) stale") }
        summary = parts.joined(separator: " · ")
        var notes = kit?.notes ?? []
        if let omitted = kit?.omitted, omitted > 0 {
            notes.append("\(omitted) more probes left out (at most \(ProbeKit.maxProbes)).")
        }
        if stale > 0 {
            notes.append(
                "\(stale) outcome\(stale == 1 ? " was" : "s were") recorded for an earlier kit (the app, its "
                    + "files or the attacker host changed since): kept and shown, not applied to these probes.")
        }
        self.notes = notes
        emptyMessage =
            kit == nil
            ? "Open an app to build its probe kit."
            : (kit?.probes.isEmpty == true ? "Nothing to probe: no claimed path and no custom scheme." : nil)
        choices = ProbeFacts.Observation.Outcome.allCases.map { Choice(value: $0.rawValue, label: Self.label($0)) }
        files = ProbeKit.FileKind.allCases.map { kind in
            File(kind: kind.name, label: kind.label, accessibilityLabel: "Download the probe \(kind.label)")
        }
        notRunLabel = Self.label(nil)
        guidance =
            "Open each link on a device (or run the kit's script), watch what the app does, and record it: "
            + "a probe marked vulnerable becomes a PRB-001 finding."
    }

    /// The view of `document`'s current kit and recorded outcomes.
    @MainActor public init(document: WorkbenchDocument) {
        self.init(kit: document.probeKit, outcomes: document.probeOutcomes)
    }

    /// The outcome in words.
    public static func label(_ outcome: ProbeFacts.Observation.Outcome?) -> String {
        switch outcome {
        case .expected: "Expected"
        case .vulnerable: "Vulnerable"
        case .notReached: "Not reached"
        case nil: "Not run yet"
        }
    }

    /// The kind in words.
    public static func label(_ kind: Probe.Kind) -> String {
        switch kind {
        case .baseline: "Baseline"
        case .redirect: "Open redirect"
        case .javascript: "javascript: URL"
        case .data: "data: URL"
        case .traversal: "Path traversal"
        case .overlong: "Over-long value"
        case .stateChanging: "State-changing path"
        }
    }

    static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
