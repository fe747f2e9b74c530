import Crypto
import Foundation

// The document's machinery: work tracking, generations, landing results, recomputation.
extension WorkbenchDocument {
    /// The hosts whose association file the tester edited (what-if): what reports mark as
    /// hypothetical and what the export controls warn of.
    var editedHosts: [String] {
        domains.filter { $0.state == .edited }.map(\.host)
    }

    // MARK: Work

    /// Runs `body` as tracked work (what `settled()` waits for and `cancel()` stops).
    func track(_ body: @escaping @MainActor () async -> Void) {
        let id = nextWorkID
        nextWorkID += 1
        work[id] = Task { @MainActor [weak self] in
            await body()
            self?.finishWork(id)
        }
    }

    private func finishWork(_ id: Int) {
        work[id] = nil
        if work.isEmpty { resumeWaiters() }
    }

    func resumeWaiters() {
        let pending = waiters
        waiters.removeAll()
        for waiter in pending { waiter.resume() }
    }

    /// Forgets every fact (keeps settings, subscribers and the clock).
    func reset() {
        documentGeneration += 1
        for task in work.values { task.cancel() }
        work.removeAll()
        resumeWaiters()
        source = nil
        app = nil
        domains = []
        plan = []
        hosts = []
        collectorNotes = []
        evaluationNotes = []
        urlEntries = []
        urlLines = ""
        urlTests = []
        urlLineProblems = []
        urlLineIssues = []
        findings = []
        triage = [:]
        notes = []
        deviceState = []
        attackerHost = ProbeKit.defaultAttackerHost
        probeOutcomes = []
        probeKitCache = nil
        decisions = nil
        retiredDecisions = nil
        analysis = nil
        hostGenerations = [:]
        androidGeneration += 1
        android = nil
        androidAnalysis = nil
        androidHostGenerations = [:]
        androidNotes = []
        openedSession = nil
        recordedSettings = nil
        openedFile = nil
        changedSinceOpen = true
    }

    // MARK: Inspection (the inspection itself: WorkbenchDocument+Inspection.swift)

    /// Installs an inspected (or restored) app: hosts planned, supplied files applied, fetches started.
    func landSnapshot(_ snapshot: AppSnapshot, name: String) {
        app = snapshot
        source = DocumentSource(
            name: name, size: Int64(clamping: snapshot.source.size), sha256: snapshot.source.sha256,
            kind: snapshot.source.kind.rawValue, openedAt: source?.openedAt ?? now())
        installHosts(for: snapshot)
        emit(.app)
        var toFetch: [Int] = []
        for index in plan.indices {
            if let supplied = settingsReport(for: plan[index]) {
                domains[index].report = supplied
                domains[index].state = .supplied
                domains[index].lint = domains[index].shownLint
            } else if holdsFetches {
                continue
            } else if settings.offline {
                let report = ScanPipeline.offlineReport(
                    for: plan[index], routes: settings.fetch.routes,
                    cdnBase: settings.fetch.cdnBase,
                    bodyLimit: settings.fetch.bodyLimit,
                    audience: noteAudience)
                domains[index].report = report
                domains[index].fetched = report
                domains[index].state = .done
            } else {
                toFetch.append(index)
            }
        }
        for index in toFetch { startFetch(index) }
        recompute()
        updateFetchPhase()
        changed()
    }

    /// Plans the hosts of `snapshot` (no fetch).
    func installHosts(for snapshot: AppSnapshot) {
        let (collected, skipped) = HostCollector.collect(from: snapshot, supplied: [:])
        hosts = collected
        plan = HostCollector.fetchPlan(collected)
        collectorNotes = skipped.map { "\($0.bundle): \($0.raw) not fetched: \($0.reason)" }
        for host in HostCollector.unusedSupplies(settings.suppliedFiles, hosts: collected) {
            collectorNotes.append(noteAudience.unusedSupplyNote(host: host))
        }
        domains = plan.map { host in
            let same = collected.filter { $0.fetchHost.authority == host.fetchHost.authority }
            return DomainEntry(
                host: host.fetchHost.authority, entries: same.map(\.entry),
                services: Array(Set(same.flatMap(\.services))).sorted(), state: .pending,
                route: same.contains(where: \.isDeveloperMode) ? "origin" : "cdn")
        }
    }

