import SiteAssociation
import TestSupport
import Testing

@testable import LinkReadings

/// The browser reading on cases whose answers the URL Standard states (each checked against
/// Chromium by `ChromiumOracleTests` when Chromium is installed).
@Suite struct BrowserURLTests {
    func href(_ text: String) -> String? {
        if case .success(let url) = BrowserURL.parse(text) { return url.href }
        return nil
    }

    @Test(arguments: [
        ("https://example.com\\@evil.example/", "https://example.com/@evil.example/"),
        ("HTTPS://EXAMPLE.com:443/a/./b/../c", "https://example.com/a/c"),
        ("https:example.com", "https://example.com/"),
        ("https://0x7f.1/", "https://127.0.0.1/"),
        ("https://a%2eb.example/%2e%2e/x", "https://a.b.example/x"),
        ("https://exa\tmple.com/\n", "https://example.com/"),
        ("https://ｅｘａｍｐｌｅ。com/", "https://example.com/"),
        ("https://bücher.example/", "https://xn--bcher-kva.example/"),
        ("https://user:pa:ss@host/", "https://user:pa%3Ass@host/"),
        ("https://[0:0::1]:8080/", "https://[::1]:8080/"),
        ("foo://Host/a b", "foo://Host/a%20b"),
        ("mailto:a@b", "mailto:a@b"),
    ])
    func knownAnswers(input: String, expected: String) {
        #expect(href(input) == expected)
    }

    @Test(arguments: [
        "https://a%40b.example/", "https://host:99999/", "https://user@/x", "//x", "https://1.2.3.4.5/",
        "https://a b/",
    ])
    func refusals(input: String) {
        #expect(href(input) == nil)
    }

    @Test func punycodeRoundTrips() {
        for word in ["bücher", "münchen", "яблоко", "例え"] {
            let encoded = Punycode.encode(Array(word.unicodeScalars))
            #expect(encoded.flatMap(Punycode.decode) == word)
        }
        #expect(Punycode.encode(Array("bücher".unicodeScalars)) == "bcher-kva")
    }
}

/// Random strings over the delimiters parsers care about: no reading traps, every reading
/// answers, and the browser's `href` read again gives itself (the standard's serialisation is
/// idempotent) — outside the opaque-path classes the standard itself leaves unstable.
@Suite struct ReadingRobustnessTests {
    static let alphabet: [String] = [
        "h", "t", "p", "s", ":", "/", "\\", "@", "%", "2", "e", "f", "4", "0", ".", "?", "#", "[", "]", ":", "x",
        "0x", "\t", " ", "ｅ", "。", "ü", "\u{0}", "\u{202E}", "-", "https://", "foo:", "//", ";", "=", "&", "8",
        "9", "a", "A",
    ]

    @Test func randomStringsNeverTrapAndHrefIsStable() throws {
        var random = SeededGenerator(seed: 2_929)
        var unstable: [String] = []
        var parsed = 0
        for _ in 0..<20_000 {
            let length = Int(random.next() % 24) + 1
            let prefix = random.pick(["https://", "http:", "foo://", "foo:", "HTTPS:\\\\", ""])
            let text = prefix + (0..<length).map { _ in random.pick(Self.alphabet) }.joined()
            let readings = try LinkReadings.read(text)
            _ = readings.rows
            _ = readings.hostsDisagree
            guard case .success(let url) = readings.browser else { continue }
            parsed += 1
            let again = BrowserURL.parse(url.href)
            if case .success(let second) = again, second.href == url.href { continue }
            if url.host == nil, !url.path.hasPrefix("/") { continue }  // opaque path: e.g. a trailing space
            unstable.append("\(text.debugDescription) → \(url.href.debugDescription) → \(again)")
        }
        print("Robustness: 20,000 random strings, \(parsed) parsed by the browser reading, \(unstable.count) unstable")
        for line in unstable.prefix(10) { print(line) }
        #expect(parsed > 5_000)
        #expect(unstable.isEmpty, "\(unstable.count) hrefs read differently a second time")
    }
}

/// `LinkReadings.read` remembers its answers (the rules read the same URL list on every change
/// of a host's file) and gives the same readings as reading afresh.
@Suite struct ReadingCacheTests {
    @Test func aReadIsRememberedAndEqualToAFreshOne() throws {
        let text = "https://cache-\(UInt64.random(in: 0...UInt64.max)).example\\@evil.example/x"
        #expect(ReadingCache.shared.value(for: text) == nil)
        let first = try LinkReadings.read(text)
        #expect(ReadingCache.shared.value(for: text) == first)
        #expect(try LinkReadings.read(text) == first)
        #expect(first.disagreement?.hasPrefix("hosts differ: ") == true)
    }

    @Test func theCacheStartsAgainWhenFull() {
        let cache = ReadingCache()
        let reading = try? LinkReadings.read("https://example.com/")
        guard let reading else {
            Issue.record("no reading")
            return
        }
        for index in 0...ReadingCache.capacity { cache.store(reading, for: "k\(index)") }
        #expect(cache.value(for: "k0") == nil && cache.value(for: "k\(ReadingCache.capacity)") == reading)
    }
}
