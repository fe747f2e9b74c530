import DeviceTools
import Foundation
import Observation
import Reports

/// The workbench document (`docs/workbench.md`): one live session over the engine that every
/// face (web workbench, macOS app, CLI `--save`/`report`/`diff`) observes and drives.
///
/// State is mutated only on the main actor; inspection and fetches run off it and land
/// through generation checks: every intent that replaces a host's facts bumps that host's
/// generation, every intent that replaces the whole document bumps the document's, and a
/// result whose generation is no longer current is dropped. So the newer intent always wins,
/// whatever order the work finishes in. Verdicts and findings are recomputed synchronously
/// from the facts on every change (cheap: see the SessionBenchmark), so they are never stale.
@MainActor @Observable
public final class WorkbenchDocument {
    // MARK: State a face observes

    /// What was opened, and when.
    public internal(set) var source: DocumentSource?
    /// Where the document is.
    public internal(set) var phase: DocumentPhase = .idle
    /// The app as inspected (or restored from a session), as soon as inspection ends.
    public internal(set) var app: AppSnapshot?
    /// One entry per fetched authority the app claims, in bundle order.
    public internal(set) var domains: [DomainEntry] = []
    /// The tester's URL lines as typed.
    public internal(set) var urlLines: String = ""
    /// Every URL line decided, in order: each verdict with its decision and deciding rule. A
    /// verdict's trace is filled only where the test contradicts the tester's expectation (the
    /// traces URL-002 cites) or no file decides (one line): a trace names every rule tried, so
    /// a long list of a large file is re-decided on every keystroke without them. `traced(_:)`
    /// gives any test with its traces; reports (`export`, `currentAnalysis`) carry every trace.
    public internal(set) var urlTests: [URLTest] = []
    /// URL lines that are not URLs (line: reason), so a face can mark them.
    public internal(set) var urlLineProblems: [String] = []
    /// The same problems with their lines, so a face shows each in place.
    public internal(set) var urlLineIssues: [URLLineIssue] = []
    /// Current findings in report order, with their triage.
    public internal(set) var findings: [TriagedFinding] = []
    /// Triage by fingerprint; kept for findings that disappeared.
    public internal(set) var triage: [String: Triage] = [:]
    /// What the document could not use, and how it was evaluated.
    public internal(set) var notes: [String] = []
    /// +1 on every change.
    public internal(set) var revision: Int = 0
    /// The settings every fetch uses: the command line's or the app's, never a file's.
    public internal(set) var settings: WorkbenchSettings
    /// The fetch settings the opened session file records (offline, CDN base, routes, timeouts,
    /// supplied files): how its hosts were fetched, shown in `notes` and kept when saving, never
    /// applied. A session from someone else cannot steer where or whether this document fetches.
    /// Nil when no session was opened, and again after a refetch (the hosts are then this
    /// document's own).
    public internal(set) var recordedSettings: WorkbenchSettings?
    /// The Android app of the product, when one was added (`addAndroidApp`): the APK and each
    /// verified host's `assetlinks.json` (WorkbenchDocument+Android.swift).
    public internal(set) var android: AndroidDocumentApp?
    /// The Android half's analysis of the current facts: the URL lines decided as Android does
    /// and the `AND-…` findings (which `findings` also holds, triaged). Nil without an APK.
    public internal(set) var androidAnalysis: AndroidAnalysis?
    /// The device's records for this app's domains (`importDeviceState`, WorkbenchDocument+DeviceState.swift).
    public internal(set) var deviceState: [DeviceStateEntry] = []
    /// The host the probe kit's redirect probes point at (`setAttackerHost`, WorkbenchDocument+Probes.swift).
    public internal(set) var attackerHost = ProbeKit.defaultAttackerHost
    /// The outcomes the tester recorded per probe, current and stale (`recordProbeOutcome`,
    /// `importProbeResults`, WorkbenchDocument+Probes.swift), in the order recorded.
    public internal(set) var probeOutcomes: [ProbeOutcomeRecord] = []
    /// Client, tester, scope and dates of the engagement: printed on every report, saved in
    /// the session (absent from the file when empty).
    public var engagement = Engagement()
    /// Whose words the document's notes and its reports use: the workbench's (“Use a file…”),
    /// unless a command such as `linklab report` reads the session and prints them
    /// (`--aasa HOST=FILE`). Set it before an app or a session is opened: what was computed
    /// earlier keeps the words it was made with until the document next recomputes.
    public var noteAudience = NoteAudience.workbench

    // MARK: Internal bookkeeping (not observed)

