import Foundation

/// How a run fetches: routes, limits, pins, trust and agents. A plain value; the fetcher
/// validates it once when created.
public struct FetchConfiguration: Sendable {
    /// The CDN crawler's agent, used by default.
    public static let crawlerUserAgent = "AASA-Bot/1.0.0"
    /// A mobile Safari agent for the second origin probe (bot-protection check, AASA-012).
    public static let browserUserAgent =
        """
        Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) \
        Version/17.5 Mobile/15E148 Safari/604.1
        """

    /// Routes to fetch, in report order.
    public var routes: [FetchRoute] = RouteSelection.all.routes
    /// Longest time one request may take, headers and body together.
    public var timeout: Duration = .seconds(10)
    /// Longest time a whole run may take; requests still going then end as `deadlineExceeded`.
    public var overallDeadline: Duration = .seconds(60)
    /// Host-to-address pins (`--resolve`).
    public var resolve: [ResolvePin] = []
    /// PEM file of extra trusted roots (`--ca-file`), added to the system roots.
    public var caFile: String?
    /// Agent for the main requests.
    public var userAgent: String = FetchConfiguration.crawlerUserAgent
    /// Also fetch the origin with `browserUserAgent` and report a different answer.
    public var browserProbe = true
    /// Agent for the browser probe.
    public var browserUserAgent: String = FetchConfiguration.browserUserAgent
    /// CDN prefix (`--cdn-base`).
    public var cdnBase: String = RoutePlanner.appleCDNBase
    /// Bytes read at most per body.
    public var bodyLimit: Int = BodyCap.deviceLimit
    /// Files supplied instead of fetching, by host entry or host name (`--aasa HOST=FILE`).
    public var suppliedFiles: [String: String] = [:]

    public init() {}
}

/// One `--resolve HOST:PORT:ADDRESS` pin: connect to ADDRESS while SNI and certificate
/// checks still use HOST.
public struct ResolvePin: Sendable, Equatable {
    public let host: String
    public let port: Int
    public let address: String

    public init(host: String, port: Int, address: String) {
        self.host = host.lowercased()
        self.port = port
        self.address = address
    }

    /// Parses `HOST:PORT:ADDRESS` (ADDRESS may be `[v6]` or a bare IPv6 literal).
    public static func parse(_ text: String) throws(FetchError) -> ResolvePin {
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw .invalidResolve(text, reason: "three parts are needed") }
        let host = String(parts[0])
        guard !host.isEmpty, (try? FetchHost.parse(host)) != nil, !host.contains("*") else {
            throw .invalidResolve(text, reason: "'\(host)' is not a host name")
        }
        guard let port = Int(parts[1]), (1...65_535).contains(port) else {
            throw .invalidResolve(text, reason: "port must be a number from 1 to 65535")
        }
        var address = String(parts[2])
        if address.hasPrefix("["), address.hasSuffix("]") {
            address = String(address.dropFirst().dropLast())
        }
        guard isIPAddress(address) else {
            throw .invalidResolve(text, reason: "'\(address)' is not an IPv4 or IPv6 address")
        }
        return ResolvePin(host: host, port: port, address: address)
    }

    private static func isIPAddress(_ text: String) -> Bool {
        let v4 = text.split(separator: ".", omittingEmptySubsequences: false)
        if v4.count == 4, v4.allSatisfy({ part in part.count <= 3 && UInt8(part) != nil }) { return true }
        return text.contains(":") && text.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
    }
}

extension [ResolvePin] {
    /// The host → address map AsyncHTTPClient applies. It pins by host name only (any
    /// port), so two pins sending one host to different addresses are refused.
    func dnsOverride() throws(FetchError) -> [String: String] {
        var map: [String: String] = [:]
        for pin in self {
            if let existing = map[pin.host], existing != pin.address {
                throw .invalidResolve(
                    "\(pin.host):\(pin.port):\(pin.address)",
                    reason: """
                        \(pin.host) is already pinned to \(existing); one address per host name is \
                        supported
                        """)
            }
            map[pin.host] = pin.address
        }
        return map
    }
}
