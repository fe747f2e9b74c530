import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL

/// Fetches association files the way Apple does: HTTPS only, redirects recorded and never
/// followed, bodies capped at 128 KiB, every route of many hosts at once.
///
/// One `HTTPClient` serves the whole run (no cookies, no cache, no proxy). Call
/// `shutdown()` when done, or use `withFetcher`.
public final class AssociationFetcher: Sendable {
    /// The validated configuration.
    public let configuration: FetchConfiguration
    private let planner: RoutePlanner
    let client: HTTPClient

    /// Validates `configuration` and creates the run's HTTP client.
    public init(configuration: FetchConfiguration) throws(FetchError) {
        planner = try RoutePlanner(cdnBase: configuration.cdnBase)
        var tls = TLSConfiguration.makeClientConfiguration()
        // Closing a connection waits for the server's close_notify; a server that is still
        // stalling (slow headers, trickled body) never sends it, so do not wait the default 5 s.
        tls.shutdownTimeout = .milliseconds(200)
        if let path = configuration.caFile {
            tls.additionalTrustRoots = [.certificates(try Self.loadCertificates(path: path))]
        }
        var http = HTTPClient.Configuration(
            tlsConfiguration: tls,
            redirectConfiguration: .disallow,
            timeout: .init(
                connect: Self.timeAmount(configuration.timeout),
                read: Self.timeAmount(configuration.timeout)),
            proxy: nil,
            decompression: .disabled
        )
        http.connectionPool.retryConnectionEstablishment = false
        http.dnsOverride = try configuration.resolve.dnsOverride()
        self.configuration = configuration
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: http)
    }

    /// Closes the HTTP client. Call once, after the last fetch.
    public func shutdown() async {
        try? await client.shutdown()
    }

    /// Creates a fetcher, runs `body`, and always shuts the fetcher down.
    public static func withFetcher<T: Sendable>(
        _ configuration: FetchConfiguration,
        _ body: (AssociationFetcher) async throws -> T
    ) async throws -> T {
        let fetcher = try AssociationFetcher(configuration: configuration)
        do {
            let result = try await body(fetcher)
            await fetcher.shutdown()
            return result
        } catch {
            await fetcher.shutdown()
            throw error
        }
    }

    /// Fetches every host concurrently; reports come back in input order. `progress` is
    /// called as each host finishes (from any task).
    public func fetch(
        _ hosts: [FetchHost],
        progress: (@Sendable (DomainReport) -> Void)? = nil
    ) async -> [DomainReport] {
        let deadline = ContinuousClock.now + configuration.overallDeadline
        if hosts.count * requestsPerHost > 1 { await warmUpTLSContext() }
        return await withTaskGroup(of: (Int, DomainReport).self) { group in
            for (index, host) in hosts.enumerated() {
                group.addTask {
                    let report = await self.fetch(host, deadline: deadline)
                    progress?(report)
                    return (index, report)
                }
            }
            var reports = [DomainReport?](repeating: nil, count: hosts.count)
            for await (index, report) in group { reports[index] = report }
            return reports.compactMap { $0 }
        }
    }

    /// AsyncHTTPClient builds its TLS context (system roots + `--ca-file`) when a connection
    /// starts and caches it only once built, on one serial queue: fifty connections started
    /// together would build fifty contexts in a row (≈ 5 ms each). One request to a Unix
    /// socket that does not exist builds and caches the context without any network traffic.
    private func warmUpTLSContext() async {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("linklab-tls-warmup-\(UUID().uuidString).sock").path
        guard let encoded = path.addingPercentEncoding(withAllowedCharacters: .alphanumerics) else { return }
        let request = HTTPClientRequest(url: "https+unix://\(encoded)/")
        _ = try? await client.execute(request, timeout: .seconds(2))
    }

    /// Fetches every configured route of one host (and the browser probe) concurrently.
    public func fetch(_ host: FetchHost) async -> DomainReport {
        let deadline = ContinuousClock.now + configuration.overallDeadline
        if requestsPerHost > 1 { await warmUpTLSContext() }
        return await fetch(host, deadline: deadline)
    }

    /// Requests one host costs: its routes plus the browser probe.
    private var requestsPerHost: Int {
        let routes = configuration.routes.filter { $0 != .local }
        return routes.count + (configuration.browserProbe && routes.contains(.origin) ? 1 : 0)
    }

    private func fetch(_ host: FetchHost, deadline: ContinuousClock.Instant) async -> DomainReport {
        if let path = configuration.suppliedFiles[host.entry] ?? configuration.suppliedFiles[host.hostname] {
            return DomainReport(host: host, routes: [Self.suppliedResult(path: path, limit: configuration.bodyLimit)])
        }
        let routes = configuration.routes.filter { $0 != .local }
        let probe = configuration.browserProbe && routes.contains(.origin)
        let results = await withTaskGroup(of: (Int, RouteResult).self) { group in
            for (index, route) in routes.enumerated() {
                group.addTask { (index, await self.fetchRoute(route, for: host, deadline: deadline)) }
            }
            if probe {
                group.addTask {
                    (
                        routes.count,
                        await self.fetchRoute(
                            .origin, for: host, userAgent: self.configuration.browserUserAgent,
                            deadline: deadline)
                    )
                }
            }
            var results = [RouteResult?](repeating: nil, count: routes.count + 1)
            for await (index, result) in group { results[index] = result }
            return results
        }
        let main = results.prefix(routes.count).compactMap { $0 }
        var browser: BrowserProbe?
        if probe, let crawler = main.first(where: { $0.route == .origin }), let last = results.last, let probed = last {
            browser = BrowserProbe(crawler: crawler, browser: probed)
        }
        return DomainReport(host: host, routes: main, browserProbe: browser)
    }

    /// Fetches one route of one host with the configured agent (or `userAgent`).
    public func fetchRoute(_ route: FetchRoute, for host: FetchHost, userAgent: String? = nil) async -> RouteResult {
        await fetchRoute(
            route, for: host, userAgent: userAgent,
            deadline: ContinuousClock.now + configuration.overallDeadline)
    }

    private func fetchRoute(
        _ route: FetchRoute,
        for host: FetchHost,
        userAgent: String? = nil,
        deadline: ContinuousClock.Instant
    ) async -> RouteResult {
        let url = planner.url(for: route, host: host) ?? ""
        var result = await timedRequest(
            url, route: route, agent: userAgent ?? configuration.userAgent,
            bodyLimit: configuration.bodyLimit, target: Self.target(of: url, host: host),
            deadline: deadline)
        result.parseBody()
        return result
    }

    /// One GET of any platform's route within the per-request timeout and the run's `deadline`
    /// (the one deadline race of every fetch): past the deadline it is not sent; when the time
    /// is up first the request is cancelled and ends with what it had, marked with the timeout
    /// (or, when the run's deadline came first, `deadlineExceeded`). The body is not parsed.
    func timedRequest(
        _ url: String, route: FetchRoute, agent: String, bodyLimit: Int,
        target: (host: String, port: Int), deadline: ContinuousClock.Instant
    ) async -> RouteResult {
        var blank = RouteResult(route: route, url: url, userAgent: agent)
        let now = ContinuousClock.now
        guard now < deadline else {
            blank.error = .deadlineExceeded(url: url)
            blank.totalMs = 0
            return blank
        }
        let routeEnd = min(now + configuration.timeout, deadline)
        let limitedByRun = routeEnd == deadline && deadline < now + configuration.timeout
        let timeout = FetchError.timeout(url: url, seconds: Self.seconds(configuration.timeout))
        let attempt = RouteAttempt(
            client: client, url: url, route: route, userAgent: agent, bodyLimit: bodyLimit, target: target, start: now,
            timeoutError: limitedByRun ? .deadlineExceeded(url: url) : timeout)
        let finished = await withTaskGroup(of: RouteResult?.self) { group in
            group.addTask { await attempt.run(until: routeEnd) }
            group.addTask {
                try? await Task.sleep(until: routeEnd, clock: .continuous)
                return nil
            }
            var outcome: RouteResult?
            while let next = await group.next() {
                if let next {
                    outcome = next
                    group.cancelAll()
                } else if outcome == nil {
                    group.cancelAll()
                }
            }
            return outcome
        }
        guard let finished else {
            blank.error = attempt.timeoutError
            return blank
        }
        return finished
    }

    /// A result for a file the tester supplied (read up to the cap, and, when `parsed`, parsed
    /// as an association file like a fetched body): the one supplied-file reader of both platforms.
    public static func suppliedResult(
        path: String, limit: Int = BodyCap.deviceLimit,
        parsed: Bool = true
    ) -> RouteResult {
        var result = RouteResult(route: .local, url: "file://" + ShownFileName.of(path), userAgent: nil)
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            let data = try handle.read(upToCount: limit + 1) ?? Data()
            var cap = BodyCap(limit: limit)
            let keep = cap.accept(data.count)
            result.body = data.prefix(keep)
            result.bytes = cap.bytes
            result.truncated = cap.truncated
        } catch {
            result.error = .unreadableLocalFile(path: ShownFileName.of(path), reason: Self.readProblem(error))
            return result
        }
        if parsed, !result.truncated { result.parseBody() }
        return result
    }

    private static func readProblem(_ error: any Error) -> String {
        let nsError = error as NSError
        if nsError.domain == NSCocoaErrorDomain,
            nsError.code == NSFileReadNoSuchFileError || nsError.code == NSFileNoSuchFileError
        {
            return "no such file"
        }
        return nsError.localizedDescription
    }

    private static func loadCertificates(path: String) throws(FetchError) -> [NIOSSLCertificate] {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .invalidCAFile(path: path, reason: "cannot read: \(readProblem(error))")
        }
        guard data.count <= 4 << 20 else { throw .invalidCAFile(path: path, reason: "larger than 4 MiB") }
        let certificates = (try? NIOSSLCertificate.fromPEMBytes(Array(data))) ?? []
        guard !certificates.isEmpty else {
            throw .invalidCAFile(path: path, reason: "holds no PEM certificate (-----BEGIN CERTIFICATE-----)")
        }
        return certificates
    }

    private static func target(of url: String, host: FetchHost) -> (host: String, port: Int) {
        guard let components = URLComponents(string: url), let name = components.host else {
            return (host.hostname, host.port ?? 443)
        }
        return (name, components.port ?? 443)
    }

    static func timeAmount(_ duration: Duration) -> TimeAmount {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
