import Foundation
import TestServer
import TestSupport
import Testing

/// The built `linklab` binary on the Android fixture: `scan app.apk` (offline with supplied
/// files, every report format, --sdk, --fail-on, exit codes) and `assetlinks fetch` against the
/// loopback HTTPS site (with Google's API stand-in).
@Suite struct AndroidScanCommandTests {
    let apk = Fixtures.url("android/links-v1v2v3.apk").path
    let shopFile = Fixtures.url("android/assetlinks/shop.example.json").path

    func json(_ output: LinkLabProcess.Output) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any])
    }

    @Test func offlineScanWithASuppliedFileVerifiesTheHostAndListsAndroidFindings() throws {
        let output = try LinkLabProcess.run([
            "scan", apk, "--offline", "--assetlinks", "shop.example=\(shopFile)",
            "--url", "https://shop.example/orders/1", "--format", "json",
        ])
        #expect(output.exitCode == 0, "\(output.stderr)")
        let document = try json(output)
        #expect(document["schemaVersion"] as? Int == 1 && document["platform"] as? String == "android")
        let scan = try #require(document["scan"] as? [String: Any])
        #expect(scan["sdk"] as? Int == 35 && scan["offline"] as? Bool == true && scan["allOrNothing"] as? Bool == false)
        let hosts = try #require(document["hosts"] as? [[String: Any]])
        #expect(hosts.map { $0["host"] as? String } == ["shop.example", "*.shop.example"])
        #expect(hosts.allSatisfy { $0["verified"] as? Bool == true && $0["outcome"] as? String == "supplied" })
        let urls = try #require(document["urls"] as? [[String: Any]])
        #expect(urls.first?["outcome"] as? String == "opens_app")
        #expect(urls.first?["outcomeText"] as? String == "opens the app")
        let ids = (document["findings"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(ids.contains("AND-005") && ids.contains("AND-008") && !ids.contains("AND-001"))
        #expect((document["findings"] as? [[String: Any]])?.first?["fingerprint"] != nil)
    }

    @Test func offlineWithoutAFileIsNotFetchedNeverVerified() throws {
        let output = try LinkLabProcess.run(["scan", apk, "--offline", "--format", "json"])
        #expect(output.exitCode == 0)
        let document = try json(output)
        let hosts = try #require(document["hosts"] as? [[String: Any]])
        #expect(hosts.allSatisfy { $0["verified"] as? Bool == false && $0["outcome"] as? String == "not-fetched" })
        let ids = (document["findings"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(ids.contains("AND-002") && !ids.contains("AND-001"))
    }

    @Test func failOnTripsOnAHostThatWouldNotVerifyAndTextNamesIt() throws {
        let other = FileManager.default.temporaryDirectory.appendingPathComponent("other-\(UUID().uuidString).json")
        try Data(AssetLinksTestSite.statementList([("com.other.app", AssetLinksTestSite.fingerprint)])).write(to: other)
        defer { try? FileManager.default.removeItem(at: other) }
        let output = try LinkLabProcess.run([
            "scan", apk, "--offline", "--assetlinks", "shop.example=\(other.path)",
            "--fail-on", "reliability:high",
        ])
        #expect(output.exitCode == 1, "\(output.stderr)")
        #expect(
            output.stdout.split(separator: "\n").contains {
                $0.hasPrefix("AND-001") && $0.contains("shop.example")
                    && $0.hasSuffix("App Links host would not verify")
            })
        #expect(output.stdout.contains("com.linklab.shop is not listed; the file lists com.other.app"))
        let low = try LinkLabProcess.run([
            "scan", apk, "--offline", "--assetlinks", "shop.example=\(shopFile)",
            "--fail-on", "reliability:high",
        ])
        #expect(low.exitCode == 0)
    }

    @Test func everyReportFormatIsWritten() throws {
        let folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("android-reports-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = ["r.md", "r.html", "r.pdf", "r.sarif", "r.json"]
        var arguments = ["scan", apk, "--offline", "--assetlinks", "shop.example=\(shopFile)"]
        for name in names { arguments += ["--report", folder.appendingPathComponent(name).path] }
        let output = try LinkLabProcess.run(arguments, environment: ["SOURCE_DATE_EPOCH": "1780272000"])
        #expect(output.exitCode == 0, "\(output.stderr)")
        func read(_ name: String) throws -> Data { try Data(contentsOf: folder.appendingPathComponent(name)) }
        let markdown = String(decoding: try read("r.md"), as: UTF8.self)
        #expect(markdown.contains("Android App Links assessment: com.linklab.shop") && markdown.contains("AND-005"))
        #expect(String(decoding: try read("r.html"), as: UTF8.self).contains("AND-008"))
        #expect(try read("r.pdf").starts(with: Data("%PDF".utf8)))
        let sarif = try #require(try JSONSerialization.jsonObject(with: try read("r.sarif")) as? [String: Any])
        let runs = try #require(sarif["runs"] as? [[String: Any]])
        let rules = ((runs.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]]
        #expect(rules?.contains { $0["id"] as? String == "AND-005" } == true)
        let document = try #require(try JSONSerialization.jsonObject(with: try read("r.json")) as? [String: Any])
        #expect(document["platform"] as? String == "android")
    }

    @Test func urlExpectationsAndCustomSchemesAreDecidedAsAndroidDoes() throws {
        let list = FileManager.default.temporaryDirectory.appendingPathComponent("urls-\(UUID().uuidString).txt")
        try Data("# sensitive\n!https://shop.example/orders/1\n=shop://anything\n".utf8).write(to: list)
        defer { try? FileManager.default.removeItem(at: list) }
        let output = try LinkLabProcess.run([
            "scan", apk, "--offline", "--assetlinks", "shop.example=\(shopFile)",
            "--urls", list.path, "--fail-on", "security:medium", "--format", "json",
        ])
        #expect(output.exitCode == 1, "\(output.stderr)")
        let findings = try json(output)["findings"] as? [[String: Any]] ?? []
        let mismatches = findings.filter { $0["id"] as? String == "AND-017" }
        #expect(
            mismatches.compactMap { $0["subject"] as? String } == [
                "https://shop.example/orders/1",
                "shop://anything",
            ])
        let custom = try LinkLabProcess.run(["scan", apk, "--offline", "--url", "shop://promo.shop.example:8443/reset"])
        #expect(custom.exitCode == 0, "\(custom.stderr)")
        #expect(custom.stdout.contains("opens the app (unverified deep link)"))
        #expect(try LinkLabProcess.run(["scan", apk, "--offline", "--url", "no url"]).exitCode == 2)
    }

    @Test func sdk30ModelsAllOrNothing() throws {
        let output = try LinkLabProcess.run(["scan", apk, "--offline", "--sdk", "30", "--format", "json"])
        #expect(output.exitCode == 0)
        #expect((try json(output)["scan"] as? [String: Any])?["allOrNothing"] as? Bool == true)
    }

    @Test func iOSOnlyFlagsAndBadValuesAreUsageErrors() throws {
        let aasa = try LinkLabProcess.run(["scan", apk, "--offline", "--aasa", "shop.example=\(shopFile)"])
        #expect(aasa.exitCode == 2 && aasa.stderr.contains("--aasa is for iOS apps"))
        let links = try LinkLabProcess.run(["scan", apk, "--offline", "--report", "/tmp/x.links.html"])
        #expect(links.exitCode == 2)
        let twice = try LinkLabProcess.run(["scan", apk, "--assetlinks", "a.example=x", "--assetlinks", "a.example=y"])
        #expect(twice.exitCode == 2 && twice.stderr.contains("twice"))
        #expect(try LinkLabProcess.run(["scan", apk, "--sdk", "0"]).exitCode == 2)
        #expect(try LinkLabProcess.run(["scan", apk, "--offline", "--google"]).exitCode == 2)
    }

    /// One scan path for every pair of apps: the flags of the platform not scanned are refused,
    /// never silently ignored, and `--google` is refused offline whichever apps are scanned.
    @Test func theOtherPlatformsFlagsAreUsageErrors() throws {
        let ipa = Fixtures.repositoryRoot.appendingPathComponent("Samples/LinkLabSample.ipa").path
        let android = try LinkLabProcess.run(["scan", ipa, "--offline", "--assetlinks", "shop.example=\(shopFile)"])
        #expect(android.exitCode == 2 && android.stderr.contains("--assetlinks is for Android packages"))
        let google = try LinkLabProcess.run(["scan", ipa, "--google"])
        #expect(google.exitCode == 2 && google.stderr.contains("--google is for Android packages"))
        let both = try LinkLabProcess.run(["scan", ipa, apk, "--offline", "--google"])
        #expect(both.exitCode == 2 && both.stderr.contains("cannot be used with --offline"))
        let device = try LinkLabProcess.run(["scan", ipa, apk, "--offline", "--device-state", shopFile])
        #expect(device.exitCode == 2 && device.stderr.contains("not available when scanning both platforms"))
        let links = try LinkLabProcess.run(["scan", apk, "--offline", "--report", "/tmp/x.links.html"])
        #expect(links.stderr.contains("needs the iOS app's claimed paths"))
    }

    @Test func unreadableInputsExitThree() throws {
        let missing = try LinkLabProcess.run(["scan", "/nonexistent/app.apk", "--offline"])
        #expect(missing.exitCode == 3)
        let bomb = try LinkLabProcess.run(["scan", Fixtures.url("android/hostile-zip-bomb.apk").path, "--offline"])
        #expect(bomb.exitCode == 3 && bomb.stderr.contains("compression ratio"))
        let file = try LinkLabProcess.run(["scan", apk, "--offline", "--assetlinks", "shop.example=/nonexistent.json"])
        #expect(file.exitCode == 3)
    }
}

@Suite(.serialized) struct AssetLinksFetchCommandTests {
    func withSite(_ body: (AssetLinksTestSite, [String]) async throws -> Void) async throws {
        let site = try await AssetLinksTestSite.start()
        let caFile = try site.pki.writeCAFile()
        defer { try? FileManager.default.removeItem(at: caFile) }
        var common = ["--ca-file", caFile.path, "--timeout", "20"]
        for pin in site.resolveArguments { common += ["--resolve", pin] }
        do {
            try await body(site, common)
            await site.stop()
        } catch {
            await site.stop()
            throw error
        }
    }

    @Test func fetchesEveryHostAndReportsEachOutcome() async throws {
        try await withSite { site, common in
            let output =
                try LinkLabProcess.run(
                    [
                        "assetlinks", "fetch", site.hostArgument("good"), site.hostArgument("r301"),
                        site.hostArgument("notfound"), "--format", "json",
                    ] + common)
            #expect(output.exitCode == 0, "\(output.stderr)")
            let document = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any])
            let hosts = try #require(document["hosts"] as? [[String: Any]])
            #expect(hosts.map { $0["outcome"] as? String } == ["ok", "redirect", "http-error"])
            #expect(hosts[1]["redirectLocation"] as? String == "https://good.links.test/.well-known/assetlinks.json")
            let grants = hosts[0]["grants"] as? [[String: Any]]
            #expect(grants?.first?["packageName"] as? String == AssetLinksTestSite.package)
            let text = try LinkLabProcess.run(["assetlinks", "fetch", site.hostArgument("r301")] + common)
            #expect(
                text.exitCode == 0 && text.stdout.contains("redirect")
                    && text.stdout.contains("does not follow redirects"))
        }
    }

    @Test func googleSecondOpinionAgreesOrSaysWhichGrantsDiffer() async throws {
        try await withSite { site, common in
            let agree = try LinkLabProcess.run(
                [
                    "assetlinks", "fetch", site.hostArgument("good"), "--google",
                    "--google-base", site.googleBase("agree"), "--format", "json",
                ] + common)
            let agreeDocument = try #require(try JSONSerialization.jsonObject(with: agree.stdoutData) as? [String: Any])
            let agreeGoogle = (agreeDocument["hosts"] as? [[String: Any]])?.first?["google"] as? [String: Any]
            #expect(agreeGoogle?["comparison"] as? String == "agree")
            let differ = try LinkLabProcess.run(
                [
                    "assetlinks", "fetch", site.hostArgument("good"), "--google",
                    "--google-base", site.googleBase("differ"),
                ] + common)
            #expect(differ.exitCode == 0)
            #expect(differ.stdout.contains("differs from the host's file"))
            let only = "only in Google's answer: \(AssetLinksTestSite.package) \(AssetLinksTestSite.otherFingerprint)"
            #expect(differ.stdout.contains(only))
        }
    }

    @Test func usageErrorsAndAnUnreadableCAFile() throws {
        #expect(try LinkLabProcess.run(["assetlinks", "fetch", "https://x.example/"]).exitCode == 2)
        #expect(
            try LinkLabProcess.run(["assetlinks", "fetch", "x.example", "--google-base", "http://x"]).exitCode == 2)
        #expect(
            try LinkLabProcess.run([
                "assetlinks", "fetch", "x.example", "--ca-file",
                "/nonexistent.pem",
            ]).exitCode == 3)
    }

    @Test(arguments: [["assetlinks", "fetch", "--help"], ["scan", "--help"]])
    func helpHasExamplesExitCodesAndTheContract(arguments: [String]) throws {
        let output = try LinkLabProcess.run(arguments)
        #expect(output.exitCode == 0)
        #expect(output.stdout.contains("Examples:") && output.stdout.contains("Exit codes:"))
        #expect(output.stdout.contains("docs/cli.md"))
    }
}
