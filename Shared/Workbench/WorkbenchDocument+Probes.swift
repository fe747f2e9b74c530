import Findings
import Foundation

// The handler probe kit of the document (`ProbeKit`, docs/commands/probe.md) and what the tester
// recorded running it on a device: each outcome of the current kit a fact of PRB-001.
extension WorkbenchDocument {
    /// The probe kit of the current facts (the iOS analysis and/or the Android one, pointed at
    /// `attackerHost`); nil while nothing is open. Made once per state, when first asked for.
    public var probeKit: ProbeKit? {
        if let probeKitCache { return probeKitCache }
        guard analysis != nil || androidAnalysis != nil else { return nil }
        let kit = ProbeKit(ios: analysis, android: androidAnalysis, attackerHost: attackerHost)
        probeKitCache = kit
        return kit
    }

    /// True when `record` was made for another kit than the current one (the app, its files or
    /// the attacker host changed since): kept and shown, never applied.
    public func isStale(_ record: ProbeOutcomeRecord) -> Bool {
        record.kit != probeKit?.digest
    }

    /// Points the kit's redirect probes at `host` (a DNS name: `ProbeKit.attackerHostProblem`).
    /// Every outcome recorded for the previous kit becomes stale. The same host again is no change.
    public func setAttackerHost(_ host: String) throws(WorkbenchDocumentError) {
        if let problem = ProbeKit.attackerHostProblem(host) { throw .unreadableInput(problem) }
        guard host != attackerHost else { return }
        attackerHost = host
        probesChanged()
    }

    /// Records what the tester saw running probe `id` of the current kit: `outcome` with `note`
    /// (kept as a results file's notes are: `ProbeKit.keptNote`, no control character, at most
    /// `ProbeKit.maxNoteLength` characters), replacing
    /// an earlier outcome of the same probe of this kit; nil removes it. A stale outcome of the
    /// same ID (another kit's) stays. Refused: nothing open, a probe the kit does not have, and a
    /// new outcome once `SessionProbes.maxOutcomes` are kept (clear the stale ones first).
    public func recordProbeOutcome(
        id: String, outcome: ProbeFacts.Observation.Outcome?,
        note: String = ""
    ) throws(WorkbenchDocumentError) {
        guard let kit = probeKit else { throw .notReady }
        guard let probe = kit.probes.first(where: { $0.id == id }) else {
            throw .unreadableInput("this probe kit has no probe \(SessionFileError.clip(id))")
        }
        var records = probeOutcomes
        let existing = records.firstIndex { $0.kit == kit.digest && $0.id == id }
        if let outcome {
            let clipped = ProbeKit.keptNote(note)
            if let existing, records[existing].outcome == outcome, records[existing].note == clipped { return }
            let record = ProbeOutcomeRecord(
                id: id, outcome: outcome, note: clipped, kit: kit.digest,
                url: ProbeOutcomeRecord.keptURL(probe.url), recordedAt: now())
            if let existing {
                records[existing] = record
            } else {
                guard records.count < SessionProbes.maxOutcomes else {
                    throw .unreadableInput(
                        "at most \(SessionProbes.maxOutcomes) probe outcomes are kept: "
                            + "clear the stale ones first")
                }
                records.append(record)
            }
        } else {
            guard let existing else { return }
            records.remove(at: existing)
        }
        probeOutcomes = records
        probesChanged()
    }

    /// Imports a results file the kit's script appended (`ProbeKit.observations(from:)`, the
    /// reader `scan --probe-results` uses): every line an outcome recorded for the current kit,
    /// as `recordProbeOutcome` records it. A file of another kit, or with an unknown probe or
    /// outcome, is refused whole and changes nothing. Returns how many outcomes it held.
    @discardableResult
    public func importProbeResults(_ data: Data) throws(WorkbenchDocumentError) -> Int {
        guard let kit = probeKit else { throw .notReady }
        let facts: ProbeFacts
        do throws(ProbeResultsError) {
            facts = try kit.observations(from: data)
        } catch {
            throw .unreadableInput("the probe results: \(error.description)")
        }
        var records = probeOutcomes
        for observation in facts.observations {
            let record = ProbeOutcomeRecord(
                id: observation.id, outcome: observation.outcome, note: observation.note,
                kit: kit.digest, url: ProbeOutcomeRecord.keptURL(observation.url),
                recordedAt: now())
            if let index = records.firstIndex(where: { $0.kit == kit.digest && $0.id == observation.id }) {
                records[index] = record
            } else {
                records.append(record)
            }
        }
        guard records.count <= SessionProbes.maxOutcomes else {
            throw .unreadableInput(
                "at most \(SessionProbes.maxOutcomes) probe outcomes are kept: "
                    + "clear the stale ones first")
        }
        guard records != probeOutcomes else { return facts.observations.count }
        probeOutcomes = records
        probesChanged()
        return facts.observations.count
    }

    /// Forgets every outcome recorded for another kit than the current one.
    public func clearStaleProbeOutcomes() {
        let digest = probeKit?.digest
        let kept = probeOutcomes.filter { $0.kit == digest }
        guard kept != probeOutcomes else { return }
        probeOutcomes = kept
        probesChanged()
    }

    // MARK: Internals

    /// The recorded outcomes or the attacker host changed: findings recomputed, faces told.
    func probesChanged() {
        recompute()
        emit(.probes)
        changed()
    }

    /// `ios` (the analysis being made) and the current Android analysis with the PRB findings of
    /// the outcomes recorded for the kit of these facts (`ProbeFacts.adding(to:android:)`, the
    /// path `scan --probe-results` takes); unchanged when none is recorded.
    func addingProbeFindings(ios: Analysis?) -> (ios: Analysis?, android: AndroidAnalysis?) {
        guard !probeOutcomes.isEmpty else { return (ios, androidAnalysis) }
        let kit = ProbeKit(ios: ios, android: androidAnalysis, attackerHost: attackerHost)
        probeKitCache = kit
        let added = kit.observations(recorded: probeOutcomes).adding(to: ios, android: androidAnalysis)
        return (added.0, added.1)
    }

    /// The probe part of a session of the current state; nil with the default attacker host and
    /// no outcome (so such sessions keep their bytes).
    var sessionProbes: SessionProbes? {
        let host = attackerHost == ProbeKit.defaultAttackerHost ? nil : attackerHost
        guard host != nil || !probeOutcomes.isEmpty else { return nil }
        return SessionProbes(attackerHost: host, outcomes: probeOutcomes)
    }
}
