import Foundation

#if !ANDROID_ORACLE_FUZZ
    import AndroidApp
#endif

/// Where the generator's choices come from: a seeded PRNG in tests, the fuzzer's bytes in the
/// fuzz target (so libFuzzer steers the grammar).
public protocol OracleEntropy {
    mutating func next() -> UInt64
}

/// SplitMix64: small, fast, and the same sequence for the same seed on every platform.
public struct SeededEntropy: OracleEntropy {
    var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The fuzzer's bytes as choices (zeros once they run out).
public struct ByteEntropy: OracleEntropy {
    var bytes: [UInt8]
    var index = 0
    public init(_ bytes: [UInt8]) { self.bytes = bytes }
    public mutating func next() -> UInt64 {
        var value: UInt64 = 0
        for _ in 0..<2 {
            value = value << 8 | UInt64(index < bytes.count ? bytes[index] : 0)
            index += 1
        }
        return value
    }
}

/// A grammar of intent filters and of URLs aimed at where Android's reading is easy to get
/// wrong (`docs/android.md` §4a–4c): several `<data>` merged into one filter, wildcard and
/// literal hosts, ports as Java parses them, every path attribute with the pattern quirks,
/// schemes, MIME types, `exported`, aliases, categories; URLs with encodings, case, dots,
/// backslashes, userinfo, odd ports, empty parts, query and fragment.
public struct OracleGenerator {
    public var entropy: any OracleEntropy
    public init(entropy: any OracleEntropy) { self.entropy = entropy }

