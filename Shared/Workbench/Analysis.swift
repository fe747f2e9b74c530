import Foundation

/// The result of one scan: what the app claims, what each domain served, what the tester's
/// URLs do, the findings, and how long each stage took. A value; faces render it.
public struct Analysis: Sendable, Equatable {
    /// The inspected app.
    public var snapshot: AppSnapshot
    /// The entitled hosts (one per distinct entry), in bundle order.
    public var hosts: [ScanHost]
    /// One report per fetched authority (a wildcard entry is fetched from its apex), in host order.
    public var domains: [DomainReport]
    /// The tester's URLs with their verdicts, in input order.
    public var urlTests: [URLTest]
    /// Findings in report order.
    public var findings: [Finding]
    /// Stage timings, in stage order.
    public var timings: [StageTiming]
    /// The run used no network.
    public var offline: Bool
    /// "Now" as the findings judged it.
    public var now: Date
    /// What the scan could not use (entries iOS rejects, `--aasa` hosts the app does not name).
    public var notes: [String]
    /// Hosts whose deciding file is a what-if edit in the workbench, not what the domain serves:
    /// every report says so on its first screen and marks what depends on them.
    public var whatIfHosts: [String] = []
    /// The probes the tester ran on a device with what they recorded (`ProbeFacts.adding(to:android:)`):
    /// the reports' "Device probes" part. Empty unless outcomes were recorded.
    public var probeObservations: [ProbeFacts.Observation] = []
    /// Whose words the reports of this analysis use where they name how to supply files or URLs:
    /// the command line's flags (a scan's), or the workbench's controls (a document sets its own
    /// `WorkbenchDocument.noteAudience`).
    public var noteAudience = NoteAudience.commandLine

    /// An analysis.
    public init(
        snapshot: AppSnapshot, hosts: [ScanHost], domains: [DomainReport], urlTests: [URLTest],
        findings: [Finding], timings: [StageTiming], offline: Bool, now: Date, notes: [String] = []
    ) {
        self.snapshot = snapshot
        self.hosts = hosts
        self.domains = domains
        self.urlTests = urlTests
        self.findings = findings
        self.timings = timings
        self.offline = offline
        self.now = now
        self.notes = notes
    }

    /// The facts the findings rules judge.
    public var facts: AnalysisFacts {
        AnalysisFacts(
            app: snapshot, domains: domains, urlTests: urlTests,
            options: AnalysisOptions(now: now, offline: offline))
    }

    /// The app IDs of the app's own bundles.
    public var appIDs: [String] {
        var ids: [String] = []
        for id in snapshot.bundles.compactMap(\.applicationIdentifier) where !ids.contains(id) { ids.append(id) }
        return ids
    }

    /// The verdict for the app itself (its first app ID that was decided), nil when the URL was
    /// decided only for other apps (an app without an application identifier).
    public func appVerdict(_ test: URLTest) -> AppVerdict? {
        let own = Set(appIDs)
        return test.verdicts.first { own.contains($0.appID) }
    }
}

extension Analysis {
    /// What every report says first when `whatIfHosts` is not empty.
    public var whatIfNotice: String? {
        guard !whatIfHosts.isEmpty else { return nil }
        return "Hypothetical edit — not what the domain serves: " + whatIfHosts.joined(separator: ", ")
            + ". The association file of \(whatIfHosts.count == 1 ? "this host" : "these hosts") was edited in the "
            + "workbench (what-if); findings and verdicts marked [what-if] describe the edited file."
    }

    /// True when `finding` rests on an edited host's file (its evidence or subject names the host).
    public func dependsOnWhatIf(_ finding: Finding) -> Bool {
        guard !whatIfHosts.isEmpty else { return false }
        return whatIfHosts.contains { finding.mentions(host: $0) }
    }
}

extension Finding {
    /// True when the finding's subject or evidence is about `host` (its file, its answers).
    public func mentions(host: String) -> Bool {
        let lower = host.lowercased()
        let subject = self.subject.lowercased()
        if subject == lower || subject.hasPrefix(lower + ":") || subject.hasPrefix(lower + " ") { return true }
        return evidence.contains { item in
            switch item {
            case .associationFile(let location): return location.host.lowercased() == lower
            case .network(let observation): return observation.host.lowercased() == lower
            default: return false
            }
        }
    }
}
