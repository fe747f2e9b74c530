import DeviceTools
import Findings
import Foundation

/// One outcome a tester recorded for one probe of a kit (`WorkbenchDocument.recordProbeOutcome`,
/// or a results file imported): the session's `probes.outcomes` entries. `kit` is the digest of
/// the kit the probe belonged to (`ProbeKit.digest`): a record whose kit is not the document's
/// current one is stale, kept and shown, never applied to the current probes.
public struct ProbeOutcomeRecord: Sendable, Equatable, Codable {
    /// The probe's ID in its kit (`P001`…).
    public var id: String
    public var outcome: ProbeFacts.Observation.Outcome
    /// What the tester saw (at most `ProbeKit.maxNoteLength` characters).
    public var note: String
    /// The digest of the kit the probe belonged to.
    public var kit: String
    /// The probe's URL when it was recorded (so a stale record still says what was run), as
    /// `ProbeOutcomeRecord.keptURL` keeps it.
    public var url: String
    /// When it was recorded.
    public var recordedAt: Date

    public init(
        id: String, outcome: ProbeFacts.Observation.Outcome, note: String, kit: String, url: String,
        recordedAt: Date
    ) {
        self.id = id
        self.outcome = outcome
        self.note = note
        self.kit = kit
        self.url = url
        self.recordedAt = recordedAt
    }

    /// Longest probe URL a record keeps (Unicode scalars): the longest argument a device tool takes.
    public static let maxURLLength = ToolCommand.maximumArgumentLength

    /// `url` as a record keeps it (only shown, never opened): control characters as `?`, cut to
    /// `maxURLLength` scalars (ending in `…`). A session holding any other URL is refused.
    public static func keptURL(_ url: String) -> String {
        Sanitise.forDisplay(url, limit: maxURLLength)
    }
}

/// The probe part of a session: the attacker host when it is not the default, and the outcomes
/// recorded (current and stale). Absent from a session with neither, so older sessions and
/// sessions without probes keep their bytes.
public struct SessionProbes: Sendable, Equatable, Codable {
    /// Most outcome records one session keeps (current and stale together).
    public static let maxOutcomes = 2 * ProbeKit.maxProbes

    /// Nil: `ProbeKit.defaultAttackerHost`.
    public var attackerHost: String?
    public var outcomes: [ProbeOutcomeRecord]

    public init(attackerHost: String?, outcomes: [ProbeOutcomeRecord]) {
        self.attackerHost = attackerHost
        self.outcomes = outcomes
    }

    private enum Key: String, CodingKey { case attackerHost, outcomes }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        attackerHost = try container.decodeIfPresent(String.self, forKey: .attackerHost)
        outcomes = try container.decodeIfPresent([ProbeOutcomeRecord].self, forKey: .outcomes) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encodeIfPresent(attackerHost, forKey: .attackerHost)
        if !outcomes.isEmpty { try container.encode(outcomes, forKey: .outcomes) }
    }

    /// The checks a session reader makes (hostile input): the count, the attacker host, each
    /// record's ID and digest, its note and URL as a face or a results file leaves them
    /// (`ProbeKit.keptNote`, `ProbeOutcomeRecord.keptURL`: bounded, no control character), and
    /// one record per probe of a kit.
    func validate() throws(SessionFileError) {
        guard outcomes.count <= Self.maxOutcomes else {
            throw .tooMany(path: "probes.outcomes", count: outcomes.count, limit: Self.maxOutcomes)
        }
        if let attackerHost, let problem = ProbeKit.attackerHostProblem(attackerHost) {
            throw .invalidField("probes.attackerHost", problem)
        }
        var seen: Set<String> = []
        for (index, record) in outcomes.enumerated() {
            let path = "probes.outcomes[\(index)]"
            guard ProbeKit.isProbeID(record.id) else { throw .invalidField("\(path).id", "not a probe ID (P001…)") }
            guard record.kit.count == 16, record.kit.allSatisfy(\.isHexDigit) else {
                throw .invalidField("\(path).kit", "not a kit digest (16 hex digits)")
            }
            guard record.note.count <= ProbeKit.maxNoteLength else {
                throw .fieldTooLong(path: "\(path).note", length: record.note.count, limit: ProbeKit.maxNoteLength)
            }
            guard ProbeKit.keptNote(record.note) == record.note else {
                throw .invalidField("\(path).note", "a control character (a line break, an escape sequence)")
            }
            guard ProbeOutcomeRecord.keptURL(record.url) == record.url else {
                throw .invalidField(
                    "\(path).url",
                    "a control character, or longer than "
                        + "\(ProbeOutcomeRecord.maxURLLength) characters")
            }
            guard seen.insert(record.kit + " " + record.id).inserted else {
                throw .invalidField(path, "a second outcome for probe \(record.id) of the same kit")
            }
        }
    }
}

extension ProbeKit {
    /// The attacker host a kit uses until the tester names their own (the CLI's default).
    public static let defaultAttackerHost = "attacker.example"

