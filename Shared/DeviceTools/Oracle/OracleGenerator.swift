/// Generates association files and URLs from the feature space of Apple's matcher, reproducibly:
/// the same seed gives the same cases on every machine (SplitMix64, no system randomness).
///
/// Each case is one small file and one URL. Files mix modern `components` (`/`, `?` as a
/// string or a dictionary, `#`, `exclude`, `caseSensitive`, `percentEncoded`, `comment`) and
/// legacy `paths` (with `NOT `), `defaults` at file and detail level, substitution variables
/// (declared and built-in), wildcards `*` and `?`, non-ASCII and percent-encoded text. URLs
/// are mostly made from one of the file's own patterns (so many match) and then mutated: case,
/// percent-encoding, trailing slash, repeated, missing and extra query keys, fragments.
public struct OracleGenerator: Sendable {
    /// The seed every run includes, so a regression in a known area shows on every run.
    public static let fixedSeed: UInt64 = 0x0A5A_2026_0019
    /// The domain every generated file is served on.
    public static let host = "example.com"
    /// The app whose answer is compared.
    public static let appID = "ABCDE12345.com.example.app"
    /// A second app named in some files (its lines in Apple's output are ignored).
    public static let otherAppID = "ZYXWV98765.com.example.other"

    private var random: OracleRandom
    private let prefix: String

    /// A generator for `seed`; case IDs start with `prefix`.
    public init(seed: UInt64, prefix: String) {
        random = OracleRandom(seed: seed)
        self.prefix = prefix
    }

    /// `count` cases: the first half (rounded up) from ``fixedSeed`` (IDs `f…`), the rest from
    /// `runSeed` (IDs `r…`).
    public static func cases(count: Int, runSeed: UInt64) -> [OracleCase] {
        let fixed = (count + 1) / 2
        var first = OracleGenerator(seed: fixedSeed, prefix: "f")
        var second = OracleGenerator(seed: runSeed, prefix: "r")
        return first.next(fixed) + second.next(count - fixed)
    }

    /// The next `count` cases.
    public mutating func next(_ count: Int) -> [OracleCase] {
        (0..<max(0, count)).map { index in nextCase(id: prefix + String(format5(index))) }
    }

