import Foundation

/// The loopback world of the `assetlinks.json` tests: one HTTPS server answering for
/// `*.links.test` (each scenario's `/.well-known/assetlinks.json`) and for `google.test`, a
/// stand-in for Google's Digital Asset Links API with recorded answers in the documented
/// `ListResponse` shape (`statements[].source/relation/target.androidApp`, `maxAge`,
/// `debugString`), plus a port where nothing listens.
///
/// Scenarios: `good`, `r301` (redirect to `good`), `notfound`, `html` (file served as
/// text/html), `big` (over 1 MiB), `slow` (headers after `slowDelay`), `invalid` (not JSON),
/// `bom` (UTF-8 byte-order mark), `shared` (also grants another package); and on a second
/// server (`includeServer`, started after the first so its files can name the first's port)
/// `include`, whose file only includes `good`'s, an `http://` list and a missing one.
public final class AssetLinksTestSite: Sendable {
    public static let domain = "links.test"
    public static let googleHost = "google.test"
    /// The package and release-key fingerprint the good file grants (the `links-v1v2v3.apk` fixture).
    public static let package = "com.linklab.shop"
    public static let fingerprint =
        "07:A8:83:32:4F:9C:3E:A9:A5:8F:BA:D7:5C:33:51:9A:95:57:35:86:C1:58:D8:F3:FB:99:52:C8:C9:AB:71:1C"
    public static let otherFingerprint =
        "AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99"

    public let pki: TestPKI
    public let server: TestHTTPSServer
    /// Serves `include.links.test` (its file names URLs on `server`).
    public let includeServer: TestHTTPSServer
    /// A port on 127.0.0.1 where nothing listens (for "unreachable").
    public let closedPort: Int

    /// `good` → `good.links.test`.
    public static func host(_ scenario: String) -> String { "\(scenario).\(domain)" }
    /// `HOST:PORT` to fetch for a scenario.
    public func hostArgument(_ scenario: String) -> String {
        "\(Self.host(scenario)):\(scenario == "include" ? includeServer.port : server.port)"
    }
    /// The Google API stand-in that agrees with the good file (`/agree/…`) or differs from it (`/differ/…`).
    public func googleBase(_ answer: String) -> String {
        "https://\(Self.googleHost):\(server.port)/\(answer)/v1/statements:list"
    }
    /// `--resolve` pins for every name the server answers.
    public var resolveArguments: [String] {
        (Self.scenarios.map(Self.host) + [Self.googleHost]).map { server.resolveArgument(for: $0) }
            + [includeServer.resolveArgument(for: Self.host("include"))]
    }

    public static let scenarios = ["good", "r301", "notfound", "html", "big", "slow", "invalid", "bom", "shared"]

    /// A statement list granting `package` with `fingerprints`.
    public static func statementList(_ grants: [(String, String)]) -> [UInt8] {
        let statements = grants.map { package, fingerprint in
            """
            {"relation": ["delegate_permission/common.handle_all_urls"],
             "target": {"namespace": "android_app", "package_name": "\(package)",
                        "sha256_cert_fingerprints": ["\(fingerprint)"]}}
            """
        }
        return Array(("[" + statements.joined(separator: ",\n") + "]\n").utf8)
    }

    /// Google's `ListResponse` for `site` listing `grants` (one statement per fingerprint).
    public static func googleAnswer(site: String, _ grants: [(String, String)]) -> [UInt8] {
        let statements = grants.map { package, fingerprint in
            """
            {"source": {"web": {"site": "\(site)."}}, "relation": "delegate_permission/common.handle_all_urls",
             "target": {"androidApp": {"packageName": "\(package)", "certificate": {"sha256Fingerprint": \
            "\(fingerprint)"}}}}
            """
        }
        return Array(
            ("{\"statements\": [" + statements.joined(separator: ",") + "], \"maxAge\": \"599.999s\", "
                + "\"debugString\": \"********************* Errors encountered: *********************\\n\"}").utf8)
    }

    public static func start(slowDelay: Duration = .seconds(4)) async throws -> AssetLinksTestSite {
        let pki = try TestPKI(hostNames: ["*.\(domain)", googleHost])
        var routes = TestRoutes()
        let path = "/.well-known/assetlinks.json"
        let good = statementList([(package, fingerprint)])
        routes.add(path, host: host("good"), .file(good))
        routes.add(path, host: host("r301"), .redirect(301, to: "https://\(host("good"))\(path)"))
        routes.add(path, host: host("notfound"), .status(404))
        routes.add(path, host: host("html"), .file(good, contentType: "text/html"))
        let filler = String(repeating: " ", count: (1 << 20) + 10)
        routes.add(path, host: host("big"), .file(Array(("[" + filler + "]").utf8)))
        routes.add(path, host: host("slow"), .delayedHeaders(slowDelay, then: .file(good)))
        routes.add(path, host: host("invalid"), .file(Array("<html>not json</html>".utf8)))
        routes.add(path, host: host("bom"), .file([0xEF, 0xBB, 0xBF] + good))
        let shared = statementList([(package, fingerprint), ("com.partner.app", otherFingerprint)])
        routes.add(path, host: host("shared"), .file(shared))
        routes.add(
            "/agree/v1/statements:list", host: googleHost,
            .file(googleAnswer(site: "https://good.links.test", [(package, fingerprint)])))
        routes.add(
            "/differ/v1/statements:list", host: googleHost,
            .file(googleAnswer(site: "https://good.links.test", [(package, otherFingerprint)])))
        let server = try await TestHTTPSServer.start(routes: routes, identity: pki.serverIdentity)
        var includeRoutes = TestRoutes()
        let includes = [
            "https://\(host("good")):\(server.port)\(path)", "http://\(host("good"))\(path)",
            "https://\(host("notfound")):\(server.port)\(path)",
        ]
        includeRoutes.add(
            path, host: host("include"),
            .file(Array(("[" + includes.map { "{\"include\": \"\($0)\"}" }.joined(separator: ",") + "]").utf8)))
        let includeServer = try await TestHTTPSServer.start(routes: includeRoutes, identity: pki.serverIdentity)
        return AssetLinksTestSite(
            pki: pki, server: server, includeServer: includeServer,
            closedPort: try await TestSite.findClosedPortForTests())
    }

    private init(pki: TestPKI, server: TestHTTPSServer, includeServer: TestHTTPSServer, closedPort: Int) {
        self.pki = pki
        self.server = server
        self.includeServer = includeServer
        self.closedPort = closedPort
    }

    public func stop() async {
        await server.stop()
        await includeServer.stop()
    }
}