    @ObservationIgnored let now: @Sendable () -> Date
    /// Every entry of every bundle, as the scan collects them.
    @ObservationIgnored var hosts: [ScanHost] = []
    /// One per `domains` entry (same order): the host the fetch uses.
    @ObservationIgnored var plan: [ScanHost] = []
    /// Notes about entries iOS rejects (from the host collector).
    @ObservationIgnored var collectorNotes: [String] = []
    /// Notes about the evaluation (rule set, session origin).
    @ObservationIgnored var evaluationNotes: [String] = []
    @ObservationIgnored var urlEntries: [URLListEntry] = []
    @ObservationIgnored var decisions: URLDecisions?
    /// The decisions a host change replaced, until the next ones are made (`retireDecisions`).
    @ObservationIgnored var retiredDecisions: URLDecisions?
    /// The last analysis with every URL verdict traced (reports), made when first asked for.
    @ObservationIgnored var tracedAnalysis: Analysis?
    /// "Now" as the findings judge it (fixed per document so recomputation is deterministic).
    @ObservationIgnored var judgedAt: Date
    @ObservationIgnored var documentGeneration = 0
    @ObservationIgnored var hostGenerations: [String: Int] = [:]
    /// Bumped by every intent that replaces the Android app; its fetches land only while current.
    @ObservationIgnored var androidGeneration = 0
    @ObservationIgnored var androidHostGenerations: [String: Int] = [:]
    /// Why an APK added to this document could not be read.
    @ObservationIgnored var androidNotes: [String] = []
    @ObservationIgnored var work: [Int: Task<Void, Never>] = [:]
    @ObservationIgnored var nextWorkID = 0
    @ObservationIgnored var waiters: [CheckedContinuation<Void, Never>] = []
    @ObservationIgnored var subscribers: [Int: AsyncStream<DocumentChange>.Continuation] = [:]
    @ObservationIgnored var nextSubscriber = 0
    /// The probe kit of the current facts, made when first asked for after a recomputation.
    @ObservationIgnored var probeKitCache: ProbeKit?
    /// The session this document was opened from, and whether anything changed since.
    @ObservationIgnored var openedSession: SessionFile?
    @ObservationIgnored var changedSinceOpen = true
    /// The last analysis (the facts every export renders).
    @ObservationIgnored var analysis: Analysis? {
        didSet { tracedAnalysis = nil }
    }
    /// The file an association-file document was opened with (what Revert returns to).
    @ObservationIgnored var openedFile: DomainReport?
    /// Test hooks into the detached inspection (WorkbenchDocument+Inspection.swift).
    @ObservationIgnored var inspectionHooks = InspectionHooks()
    /// When true, an inspected app's hosts stay "not fetched" instead of being fetched at once:
    /// the Mac app asks the tester first (`OnlineConsent`, `fetchHeldHosts()`).
    @ObservationIgnored public var holdsFetches = false

    /// A document with `settings`; `now` is its clock (tests freeze it).
    public init(settings: WorkbenchSettings = .init(), now: @escaping @Sendable () -> Date = Date.init) {
        self.settings = settings
        self.now = now
        self.judgedAt = now()
    }

    // MARK: Opening

    /// Opens an app (`.ipa`, `.app` folder or Mach-O): inspection off the main actor, then
    /// every host fetched at once; each result lands as it arrives. While inspecting, the phase
    /// counts bytes hashed of the input plus bytes read of the main executable
    /// (`InspectionProgress`); `cancel()`, `close()` or another open stops the inspection itself.
    ///
    /// `name` is the tester's name for the file (an upload's file name) when `url` is not it (a
    /// spool file): titles, exports, the session and messages then show `name`, never the path.
    public func openApp(at url: URL, name: String? = nil) {
        reset()
        let generation = documentGeneration
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value
        let displayName = name ?? url.lastPathComponent
        source = DocumentSource(name: displayName, size: size ?? 0, sha256: "", kind: "app", openedAt: now())
        judgedAt = now()
        // The total is known once the inspector has planned its work (its first progress value).
        setPhase(.inspecting(bytesDone: 0, bytesTotal: nil))
        emit(.app)
        inspectAndLand(
            url, renamed: name != nil, displayName: displayName,
            generation: generation
        ) { [weak self] reason, message in
            guard let self else { return }
            self.setPhase(.failed(reason == "cancelled" ? message : "\(displayName): \(message)"))
            self.changed()
        }
    }

    /// Inspects `url` off the main actor and lands its snapshot as `displayName` (`renamed`: the
    /// snapshot's path becomes that name), unless a newer intent replaced this one; a failure
    /// calls `failed` with the reason and the reason with the path and file name replaced by
    /// `displayName` (`openApp`, `addIOSApp`).
    func inspectAndLand(
        _ url: URL, renamed: Bool, displayName: String, generation: Int,
        failed: @escaping @MainActor (_ reason: String, _ message: String) -> Void
    ) {
        let hooks = inspectionHooks
        let progress = inspectionProgress(generation: generation, clock: hooks.clock)
        track { [weak self] in
            let result = await Self.inspect(url, hooks: hooks, progress: progress)
            guard let self, self.documentGeneration == generation else { return }
            switch result {
            case .success(var snapshot):
                if renamed { snapshot.source.path = displayName }
                self.landSnapshot(snapshot, name: displayName)
            case .failure(let reason):
                let message = reason.reason.replacingOccurrences(of: url.path, with: displayName)
                    .replacingOccurrences(of: url.lastPathComponent, with: displayName)
                failed(reason.reason, message)
            }
        }
    }

