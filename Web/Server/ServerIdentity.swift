import NIOConcurrencyHelpers

/// This run's token and the addresses it answers on. The port is known only once the socket is
/// bound (port 0 picks a free one), so the allow-list is filled in then; until that moment it is
/// empty and every request gets 421.
public final class ServerIdentity: Sendable {
    public let token: AccessToken
    private let state: NIOLockedValueBox<(hosts: [String], port: Int?)>

    /// `allowedHosts` nil: the loopback names of the port, once `bound(port:)` is called. Tests pass
    /// their own list (HummingbirdTesting sends `Host: localhost` with no port).
    public init(token: AccessToken = .random(), allowedHosts: [String]? = nil) {
        self.token = token
        self.state = NIOLockedValueBox((hosts: allowedHosts ?? [], port: nil))
        self.fixedHosts = allowedHosts != nil
    }

    private let fixedHosts: Bool

    /// Records the bound port; the loopback names of that port become the allow-list.
    public func bound(port: Int) {
        state.withLockedValue {
            $0.port = port
            if !fixedHosts { $0.hosts = AccessPolicy.loopbackHosts(port: port) }
        }
    }

    /// The bound port, once known.
    public var port: Int? { state.withLockedValue { $0.port } }

    /// The policy as of now.
    public var policy: AccessPolicy {
        AccessPolicy(
            token: token, allowedHosts: state.withLockedValue { $0.hosts },
            publicPaths: EmbeddedAssets.publicPaths)
    }

    /// The address the command prints.
    public var pageAddress: String { "http://127.0.0.1:\(port ?? 0)/?token=\(token.value)" }
}