    mutating func below(_ bound: Int) -> Int { bound <= 1 ? 0 : Int(entropy.next() % UInt64(bound)) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    mutating func pickIfAny<T>(_ items: [T]) -> T? { items.isEmpty ? nil : pick(items) }

    static let view = "android.intent.action.VIEW"
    static let browsable = "android.intent.category.BROWSABLE"
    static let defaultCategory = "android.intent.category.DEFAULT"

    static let hosts = [
        "example.com", "Example.COM", "*.example.com", "*example.com", "*", "shop.example.com", "a.b.example.com",
        "bücher.example", "BÜCHER.example", "\u{212A}ey.example", "key.example", "\u{17F}hop.example", "shop.example",
        "\u{130}.example", "i.example", "example.com.", "xn--bcher-kva.example", "127.0.0.1", "[::1]", "", "*.",
        "ex%61mple.com", "a:b", "*.ÉXAMPLE.com", "σ.example", "Σ.example",
    ]
    static let ports = ["443", "80", "8080", "+443", "-1", "0443", "\u{664}\u{664}\u{663}", "0", "2147483647"]
    /// Ports `Integer.parseInt` refuses (the filter is then refused).
    static let badPorts = ["x", "", " 443", "99999999999", "2147483648"]
    static let schemes = [
        "https", "https", "http", "HTTPS", "app", "myapp", "", "intent", "content", "café",
        "cafe\u{301}",
    ]
    static let literalPaths = [
        "/", "/a", "/a/b", "/A", "/a b", "/a%20b", "/é", "/a/", "", "/\u{FFFD}", "/a\u{0}b", "\\a", "/a.b", "/a*b",
        "/a+b", "/..", "/a/../b",
    ]
    static let simplePatterns = [
        ".*", "/a.*", "/a.*b", "/.*/b", "a*", "/a*", "/a\\.b", "/a\\*", ".*\\.pdf", "/a.*\\.", "\\", "/x*y*z", ".",
        "/...", "/a.*.*b", "/a\\", "", "/.*.*", "/a.*\\\\",
    ]
    static let advancedPatterns = [
        "/a{2,}", "/a{2}", "/a{1,3}b", "/[a-c]+", "/[^/]+/x", "/.*", "/a{0,}", "/[a-]", "/[z-a]", "/a}b", "/]x",
        "/[.*+{]", "/a{+2}", "/a{-1}", "/a{,2}", "/a{2,1}", "/a{}", "/a{x}", "[", "/[", "/[]", "/[^]", "/*", "/a**",
        "/a*+", "/\\", "/[\\]]", "/[a-\\z]+", "/a{1}{2}", "/a{2,}{1}", "/[[-a]", "/[a--]", "/a{\u{664}}", "/a{2,3,4}",
        "/.{3,}", "/[^a]*b",
    ]
    static let validAdvancedPatterns = [
        "/a{2,}", "/a{2}", "/a{1,3}b", "/[a-c]+", "/[^/]+/x", "/.*", "/a{0,}", "/.{3,}", "/[^a]*b", "/a.*", "/[a-z]*",
    ]
    static let suffixes = ["/b", "b", ".pdf", "", "/", "B"]
    static let mimeTypes = ["text/plain", "image/*", "*/*", "bad", "/x", "a/", "*", "a/b/c"]

    /// A path value for a `<data>` attribute of `kind`.
    mutating func pathValue(_ kind: Int) -> String {
        switch kind {
        case 0: return chance(80) ? pick(Self.literalPaths) : randomPath()
        case 1: return chance(80) ? pick(Self.literalPaths) : randomPath()
        case 2: return chance(80) ? pick(Self.simplePatterns) : randomPattern(simple: true)
        case 3:
            if chance(60) { return pick(Self.validAdvancedPatterns) }
            return chance(70) ? pick(Self.advancedPatterns) : randomPattern(simple: false)
        default: return pick(Self.suffixes)
        }
    }

    mutating func randomPath() -> String {
        let pieces =
            [
                "/", "a", "b", ".", "%2F", "%2e", "%41", "%zz", "%4", "%", "\\", " ", "é", "%C3%A9", "%ED%9F%BF",
                "%EE%80%80",
                "%E2%82", "%F0%9F%98%80", "%FF", "*", "+", "?", "#", ":", "@", "A", "%é", "%😀", "%a😀", "😀",
            ]
        return (0..<(1 + below(6))).map { _ in pick(pieces) }.joined()
    }

    mutating func randomPattern(simple: Bool) -> String {
        let pieces =
            simple
            ? [".", "*", ".*", "\\", "a", "b", "/", "\\.", "\\*", "é"]
            : [".", "*", "+", "a", "b", "/", "[a-c]", "[^/]", "{2}", "{1,}", "{0,2}", "\\", "]", "}", "[", "-", "é"]
        return (0..<(1 + below(7))).map { _ in pick(pieces) }.joined()
    }

    mutating func dataElement() -> AndroidManifest.DataElement {
        var data = AndroidManifest.DataElement()
        if chance(85) { data.scheme = pick(Self.schemes) }
        if chance(75) { data.host = pick(Self.hosts) }
        if chance(12) { data.port = chance(85) ? pick(Self.ports) : pick(Self.badPorts) }
        if chance(3) { data.mimeType = pick(Self.mimeTypes) }
        let paths: [WritableKeyPath<AndroidManifest.DataElement, String?>] = [
            \.path, \.pathPrefix, \.pathPattern, \.pathAdvancedPattern, \.pathSuffix,
        ]
        for _ in 0..<below(3) {
            let kind = below(paths.count)
            data[keyPath: paths[kind]] = pathValue(kind)
        }
        return data
    }

    mutating func filter(line: Int) -> AndroidManifest.IntentFilter {
        var actions = [Self.view]
        if chance(8) { actions = ["android.intent.action.SEND"] } else if chance(5) { actions = [] }
        var categories = [Self.browsable, Self.defaultCategory]
        if chance(8) { categories.removeFirst() } else if chance(8) { categories.removeLast() }
        if chance(5) { categories.append("android.intent.category.APP_BROWSER") }
        let data = (0..<(1 + below(4))).map { _ in dataElement() }
        return AndroidManifest.IntentFilter(
            line: line, autoVerify: chance(50), actions: actions,
            categories: categories, data: data)
    }

    public mutating func manifest() -> AndroidManifest {
        var activities: [AndroidManifest.Activity] = []
        for index in 0..<(1 + below(3)) {
            let exported: Bool? = chance(15) ? nil : chance(85)
            let alias = chance(15)
            let filters = (0..<(1 + below(3))).map { filter(line: 10 * index + $0) }
            activities.append(
                AndroidManifest.Activity(
                    name: "com.example.A\(index)", isAlias: alias, targetActivity: alias ? "com.example.A0" : nil,
                    exported: exported, intentFilters: filters))
        }
        return AndroidManifest(packageName: "com.example", targetSDK: 35, activities: activities)
    }

    /// A URL aimed at the manifest's own hosts and paths, bent at a boundary.
    public mutating func url(for manifest: AndroidManifest) -> String {
        let data = manifest.activities.flatMap(\.intentFilters).flatMap(\.data)
        let schemes = ["https", "http", "HTTPS", "Https", "app", "myapp", "intent", ""] + data.compactMap(\.scheme)
        let declared = data.compactMap(\.scheme)
        var scheme = chance(60) ? (pickIfAny(declared) ?? "https") : pick(schemes)
        if chance(5) { scheme = "" }
        let separators = ["://", "://", "://", ":", ":/", ":///", "//", ":\\\\", "://\\"]
        let separator = chance(70) ? "://" : pick(separators)
        var host = pickIfAny(data.compactMap(\.host)) ?? "example.com"
        if host.hasPrefix("*") { host = pick(["x", "a.b", "", "X.Y"]) + String(host.dropFirst()) }
        if chance(40) { host = bend(host: host) }
        let userinfo = chance(15) ? pick(["user@", "a@b@", "a\\@", "%40@", "u:p@", "@"]) : ""
        let port =
            chance(15)
            ? pick([
                ":", ":443", ":80", ":8080", ":80:80", ":99999999999", ":+1", ":0443", ":x",
                ":\u{664}\u{664}\u{663}",
            ]) : ""
        var path = pickIfAny(data.compactMap { $0.path ?? $0.pathPrefix ?? $0.pathSuffix }) ?? "/"
        if chance(30) { path = randomPath() } else if chance(30) { path += randomPath() }
        if chance(10) { path = path.replacingOccurrences(of: "/", with: "\\") }
        if !path.hasPrefix("/"), !path.hasPrefix("\\"), chance(70) { path = "/" + path }
        let query = chance(20) ? pick(["?a=b", "?", "?x=%41", "?a#b"]) : ""
        let fragment = chance(15) ? pick(["#x", "#", "#a?b", "#%41"]) : ""
        var url = scheme + separator + userinfo + host + port + path + query + fragment
        if chance(4) { url = pick([":", "https:", "https:x", "//h/p", "/p:x", "a#b:c", "#", "?"]) }
        return url
    }

    mutating func bend(host: String) -> String {
        switch below(10) {
        case 0: return host.uppercased()
        case 1: return host.replacingOccurrences(of: "e", with: "%65")
        case 2: return host + "."
        case 3: return host.replacingOccurrences(of: "k", with: "\u{212A}")
        case 4: return host.replacingOccurrences(of: "s", with: "\u{17F}")
        case 5: return host.replacingOccurrences(of: ".", with: "%2E")
        case 6: return host.replacingOccurrences(of: "ü", with: "%C3%BC")
        default: return host
        }
    }

    /// One scenario: a manifest and `count` URLs aimed at it.
    public mutating func scenario(name: String, urls count: Int) -> OracleScenario {
        let manifest = manifest()
        return OracleScenario(name: name, manifest: manifest, urls: (0..<count).map { _ in url(for: manifest) })
    }
}
