import AndroidApp
import AndroidOracle
import Foundation
import TestSupport
import Testing

/// `linklab`'s Android decisions against Android's own code (`docs/android.md` §4d): AOSP's
/// `Uri`, `UriCodec`, `PatternMatcher` and `IntentFilter`, compiled with `javac` from
/// `../shared/oracles/android` (third-party code, run from there, never copied here), decide the
/// same generated filters and URLs at API 30 and 35. Any difference fails with a shrunk
/// reproduction. The seed changes every run (set `LINKLAB_ORACLE_SEED` to replay one); the
/// fixed seeds and the regression scenarios run every time.
@Suite(.enabled(if: AndroidOracleSetup.unavailable == nil, Comment(rawValue: AndroidOracleSetup.unavailable ?? "")))
struct AndroidOracleTests {
    static let sources = AndroidOracleSetup.sources
    static let levels = [30, 35]

    /// Compiled once per test process.
    static let runner: Result<(OracleRunner, URL), OracleRunner.Failure> = {
        // Inside the build folder (ignored by git, reused): nothing is left in the temporary folder.
        let scratch = Fixtures.repositoryRoot.appendingPathComponent(".build/android-oracle")
        do {
            return .success((try OracleRunner(sources: sources!, scratch: scratch), scratch))
        } catch let error as OracleRunner.Failure {
            return .failure(error)
        } catch {
            return .failure(OracleRunner.Failure(description: "\(error)"))
        }
    }()

    /// Scenarios from `seed`: `count` apps with `urls` URLs each.
    static func scenarios(seed: UInt64, count: Int, urls: Int) -> [OracleScenario] {
        var generator = OracleGenerator(entropy: SeededEntropy(seed: seed))
        return (0..<count).map { generator.scenario(name: "s\(seed).\($0)", urls: urls) }
    }

    /// Compares at every level; returns the counts the run prints.
    func check(_ scenarios: [OracleScenario], label: String) throws -> OracleTally {
        let (runner, scratch) = try Self.runner.get()
        var total = OracleTally()
        for sdk in Self.levels {
            let (tally, differences) =
                try OracleCompare.differences(scenarios, sdk: sdk, runner: runner, scratch: scratch)
            total.add(tally)
            for difference in differences.prefix(3) {
                let shrunk = OracleCompare.shrink(difference, runner: runner, scratch: scratch)
                Issue.record("linklab and AOSP differ (\(label)):\n\(shrunk)")
            }
            if differences.count > 3 { Issue.record("… and \(differences.count - 3) more differences at API \(sdk)") }
        }
        return total
    }

    /// The fixed set: seeds that never change, so a regression shows on every run.
    @Test func fixedSeedsAgreeWithAOSP() throws {
        let scenarios = (1...3).flatMap { Self.scenarios(seed: UInt64($0), count: 200, urls: 5) }
        let tally = try check(scenarios, label: "fixed seeds 1–3")
        print("Android oracle, fixed seeds 1–3 (200 apps × 5 URLs each, API \(Self.levels)): \(tally)")
        #expect(tally.cases >= 5_000)
    }

    /// A new seed each run (printed), so the grammar keeps exploring.
    @Test func seedOfThisRunAgreesWithAOSP() throws {
        let seed =
            ProcessInfo.processInfo.environment["LINKLAB_ORACLE_SEED"].flatMap { UInt64($0) }
            ?? UInt64.random(in: 1_000...UInt64(Int64.max))
        let tally = try check(Self.scenarios(seed: seed, count: 400, urls: 5), label: "seed \(seed)")
        print("Android oracle, seed \(seed) (replay: LINKLAB_ORACLE_SEED=\(seed)): \(tally)")
        #expect(tally.cases >= 4_000)
    }

    /// Every difference found while this oracle was built, kept as a fixed case.
    @Test func regressionsAgreeWithAOSP() throws {
        let tally = try check(AndroidOracleRegressions.scenarios, label: "regressions")
        print("Android oracle, regression scenarios: \(tally)")
        #expect(
            tally.cases + tally.decoderSpecific
                == AndroidOracleRegressions.scenarios.reduce(0) { $0 + $1.urls.count } * Self.levels.count)
    }
}

