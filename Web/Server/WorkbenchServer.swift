import Foundation
import HTTPTypes
import Hummingbird

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

    public init() {}
}

/// `linklab serve`: the workbench document behind an HTTP API and the embedded page, for one
/// person on this machine (spec/web.md). Build the router with `router()`, or run it all with
/// `run(port:onReady:)`.
public final class WorkbenchServer: Sendable {
    public let identity: ServerIdentity
    public let limits: WorkbenchServerLimits
    public let spool: UploadSpool

    public init(identity: ServerIdentity = ServerIdentity(), limits: WorkbenchServerLimits = .init(),
                spool: UploadSpool? = nil) throws {
        self.identity = identity
        self.limits = limits
        self.spool = try spool ?? UploadSpool()
    }

    /// Every route, behind the security middleware.
    public func router() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: SecurityMiddleware(identity: identity))
        EmbeddedAssets.register(on: router, token: identity.token)
        router.get("/api/openapi.json") { _, _ in
            var headers = HTTPFields()
            headers[.contentType] = "application/json; charset=utf-8"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: OpenAPIDocument.json)))
        }
        return router
    }
}
