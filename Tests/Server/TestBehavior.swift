import Foundation

/// What the test server does for one path. Every behaviour ends by itself: bodies are
/// finite or capped, delays are bounded, and the connection closes after each response.
public indirect enum TestBehavior: Sendable {
    /// One complete response.
    case respond(TestResponse)
    /// A `200` whose chunked body never ends on its own; the server stops after `limit`
    /// bytes or when the client goes away.
    case endless(contentType: String = "application/json", limit: Int = 8 << 20)
    /// Waits `delay` before doing `then` (headers arrive late).
    case delayedHeaders(Duration, then: TestBehavior)
    /// Sends headers at once, then the body one byte every `interval`.
    case trickle(body: [UInt8], interval: Duration)
    /// An HTTP/1.0 `200` without `Content-Length` (the body ends when the connection closes),
    /// then the TCP connection is closed under TLS without a `close_notify` alert.
    case closeWithoutCloseNotify(body: [UInt8])
    /// `matching` when the request's `User-Agent` contains `userAgentContains`, else `otherwise`.
    case byUserAgent(userAgentContains: String, matching: TestBehavior, otherwise: TestBehavior)

    /// `200` with `body` and a content type.
    public static func file(
        _ body: [UInt8], contentType: String? = "application/json",
        headers: [TestHeader] = []
    ) -> TestBehavior {
        var all = headers
        if let contentType { all.append(TestHeader("Content-Type", contentType)) }
        return .respond(TestResponse(status: 200, headers: all, body: body))
    }

    /// A redirect to `location`.
    public static func redirect(_ status: Int, to location: String) -> TestBehavior {
        .respond(TestResponse(status: status, headers: [TestHeader("Location", location)], body: Array("moved".utf8)))
    }

    /// An error status with a small HTML body.
    public static func status(_ status: Int, headers: [TestHeader] = []) -> TestBehavior {
        .respond(
            TestResponse(
                status: status,
                headers: headers + [TestHeader("Content-Type", "text/html")],
                body: Array("<html><body>error \(status)</body></html>".utf8)
            ))
    }
}

/// One header line.
public struct TestHeader: Sendable, Equatable {
    public var name: String
    public var value: String
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// A complete scripted response.
public struct TestResponse: Sendable {
    public var status: Int
    public var headers: [TestHeader]
    public var body: [UInt8]
    public init(status: Int, headers: [TestHeader] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Maps (host, path) to behaviours. A route registered without a host answers for any host.
public struct TestRoutes: Sendable {
    private var byHostAndPath: [String: TestBehavior] = [:]
    private var byPath: [String: TestBehavior] = [:]

    public init() {}

    /// Registers `behavior` for `path`, for `host` only when given.
    public mutating func add(_ path: String, host: String? = nil, _ behavior: TestBehavior) {
        if let host {
            byHostAndPath[host.lowercased() + path] = behavior
        } else {
            byPath[path] = behavior
        }
    }

    /// Serves `behavior` as a CDN stand-in would for `fetchedHost` (`/a/v1/<host>[:port]`)
    /// on `cdnHost` (the host part of the `cdnBase` given to the fetcher).
    public mutating func addCDN(for fetchedHost: String, cdnHost: String, _ behavior: TestBehavior) {
        add("/a/v1/" + fetchedHost, host: cdnHost, behavior)
    }

    /// The behaviour for a request; `nil` means 404.
    public func behavior(host: String?, path: String) -> TestBehavior? {
        if let host, let match = byHostAndPath[host.lowercased() + path] { return match }
        if let match = byPath[path] { return match }
        // CDN paths carry the fetched host's port (`/a/v1/host:port`); scenarios are
        // registered without it because ports are chosen at start.
        if path.hasPrefix("/a/v1/"), let colon = path.lastIndex(of: ":") {
            return behavior(host: host, path: String(path[..<colon]))
        }
        return nil
    }
}

/// A request the server saw.
public struct RecordedRequest: Sendable, Equatable {
    public var host: String?
    public var path: String
    public var userAgent: String?
    public var method: String
}