    private func format5(_ value: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, 5 - digits.count)) + digits
    }

    // MARK: Files

    private struct Rule {
        var path: String?
        var query: QueryPattern?
        var fragment: String?
    }

    private enum QueryPattern {
        case text(String)
        case items([(String, String)])
    }

    private static let segments = [
        "buy", "help", "Shop", "items", "42", "caf\u{E9}", "caf%C3%A9", "a%20b",
        "\u{FC}ber", "%E2%82%AC", "x*y", "a?c", "*", "?", "?*", "$(ids)",
        "$(digit)", "$(alpha)", "$(names)", "v$(digit)",
    ]
    private static let queryKeys = ["id", "q", "ref", "\u{FC}", "Page"]
    private static let queryValues = ["*", "?", "42", "$(ids)", "", "?*", "caf\u{E9}", "a b", "A%2B"]
    private static let fragments = ["*", "no_universal_links", "top?", "Section-*", "\u{E9}t\u{E9}"]

    private mutating func nextCase(id: String) -> OracleCase {
        var rules: [Rule] = []
        let legacy = random.chance(0.2)
        let file = makeFile(legacy: legacy, rules: &rules)
        let url = makeURL(rules: rules, legacy: legacy)
        return OracleCase(id: id, host: Self.host, appID: Self.appID, url: url, association: file.text)
    }

    private mutating func makeFile(legacy: Bool, rules: inout [Rule]) -> OracleJSON {
        var applinks: [(String, OracleJSON)] = []
        if random.chance(0.5) { applinks.append(("apps", .array([]))) }
        if random.chance(0.3), let defaults = makeFlags() { applinks.append(("defaults", defaults)) }
        if random.chance(0.5) {
            applinks.append(
                (
                    "substitutionVariables",
                    .object([
                        ("ids", .array(["1", "42", "abc"].map(OracleJSON.string))),
                        ("names", .array(["Caf\u{E9}", "bob", "A/B"].map(OracleJSON.string))),
                    ])
                ))
        }
        var details: [OracleJSON] = []
        var ignored: [Rule] = []
        if random.chance(0.15) { details.append(makeDetail(appIDs: [Self.otherAppID], legacy: false, rules: &ignored)) }
        let ids = random.chance(0.2) ? [Self.otherAppID, Self.appID] : [Self.appID]
        details.append(makeDetail(appIDs: ids, legacy: legacy, rules: &rules))
        if random.chance(0.1) { details.append(makeDetail(appIDs: [Self.appID], legacy: false, rules: &ignored)) }
        applinks.append(("details", .array(details)))
        return .object([("applinks", .object(applinks))])
    }

    private mutating func makeDetail(appIDs: [String], legacy: Bool, rules: inout [Rule]) -> OracleJSON {
        var members: [(String, OracleJSON)] = []
        if legacy, appIDs.count == 1, random.chance(0.6) {
            members.append(("appID", .string(appIDs[0])))
        } else {
            members.append(("appIDs", .array(appIDs.map(OracleJSON.string))))
        }
        let count = random.int(1...4)
        if legacy {
            var paths: [OracleJSON] = []
            for _ in 0..<count {
                let path = makePath()
                rules.append(Rule(path: path))
                paths.append(.string((random.chance(0.3) ? "NOT " : "") + path))
            }
            members.append(("paths", .array(paths)))
        } else {
            if random.chance(0.3), let defaults = makeFlags() { members.append(("defaults", defaults)) }
            var components: [OracleJSON] = []
            for _ in 0..<count {
                let (component, rule) = makeComponent()
                rules.append(rule)
                components.append(component)
            }
            members.append(("components", .array(components)))
        }
        return .object(members)
    }

    private mutating func makeFlags() -> OracleJSON? {
        var flags: [(String, OracleJSON)] = []
        if random.chance(0.6) { flags.append(("caseSensitive", .bool(random.chance(0.5)))) }
        if random.chance(0.6) { flags.append(("percentEncoded", .bool(random.chance(0.5)))) }
        return flags.isEmpty ? nil : .object(flags)
    }

    private mutating func makeComponent() -> (OracleJSON, Rule) {
        var members: [(String, OracleJSON)] = []
        var rule = Rule()
        if random.chance(0.85) {
            let path = makePath()
            rule.path = path
            members.append(("/", .string(path)))
        }
        if random.chance(0.35) {
            if random.chance(0.3) {
                let text = random.pick(["id=*", "*", "q=?*", "a=1&b=2", "?"])
                rule.query = .text(text)
                members.append(("?", .string(text)))
            } else {
                var items: [(String, String)] = []
                for key in random.sample(Self.queryKeys, count: random.int(1...2)) {
                    items.append((key, random.pick(Self.queryValues)))
                }
                rule.query = .items(items)
                members.append(("?", .object(items.map { ($0.0, OracleJSON.string($0.1)) })))
            }
        }
        if random.chance(0.2) {
            let fragment = random.pick(Self.fragments)
            rule.fragment = fragment
            members.append(("#", .string(fragment)))
        }
        if random.chance(0.2) { members.append(("exclude", .bool(true))) }
        if random.chance(0.3) { members.append(("caseSensitive", .bool(random.chance(0.5)))) }
        if random.chance(0.3) { members.append(("percentEncoded", .bool(random.chance(0.5)))) }
        if random.chance(0.1) { members.append(("comment", .string("generated"))) }
        return (.object(members), rule)
    }

    private mutating func makePath() -> String {
        switch random.int(0...9) {
        case 0: return "*"
        case 1: return "/"
        default:
            let parts = (0..<random.int(1...3)).map { _ in random.pick(Self.segments) }
            let tail = random.pick(["", "", "/", "/*", "*"])
            return "/" + parts.joined(separator: "/") + tail
        }
    }

    // MARK: URLs

    private mutating func makeURL(rules: [Rule], legacy: Bool) -> String {
        let rule = rules.isEmpty || random.chance(0.1) ? Rule() : random.pick(rules)
        var path = rule.path.map { instantiate($0) } ?? "/" + random.pick(["", "buy/1", "Help/x", "caf%C3%A9"])
        if !path.hasPrefix("/") { path = "/" + path }
        path = mutate(path)
        var url = "https://" + (random.chance(0.03) ? "Example.COM" : Self.host) + percentEncodeNonASCII(path)
        if let query = makeQuery(rule.query) { url += "?" + percentEncodeNonASCII(query) }
        if let fragment = rule.fragment.map({ instantiate($0) }) ?? (random.chance(0.1) ? "top" : nil) {
            url += "#" + percentEncodeNonASCII(random.chance(0.2) ? fragment.uppercased() : fragment)
        }
        return url
    }

    /// A string a pattern matches (most of the time): wildcards and variables filled in.
    private mutating func instantiate(_ pattern: String) -> String {
        var out = ""
        var rest = Substring(pattern)
        while let first = rest.first {
            if rest.hasPrefix("$("), let close = rest.firstIndex(of: ")") {
                let name = rest[rest.index(rest.startIndex, offsetBy: 2)..<close]
                out += value(of: String(name))
                rest = rest[rest.index(after: close)...]
                continue
            }
            switch first {
            case "*": out += random.pick(["", "x", "a/b", "Z9", "\u{E9}", "deep/er/path", "42"])
            case "?": out += random.pick(["x", "7", "\u{E9}", "/", "A"])
            default: out.append(first)
            }
            rest = rest.dropFirst()
        }
        return out
    }

    private mutating func value(of variable: String) -> String {
        switch variable {
        case "ids": random.pick(["1", "42", "abc", "ABC", "43"])
        case "names": random.pick(["Caf\u{E9}", "bob", "A/B", "caf%C3%A9"])
        case "digit": random.pick(["0", "7", "x"])
        case "alpha": random.pick(["a", "Z", "1"])
        default: "v"
        }
    }

    private mutating func mutate(_ path: String) -> String {
        var result = path
        if random.chance(0.15) { result = result.uppercased() }
        if random.chance(0.1) { result = result.lowercased() }
        if random.chance(0.15) {
            result = result.hasSuffix("/") && result.count > 1 ? String(result.dropLast()) : result + "/"
        }
        if random.chance(0.1), let index = result.firstIndex(where: { $0.isASCII && $0.isLetter }) {
            let letter = result[index]
            result.replaceSubrange(index...index, with: "%" + hex(letter.asciiValue ?? 0))
        }
        if random.chance(0.05) { result += "/" + random.pick(["extra", "%2F", "."]) }
        return result
    }

    private mutating func makeQuery(_ pattern: QueryPattern?) -> String? {
        var items: [String] = []
        switch pattern {
        case .text(let text):
            items.append(instantiate(text))
        case .items(let pairs):
            for (key, value) in pairs where random.chance(0.85) {
                let filled = instantiate(value).replacingOccurrences(of: " ", with: random.pick(["%20", "+"]))
                items.append(key + "=" + filled)
                if random.chance(0.15) { items.append(key + "=" + random.pick(["1", "", "zz"])) }
            }
        case nil:
            if random.chance(0.8) { return nil }
        }
        if random.chance(0.2) { items.append(random.pick(["extra=1", "id", "q=", "ID=42"])) }
        if random.chance(0.3) { items = random.shuffled(items) }
        return items.isEmpty ? (random.chance(0.5) ? "" : nil) : items.joined(separator: "&")
    }

    private func percentEncodeNonASCII(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII, scalar.value > 0x20 {
                out.unicodeScalars.append(scalar)
            } else {
                for byte in String(scalar).utf8 { out += "%" + hex(byte) }
            }
        }
        return out
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}

/// SplitMix64: small, fast, and the same on every platform.
struct OracleRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    mutating func chance(_ probability: Double) -> Bool {
        Double(next() >> 11) / Double(1 << 53) < probability
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    mutating func pick<T>(_ values: [T]) -> T { values[int(0...values.count - 1)] }

    mutating func shuffled<T>(_ values: [T]) -> [T] { sample(values, count: values.count) }

    mutating func sample<T>(_ values: [T], count: Int) -> [T] {
        var pool = values
        var out: [T] = []
        for _ in 0..<min(count, pool.count) { out.append(pool.remove(at: int(0...pool.count - 1))) }
        return out
    }
}
