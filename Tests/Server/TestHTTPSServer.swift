import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// A real HTTP(S) server on 127.0.0.1 (port chosen by the system) that answers each path
/// with a scripted behaviour. It closes every connection after its response and stops by
/// itself after `lifetime`, so a test that forgets `stop()` cannot hang the run.
public final class TestHTTPSServer: Sendable {
    /// The port it listens on.
    public let port: Int
    /// True when it speaks TLS.
    public let isTLS: Bool
    private let channel: any Channel
    private let log: RequestLog

    /// Starts a server. `identity` nil means plain HTTP (to test "not served over HTTPS").
    public static func start(
        routes: TestRoutes,
        identity: TestServerIdentity?,
        lifetime: Duration = .seconds(300)
    ) async throws -> TestHTTPSServer {
        let sslContext: NIOSSLContext?
        if let identity {
            let certificate = try NIOSSLCertificate(bytes: Array(identity.certificatePEM.utf8), format: .pem)
            let key = try NIOSSLPrivateKey(bytes: Array(identity.privateKeyPEM.utf8), format: .pem)
            var configuration = TLSConfiguration.makeServerConfiguration(
                certificateChain: [.certificate(certificate)],
                privateKey: .privateKey(key)
            )
            configuration.applicationProtocols = ["http/1.1"]
            sslContext = try NIOSSLContext(configuration: configuration)
        } else {
            sslContext = nil
        }
        let log = RequestLog()
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { child in
                child.eventLoop.makeCompletedFuture {
                    let sync = child.pipeline.syncOperations
                    if let sslContext {
                        try sync.addHandler(UncleanCloseHandler())
                        try sync.addHandler(NIOSSLServerHandler(context: sslContext))
                    }
                    try sync.configureHTTPServerPipeline(withErrorHandling: true)
                    try sync.addHandler(ScriptedHTTPHandler(routes: routes, log: log))
                }
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()
        guard let port = channel.localAddress?.port else {
            try? await channel.close()
            throw TestServerError.noPort
        }
        let server = TestHTTPSServer(port: port, isTLS: sslContext != nil, channel: channel, log: log)
        let seconds = lifetime.components.seconds
        channel.eventLoop.scheduleTask(in: .seconds(seconds)) { channel.close(promise: nil) }
        return server
    }

    private init(port: Int, isTLS: Bool, channel: any Channel, log: RequestLog) {
        self.port = port
        self.isTLS = isTLS
        self.channel = channel
        self.log = log
    }

    /// Stops listening (connections in flight finish their bounded work).
    public func stop() async {
        try? await channel.close()
    }

    /// Requests seen so far, in arrival order.
    public var requests: [RecordedRequest] {
        log.all
    }

    /// `--resolve` value pinning `host` to this server.
    public func resolveArgument(for host: String) -> String {
        "\(host):\(port):127.0.0.1"
    }
}

/// Problems starting the test server.
public enum TestServerError: Error, Sendable {
    case noPort
}

/// Runs `body` with a started server and always stops it afterwards.
public func withTestServer<T>(
    routes: TestRoutes,
    identity: TestServerIdentity?,
    _ body: (TestHTTPSServer) async throws -> T
) async throws -> T {
    let server = try await TestHTTPSServer.start(routes: routes, identity: identity)
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}