    /// Association-file-only mode: one host decided against `data` (no app).
    public func openAssociationFile(_ data: Data, host: String) {
        reset()
        source = DocumentSource(
            name: host, size: Int64(data.count), sha256: Self.sha256(data), kind: "aasa",
            openedAt: now())
        judgedAt = now()
        guard installStandaloneHost(host) else {
            setPhase(.failed("\(host) is not a host name"))
            changed()
            return
        }
        try? useIOSFile(data, name: "\(host).json", forHost: host)
        openedFile = domains.first?.report
        setPhase(.ready)
        changed()
    }

    /// Association-file-only mode: fetch one host (no app).
    public func openDomain(_ host: String) {
        reset()
        source = DocumentSource(name: host, size: 0, sha256: "", kind: "domain", openedAt: now())
        judgedAt = now()
        guard installStandaloneHost(host) else {
            setPhase(.failed("\(host) is not a host name"))
            changed()
            return
        }
        setPhase(.fetching(hostsDone: 0, hostsTotal: 1))
        startFetch(0)
        changed()
    }

    // MARK: Hosts

    /// Fetches iOS `host` again with the same settings; its report moves to `previous`.
    func refetchIOS(host: String) throws(WorkbenchDocumentError) {
        let index = try self.index(of: host)
        forgetRecordedSettings()
        startFetch(index)
        updateFetchPhase()
        changed()
    }

    /// Fetches every host of `platforms` again (both apps' by default): iOS hosts with the same
    /// settings, Android hosts as `refetch(host:on:)` fetches one (supplied files replaced by
    /// what the host serves; offline, they stay as they are).
    public func refetchAll(on platforms: [AppPlatform] = AppPlatform.allCases) {
        if platforms.contains(.android), let part = android {
            startAndroidFetch(part.hosts, generation: androidGeneration)
        }
        guard platforms.contains(.ios), !domains.isEmpty else { return }
        forgetRecordedSettings()
        for index in domains.indices { startFetch(index) }
        updateFetchPhase()
        changed()
    }

    /// Decides iOS `host` against `data` (a file from the client, or a fix to try).
    func useIOSFile(_ data: Data, name: String, forHost host: String) throws(WorkbenchDocumentError) {
        let index = try self.index(of: host)
        cancelHostWork(index)
        let report = DomainReport(
            host: plan[index].fetchHost,
            routes: [Self.localResult(data, name: name, limit: settings.fetch.bodyLimit)])
        var entry = domains[index]
        entry.state = .supplied
        entry.report = report
        entry.editedText = nil
        entry.served = nil
        entry.lint = entry.shownLint
        domains[index] = entry
        hostChanged(index)
    }

    /// Live what-if: decides `host` as if the copy that decides served `text` (the route whose
    /// answer decides keeps its status, headers and timings; the others stay as served). Text
    /// equal to what is served leaves every verdict, finding and lint diagnostic as they were;
    /// the served file stays in `fetched` (or `served` for a supplied file) for Revert.
    func editIOS(_ text: String, forHost host: String) throws(WorkbenchDocumentError) {
        let index = try self.index(of: host)
        // As long as a session may hold (SessionLimits), so every edit can be saved and reopened.
        guard text.utf8.count <= SessionLimits.maxBodyBytes * 2 else {
            throw .unreadableInput("an edited file over \(SessionLimits.maxBodyBytes * 2) bytes")
        }
        cancelHostWork(index)
        var entry = domains[index]
        if entry.state == .supplied { entry.served = entry.report }
        let base = entry.state == .edited || entry.state == .supplied ? (entry.served ?? entry.fetched) : entry.report
        // The served text applied unchanged is no edit: nothing is marked hypothetical (and an
        // edited host given its served text back is reverted).
        let servedBody = base?.shownRoute(developerMode: entry.route == "origin")?.body ?? Data()
        if AssociationDocument.content(of: servedBody) == Data(text.utf8) {
            if entry.state == .edited { try revertIOS(host: host) }
            return
        }
        let report = Self.whatIf(
            Data(text.utf8), on: base, host: plan[index].fetchHost,
            developerMode: entry.route == "origin", limit: settings.fetch.bodyLimit)
        entry.state = .edited
        entry.report = report
        entry.editedText = text
        entry.lint = entry.shownLint
        domains[index] = entry
        hostChanged(index)
    }

