import Foundation
import Testing
import TestSupport

/// The built `linklab` binary on the Android fixtures: `inspect app.apk`, `assetlinks lint`.
@Suite struct AndroidCLITests {
    @Test func inspectAPKAsTextAndJSON() throws {
        let apk = Fixtures.url("android/links-v1v2v3.apk").path
        let text = try LinkLabProcess.run(["inspect", apk])
        #expect(text.exitCode == 0, "\(text.stderr)")
        #expect(text.stdout.contains("package      com.linklab.shop"))
        #expect(text.stdout.contains("07:A8:83:32"))
        #expect(text.stdout.contains("com.linklab.shop.LinkActivity"))
        let json = try LinkLabProcess.run(["inspect", apk, "--format", "json"])
        #expect(json.exitCode == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        #expect(object["schemaVersion"] as? Int == 1 && object["platform"] as? String == "android")
        let manifest = try #require(object["manifest"] as? [String: Any])
        #expect(manifest["packageName"] as? String == "com.linklab.shop")
    }

    @Test func hostileAPKExitsThree() throws {
        let output = try LinkLabProcess.run(["inspect", Fixtures.url("android/hostile-zip-bomb.apk").path])
        #expect(output.exitCode == 3)
        #expect(output.stderr.contains("compression ratio"))
    }

    @Test func assetLinksLint() throws {
        let good = try LinkLabProcess.run(["assetlinks", "lint", Fixtures.url("android/assetlinks/shop.example.json").path])
        #expect(good.exitCode == 0)
        #expect(good.stdout.contains("no problems found"))
        let bad = try LinkLabProcess.run([
            "assetlinks", "lint", Fixtures.url("android/assetlinks/broken.json").path, "--format", "json",
        ])
        #expect(bad.exitCode == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: bad.stdoutData) as? [String: Any])
        #expect(object["valid"] as? Bool == false)
        let ids = (object["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(ids.contains("ANDROID-L002") && ids.contains("ANDROID-L005") && ids.contains("ANDROID-L008"))
    }

    @Test(arguments: [["assetlinks", "--help"], ["assetlinks", "lint", "--help"]])
    func helpHasAnExampleExitCodesAndTheContract(arguments: [String]) throws {
        let output = try LinkLabProcess.run(arguments)
        #expect(output.exitCode == 0)
        #expect(output.stdout.contains("Examples:") && output.stdout.contains("Exit codes:"))
        #expect(output.stdout.contains("docs/cli.md"))
    }
}
