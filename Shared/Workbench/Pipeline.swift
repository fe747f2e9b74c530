import Foundation

/// Everything a scan needs: the app, how to get each domain's file, and the tester's URLs.
public struct ScanRequest: Sendable {
    /// The `.ipa`, `.app` folder or Mach-O file.
    public var input: URL
    /// Files supplied instead of fetching, by host (`--aasa HOST=FILE`).
    public var suppliedFiles: [String: String]
    /// No network at all: hosts without a supplied file are reported as not fetched.
    public var offline: Bool
    /// Routes, timeouts, pins and trust for the fetches.
    public var fetch: FetchConfiguration
    /// The tester's URLs, in order.
    public var urls: [URLListEntry]
    /// "Now" for the findings' date checks (profile expiry); fixed in tests.
    public var now: Date

    /// A request; by default every route is fetched with the default limits.
    public init(
        input: URL, suppliedFiles: [String: String] = [:], offline: Bool = false,
        fetch: FetchConfiguration = FetchConfiguration(), urls: [URLListEntry] = [], now: Date = Date()
    ) {
        self.input = input
        self.suppliedFiles = suppliedFiles
        self.offline = offline
        self.fetch = fetch
        self.urls = urls
        self.now = now
    }
}

/// The pipeline's only clock: elapsed time since the run began. Tests freeze it so that
/// every timing (and every golden report) is the same on every run.
public struct PipelineClock: Sendable {
    /// Elapsed time since the clock was made.
    public let elapsed: @Sendable () -> Duration

    /// A clock reading `elapsed`.
    public init(elapsed: @escaping @Sendable () -> Duration) {
        self.elapsed = elapsed
    }

    /// The real monotonic clock.
    public static func live() -> PipelineClock {
        let start = ContinuousClock.now
        return PipelineClock { ContinuousClock.now - start }
    }

    /// A clock that never moves: every stage takes 0 ms.
    public static let frozen = PipelineClock { .zero }
}

/// The scan pipeline: inspect → collect hosts → fetch all at once → decide URLs → findings.
/// A value: configure it, then `run` it (or observe `events()`); each run is independent.
public struct ScanPipeline: Sendable {
    /// What to scan.
    public var request: ScanRequest
    /// Where timings come from.
    public var clock: PipelineClock
    /// Reads the app (the live inspector by default; tests may pass a snapshot).
    public var inspect: @Sendable (URL) throws(InspectionError) -> AppSnapshot

    /// A pipeline for `request` with the live inspector and clock.
    public init(
        request: ScanRequest, clock: PipelineClock = .live(),
        inspect: @escaping @Sendable (URL) throws(InspectionError) -> AppSnapshot =
            { url throws(InspectionError) in
                try AppInspector.inspect(at: url)
            }
    ) {
        self.request = request
        self.clock = clock
        self.inspect = inspect
    }

    /// Runs the scan, calling `progress` with every event in order (from the calling task,
    /// except host events, which may arrive from the fetch tasks but never overlap).
    public func run(progress: (@Sendable (PipelineEvent) -> Void)? = nil) async throws(WorkbenchError) -> Analysis {
        let emit: @Sendable (PipelineEvent) -> Void = progress ?? { _ in }
        do {
            let analysis = try await stages(emit)
            emit(.finished(analysis))
            return analysis
        } catch {
            emit(.failed(error))
            throw error
        }
    }