/// Where AOSP's sources are, and why the oracle cannot run when it cannot.
enum AndroidOracleSetup {
    static let sources = Fixtures.sharedURL("oracles/android")
    static let unavailable = OracleRunner.unavailableReason(sources: sources)
}

/// The differences the oracle found, one scenario each (`docs/android.md` §4d lists the classes).
enum AndroidOracleRegressions {
    static func app(_ data: [AndroidManifest.DataElement], categories: [String]? = nil) -> AndroidManifest {
        AndroidManifest(
            packageName: "com.example", targetSDK: 35,
            activities: [
                AndroidManifest.Activity(
                    name: "com.example.A", exported: true,
                    intentFilters: [
                        AndroidManifest.IntentFilter(
                            autoVerify: true, actions: ["android.intent.action.VIEW"],
                            categories: categories ?? [
                                "android.intent.category.BROWSABLE", "android.intent.category.DEFAULT",
                            ],
                            data: data)
                    ])
            ])
    }

    static func data(
        _ scheme: String? = "https", host: String? = nil, port: String? = nil,
        with fields: [WritableKeyPath<AndroidManifest.DataElement, String?>: String] = [:]
    )
        -> AndroidManifest.DataElement
    {
        IntentFilterMatchingTests.data(scheme, host: host, port: port, with: fields)
    }

    static let scenarios: [OracleScenario] = [
        OracleScenario(
            name: "backslash-userinfo", manifest: app([data(host: "a.example"), data(host: "b.example")]),
            urls: ["https://a.example\\@b.example/", "https://x@b.example\\y", "https://a.example\\"]),
        OracleScenario(
            name: "ports", manifest: app([data(host: "a", port: "2"), data(host: "a:1")]),
            urls: [
                "https://a:1:2/", "https://a:2/", "https://a:b/", "https://a:/", "https://a:99999999999/",
                "https://a:02/",
            ]),
        OracleScenario(
            name: "encoded-host", manifest: app([data(host: "example.com"), data(host: "bücher.example")]),
            urls: [
                "https://%65xample.com/", "https://b%C3%BCcher.example/", "https://b%FCcher.example/",
                "https://ex%61mple.com:443/",
            ]),
        OracleScenario(
            name: "opaque", manifest: app([data(), data("app", host: "h")]),
            urls: ["https:x", "https:", "https://h/a b", "app:h", "https:/x", ":x"]),
        OracleScenario(
            name: "open-range", manifest: app([data(host: "h", with: [\.pathAdvancedPattern: "/a{2,}"])]),
            urls: ["https://h/a", "https://h/aa", "https://h/aaaa"]),
        OracleScenario(
            name: "mime",
            manifest: app([
                data(host: "h"),
                {
                    var d = data(nil)
                    d.mimeType = "text/plain"
                    return d
                }(),
            ]),
            urls: ["https://h/"]),
        OracleScenario(
            name: "suffix-only", manifest: app([data(host: "h"), data(nil, with: [\.pathSuffix: ".pdf"])]),
            urls: ["https://h/a.pdf", "https://h/a.html"]),
        OracleScenario(
            name: "case-folding", manifest: app([data(host: "key.example"), data(host: "*.shop.example")]),
            urls: [
                "https://\u{212A}EY.example/", "https://a.\u{17F}hop.example/",
                "https://\u{130}.shop.example/",
            ]),
        OracleScenario(
            name: "schemes-compared-by-unit", manifest: app([data("café", host: "h")]),
            urls: ["café://h/", "cafe\u{301}://h/"]),
        OracleScenario(
            name: "unpaired-half", manifest: app([data(host: "h", with: [\.pathSuffix: "\u{FFFD}"])]),
            urls: ["https://h/%😀", "https://h/x\u{FFFD}"]),
        OracleScenario(
            name: "no-scheme", manifest: app([data(nil, host: "h")]),
            urls: ["content://h/x", "file:///x", "h/x", "https://h/"]),
        OracleScenario(
            name: "decoding",
            manifest: app([
                data(host: "h", with: [\.path: "/\u{FFFD}"]),
                data(host: "h", with: [\.pathAdvancedPattern: "/.{3}"]),
            ]),
            urls: [
                "https://h/%ED%A0%80", "https://h/%E2%82", "https://h/%zz", "https://h/%4",
                "https://h/%F0%9F%98",
                "https://h/%😀", "https://h/%a😀x", "https://h/%é",
            ]),
    ]
}
