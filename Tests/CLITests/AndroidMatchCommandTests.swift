import Foundation
import TestSupport
import Testing

/// The built `linklab` on the bundled sample pair: `match --android` (outcomes, the deciding
/// activity and filter, "not checked" hosts, errors, exit codes) and `match --ios --android`
/// (the verdict table and its findings).
@Suite struct AndroidMatchCommandTests {
    static func sample(_ path: String) -> String {
        Fixtures.repositoryRoot.appendingPathComponent("Samples/\(path)").path
    }

    static func json(_ output: LinkLabProcess.Output) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any])
    }

    @Test func androidOutcomesWithTheDecidingFilter() throws {
        let output = try LinkLabProcess.run([
            "match", "--android", Self.sample("LinkLabSample.apk"), "--assetlinks", Self.sample("assetlinks"),
            "https://example.com/buy/42", "https://shop.example.com/shop/x", "linklab://cart",
            "https://elsewhere.example/", "--format", "json",
        ])
        #expect(output.exitCode == 0, "\(output.stderr)")
        let object = try Self.json(output)
        #expect(object["platform"] as? String == "android" && object["sdk"] as? Int == 35)
        let results = try #require(object["results"] as? [[String: Any]])
        #expect(
            results.map { $0["outcome"] as? String } == ["opens_app", "browser", "opens_app_unverified", "browser"])
        #expect(results[0]["activity"] as? String == "com.example.app.LinkActivity")
        #expect(results[0]["filterLine"] as? Int == 18)
        // The upload key listed instead of the signing key: the near miss is named.
        let trace = results[1]["trace"] as? [String] ?? []
        #expect(trace.contains { $0.contains("upload or debug key") })
        #expect(results[3]["activity"] == nil)
    }

    /// `docs/android.md` §4a on the built binary: each string is decided as `Uri.parse` reads it,
    /// never refused, with a note where a browser would read it otherwise. The backslash case is
    /// the one an earlier version sent to the wrong host (it read `example.com` after the `@`).
    @Test func androidReadsEachStringAsUriParseDoes() throws {
        let output = try LinkLabProcess.run([
            "match", "--android", Self.sample("LinkLabSample.apk"), "--assetlinks", Self.sample("assetlinks"),
            "https://elsewhere.example\\@example.com/buy/42", "https:example.com/buy/42",
            "https://example.com/buy/4 2", "https://%65xample.com/buy/42", "--format", "json",
        ])
        #expect(output.exitCode == 0, "\(output.stderr)")
        let results = try #require(try Self.json(output)["results"] as? [[String: Any]])
        #expect(results.map { $0["outcome"] as? String } == ["browser", "browser", "opens_app", "opens_app"])
        let traces = results.map { ($0["trace"] as? [String] ?? []).joined(separator: "\n") }
        #expect(traces[0].contains("host elsewhere.example, path \\@example.com/buy/42"))
        #expect(traces[0].contains("reads \\ as /"))
        #expect(traces[1].contains("path (none: opaque)"))
        #expect(traces[2].contains("path /buy/4 2 matches prefix /buy/"))
        #expect(traces[3].contains("host example.com"))
    }

    /// Every line is kept until the table is written, so a list is refused past as many bytes
    /// of URLs as `scan` reads (64 MiB): a file by its size, standard input as it is read.
    @Test func aListOfTooManyBytesIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linklab-bytes-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = folder.appendingPathComponent("urls.txt")
        let line = "https://example.com/" + String(repeating: "a", count: 1_000) + "\n"
        let text = Data(String(repeating: line, count: (64 << 20) / (line.utf8.count - 1) + 10).utf8)
        try text.write(to: list)
        let apk = Self.sample("LinkLabSample.apk")
        let file = try LinkLabProcess.run(["match", "--android", apk, "--urls", list.path])
        #expect(file.exitCode == 3 && file.stderr.contains("files over 67108864 bytes are not read"), "\(file.stderr)")
        let piped = try LinkLabProcess.run(["match", "--android", apk, "--urls", "-"], stdin: text)
        #expect(piped.exitCode == 3, "\(piped.stderr)")
        #expect(piped.stderr.contains("more than 64 MiB of URLs"), "\(piped.stderr)")
    }

    @Test func aHostWithoutAFileIsNotCheckedAndAndroid11Asks() throws {
        let output = try LinkLabProcess.run([
            "match", "--android", Self.sample("LinkLabSample.apk"), "--sdk", "30", "--trace",
            "https://example.com/buy/42",
        ])
        #expect(output.exitCode == 0, "\(output.stderr)")
        #expect(output.stdout.contains("on Android API 30 (11 and lower: all hosts verify or none)"))
        #expect(output.stdout.contains("example.com       not verified — not checked"))
        #expect(output.stdout.contains("  chooser  (matched by com.example.app.LinkActivity (filter at line 18))"))
    }

    @Test func urlsFromStandardInputAndBadLinesExitThree() throws {
        let list = "# list\n= https://example.com/buy/1\nnot a url\n! myapp://open\n"
        let output = try LinkLabProcess.run(
            ["match", "--android", Self.sample("LinkLabSample.apk"), "--urls", "-"], stdin: Data(list.utf8))
        #expect(output.exitCode == 3)
        #expect(output.stdout.contains("https://example.com/buy/1  (must open the app)"))
        #expect(output.stdout.contains("error  line 3: not a URL"))
        #expect(output.stdout.contains("myapp://open  (must not open the app)"))
        #expect(output.stdout.contains("not what the tester expects"))
        #expect(output.stderr.contains("1 line is not a URL"))
    }

    @Test(arguments: [
        ["match", "--ios", "x.ipa", "https://example.com/"],
        ["match", "--assetlinks", "example.com=x.json", "https://example.com/"],
        ["match", "--android", "x.apk", "--aasa", "example.com=x.json", "https://example.com/"],
        ["match", "--android", "x.apk", "--fetch", "example.com", "https://example.com/"],
        ["match", "--android", "x.apk", "--format", "jsonl", "https://example.com/"],
        ["match", "--android", "x.apk", "--assetlinks", "example.com", "https://example.com/"],
        ["match", "--android", "x.apk"],
    ])
    func usageErrorsExitTwo(arguments: [String]) throws {
        let output = try LinkLabProcess.run(arguments)
        #expect(output.exitCode == 2, "\(arguments): \(output.stderr)")
    }

    @Test func unreadableAPKExitsThree() throws {
        let output = try LinkLabProcess.run(["match", "--android", Self.sample("README.md"), "https://example.com/"])
        #expect(output.exitCode == 3)
        #expect(output.stderr.contains("README.md"))
    }

    /// The sample pair: the table's verdicts and the asymmetries that are findings.
    @Test func bothPlatformsTable() throws {
        let output = try LinkLabProcess.run([
            "match", "--ios", Self.sample("LinkLabSample.ipa"), "--aasa", Self.sample("aasa"),
            "--android", Self.sample("LinkLabSample.apk"), "--assetlinks", Self.sample("assetlinks"),
            "--urls", Self.sample("urls-both.txt"), "--format", "json",
        ])
        #expect(output.exitCode == 0, "\(output.stderr)")
        let object = try Self.json(output)
        #expect(object["platform"] as? String == "both")
        let table = try #require(object["table"] as? [String: Any])
        let rows = try #require(table["rows"] as? [[String: Any]])
        var verdicts: [String: String] = [:]
        for row in rows { verdicts[row["url"] as? String ?? ""] = row["verdict"] as? String }
        #expect(verdicts["https://example.com/buy/42"] == "both")
        #expect(verdicts["https://example.org/login"] == "ios_only")
        #expect(verdicts["https://example.com/help/website/faq?articleNumber=4815"] == "android_only")
        #expect(verdicts["https://www.example.org/open/admin/users"] == "neither")
        #expect(verdicts["linklab://cart"] == "both")
        let findings = try #require(table["findings"] as? [[String: Any]])
        let asymmetric = Set(
            findings.filter { $0["id"] as? String == "XPL-001" }
                .compactMap { $0["subject"] as? String })
        #expect(asymmetric.contains("https://example.org/login"))
        #expect(asymmetric.contains("https://shop.example.com/shop/checkout/pay"))
        #expect(asymmetric.contains("linklab-admin://users/delete"))
        #expect(!asymmetric.contains("https://shop.example.com/shop/shoes/42"))  // not sensitive, not marked
        #expect(asymmetric.count == 9)  // as Samples/README.md lists them
        let counts = rows.reduce(into: [String: Int]()) { $0[$1["verdict"] as? String ?? "", default: 0] += 1 }
        #expect(counts == ["both": 6, "ios_only": 10, "android_only": 4, "neither": 5])
        let security = findings.first { $0["subject"] as? String == "linklab-admin://users/delete" }
        #expect(security?["category"] as? String == "security")
        #expect(table["iosApp"] as? String == "ABCDE12345.com.example.app")
    }
}
