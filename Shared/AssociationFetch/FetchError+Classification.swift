import AsyncHTTPClient
import Foundation
import NIOCore
import NIOSSL

extension FetchError {
    /// Turns a transport error from AsyncHTTPClient / SwiftNIO / NIOSSL into a category a
    /// tester understands. `timeout` is what a timeout on this request means.
    static func classify(_ error: any Error, url: String, host: String, port: Int, timeout: FetchError) -> FetchError {
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .tlsHandshakeTimeout,
                .getConnectionFromPoolTimeout, .cancelled, .writeTimeout:
                return timeout
            case .remoteConnectionClosed:
                return .transport(url: url, detail: "the server closed the connection before answering")
            default:
                return .transport(url: url, detail: error.shortDescription)
            }
        }
        if let error = error as? NIOSSLExtraError, error == .failedToValidateHostname {
            return .tlsNameMismatch(host: host)
        }
        if let error = error as? NIOSSLError {
            return classifyTLS(error, host: host, port: port)
        }
        if error is CancellationError { return timeout }
        if let error = error as? ChannelError, case .connectTimeout = error { return timeout }
        if let error = error as? IOError {
            return connectFailure(errno: error.errnoCode, host: host, port: port, detail: String(describing: error))
        }
        if String(describing: type(of: error)) == "NIOConnectionError" {
            return classifyConnection(error, host: host, port: port)
        }
        if let error = error as? SocketAddressError {
            return .dnsFailure(host: host, detail: shortDNSDetail(String(describing: error)))
        }
        return .transport(url: url, detail: String(describing: error))
    }

    private static func classifyTLS(_ error: NIOSSLError, host: String, port: Int) -> FetchError {
        let text = String(describing: error)
        let upper = text.uppercased()
        if upper.contains("CERTIFICATE_VERIFY_FAILED") || upper.contains("UNABLE_TO_GET_ISSUER")
            || upper.contains("SELF_SIGNED") || upper.contains("UNTRUSTED")
        {
            return .tlsUntrusted(host: host, detail: "certificate verify failed")
        }
        if upper.contains("WRONG_VERSION_NUMBER") || upper.contains("HTTP_REQUEST")
            || upper.contains("PACKET_LENGTH_TOO_LONG") || upper.contains("RECORD_TOO_LARGE")
        {
            return .notHTTPS(host: host, port: port)
        }
        if case .uncleanShutdown = error {
            return .tlsFailed(host: host, detail: "the server closed the connection during the handshake")
        }
        return .tlsFailed(host: host, detail: text)
    }

    /// `NIOConnectionError` lives in NIOPosix, which this module does not import; read its
    /// public fields by reflection.
    private static func classifyConnection(_ error: any Error, host: String, port: Int) -> FetchError {
        var dnsProblem: String?
        var connectErrors: [IOError] = []
        var others: [String] = []
        for child in Mirror(reflecting: error).children {
            switch child.label {
            case "dnsAError", "dnsAAAAError":
                if let described = unwrapOptional(child.value) {
                    dnsProblem = dnsProblem ?? described
                }
            case "connectionErrors":
                for failure in Mirror(reflecting: child.value).children {
                    for field in Mirror(reflecting: failure.value).children where field.label == "error" {
                        if let ioError = field.value as? IOError {
                            connectErrors.append(ioError)
                        } else {
                            others.append(String(describing: field.value))
                        }
                    }
                }
            default:
                break
            }
        }
        if let ioError = connectErrors.first {
            return connectFailure(errno: ioError.errnoCode, host: host, port: port, detail: String(describing: ioError))
        }
        if let other = others.first {
            return .connectFailed(host: host, port: port, detail: other)
        }
        if let dnsProblem {
            return .dnsFailure(host: host, detail: shortDNSDetail(dnsProblem))
        }
        return .dnsFailure(host: host, detail: "no addresses found")
    }

    /// "SocketAddressError.UnknownHost: Name or service not known (error -2) for host x, port 443"
    /// → "Name or service not known".
    static func shortDNSDetail(_ text: String) -> String {
        var detail = Substring(text)
        if let colon = detail.range(of: ": ") { detail = detail[colon.upperBound...] }
        if let tail = detail.range(of: " (error") ?? detail.range(of: " for host") {
            detail = detail[..<tail.lowerBound]
        }
        return detail.isEmpty ? text : String(detail)
    }

    private static func unwrapOptional(_ value: Any) -> String? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return String(describing: value) }
        guard let inner = mirror.children.first else { return nil }
        return String(describing: inner.value)
    }

    private static func connectFailure(errno code: CInt, host: String, port: Int, detail: String) -> FetchError {
        switch code {
        case ECONNREFUSED: return .connectionRefused(host: host, port: port)
        case ENETUNREACH: return .connectFailed(host: host, port: port, detail: "network unreachable")
        case EHOSTUNREACH: return .connectFailed(host: host, port: port, detail: "host unreachable")
        case ETIMEDOUT: return .connectFailed(host: host, port: port, detail: "connection timed out")
        default: return .connectFailed(host: host, port: port, detail: detail)
        }
    }
}
