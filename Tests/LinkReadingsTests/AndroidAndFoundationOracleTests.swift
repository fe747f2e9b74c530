import AndroidApp
import AndroidOracle
import Foundation
import TestSupport
import Testing

@testable import LinkReadings

/// Android's reading against AOSP's own `Uri` (compiled from `../shared/oracles/android` with
/// `javac` by the harness of `AndroidOracleTests`): every generated URL and every browser `href`
/// of one is parsed by both, and scheme, host, port and path must agree.
@Suite(.enabled(if: AndroidURIOracle.unavailable == nil, Comment(rawValue: AndroidURIOracle.unavailable ?? "")))
struct AndroidURIOracleTests {
    @Test func androidReadingAgreesWithAOSPUri() throws {
        let generated = BoundaryURLs.named + BoundaryURLs.generate(seed: 29, count: 1_200)
        let hrefs = generated.compactMap { text -> String? in
            if case .success(let url) = BrowserURL.parse(text) { return url.href }
            return nil
        }
        let cases = generated + hrefs
        let scratch = Fixtures.repositoryRoot.appendingPathComponent(".build/link-readings-android")
        let runner = try OracleRunner(sources: AndroidURIOracle.sources!, scratch: scratch)
        let scenario = OracleScenario(
            name: "readings",
            manifest: AndroidManifest(
                packageName: "com.example",
                targetSDK: 35, activities: []),
            urls: cases)
        let answers = try runner.answers(OracleInput.lines(scenario, sdk: 35, caseID: { "c\($0)" }), scratch: scratch)
        try #require(answers.count == cases.count)
        var differences: [String] = []
        for (text, answer) in zip(cases, answers) {
            let ours = AndroidReading(text)
            let theirs = answer.uri
            if ours.scheme != theirs.scheme || ours.host != theirs.host || (ours.port ?? -1) != theirs.port
                || ours.path != theirs.path
            {
                differences.append(
                    "\(text.debugDescription)\n    AOSP:  \(theirs)\n    model: "
                        + "scheme \(ours.scheme ?? "nil") host \(ours.host ?? "nil") "
                        + "port \(ours.port ?? -1) path \(ours.path ?? "nil")")
            }
        }
        print(
            "AOSP Uri oracle: \(cases.count) strings (\(generated.count) generated, \(hrefs.count) browser hrefs), "
                + "\(differences.count) differ")
        for difference in differences.prefix(40) { print(difference) }
        #expect(differences.isEmpty, "\(differences.count) strings read differently by AndroidURI and AOSP's Uri")
        #expect(cases.count >= 1_000)
    }
}

enum AndroidURIOracle {
    static let sources = Fixtures.sharedURL("oracles/android")
    static let unavailable = OracleRunner.unavailableReason(sources: sources)
}

/// Foundation's reading is Foundation itself (`URL(string:)`, then `URLComponents(url:)`), so
/// the oracle checks what is derived: the reading's host, port and path equal what the `URL`
/// answers through its own accessors, on every generated URL. It also prints where
/// `URLComponents(string:)` (what the iOS decider reads, `URLListEntry`) and `URL(string:)`
/// part ways, and which Foundation ran (swift-foundation's `FoundationEssentials.URL` on Linux).
@Suite struct FoundationReadingTests {
    @Test func readingMatchesFoundationsOwnAccessors() {
        let cases = BoundaryURLs.named + BoundaryURLs.generate(seed: 29, count: 1_200)
        var differences: [String] = []
        var componentsDiffer: [String] = []
        var accepted = 0
        var classes: [String: Int] = [:]
        for text in cases {
            let reading = FoundationReading(text)
            let url = URL(string: text)
            #expect(reading.accepted == (url != nil))
            guard let url else { continue }
            accepted += 1
            let host = url.host(percentEncoded: false)
            let hostClass = Self.hostClass(components: reading.host, url: host)
            classes[hostClass ?? "differs", default: 0] += 1
            if hostClass == nil || reading.port != url.port || reading.path != url.path(percentEncoded: true) {
                let port = reading.port.map(String.init) ?? "nil"
                differences.append(
                    "\(text.debugDescription): reading host \(reading.host ?? "nil") port "
                        + "\(port) path \(reading.path ?? "nil"); URL host "
                        + "\(host ?? "nil") port \(url.port.map(String.init) ?? "nil") path "
                        + url.path(percentEncoded: true))
            }
            let direct = URLComponents(string: text)
            if direct?.host != reading.host { componentsDiffer.append(text.debugDescription) }
        }
        let examples = componentsDiffer.prefix(3).joined(separator: ", ")
        print(
            "Foundation (\(String(reflecting: URL.self))): \(cases.count) URLs, \(accepted) accepted by "
                + "URL(string:), \(differences.count) readings differ from URL's accessors, \(componentsDiffer.count) "
                + "where URLComponents(string:) reads another host (e.g. \(examples))")
        print(
            "  URLComponents.host against URL.host(): "
                + classes.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: "; "))
        for difference in differences.prefix(20) { print(difference) }
        #expect(differences.isEmpty)
        #expect(cases.count >= 1_000)
    }

    /// How `URLComponents.host` (the reading) and `URL.host(percentEncoded: false)` relate, by
    /// named class; nil when they differ otherwise (a failure). Measured on swift-foundation:
    /// `URLComponents` gives `""` for an empty host where `URL` gives nil, keeps an IPv6
    /// literal's brackets where `URL` drops them, and shows an IDNA host in Unicode
    /// (`xn--80ak6aa92e.com` as Cyrillic `аррӏе.com`) where `URL` keeps the ASCII form.
    static func hostClass(components: String?, url: String?) -> String? {
        if components == url { return "same" }
        if components == "", url == nil { return "empty host: \"\" against nil" }
        if let components, let url, components == "[" + url + "]" { return "IPv6: brackets kept against dropped" }
        if let components, let url, !components.unicodeScalars.allSatisfy(\.isASCII),
            LinkReadings.hostKey(components) == url.lowercased()
        {
            return "IDNA: Unicode against ASCII (xn--)"
        }
        return nil
    }

    /// The confusion the finding exists for, as Foundation reads it on this platform.
    @Test func backslashBeforeAtSign() throws {
        let readings = try LinkReadings.read("https://trusted.example\\@evil.example/")
        print(
            "Foundation reads https://trusted.example\\@evil.example/ as host \(readings.foundation.host ?? "nil"), "
                + "absoluteString \(readings.foundation.absoluteString ?? "nil")")
        #expect(readings.android.host == "trusted.example")
        #expect(readings.authorities[0] == .host("trusted.example", port: 443))
    }
}
