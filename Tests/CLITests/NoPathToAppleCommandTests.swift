import Foundation
import TestServer
import TestSupport
import Testing

/// Issue 8: a machine that cannot reach Apple's CDN says so once ("no path to Apple") and
/// raises no AASA-001, end to end: the built binary, real origins on the loopback HTTPS
/// server, and a CDN that refuses connections or whose name does not resolve.
@Suite(.serialized) struct NoPathToAppleCommandTests {
    private static var binaryMissing: Bool { LinkLabProcess.executableURL == nil }

    /// Scans `Scan.app` (origins on the loopback server) with the CDN at `cdnBase`; returns
    /// the JSON document.
    private func scan(cdnBase: (Int) -> String, extra: (Int) -> [String]) async throws -> [String: Any] {
        let pki = try TestPKI(hostNames: ["*.\(ScanNetworkTests.domain)"])
        var routes = TestRoutes()
        for (name, origin, _) in ScanNetworkTests.scenarios() {
            routes.add(ScanNetworkTests.wellKnown, host: "\(name).\(ScanNetworkTests.domain)", origin)
        }
        let server = try await TestHTTPSServer.start(routes: routes, identity: pki.serverIdentity)
        // A port where nothing listens: a server's own port once it has stopped.
        let gone = try await TestHTTPSServer.start(routes: TestRoutes(), identity: nil)
        await gone.stop()
        let folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("linklab-nopath-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let caFile = try pki.writeCAFile()
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: caFile)
        }
        do {
            let app = try ScanNetworkTests.makeApp(in: folder, port: server.port)
            var arguments =
                [
                    "scan", app.path, "--format", "json", "--ca-file", caFile.path, "--timeout", "20",
                    "--cdn-base", cdnBase(gone.port), "--no-browser-probe",
                ] + extra(gone.port)
            for (name, _, _) in ScanNetworkTests.scenarios() {
                arguments += ["--resolve", server.resolveArgument(for: "\(name).\(ScanNetworkTests.domain)")]
            }
            let output = try LinkLabProcess.run(arguments)
            await server.stop()
            #expect(output.exitCode == 0, "\(output.stderr)")
            return try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any])
        } catch {
            await server.stop()
            throw error
        }
    }

    private func expectNoPathToApple(_ document: [String: Any], cause: String) throws {
        let run = try #require(document["scan"] as? [String: Any])
        let notes = try #require(run["notes"] as? [String])
        let said = notes.filter { $0.hasPrefix("no path to Apple") }
        #expect(said.count == 1, "\(notes)")
        #expect(said.first?.contains(cause) == true, "\(said)")
        let findings = try #require(document["findings"] as? [[String: Any]])
        let ids = findings.compactMap { $0["id"] as? String }
        #expect(!ids.contains("AASA-001"), "\(ids)")
        // The origins did answer, and are judged as before (the redirect scenario's 301).
        #expect(
            findings.contains {
                $0["id"] as? String == "AASA-003"
                    && ($0["subject"] as? String)?.contains("redirect.\(ScanNetworkTests.domain)") == true
            }, "\(ids)")
    }

    @Test(.disabled(if: binaryMissing, "linklab binary not built; run `swift build` first"), .timeLimit(.minutes(2)))
    func cdnThatRefusesConnectionsIsNoPathToApple() async throws {
        let cdnHost = "cdn.\(ScanNetworkTests.domain)"
        let document = try await scan(
            cdnBase: { "https://\(cdnHost):\($0)/a/v1/" },
            extra: { ["--resolve", "\(cdnHost):\($0):127.0.0.1"] }
        )
        try expectNoPathToApple(document, cause: "connection refused")
    }

    @Test(.disabled(if: binaryMissing, "linklab binary not built; run `swift build` first"), .timeLimit(.minutes(2)))
    func cdnNameThatDoesNotResolveIsNoPathToApple() async throws {
        let document = try await scan(cdnBase: { _ in "https://cdn.linklab.invalid/a/v1/" }, extra: { _ in [] })
        try expectNoPathToApple(document, cause: "did not resolve")
    }
}
