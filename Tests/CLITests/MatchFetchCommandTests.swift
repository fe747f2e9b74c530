import Foundation
import TestServer
import TestSupport
import Testing

/// `linklab match --fetch HOST`: the built binary fetches the file over one route from the
/// loopback HTTPS site and decides against exactly that copy.
@Suite(.serialized) struct MatchFetchCommandTests {
    private static var binaryMissing: Bool { LinkLabProcess.executableURL == nil }

    private func decisions(_ output: LinkLabProcess.Output) throws -> [String] {
        let document = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any])
        let results = try #require(document["results"] as? [[String: Any]])
        return results.flatMap { ($0["apps"] as? [[String: Any]] ?? []).compactMap { $0["decision"] as? String } }
    }

    @Test(.disabled(if: binaryMissing, "linklab binary not built; run `swift build` first"))
    func decidesAgainstTheCDNCopyByDefault() async throws {
        try await withLoopbackSite { site, common in
            let host = site.hostArgument("good")
            let output = try LinkLabProcess.run(
                [
                    "match", "--fetch", host, "--format", "json",
                    "https://\(host)/buy/42", "https://\(host)/sell/1",
                ] + common)
            #expect(output.exitCode == 0, "\(output.stderr)")
            #expect(try decisions(output) == ["match", "no_match"])
            #expect(output.stderr.contains("cdn copy"))
            #expect(site.server.requests.contains { $0.path.hasPrefix("/a/v1/") })
        }
    }

    @Test(.disabled(if: binaryMissing, "linklab binary not built; run `swift build` first"))
    func staleCDNCopyAndOriginCopyGiveDifferentVerdicts() async throws {
        try await withLoopbackSite { site, common in
            let host = site.hostArgument("stale")
            let url = "https://\(host)/buy/42"
            let cdn =
                try LinkLabProcess.run(
                    [
                        "match", "--fetch", host, "--app-id", TestAssociationBodies.appID, "--format",
                        "json", url,
                    ] + common)
            let origin =
                try LinkLabProcess.run(
                    [
                        "match", "--fetch", host, "--route", "origin", "--app-id",
                        TestAssociationBodies.appID, "--format", "json", url,
                    ] + common)
            #expect(cdn.exitCode == 0 && origin.exitCode == 0, "\(cdn.stderr) \(origin.stderr)")
            #expect(try decisions(cdn) == ["no_match"])
            #expect(try decisions(origin) == ["match"])
        }
    }

    @Test(.disabled(if: binaryMissing, "linklab binary not built; run `swift build` first"))
    func aRouteThatGivesNoFileExitsThreeAndSaysWhy() async throws {
        try await withLoopbackSite { site, common in
            let waf = site.hostArgument("waf")
            let failed = try LinkLabProcess.run(["match", "--fetch", waf, "https://\(waf)/buy/1"] + common)
            #expect(failed.exitCode == 3)
            #expect(failed.stderr.contains("HTTP 404"))
            #expect(failed.stderr.contains("Apple-Failure-Reason: SWCERR00101"))
            let redirect = site.hostArgument("r301")
            let redirected =
                try LinkLabProcess.run(
                    [
                        "match", "--fetch", redirect, "--route", "origin",
                        "https://\(redirect)/buy/1",
                    ] + common)
            #expect(redirected.exitCode == 3)
            #expect(redirected.stderr.contains("never followed"))
            #expect(!redirected.diedFromSignal)
        }
    }
}
