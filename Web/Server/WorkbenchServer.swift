import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import Workbench

/// Limits and knobs of one `linklab serve` run.
public struct WorkbenchServerLimits: Sendable {
    /// Largest upload (`--max-upload`), in bytes.
    public var maxUpload: Int64 = 4 << 30
    /// Largest body of any other request (JSON, a host's association file).
    public var maxBody: Int = 1 << 20
    /// Most documents open at once.
    public var maxDocuments: Int = 32
    /// A document nobody asked about for this long is closed.
    public var idleLimit: TimeInterval = 12 * 3600
    /// Interval of the event stream's keep-alive comments.
    public var heartbeat: Duration = .seconds(15)
    /// How long a stop (SIGTERM, SIGINT) waits for open requests before cancelling them.
    public var shutdownGrace: Duration = .seconds(2)

    public init() {}
}

/// `linklab serve`: the workbench document behind an HTTP API and the embedded page, for one
/// person on this machine (docs/commands/serve.md). `router()` builds the routes (tests drive it with
/// HummingbirdTesting); `run(port:onReady:)` serves them on 127.0.0.1 until SIGINT/SIGTERM.
public final class WorkbenchServer: Sendable {
    public let identity: ServerIdentity
    public let limits: WorkbenchServerLimits
    public let spool: UploadSpool
    let registry: DocumentRegistry

    /// A server whose documents use `settings`; `now` is the idle clock (tests move it).
    public init(
        settings: WorkbenchSettings = .init(), identity: ServerIdentity = ServerIdentity(),
        limits: WorkbenchServerLimits = .init(), spool: UploadSpool? = nil,
        now: @escaping @Sendable () -> Date = Date.init
    ) throws {
        self.identity = identity
        self.limits = limits
        let spool = try spool ?? UploadSpool()
        self.spool = spool
        self.registry = DocumentRegistry(settings: settings, limits: limits, spool: spool, now: now)
    }

    /// Every route, behind the security middleware.
    public func router() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: SecurityMiddleware(identity: identity))
        EmbeddedAssets.register(on: router)
        registerAPIRoutes(on: router)
        return router
    }

    /// Serves on 127.0.0.1:`port` (0: a free port) and calls `onReady` with the page address once
    /// listening. Returns after SIGINT or SIGTERM, when every document is closed and every upload
    /// and temporary file deleted.
    public func run(port: Int, onReady: @escaping @Sendable (String) -> Void) async throws {
        var logger = Logger(label: "linklab.serve")
        logger.logLevel = .critical  // the one printed line is the interface; nothing else on stdout
        let identity = self.identity
        let application = Application(
            router: router(),
            server: RequestTargetChannel.builder,
            configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: nil),
            onServerRunning: { channel in
                identity.bound(port: channel.localAddress?.port ?? port)
                onReady(identity.pageAddress)
            },
            logger: logger)
        var configuration = ServiceGroupConfiguration(
            services: [application, Housekeeping(server: self)],
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger)
        // Uploads are cut at once (UploadSpool); anything else a client holds open past this
        // (a stalled request body) is cancelled, so a stop always ends in seconds.
        configuration.maximumGracefulShutdownDuration = limits.shutdownGrace
        let group = ServiceGroup(configuration: configuration)
        defer { spool.removeAll() }
        try await group.run()
        await shutdown()
    }

    /// Closes every document and deletes every temporary file (idempotent).
    public func shutdown() async {
        await registry.closeAll()
        spool.removeAll()
    }

    /// Number of open documents (tests, diagnostics).
    public var documentCount: Int { get async { await registry.all.count } }

    /// Closes documents idle past the limit.
    public func sweepIdle() async { await registry.sweepIdle() }

    /// Returns when document `id` has no work in flight (tests; 404 when there is no such document).
    public func settle(_ id: String) async throws {
        let document = try await registry.document(id)
        await document.settled()
    }

    /// Event streams open on document `id` (tests wait for a subscriber before changing it).
    public func listenerCount(_ id: String) async -> Int {
        await registry.all.first { $0.id == id }?.listeners.count ?? 0
    }
}

/// Sweeps idle documents every minute; at shutdown (it stops first, before the HTTP server) it
/// closes every document, which ends the open event streams so the server can drain.
private struct Housekeeping: Service {
    let server: WorkbenchServer

    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try await Task.sleep(for: .seconds(60))
                await server.sweepIdle()
            }
        }
        await server.shutdown()
    }
}
