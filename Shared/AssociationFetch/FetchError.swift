/// Everything that can go wrong while fetching association files: configuration mistakes
/// (thrown before any request) and per-route transport failures (recorded in a
/// `RouteResult`, because the run goes on for the other routes and hosts).
public enum FetchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A host argument that is not `HOST[:PORT]` (or `*.HOST[:PORT]`).
    case invalidHost(String, reason: String)
    /// A `--resolve` value that is not `HOST:PORT:ADDRESS`.
    case invalidResolve(String, reason: String)
    /// A `--cdn-base` that is not an `https://` URL.
    case invalidCDNBase(String, reason: String)
    /// A `--ca-file` that could not be read or holds no PEM certificate.
    case invalidCAFile(path: String, reason: String)
    /// A locally supplied association file that could not be read.
    case unreadableLocalFile(path: String, reason: String)
    /// The host name did not resolve.
    case dnsFailure(host: String, detail: String)
    /// Nothing listens on the port (TCP connection refused).
    case connectionRefused(host: String, port: Int)
    /// The TCP connection failed for another reason (unreachable network, reset…).
    case connectFailed(host: String, port: Int, detail: String)
    /// The server's certificate chain does not lead to a trusted root.
    case tlsUntrusted(host: String, detail: String)
    /// The certificate is valid but not for this host name.
    case tlsNameMismatch(host: String)
    /// The server answered the TLS handshake with something that is not TLS (plain HTTP).
    case notHTTPS(host: String, port: Int)
    /// Another TLS handshake failure.
    case tlsFailed(host: String, detail: String)
    /// The response had begun (status and headers arrived) and the server closed the TCP
    /// connection without TLS `close_notify` after `bytes` body bytes. For a body framed only
    /// by the close (HTTP/1.0 without `Content-Length`) nothing proves it is complete.
    case uncleanClose(url: String, bytes: Int)
    /// No complete answer within the per-request timeout.
    case timeout(url: String, seconds: Double)
    /// The run's overall deadline passed before this request could finish.
    case deadlineExceeded(url: String)
    /// Any other transport failure.
    case transport(url: String, detail: String)

    /// A short stable category (`dns`, `connection-refused`, `tls-untrusted`, …) for scripts.
    public var kind: String {
        switch self {
        case .invalidHost, .invalidResolve, .invalidCDNBase, .invalidCAFile: return "configuration"
        case .unreadableLocalFile: return "local-file"
        case .dnsFailure: return "dns"
        case .connectionRefused: return "connection-refused"
        case .connectFailed: return "connect"
        case .tlsUntrusted: return "tls-untrusted"
        case .tlsNameMismatch: return "tls-name-mismatch"
        case .notHTTPS: return "not-https"
        case .tlsFailed: return "tls"
        case .uncleanClose: return "tls-unclean-close"
        case .timeout: return "timeout"
        case .deadlineExceeded: return "deadline"
        case .transport: return "other"
        }
    }

    /// True for failures that mean the domain could not be reached at all (AASA-001/002).
    public var isUnreachable: Bool {
        switch self {
        case .dnsFailure, .connectionRefused, .connectFailed, .tlsUntrusted, .tlsNameMismatch, .notHTTPS, .tlsFailed:
            return true
        default:
            return false
        }
    }

    public var description: String {
        switch self {
        case .invalidHost(let host, let reason):
            return "invalid host '\(host)': \(reason)"
        case .invalidResolve(let value, let reason):
            return "invalid --resolve '\(value)': \(reason) (expected HOST:PORT:ADDRESS)"
        case .invalidCDNBase(let value, let reason):
            return "invalid --cdn-base '\(value)': \(reason)"
        case .invalidCAFile(let path, let reason):
            return "\(path): \(reason)"
        case .unreadableLocalFile(let path, let reason):
            return "\(path): \(reason)"
        case .dnsFailure(let host, let detail):
            return "DNS: \(host) did not resolve (\(detail))"
        case .connectionRefused(let host, let port):
            return "connection refused: nothing listens on \(host) port \(port)"
        case .connectFailed(let host, let port, let detail):
            return "could not connect to \(host) port \(port): \(detail)"
        case .tlsUntrusted(let host, let detail):
            return "TLS: the certificate of \(host) is not trusted (\(detail)); devices refuse it"
        case .tlsNameMismatch(let host):
            return "TLS: the certificate is not valid for \(host); devices refuse it"
        case .notHTTPS(let host, let port):
            return """
                TLS: \(host) port \(port) did not answer with TLS (plain HTTP only?); association files must be served \
                over HTTPS
                """
        case .tlsFailed(let host, let detail):
            return "TLS handshake with \(host) failed: \(detail)"
        case .uncleanClose(_, let bytes):
            return """
                the server closed the connection without TLS close_notify after \(bytes) bytes; the body may be \
                truncated
                """
        case .timeout(let url, let seconds):
            return "timeout: no complete answer from \(url) within \(Self.format(seconds)) s"
        case .deadlineExceeded(let url):
            return "the run's overall deadline passed before \(url) finished"
        case .transport(let url, let detail):
            return "request to \(url) failed: \(detail)"
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
