import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// A TCP listener on 127.0.0.1 that accepts, counts and closes every connection, speaking no
/// protocol: a test points something at it to prove that nothing connected (a TLS client is
/// counted before any handshake). It closes by itself after `lifetime`.
public final class ConnectionCounter: Sendable {
    public let port: Int
    private let channel: any Channel
    private let accepted: NIOLockedValueBox<Int>

    public static func start(lifetime: Duration = .seconds(120)) async throws -> ConnectionCounter {
        let accepted = NIOLockedValueBox(0)
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { child in
                accepted.withLockedValue { $0 += 1 }
                return child.close()
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()
        guard let port = channel.localAddress?.port else {
            try? await channel.close()
            throw TestServerError.noPort
        }
        channel.eventLoop.scheduleTask(in: .seconds(lifetime.components.seconds)) { channel.close(promise: nil) }
        return ConnectionCounter(port: port, channel: channel, accepted: accepted)
    }

    private init(port: Int, channel: any Channel, accepted: NIOLockedValueBox<Int>) {
        self.port = port
        self.channel = channel
        self.accepted = accepted
    }

    /// Connections accepted so far.
    public var count: Int { accepted.withLockedValue { $0 } }

    public func stop() async { try? await channel.close() }
}
