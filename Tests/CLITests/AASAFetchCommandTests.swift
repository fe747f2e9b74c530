import Foundation
import TestServer
import TestSupport
import Testing

/// End-to-end: the built `linklab` binary against the loopback HTTPS site, pinned with
/// `--resolve`, trusting the generated CA through `--ca-file`, the CDN through `--cdn-base`.
@Suite(.serialized) struct AASAFetchCommandTests {
    private static var binaryMissing: Bool { LinkLabProcess.executableURL == nil }

    private func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test(.disabled(if: binaryMissing, "linklab binary not built; run `swift build` first"))
    func jsonShowsEveryRouteOfAGoodHost() async throws {
        try await withLoopbackSite { site, common in
            let output =
                try LinkLabProcess.run(["aasa", "fetch", site.hostArgument("good"), "--format", "json"] + common)
            #expect(output.exitCode == 0, "\(output.stderr)")
            #expect(output.stderr.isEmpty)
            let document = try object(output.stdoutData)
            #expect(document["schemaVersion"] as? Int == 1)
            let domains = try #require(document["domains"] as? [[String: Any]])
            #expect(domains.count == 1)
            #expect(domains[0]["host"] as? String == site.hostArgument("good"))
            let routes = try #require(domains[0]["routes"] as? [[String: Any]])
            #expect(routes.map { $0["route"] as? String } == ["cdn", "origin", "legacy"])
            #expect(routes.map { $0["status"] as? Int } == [200, 200, 404])
            #expect(routes[0]["url"] as? String == "\(site.cdnBase)\(site.hostArgument("good"))")
            #expect(routes[1]["file"] is [String: Any])
            #expect(routes[2]["file"] is NSNull)
            #expect(routes[1]["error"] is NSNull)
            #expect(routes[1]["redirectLocation"] is NSNull)
            #expect(routes[1]["contentType"] as? String == "application/json")
            let agents = site.server.requests.compactMap(\.userAgent)
            #expect(agents.contains("AASA-Bot/1.0.0"))
        }
    }

    @Test(.disabled(if: binaryMissing, "linklab binary not built; run `swift build` first"))
    func textShowsAppleFailureHeadersAndBotProtection() async throws {
        try await withLoopbackSite { site, common in
            let output = try LinkLabProcess.run(["aasa", "fetch", site.hostArgument("waf"), "--route", "all"] + common)
            #expect(output.exitCode == 0, "\(output.stderr)")
            #expect(output.stdout.contains("Apple-Failure-Reason: SWCERR00101 Bad HTTP Response: 403 Forbidden"))
            #expect(output.stdout.contains("Apple-From: https://waf.aasa.test/.well-known/apple-app-site-association"))
            #expect(output.stdout.contains("DIFFERENT ANSWER"))
        }
    }

    @Test(.disabled(if: binaryMissing, "linklab binary not built; run `swift build` first"))
    func manyHostsAndFailuresComeBackInOrder() async throws {
        try await withLoopbackSite { site, common in
            let hosts =
                [
                    site.hostArgument("r301"), site.special(.refused).host, site.special(.wrongName).host,
                    site.hostArgument("big"),
                ]
            let output =
                try LinkLabProcess.run(
                    ["aasa", "fetch"] + hosts + ["--route", "origin", "--no-browser-probe", "--format", "json"] + common
                )
            #expect(output.exitCode == 0, "\(output.stderr)")
            let domains = try #require(try object(output.stdoutData)["domains"] as? [[String: Any]])
            #expect(domains.map { $0["host"] as? String } == hosts)
            let origins = domains.compactMap { ($0["routes"] as? [[String: Any]])?.first }
            #expect(origins.count == 4)
            #expect(origins[0]["status"] as? Int == 301)
            #expect(
                origins[0][
                    "redirectLocation"] as? String == "https://good.aasa.test/.well-known/apple-app-site-association")
            #expect(origins[1]["errorKind"] as? String == "connection-refused")
            #expect(origins[2]["errorKind"] as? String == "tls-name-mismatch")
            #expect(origins[3]["truncated"] as? Bool == true)
            #expect(origins[3]["bytes"] as? Int == 131_072)
        }
    }

    @Test(.disabled(if: binaryMissing, "linklab binary not built; run `swift build` first"))
    func userAgentFlagIsSent() async throws {
        try await withLoopbackSite { site, common in
            let output =
                try LinkLabProcess.run(
                    [
                        "aasa", "fetch", site.hostArgument("good"), "--route", "origin",
                        "--no-browser-probe",
                        "--user-agent", "Audit/1.0",
                    ] + common)
            #expect(output.exitCode == 0, "\(output.stderr)")
            #expect(site.server.requests.map(\.userAgent) == ["Audit/1.0"])
        }
    }

    @Test(
        .disabled(if: binaryMissing, "linklab binary not built; run `swift build` first"),
        arguments: [
            ["aasa", "fetch", "good.test", "--resolve", "good.test:443"],
            ["aasa", "fetch", "https://good.test/"],
            ["aasa", "fetch", "good.test", "--route", "everything"],
            ["aasa", "fetch", "good.test", "--cdn-base", "http://cdn.test/"],
            ["aasa", "fetch"],
        ])
    func usageErrorsExitWith2(_ arguments: [String]) throws {
        let output = try LinkLabProcess.run(arguments)
        #expect(!output.diedFromSignal)
        #expect(!output.stderr.isEmpty)
        #expect(output.exitCode == 2, "\(output.stdout)\(output.stderr)")
    }

    @Test(.disabled(if: binaryMissing, "linklab binary not built; run `swift build` first"))
    func unreadableCAFileExitsWith3AndNamesIt() throws {
        let output = try LinkLabProcess.run(["aasa", "fetch", "good.test", "--ca-file", "/nonexistent/ca.pem"])
        #expect(output.exitCode == 3)
        #expect(output.stderr.contains("/nonexistent/ca.pem"))
        #expect(output.stderr.split(separator: "\n").count == 1)
    }
}