    /// The events of one run as a stream that ends after `finished` or `failed`. Stopping
    /// the iteration cancels the run.
    public func events() -> AsyncStream<PipelineEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: PipelineEvent.self, bufferingPolicy: .unbounded)
        let task = Task {
            _ = try? await self.run { continuation.yield($0) }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    private func stages(_ emit: @escaping @Sendable (PipelineEvent) -> Void) async throws(WorkbenchError) -> Analysis {
        var timings: [StageTiming] = []
        func timed<T>(
            _ stage: PipelineStage,
            _ body: () async throws(WorkbenchError) -> T
        ) async throws(WorkbenchError) -> T {
            if Task.isCancelled { throw .cancelled }
            emit(.stageStarted(stage))
            let start = clock.elapsed()
            let value = try await body()
            let timing = StageTiming(stage: stage, milliseconds: Self.milliseconds(clock.elapsed() - start))
            timings.append(timing)
            emit(.stageFinished(timing))
            return value
        }

        let snapshot = try await timed(.inspect) { () throws(WorkbenchError) -> AppSnapshot in
            let value: AppSnapshot
            do {
                value = try inspect(request.input)
            } catch {
                throw .unreadableApp(
                    path: request.input.path,
                    reason: (error as? InspectionError)?.description ?? String(describing: error))
            }
            emit(.inspected(value))
            return value
        }

        let (hosts, skipped) = HostCollector.collect(from: snapshot, supplied: request.suppliedFiles)
        let domains = try await timed(.fetch) { () async throws(WorkbenchError) -> [DomainReport] in
            let plan = HostCollector.fetchPlan(hosts)
            emit(.hostsPlanned(plan))
            return try await fetch(plan, emit: emit)
        }

        let urlTests = try await timed(.match) { () throws(WorkbenchError) -> [URLTest] in
            let decisions = URLDecisions(hosts: hosts, reports: domains, snapshot: snapshot)
            var tests: [URLTest] = []
            var start = 0
            while start < request.urls.count {
                if Task.isCancelled { throw .cancelled }
                let end = min(start + Self.urlBatch, request.urls.count)
                for test in decisions.decide(Array(request.urls[start..<end])) {
                    tests.append(test)
                    emit(.urlDecided(test))
                }
                start = end
            }
            return tests
        }

        var notes = skipped.map { "\($0.bundle): \($0.raw) not fetched: \($0.reason)" }
        for host in HostCollector.unusedSupplies(request.suppliedFiles, hosts: hosts) {
            notes.append(NoteAudience.commandLine.unusedSupplyNote(host: host))
        }
        var analysis = Analysis(
            snapshot: snapshot, hosts: hosts, domains: domains, urlTests: urlTests,
            findings: [], timings: [], offline: request.offline, now: request.now, notes: notes)
        if let note = analysis.facts.noPathToAppleNote(supplyingFiles: NoteAudience.commandLine.supplyingFiles) {
            analysis.notes.insert(note, at: 0)
        }
        let findings = try await timed(.findings) { () throws(WorkbenchError) -> [Finding] in
            let values = FindingRules.evaluate(analysis.facts)
            emit(.findingsDerived(values))
            return values
        }
        analysis.findings = findings
        analysis.timings = timings
        return analysis
    }

    /// Fetches (or reads, or marks offline) every planned host; reports in plan order.
    private func fetch(
        _ plan: [ScanHost],
        emit: @escaping @Sendable (PipelineEvent) -> Void
    ) async throws(WorkbenchError) -> [DomainReport] {
        guard !plan.isEmpty else { return [] }
        if request.offline {
            var reports: [DomainReport] = []
            for host in plan {
                let report = Self.offlineReport(
                    for: host, routes: request.fetch.routes, cdnBase: request.fetch.cdnBase,
                    bodyLimit: request.fetch.bodyLimit, audience: .commandLine)
                emit(.hostDone(report))
                reports.append(report)
            }
            return reports
        }
        var configuration = request.fetch
        for host in plan {
            if let file = host.suppliedFile { configuration.suppliedFiles[host.entry] = file }
        }
        let serial = NSLock()
        do {
            return try await Workbench.fetchAssociations(
                hosts: plan.map(\.entry),
                configuration: configuration
            ) { report in
                serial.withLock { emit(.hostDone(report)) }
            }
        } catch {
            throw .fetchConfiguration(error)
        }
    }

    /// A host's report without any network: the supplied file, or a "not fetched (offline)"
    /// result on every route the run would have fetched, in `audience`'s words.
    static func offlineReport(
        for host: ScanHost, routes: [FetchRoute], cdnBase: String, bodyLimit: Int,
        audience: NoteAudience
    ) -> DomainReport {
        if let file = host.suppliedFile {
            return DomainReport(
                host: host.fetchHost,
                routes: [AssociationFetcher.suppliedResult(path: file, limit: bodyLimit)])
        }
        let planner = (try? RoutePlanner(cdnBase: cdnBase)) ?? (try? RoutePlanner())
        let results = routes.filter { $0 != .local }.map { route -> RouteResult in
            let url = planner?.url(for: route, host: host.fetchHost) ?? ""
            var result = RouteResult(route: route, url: url, userAgent: nil)
            result.error = .transport(url: url, detail: audience.offlineDetail)
            return result
        }
        return DomainReport(host: host.fetchHost, routes: results)
    }

    /// URLs decided per call of the matcher (progress arrives per batch; matchers are reused within one).
    static let urlBatch = 256

    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}