    /// Why `host` cannot be an attacker host (a DNS name: letters, digits, `-` and `.`, at most
    /// 253 bytes, not starting with `-` or `.`), nil when it can.
    public static func attackerHostProblem(_ host: String) -> String? {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.")
        guard !host.isEmpty, host.utf8.count <= 253, host.allSatisfy(allowed.contains), !host.hasPrefix("-"),
            !host.hasPrefix(".")
        else {
            return "the attacker host must be a DNS name (letters, digits, '-' and '.')"
        }
        return nil
    }

    /// `note` as a record keeps it: every control character (a line break, a tab, an escape
    /// sequence) a space, at most `maxNoteLength` characters. Typed in a face or read from a
    /// results file, a note is kept this way, so every saved session reopens.
    public static func keptNote(_ note: some StringProtocol) -> String {
        let printable = String(
            String.UnicodeScalarView(
                note.unicodeScalars.map { scalar in
                    scalar.properties.generalCategory == .control ? " " : scalar
                }))
        return String(printable.prefix(maxNoteLength))
    }

    /// True for `P` and three or more digits (the IDs a kit gives its probes).
    static func isProbeID(_ id: String) -> Bool {
        id.count >= 4 && id.count <= 8 && id.hasPrefix("P") && id.dropFirst().allSatisfy(\.isASCII)
            && id.dropFirst().allSatisfy(\.isNumber)
    }

    /// The observations (`ProbeFacts`) of the records made for this kit, in the kit's order;
    /// records of another kit (stale) and of probes the kit does not have are not applied.
    public func observations(recorded records: [ProbeOutcomeRecord]) -> ProbeFacts {
        let current = Dictionary(
            records.filter { $0.kit == digest }.map { ($0.id, $0) },
            uniquingKeysWith: { _, last in last })
        return ProbeFacts(
            observations: probes.compactMap { probe in
                current[probe.id].map { probe.observation($0.outcome, note: $0.note) }
            })
    }
}

extension Probe {
    /// This probe run on a device with `outcome` and the tester's `note` (as `ProbeKit.keptNote`
    /// keeps it: no control character, at most `ProbeKit.maxNoteLength` characters): what a
    /// results file line and a recorded outcome become.
    public func observation(_ outcome: ProbeFacts.Observation.Outcome, note: String) -> ProbeFacts.Observation {
        ProbeFacts.Observation(
            id: id, platform: platform, kind: kind.rawValue, url: url, claim: claim, watch: watch,
            outcome: outcome, note: ProbeKit.keptNote(note))
    }
}

extension ProbeFacts {
    /// `ios` and `android` with the PRB findings of these observations added to each platform's
    /// findings (each observation to its own platform's analysis, in report order) and the
    /// observations kept for the reports' "Device probes" part. The one path from recorded
    /// outcomes to findings: `scan --probe-results` and the workbench document both use it.
    public func adding(to ios: Analysis?, android: AndroidAnalysis?) -> (Analysis?, AndroidAnalysis?) {
        guard !observations.isEmpty else { return (ios, android) }
        func part(_ platform: String) -> ProbeFacts {
            ProbeFacts(observations: observations.filter { $0.platform == platform })
        }
        var ios = ios
        var android = android
        if var analysis = ios {
            let facts = part("ios")
            analysis.findings = (analysis.findings + FindingRules.evaluate(facts)).sortedForReport()
            analysis.probeObservations = facts.observations
            ios = analysis
        }
        if var analysis = android {
            let facts = part("android")
            analysis.findings = (analysis.findings + FindingRules.evaluate(facts)).sortedForReport()
            analysis.probeObservations = facts.observations
            android = analysis
        }
        return (ios, android)
    }
}

extension ProbeFacts {
    /// The reports' "Device probes" part: each probe the tester ran on a device, its outcome and
    /// note (`Analysis.probeObservations`, `AndroidAnalysis.probeObservations`); nil when none
    /// was recorded, so reports without outcomes are unchanged.
    public static func reportSection(_ observations: [Observation]) -> ReportSection? {
        guard !observations.isEmpty else { return nil }
        let rows = observations.map { observation in
            [
                observation.id, observation.kind, observation.url,
                ProbeKitPresentation.label(observation.outcome), observation.note,
            ]
        }
        let compactRows = observations.map { [$0.id, ProbeKitPresentation.label($0.outcome), $0.note] }
        return ReportSection(
            title: "Device probes",
            blocks: [
                .paragraph(
                    "What the tester recorded running the probe kit's links on a device (linklab scan --probes, "
                        + "or the workbench's Probes view). A probe recorded as vulnerable is a PRB-001 finding."),
                .table(
                    ReportTable(
                        columns: ["Probe", "Kind", "Link", "Outcome", "Note"], rows: rows,
                        compact: CompactForm(
                            columns: ["Probe", "Outcome", "Note"], rows: compactRows,
                            note: "The links are in the Markdown and HTML reports."))),
            ])
    }
}