    /// Association-file-only mode: one host, no app. False when `host` is not a host.
    func installStandaloneHost(_ host: String) -> Bool {
        guard let fetchHost = try? FetchHost.parse(host.lowercased()) else { return false }
        let scanHost = ScanHost(
            entry: fetchHost.entry, fetchHost: fetchHost, services: ["applinks"], modes: [],
            bundles: [], appIDs: [], suppliedFile: nil)
        hosts = [scanHost]
        plan = [scanHost]
        domains = [
            DomainEntry(
                host: fetchHost.authority, entries: [fetchHost.entry], services: ["applinks"],
                state: .pending)
        ]
        return true
    }

    /// The report of a file supplied in the settings for `host`, if any.
    func settingsReport(for host: ScanHost) -> DomainReport? {
        let files = Dictionary(
            settings.suppliedFiles.map { ($0.key.lowercased(), $0.value) },
            uniquingKeysWith: { first, _ in first })
        guard let path = HostCollector.suppliedFile(for: host.fetchHost, in: files) else { return nil }
        return DomainReport(
            host: host.fetchHost,
            routes: [AssociationFetcher.suppliedResult(path: path, limit: settings.fetch.bodyLimit)])
    }

    // MARK: Fetching

    /// Starts (or restarts) the fetch of `domains[index]`; a running one is superseded. A host
    /// with a file in the settings (`--aasa`) reads that file again instead: a refetch never
    /// turns a supplied host into "not fetched", offline or not.
    func startFetch(_ index: Int) {
        let key = domains[index].host
        hostGenerations[key, default: 0] += 1
        let generation = hostGenerations[key, default: 0]
        let documentGeneration = self.documentGeneration
        let host = plan[index]
        if let supplied = settingsReport(for: host) {
            var entry = domains[index]
            entry.report = supplied
            entry.state = .supplied
            entry.editedText = nil
            entry.served = nil
            entry.lint = entry.shownLint
            domains[index] = entry
            hostChanged(index)
            return
        }
        domains[index].state = .fetching
        emit(.host(key))
        if settings.offline {
            let report = ScanPipeline.offlineReport(
                for: host, routes: settings.fetch.routes,
                cdnBase: settings.fetch.cdnBase,
                bodyLimit: settings.fetch.bodyLimit,
                audience: noteAudience)
            landFetch(key, .success(report), generation: generation, documentGeneration: documentGeneration)
            return
        }
        var configuration = settings.fetch
        configuration.suppliedFiles = [:]
        track { [weak self] in
            let result = await Self.fetch(host.entry, configuration: configuration)
            self?.landFetch(key, result, generation: generation, documentGeneration: documentGeneration)
        }
    }

    nonisolated static func fetch(
        _ entry: String, configuration: FetchConfiguration
    ) async -> Result<
        DomainReport,
        FetchError
    > {
        // Cancellation: the fetcher's own deadlines bound a hung host; a cancelled task's
        // result is dropped by the generation check, so closing never waits for it.
        await Workbench.fetchAssociation(host: entry, options: configuration)
    }

    func landFetch(
        _ key: String, _ result: Result<DomainReport, FetchError>, generation: Int,
        documentGeneration: Int
    ) {
        guard documentGeneration == self.documentGeneration, hostGenerations[key] == generation,
            let index = domains.firstIndex(where: { $0.host == key })
        else { return }
        var entry = domains[index]
        switch result {
        case .success(let report):
            // The previous fetched report is kept for the diff view.
            if let last = entry.fetched { entry.previous = last }
            entry.fetched = report
            entry.fetchedAt = now()
            if entry.state == .fetching || entry.state == .pending || entry.state == .done || entry.state == .failed {
                entry.report = report
                entry.state = .done
                entry.editedText = nil
            }
        case .failure(let error):
            entry.state = .failed
            if entry.report == nil { entry.lint = [] }
            collectorNotes.append("\(key): \(error.description)")
        }
        entry.lint = entry.shownLint
        domains[index] = entry
        hostChanged(index)
        updateFetchPhase()
    }

