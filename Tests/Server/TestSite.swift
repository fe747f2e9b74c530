import Foundation
import NIOCore
import NIOPosix

/// Bodies the scenarios serve.
public enum TestAssociationBodies {
    /// The app ID the good file names.
    public static let appID = "ABCDE12345.com.example.app"

    /// A small valid association file.
    public static let good: [UInt8] = Array(
        """
        {"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/buy/*",\
        "comment":"purchases"}]}]},"webcredentials":{"apps":["ABCDE12345.com.example.app"]}}
        """.utf8)

    /// What a stale CDN copy holds: an older app ID and rule set.
    public static let stale: [UInt8] = Array(
        """
        {"applinks":{"details":[{"appIDs":["ZZZZZ99999.com.example.old"],"components":[{"/":"/old/*"}]}]}}
        """.utf8)

    /// Not JSON at all.
    public static let invalidJSON: [UInt8] = Array("{\"applinks\": {\"details\": [ oops".utf8)

    /// An HTML error page served with status 200.
    public static let htmlPage: [UInt8] =
        Array("<!DOCTYPE html><html><head><title>Sign in</title></head><body>Please sign in</body></html>".utf8)

    /// A syntactically valid file larger than 128 KiB (`count` bytes).
    public static func oversized(count: Int = 140_000) -> [UInt8] {
        let head = Array(
            """
            {\"applinks\":{\"details\":[{\"appIDs\":[\"ABCDE12345.com.example.app\"],\"components\":[{\"/\":\"/a/*\",\
            \"comment\":\"
            """.utf8)
        let tail = Array("\"}]}]}}".utf8)
        let fill = max(0, count - head.count - tail.count)
        return head + [UInt8](repeating: UInt8(ascii: "x"), count: fill) + tail
    }
}

/// The loopback world every fetch test uses: one HTTPS server answering for `*.aasa.test`
/// and the CDN stand-in `cdn.test`, plus servers with a wrong-name certificate, an
/// untrusted certificate and no TLS at all, and a closed port.
///
/// Hosts (origin behaviour): `good`, `legacy-only`, `r301`/`r302`/`r307`/`r308`,
/// `notfound`, `servererror`, `html`, `notype`, `big`, `endless`, `slow`, `trickle`, `cms`,
/// `invalid`, `waf` (403 for AASA-Bot, file for browsers), `stale` (CDN holds an older file),
/// `noclosenotify` (HTTP/1.0 body ended by a TCP close without TLS close_notify),
/// each `.aasa.test`.
public final class TestSite: Sendable {
    /// The domain every scenario host lives under.
    public static let domain = "aasa.test"
    /// The CDN stand-in's host name.
    public static let cdnHost = "cdn.test"

    public let pki: TestPKI
    public let server: TestHTTPSServer
    public let wrongNameServer: TestHTTPSServer
    public let untrustedServer: TestHTTPSServer
    public let plainServer: TestHTTPSServer
    /// A port on 127.0.0.1 where nothing listens.
    public let closedPort: Int

    /// Full host name for a scenario (`good` → `good.aasa.test`).
    public static func host(_ scenario: String) -> String { "\(scenario).\(domain)" }

    /// `HOST:PORT` to fetch for a scenario served by the main server.
    public func hostArgument(_ scenario: String) -> String { "\(Self.host(scenario)):\(server.port)" }

    /// `cdnBase` pointing at the stand-in (`https://cdn.test:PORT/a/v1/`).
    public var cdnBase: String { "https://\(Self.cdnHost):\(server.port)/a/v1/" }

    /// Starts everything; `slowDelay` and `trickleInterval` script the slow scenarios.
    public static func start(
        slowDelay: Duration = .seconds(4),
        trickleInterval: Duration = .milliseconds(150)
    ) async throws -> TestSite {
        let pki = try TestPKI(hostNames: ["*.\(domain)", domain, cdnHost])
        let routes = try Self.routes(pki: pki, slowDelay: slowDelay, trickleInterval: trickleInterval)
        let server = try await TestHTTPSServer.start(routes: routes, identity: pki.serverIdentity)
        let wrongName = try await TestHTTPSServer.start(routes: routes, identity: pki.wrongNameIdentity)
        let untrusted = try await TestHTTPSServer.start(routes: routes, identity: pki.untrustedIdentity)
        let plain = try await TestHTTPSServer.start(routes: routes, identity: nil)
        let closed = try await Self.findClosedPort()
        return TestSite(
            pki: pki, server: server, wrongName: wrongName, untrusted: untrusted, plain: plain,
            closedPort: closed)
    }

    private init(
        pki: TestPKI, server: TestHTTPSServer, wrongName: TestHTTPSServer, untrusted: TestHTTPSServer,
        plain: TestHTTPSServer, closedPort: Int
    ) {
        self.pki = pki
        self.server = server
        self.wrongNameServer = wrongName
        self.untrustedServer = untrusted
        self.plainServer = plain
        self.closedPort = closedPort
    }