    /// Back to what the server served: the fetched file, else the file supplied in the settings
    /// (`--aasa`) or the file this association-file document was opened with, else "not fetched".
    func revertIOS(host: String) throws(WorkbenchDocumentError) {
        let index = try self.index(of: host)
        cancelHostWork(index)
        var entry = domains[index]
        entry.editedText = nil
        if let fetched = entry.fetched {
            entry.report = fetched
            entry.state = .done
        } else if let supplied = settingsReport(for: plan[index]) ?? (source?.kind == "aasa" ? openedFile : nil) {
            entry.report = supplied
            entry.state = .supplied
        } else {
            entry.report = nil
            entry.state = .pending
        }
        entry.served = nil
        entry.lint = entry.shownLint
        domains[index] = entry
        hostChanged(index)
    }

    // MARK: URLs

    /// Replaces the URL lines and decides every one.
    public func setURLLines(_ text: String) {
        applyURLLines(text)
        recompute()
        emit(.urlTests)
        changed()
    }

    /// Decides one URL now (for keystrokes); does not change the document. The verdicts come
    /// with their decision and deciding rule; with their traces only when `traced` (a trace
    /// names every rule tried, hundreds of lines for a large file: `trace(of:appID:)` gives one
    /// when a face shows it).
    public func decide(url: String, traced: Bool = false) -> URLTest {
        let entry = (try? URLList.entry(url)) ?? nil
        guard let entry else {
            return URLTest(url: url, verdicts: [], line: nil)
        }
        return currentDecisions().decide([entry], traces: traced ? .all : .contradictionsOnly).first
            ?? URLTest(url: url)
    }

    /// `test` (one of `urlTests`, or from `decide(url:)`) with every verdict's trace, decided
    /// against the current files.
    public func traced(_ test: URLTest) -> URLTest {
        currentDecisions().traced(test)
    }

    /// The trace of `appID`'s verdict in `test`: the one it carries, or the URL decided again.
    public func trace(of test: URLTest, appID: String) -> [String] {
        if let own = test.verdict(for: appID)?.trace, !own.isEmpty { return own }
        return traced(test).verdict(for: appID)?.trace ?? []
    }

    // MARK: Triage

    /// Records the tester's decision about the finding `fingerprint`.
    public func setTriage(fingerprint: String, status: TriageStatus, note: String) throws(WorkbenchDocumentError) {
        // UTF-8 bytes, as the session reader counts them: every triage saved can be reopened.
        let limit = SessionLimits.maxFieldLength
        guard fingerprint.utf8.count <= limit, note.utf8.count <= limit else {
            throw .unreadableInput("a fingerprint or note longer than \(SessionLimits.maxFieldLength) bytes")
        }
        guard !fingerprint.isEmpty else { throw .unreadableInput("an empty fingerprint") }
        triage[fingerprint] = Triage(status: status, note: note, setAt: now())
        findings = findings.map { TriagedFinding(finding: $0.finding, triage: triage[$0.fingerprint]) }
        emit(.findings)
        changed()
    }

    // MARK: Lifetime

    /// Stops in-flight work promptly; what already landed stays.
    public func cancel() {
        documentGeneration += 1
        for task in work.values { task.cancel() }
        work.removeAll()
        for index in domains.indices where domains[index].state == .fetching || domains[index].state == .pending {
            domains[index].state = domains[index].report == nil ? .pending : .done
            hostGenerations[domains[index].host, default: 0] += 1
            emit(.host(domains[index].host))
        }
        // The Android half's fetches stop too: their hosts wait again, nothing lands late.
        androidGeneration += 1
        if var part = android {
            for (host, state) in part.states where state == .fetching {
                part.states[host] = .pending
                emit(.host(host))
            }
            android = part
        }
        switch phase {
        case .inspecting:
            setPhase(.failed("cancelled"))
        case .fetching:
            setPhase(.ready)
        default:
            break
        }
        resumeWaiters()
        changed()
    }

    /// Cancels and forgets everything; idempotent.
    public func close() {
        cancel()
        reset()
        phase = .idle
        emit(.phase(.idle))
        changed()
    }

    /// A stream of changes (each call: a new subscriber); ends when the document is deallocated.
    public func changes() -> AsyncStream<DocumentChange> {
        let (stream, continuation) =
            AsyncStream.makeStream(of: DocumentChange.self, bufferingPolicy: .bufferingNewest(4096))
        let id = nextSubscriber
        nextSubscriber += 1
        subscribers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.subscribers[id] = nil }
        }
        return stream
    }

    /// Returns when no work is in flight.
    public func settled() async {
        while !work.isEmpty {
            await withCheckedContinuation { waiters.append($0) }
        }
    }

    isolated deinit {
        for task in work.values { task.cancel() }
        for continuation in subscribers.values { continuation.finish() }
    }
}