    /// Supersedes any running fetch of `domains[index]` (an edit or a supplied file wins over it).
    func cancelHostWork(_ index: Int) {
        let key = domains[index].host
        hostGenerations[key, default: 0] += 1
        if domains[index].state == .fetching { domains[index].state = domains[index].report == nil ? .pending : .done }
    }

    func updateFetchPhase() {
        guard app != nil || !domains.isEmpty else { return }
        if case .failed = phase { return }
        let busy = domains.filter { $0.state == .fetching }.count
        let next: DocumentPhase =
            busy == 0 ? .ready : .fetching(hostsDone: domains.count - busy, hostsTotal: domains.count)
        setPhase(next)
    }

    // MARK: Lookup

    /// The index of the entry `host` names: its authority, host name, or an entitlement entry.
    func index(of host: String) throws(WorkbenchDocumentError) -> Int {
        let key = host.lowercased().trimmingCharacters(in: .whitespaces)
        if let index = domains.firstIndex(where: { $0.host == key || $0.entries.contains(key) }) { return index }
        if let index = plan.firstIndex(where: { $0.fetchHost.hostname == key && $0.fetchHost.port == nil }) {
            return index
        }
        throw .notClaimed(host)
    }

    // MARK: Recomputation

    /// A host's facts changed: recompute verdicts and findings and tell the faces.
    func hostChanged(_ index: Int) {
        retireDecisions()
        emit(.host(domains[index].host))
        recompute()
        updateFetchPhase()
        changed()
    }

    /// The decisions for the current reports (cached until a host changes).
    func currentDecisions() -> URLDecisions {
        if let decisions { return decisions }
        let made = URLDecisions(
            hosts: hosts, reports: decidingReports(), snapshot: app ?? Self.emptySnapshot,
            previous: retiredDecisions)
        retiredDecisions = nil
        decisions = made
        return made
    }

    /// A host's facts changed: the decisions are made again at the next use, with the verdicts
    /// of every app whose rules did not change taken from these (a keystroke in one detail of a
    /// large file re-decides that detail's apps only).
    func retireDecisions() {
        if let decisions { retiredDecisions = decisions }
        decisions = nil
    }

    /// Reports as decisions use them: a developer-mode host decides with its origin copy.
    func decidingReports() -> [DomainReport] {
        domains.compactMap { entry in
            guard var report = entry.report else { return nil }
            if entry.route == "origin", entry.state == .done || entry.state == .edited {
                report.routes.removeAll { $0.route == .cdn }
            }
            return report
        }
    }

    /// Verdicts and findings from the current facts (synchronous: never stale).
    func recompute() {
        probeKitCache = nil
        androidAnalysis = makeAndroidAnalysis()
        androidAnalysis?.noteAudience = noteAudience
        guard var snapshot = app ?? (domains.isEmpty ? nil : Self.emptySnapshot) else {
            urlTests = []
            analysis = nil
            androidAnalysis = addingProbeFindings(ios: nil).android
            publish(androidAnalysis?.findings ?? [])
            notes = evaluationNotes + androidNotes
            return
        }
        // Exports and API answers name the input as the tester did (the upload's name), never by
        // the path it was read from (a spool file, a folder of the tester's machine).
        if let name = source?.name, app != nil { snapshot.source.path = name }
        let tests = currentDecisions().decideList(urlEntries.filter(\.isWebURL), traces: .contradictionsOnly)
        var value = Analysis(
            snapshot: snapshot, hosts: hosts, domains: domains.compactMap(\.report), urlTests: tests,
            findings: [], timings: [], offline: describedSettings.offline, now: judgedAt,
            notes: collectorNotes)
        value.whatIfHosts = editedHosts
        // Every report of the document words how to supply files and URLs for its reader.
        value.noteAudience = noteAudience
        // The scan's own note (Pipeline): every face and every export says it, as the CLI does.
        if let note = value.facts.noPathToAppleNote(supplyingFiles: noteAudience.supplyingFiles) {
            value.notes.insert(note, at: 0)
        }
        value.findings = FindingRules.evaluate(value.facts)
        // The PRB findings of the outcomes recorded for the current kit (WorkbenchDocument+Probes.swift).
        let probed = addingProbeFindings(ios: value)
        value = probed.ios ?? value
        androidAnalysis = probed.android
        let androidFindings = androidAnalysis?.findings ?? []
        analysis = value
        if tests != urlTests {
            urlTests = tests
            emit(.urlTests)
        }
        // With both apps, the cross-platform findings too: every finding a report shows can be triaged.
        let crossFindings = crossPlatformFindings(value)
        publish(
            androidFindings.isEmpty
                ? value.findings
                : (value.findings + androidFindings + crossFindings).sortedForReport())
        notes = evaluationNotes + value.notes + androidNotes
    }