    /// Stops every server.
    public func stop() async {
        await server.stop()
        await wrongNameServer.stop()
        await untrustedServer.stop()
        await plainServer.stop()
    }

    /// DNS pins (host → address) for every name the main server answers; the special hosts
    /// `wrongname`, `untrusted`, `plain` and `refused` are pinned by `resolveArguments`.
    public var resolveArguments: [String] {
        var result = Self.scenarios.map { server.resolveArgument(for: Self.host($0)) }
        result.append(server.resolveArgument(for: Self.cdnHost))
        return result
    }

    /// The `HOST:PORT:ADDRESS` pin and the `HOST:PORT` to fetch for a special server.
    public func special(_ which: SpecialServer) -> (host: String, resolve: String) {
        let name = Self.host(which.rawValue)
        let port: Int
        switch which {
        case .wrongName: port = wrongNameServer.port
        case .untrusted: port = untrustedServer.port
        case .plain: port = plainServer.port
        case .refused: port = closedPort
        }
        return ("\(name):\(port)", "\(name):\(port):127.0.0.1")
    }

    /// Servers that fail at the transport layer.
    public enum SpecialServer: String, Sendable, CaseIterable {
        case wrongName = "wrongname"
        case untrusted, plain, refused
    }

    /// Scenario names served by the main server.
    public static let scenarios = [
        "good", "legacy-only", "r301", "r302", "r307", "r308", "notfound", "servererror", "html",
        "notype", "big", "endless", "slow", "trickle", "cms", "invalid", "waf", "stale",
        "wrongname", "untrusted", "plain", "noclosenotify",
    ]

    private static let wellKnown = "/.well-known/apple-app-site-association"
    private static let legacy = "/apple-app-site-association"

    private static func routes(pki: TestPKI, slowDelay: Duration, trickleInterval: Duration) throws -> TestRoutes {
        var routes = TestRoutes()
        let body = TestAssociationBodies.good
        func origin(_ scenario: String, _ behavior: TestBehavior) {
            routes.add(wellKnown, host: host(scenario), behavior)
        }
        for special in SpecialServer.allCases {
            origin(special.rawValue, .file(body))
        }
        origin("good", .file(body))
        routes.add(legacy, host: host("legacy-only"), .file(body))
        for status in [301, 302, 307, 308] {
            origin("r\(status)", .redirect(status, to: "https://\(host("good"))\(wellKnown)"))
        }
        origin("notfound", .status(404))
        origin("servererror", .status(500))
        origin("html", .file(TestAssociationBodies.htmlPage, contentType: "text/html; charset=utf-8"))
        origin("notype", .file(body, contentType: nil))
        origin("big", .file(TestAssociationBodies.oversized()))
        origin("endless", .endless())
        origin("slow", .delayedHeaders(slowDelay, then: .file(body)))
        origin("trickle", .trickle(body: body, interval: trickleInterval))
        origin("cms", .file(try pki.serverIdentity.cmsSigned(body), contentType: "application/pkcs7-mime"))
        origin("invalid", .file(TestAssociationBodies.invalidJSON))
        origin("waf", .byUserAgent(userAgentContains: "AASA-Bot", matching: .status(403), otherwise: .file(body)))
        origin("stale", .file(body))
        origin("noclosenotify", .closeWithoutCloseNotify(body: body))

        let cdnSuccess = [TestHeader("Apple-Origin-Format", "json"), TestHeader("Cache-Control", "max-age=21600")]
        routes.addCDN(for: host("good"), cdnHost: cdnHost, .file(body, headers: cdnSuccess))
        routes.addCDN(for: host("stale"), cdnHost: cdnHost, .file(TestAssociationBodies.stale, headers: cdnSuccess))
        routes.addCDN(
            for: host("waf"), cdnHost: cdnHost,
            .status(
                404,
                headers: [
                    TestHeader("Apple-Failure-Reason", "SWCERR00101 Bad HTTP Response: 403 Forbidden"),
                    TestHeader("Apple-Failure-Details", "{\"cause\":\"bad-http-response\",\"statusCode\":403}"),
                    TestHeader("Apple-From", "https://\(host("waf"))\(wellKnown)"),
                    TestHeader("Apple-Try-Direct", "true"),
                    TestHeader("Cache-Control", "max-age=3600"),
                ]))
        routes.addCDN(
            for: host("notfound"), cdnHost: cdnHost,
            .status(
                404,
                headers: [
                    TestHeader("Apple-Failure-Reason", "SWCERR00101 Bad HTTP Response: 404 Not Found"),
                    TestHeader("Apple-From", "https://\(host("notfound"))\(wellKnown)"),
                ]))
        return routes
    }

    /// A port on 127.0.0.1 where nothing listens (other test sites use it too).
    public static func findClosedPortForTests() async throws -> Int {
        try await findClosedPort()
    }

    private static func findClosedPort() async throws -> Int {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0)
            .get()
        let port = channel.localAddress?.port ?? 9
        try await channel.close()
        return port
    }
}
