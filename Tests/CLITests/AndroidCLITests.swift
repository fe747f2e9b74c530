import Foundation
import TestSupport
import Testing

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
        let good =
            try LinkLabProcess.run(["assetlinks", "lint", Fixtures.url("android/assetlinks/shop.example.json").path])
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

/// `docs/cli.md`'s `inspect app.apk` example is the emitted shape: the same keys at every level
/// (a `<data>` object lists only the attributes it has, so there the keys are a subset of the
/// element's attributes), and absent values are `null`, never a missing key.
@Suite struct AndroidInspectShapeTests {
    static func documented() throws -> Any {
        let text =
            try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        let start = try #require(text.range(of: "`inspect app.apk` (keys sorted;"))
        let open = try #require(text.range(of: "```json\n", range: start.upperBound..<text.endIndex))
        let close = try #require(text.range(of: "```", range: open.upperBound..<text.endIndex))
        return try JSONSerialization.jsonObject(with: Data(text[open.upperBound..<close.lowerBound].utf8))
    }

    static let dataAttributes: Set<String> = [
        "line", "scheme", "host", "port", "path", "pathPrefix", "pathPattern", "pathAdvancedPattern", "pathSuffix",
        "mimeType", "query", "queryPrefix", "queryPattern", "queryAdvancedPattern", "querySuffix", "fragment",
        "fragmentPrefix", "fragmentPattern", "fragmentAdvancedPattern", "fragmentSuffix",
    ]

    /// Differences between the documented value and an emitted one, as paths.
    static func compare(_ doc: Any, _ emitted: Any, path: String) -> [String] {
        switch (doc, emitted) {
        case (let doc as [String: Any], let emitted as [String: Any]):
            if path.hasSuffix(".data[]") {
                let extra = Set(doc.keys).union(emitted.keys).subtracting(dataAttributes)
                return extra.isEmpty ? [] : ["\(path): not <data> attributes \(extra.sorted())"]
            }
            var out: [String] = []
            if Set(doc.keys) != Set(emitted.keys) {
                out.append("\(path): documented \(doc.keys.sorted()), emitted \(emitted.keys.sorted())")
            }
            for key in Set(doc.keys).intersection(emitted.keys).sorted() {
                out += compare(doc[key]!, emitted[key]!, path: "\(path).\(key)")
            }
            return out
        case (let doc as [Any], let emitted as [Any]):
            guard let first = doc.first else { return [] }
            return emitted.flatMap { compare(first, $0, path: path + "[]") }
        default:
            return []
        }
    }

    @Test(arguments: ["Samples/LinkLabSample.apk", "Tests/Fixtures/android/links-v1v2v3.apk"])
    func inspectJSONHasTheDocumentedKeys(apk: String) throws {
        let output = try LinkLabProcess.run([
            "inspect", Fixtures.repositoryRoot.appendingPathComponent(apk).path,
            "--format", "json",
        ])
        #expect(output.exitCode == 0, "\(output.stderr)")
        let emitted = try JSONSerialization.jsonObject(with: output.stdoutData)
        let differences = Self.compare(try Self.documented(), emitted, path: "$")
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
        // `baseEntry` is present (null for a plain APK), not left out.
        let object = try #require(emitted as? [String: Any])
        #expect(object.keys.contains("baseEntry") && object["baseEntry"] is NSNull)
    }
}