    /// Sets `findings` (both platforms', in report order) with their triage; tells the faces
    /// when they changed.
    private func publish(_ next: [Finding]) {
        let triaged = next.map { TriagedFinding(finding: $0, triage: triage[$0.fingerprint]) }
        guard triaged != findings else { return }
        findings = triaged
        emit(.findings)
    }

    /// An app with no bundles (association-file-only mode).
    static let emptySnapshot = AppSnapshot(
        source: .init(path: "", kind: .macho, sha256: "", size: 0),
        bundles: [], diagnostics: [])

    // MARK: Change notification

    func setPhase(_ next: DocumentPhase) {
        guard phase != next else { return }
        phase = next
        emit(.phase(next))
    }

    func emit(_ change: DocumentChange) {
        for continuation in subscribers.values { continuation.yield(change) }
    }

    func changed() {
        revision += 1
        changedSinceOpen = true
    }

    // MARK: Helpers

    /// A file the tester supplied or edited, of either platform, as a `.local` route result:
    /// named as `ShownFileName` names it (a relative path as given, an absolute one by its file
    /// name only), at most 255 bytes of UTF-8, its body cut at `limit`, nothing parsed yet.
    nonisolated static func localRoute(_ data: Data, name: String, limit: Int) -> RouteResult {
        var safeName = String.UnicodeScalarView()
        var bytes = 0
        for scalar in ShownFileName.of(name).unicodeScalars {
            bytes += String(scalar).utf8.count
            guard bytes <= 255 else { break }
            safeName.append(scalar)
        }
        return carrying(
            RouteResult(route: .local, url: "file://" + String(safeName), userAgent: nil), body: data,
            limit: limit)
    }

    /// `result` (its URL, status, headers and timings kept) with `data` as its body instead: its
    /// size, the body cut at `limit`, and nothing parsed yet (what either platform's what-if and
    /// supplied file start from).
    nonisolated static func carrying(_ result: RouteResult, body data: Data, limit: Int) -> RouteResult {
        var result = result
        result.bytes = data.count
        result.truncated = data.count > limit
        result.body = data.prefix(limit)
        result.error = nil
        result.file = nil
        result.diagnostics = []
        result.deviceAccepts = nil
        result.isCMSSigned = nil
        return result
    }

    /// A supplied or edited association file as a `.local` route result, parsed like a fetched one.
    nonisolated static func localResult(_ data: Data, name: String, limit: Int) -> RouteResult {
        parsedAsAssociation(localRoute(data, name: name, limit: limit))
    }

    /// `result` (its URL, status, headers and timings kept) answering `data` instead, parsed
    /// as a fetched association file is.
    nonisolated static func answer(_ result: RouteResult, withBody data: Data, limit: Int) -> RouteResult {
        parsedAsAssociation(carrying(result, body: data, limit: limit))
    }

    /// `result` with its body read as an association file (untouched when the body was cut).
    nonisolated static func parsedAsAssociation(_ result: RouteResult) -> RouteResult {
        var result = result
        guard !result.truncated else { return result }
        let document = AssociationDocument.parse(result.body)
        result.file = document.file
        result.diagnostics = document.diagnostics
        result.deviceAccepts = document.deviceAccepts
        result.isCMSSigned = document.isCMSSigned
        return result
    }

    nonisolated static func sha256(_ data: Data) -> String {
        SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }
}

/// Why an inspection failed (one sentence).
struct InspectionFailure: Error, Sendable {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}
