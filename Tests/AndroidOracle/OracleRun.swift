import Foundation

#if !ANDROID_ORACLE_FUZZ
    import AndroidApp
#endif

/// One app and the URLs to decide against it: what the AOSP oracle driver reads as a scenario.
public struct OracleScenario: Sendable {
    public var name: String
    public var manifest: AndroidManifest
    public var urls: [String]

    public init(name: String, manifest: AndroidManifest, urls: [String]) {
        self.name = name
        self.manifest = manifest
        self.urls = urls
    }
}

/// Decodes one line of the driver's output. Java strings may hold an unpaired surrogate (a
/// `%` before a character outside the BMP consumes only its first half); a Swift string shows
/// such a half as U+FFFD, so the line's unpaired `\uD800`–`\uDFFF` escapes are read as U+FFFD.
public func decodeOracleLine(_ line: some StringProtocol) throws -> OracleAnswer {
    var units = Array(line.utf8)
    func escape(at index: Int) -> UInt16? {
        guard index + 6 <= units.count, units[index] == 92, units[index + 1] == 117,
            let value = UInt16(String(decoding: units[(index + 2)..<(index + 6)], as: UTF8.self), radix: 16)
        else { return nil }
        return value
    }
    var index = 0
    while index < units.count {
        guard units[index] == 92, index + 1 < units.count else {
            index += 1
            continue
        }
        guard let value = escape(at: index) else {
            index += 2
            continue
        }  // \\, \" and the like
        if (0xD800...0xDBFF).contains(value), let low = escape(at: index + 6), (0xDC00...0xDFFF).contains(low) {
            index += 12
        } else if (0xD800...0xDFFF).contains(value) {
            units.replaceSubrange(index..<(index + 6), with: Array("\\ufffd".utf8))
            index += 6
        } else {
            index += 6
        }
    }
    return try JSONDecoder().decode(OracleAnswer.self, from: Data(units))
}

/// The oracle's answer for one URL (a line of its output).
public struct OracleAnswer: Sendable, Decodable, Equatable {
    public struct Parsed: Sendable, Decodable, Equatable {
        public var scheme: String?
        public var host: String?
        public var port: Int
        public var path: String?
    }

    public var scenario: String
    public var `case`: String
    public var url: String
    public var uri: Parsed
    /// `[activity, filter, matchCode]` of filters that match with DEFAULT and an exported activity.
    public var matches: [[Int]]
    public var filterErrors: [[OracleErrorField]]
}

/// A field of a `filterErrors` entry: `[activity, filter, "message"]`.
public enum OracleErrorField: Sendable, Decodable, Equatable {
    case number(Int)
    case text(String)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            self = .number(number)
        } else {
            self = .text(try container.decode(String.self))
        }
    }
}

/// Writes scenarios in the line format of the AOSP oracle driver (`Oracle.java` beside AOSP's
/// `IntentFilter`, `PatternMatcher` and `Uri`, in `../shared/oracles/android`), for one API level:
/// the attributes that level's package parser does not read are left out, as the driver's README
/// asks (`docs/android.md` §4b).
public enum OracleInput {
    static func hex(_ text: String?) -> String {
        guard let text else { return "-" }
        return text.utf8.map { String(format: "%02x", $0) }.joined()
    }

    /// The records of `scenario`, its URLs named by `caseID`. The driver's format cannot hold an
    /// empty string (its hex is empty), so an empty URL is never written: `Uri.parse("")` is
    /// checked by the unit tests instead.
    public static func lines(_ scenario: OracleScenario, sdk: Int, caseID: (Int) -> String) -> [String] {
        var out = ["S " + hex(scenario.name)]
        var filterLines: [String] = []
        for (activityIndex, activity) in scenario.manifest.activities.enumerated() {
            let exported = activity.enabled && activity.isEffectivelyExported
            out.append("A \(activityIndex) \(hex(activity.name)) \(exported ? 1 : 0)")
            for (filterIndex, filter) in activity.intentFilters.enumerated() {
                filterLines.append("F \(activityIndex) \(filterIndex) \(filter.autoVerify ? 1 : 0)")
                filterLines += filter.actions.map { "FA " + hex($0) }
                filterLines += filter.categories.map { "FC " + hex($0) }
                for data in filter.data {
                    var fields: [(String, String?)] = [
                        ("mimeType", data.mimeType), ("scheme", data.scheme), ("host", data.host), ("port", data.port),
                        ("path", data.path), ("pathPrefix", data.pathPrefix), ("pathPattern", data.pathPattern),
                    ]
                    if sdk >= CompiledIntentFilter.suffixAndAdvancedSDK {
                        fields += [("pathAdvancedPattern", data.pathAdvancedPattern), ("pathSuffix", data.pathSuffix)]
                    }
                    let present = fields.compactMap { key, value in value.map { "\(key)=\(hex($0))" } }
                    filterLines.append((["FD"] + present).joined(separator: " "))
                }
            }
        }
        out += filterLines
        for (index, url) in scenario.urls.enumerated() { out.append("U \(caseID(index)) \(hex(url))") }
        return out
    }
}

/// Compiles AOSP's matching code with `javac` once and runs its driver over batches.
public final class OracleRunner: @unchecked Sendable {
    public let classes: URL
    let java: String

    /// Why the oracle cannot run here (no `../shared/oracles/android`, no JDK), or nil.
    public static func unavailableReason(sources: URL?) -> String? {
        guard let sources,
            FileManager.default.fileExists(atPath: sources.appendingPathComponent("Oracle.java").path)
        else {
            return "../shared/oracles/android (AOSP's matcher, kept beside the checkout, not in it) is absent, "
                + "or LINKLAB_NO_SHARED=1 hides it"
        }
        guard executable("javac") != nil, executable("java") != nil else {
            return "needs a JDK (javac and java; Debian's default-jdk-headless)"
        }
        return nil
    }

    static func executable(_ name: String) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    /// Compiles every `.java` file under `sources` into a fresh folder under `scratch`.
    public init(sources: URL, scratch: URL) throws {
        guard let javac = Self.executable("javac"), let java = Self.executable("java") else {
            throw Failure(description: "no javac/java on PATH")
        }
        self.java = java
        classes = scratch.appendingPathComponent("classes")
        try FileManager.default.createDirectory(at: classes, withIntermediateDirectories: true)
        let files =
            FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "java" }.map(\.path).sorted() ?? []
        let (status, output) = try Self.run(javac, ["-nowarn", "-encoding", "UTF-8", "-d", classes.path] + files)
        guard status == 0 else { throw Failure(description: "javac failed (\(status)): \(output.suffix(2000))") }
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Runs the driver over `input` lines; one answer per `U` line, in order.
    public func answers(_ input: [String], scratch: URL) throws -> [OracleAnswer] {
        let batch = UUID().uuidString
        let inputURL = scratch.appendingPathComponent("oracle-input-\(batch).txt")
        let outputURL = scratch.appendingPathComponent("oracle-output-\(batch).jsonl")
        defer {
            try? FileManager.default.removeItem(at: inputURL)
            try? FileManager.default.removeItem(at: outputURL)
        }
        try Data((input.joined(separator: "\n") + "\n").utf8).write(to: inputURL)
        let (status, output) = try Self.run(java, ["-cp", classes.path, "Oracle", inputURL.path, outputURL.path])
        guard status == 0 else { throw Failure(description: "the oracle failed (\(status)): \(output.suffix(2000))") }
        let text = try String(contentsOf: outputURL, encoding: .utf8)
        return try text.split(separator: "\n").map(decodeOracleLine)
    }
}

/// Where `linklab`'s reading of one URL against one app differs from AOSP's.
public struct OracleDifference: Sendable, CustomStringConvertible {
    public var scenario: OracleScenario
    public var sdk: Int
    public var url: String
    public var oracle: OracleAnswer
    public var ours: OracleAnswer.Parsed
    public var ourMatches: [[Int]]
    public var ourInvalid: [[Int]]

    public var description: String {
        var text = "API \(sdk), URL \(String(reflecting: url))\n"
        text +=
            "  AOSP:    uri \(oracle.uri), matches \(oracle.matches.map { Array($0.prefix(2)) })"
            + (oracle.filterErrors.isEmpty ? "" : ", refused filters \(oracle.filterErrors)") + "\n"
        text +=
            "  linklab: uri \(ours), matches \(ourMatches)"
            + (ourInvalid.isEmpty ? "" : ", refused filters \(ourInvalid)") + "\n"
        text += "  filters:\n"
        for (activityIndex, activity) in scenario.manifest.activities.enumerated() {
            text += """
                    activity \(activityIndex) \(activity.name) \
                exported=\(activity.exported.map(String.init) ?? "unset")\n
                """
            for (filterIndex, filter) in activity.intentFilters.enumerated() {
                text += "      filter \(filterIndex): actions \(filter.actions), categories \(filter.categories)\n"
                for data in filter.data { text += "        <data \(OracleCompare.attributes(data))/>\n" }
            }
        }
        text +=
            "  oracle input:\n"
            + OracleInput.lines(scenario, sdk: sdk, caseID: { "r\($0)" })
            .map { "    " + $0 }.joined(separator: "\n")
        return text
    }
}

/// What a comparison covered: URLs decided, how many AOSP matched to at least one filter, how
/// many met a filter AOSP refuses, and how many differed.
public struct OracleTally: Sendable, CustomStringConvertible {
    public var cases = 0
    public var matched = 0
    public var refused = 0
    public var differing = 0
    /// Cases left out: an encoded surrogate, which the desktop JDK's UTF-8 decoder (the oracle's)
    /// and ICU's (Android's) read differently (`docs/android.md` U8).
    public var decoderSpecific = 0
    public init() {}

    public mutating func add(_ other: OracleTally) {
        cases += other.cases
        matched += other.matched
        refused += other.refused
        differing += other.differing
        decoderSpecific += other.decoderSpecific
    }

    public var description: String {
        "\(cases) cases (\(matched) matched by AOSP, \(refused) with a filter AOSP refuses), \(differing) differ"
            + (decoderSpecific > 0 ? "; \(decoderSpecific) left out (an encoded surrogate: JDK ≠ ICU decoder)" : "")
    }
}

/// Compares the engine with the oracle, scenario by scenario, and shrinks what differs.
public enum OracleCompare {
    static func attributes(_ data: AndroidManifest.DataElement) -> String {
        let fields: [(String, String?)] = [
            ("mimeType", data.mimeType), ("scheme", data.scheme), ("host", data.host), ("port", data.port),
            ("path", data.path), ("pathPrefix", data.pathPrefix), ("pathPattern", data.pathPattern),
            ("pathAdvancedPattern", data.pathAdvancedPattern), ("pathSuffix", data.pathSuffix),
        ]
        return fields.compactMap { key, value in value.map { "\(key)=\(String(reflecting: $0))" } }
            .joined(separator: " ")
    }

    /// Equal as Java compares strings: UTF-16 unit by unit (Swift's `==` would call `é` and
    /// `e` + U+0301 equal).
    static func same(_ a: OracleAnswer.Parsed, _ b: OracleAnswer.Parsed) -> Bool {
        func units(_ text: String?) -> [UInt16]? { text.map { Array($0.utf16) } }
        return units(a.scheme) == units(b.scheme) && units(a.host) == units(b.host) && a.port == b.port
            && units(a.path) == units(b.path)
    }

    /// `%ED` followed by `%A0`–`%BF`: UTF-8 for a surrogate, which ICU (Android) reads as three
    /// U+FFFD and the desktop JDK (the oracle's runtime) as one.
    static func hasEncodedSurrogate(_ url: String) -> Bool {
        let bytes = Array(url.utf8.map { $0 | 0x20 })  // ASCII lower case (hex digits, '%' unchanged)
        guard bytes.count >= 6 else { return false }
        for index in 0...(bytes.count - 6)
        where bytes[index] == 37 && bytes[index + 1] == 101 && bytes[index + 2] == 100 && bytes[index + 3] == 37
            && (bytes[index + 4] == 97 || bytes[index + 4] == 98) && JavaHex.isHex(bytes[index + 5])
        {
            return true
        }
        return false
    }

    /// The engine's reading and matching filters for one URL: `[activity, filter]` pairs.
    public static func ours(
        _ matcher: AndroidLinkMatcher, _ url: String
    )
        -> (parsed: OracleAnswer.Parsed, matches: [[Int]], invalid: [[Int]])
    {
        let uri = AndroidURI(url)
        let answers = matcher.answers(for: uri)
        let fast = matcher.anyMatch(uri)
        var matches = answers.filter(\.matches).map { [$0.activityIndex, $0.filterIndex] }
        // The fast path must agree with the traced one; a disagreement shows as a wrong match.
        if fast != !matches.isEmpty { matches.append([-1, -1]) }
        let invalid = matcher.filters.filter { $0.invalidReason != nil }.map { [$0.activityIndex, $0.filterIndex] }
        return (
            OracleAnswer.Parsed(scheme: uri.scheme, host: uri.host, port: uri.port, path: uri.path), matches,
            invalid
        )
    }

    /// Every difference between the engine and the oracle over `scenarios` at `sdk`.
    public static func differences(
        _ scenarios: [OracleScenario], sdk: Int, runner: OracleRunner, scratch: URL
    ) throws
        -> (tally: OracleTally, differences: [OracleDifference])
    {
        var input: [String] = []
        for (index, scenario) in scenarios.enumerated() {
            input += OracleInput.lines(scenario, sdk: sdk, caseID: { "\(index).\($0)" })
        }
        return try compare(scenarios, sdk: sdk, answers: runner.answers(input, scratch: scratch))
    }

    /// Compares the engine with the oracle's `answers` to `scenarios` (one per URL, in order).
    public static func compare(
        _ scenarios: [OracleScenario], sdk: Int, answers: [OracleAnswer]
    ) throws
        -> (tally: OracleTally, differences: [OracleDifference])
    {
        let expected = scenarios.reduce(0) { $0 + $1.urls.count }
        guard answers.count == expected else {
            throw OracleRunner.Failure(description: "the oracle answered \(answers.count) of \(expected) URLs")
        }
        var differences: [OracleDifference] = []
        var tally = OracleTally()
        var position = 0
        for scenario in scenarios {
            let matcher = AndroidLinkMatcher(manifest: scenario.manifest, sdk: sdk)
            for url in scenario.urls {
                let answer = answers[position]
                position += 1
                if Self.hasEncodedSurrogate(url) {
                    tally.decoderSpecific += 1
                    continue
                }
                tally.cases += 1
                if !answer.matches.isEmpty { tally.matched += 1 }
                if !answer.filterErrors.isEmpty { tally.refused += 1 }
                let (parsed, matches, invalid) = ours(matcher, url)
                let oracleMatches = answer.matches.map { Array($0.prefix(2)) }
                let oracleInvalid = answer.filterErrors.compactMap { fields -> [Int]? in
                    guard fields.count >= 2, case .number(let a) = fields[0], case .number(let f) = fields[1] else {
                        return nil
                    }
                    return [a, f]
                }
                // AOSP reports refused filters of every activity; the engine compiles only the
                // activities another app can start, so both are compared on those.
                let oracleExportedInvalid = oracleInvalid.filter { pair in
                    let activity = scenario.manifest.activities[pair[0]]
                    return activity.enabled && activity.isEffectivelyExported
                }
                if !Self.same(parsed, answer.uri) || matches != oracleMatches
                    || Set(invalid) != Set(oracleExportedInvalid)
                {
                    tally.differing += 1
                    differences.append(
                        OracleDifference(
                            scenario: OracleScenario(name: scenario.name, manifest: scenario.manifest, urls: [url]),
                            sdk: sdk, url: url, oracle: answer, ours: parsed, ourMatches: matches, ourInvalid: invalid))
                }
            }
        }
        return (tally, differences)
    }

    /// A smaller scenario that still differs: activities, filters, `<data>` elements, actions and
    /// categories are dropped one at a time (each round's candidates asked of the oracle in one
    /// batch) while the difference stays.
    public static func shrink(_ difference: OracleDifference, runner: OracleRunner, scratch: URL) -> OracleDifference {
        var current = difference
        for _ in 0..<8 {
            let candidates = removals(current.scenario)
            guard !candidates.isEmpty,
                let found = try? differences(candidates, sdk: current.sdk, runner: runner, scratch: scratch),
                let smaller = found.differences.first
            else { break }
            current = smaller
        }
        return current
    }

    static func removals(_ scenario: OracleScenario) -> [OracleScenario] {
        var out: [OracleScenario] = []
        let activities = scenario.manifest.activities
        func variant(_ change: (inout [AndroidManifest.Activity]) -> Void) {
            var copy = scenario
            change(&copy.manifest.activities)
            copy.name += "~"
            out.append(copy)
        }
        for a in activities.indices where activities.count > 1 { variant { $0.remove(at: a) } }
        for a in activities.indices {
            let filters = activities[a].intentFilters
            for f in filters.indices where filters.count > 1 { variant { $0[a].intentFilters.remove(at: f) } }
            for f in filters.indices {
                for d in filters[f].data.indices where filters[f].data.count > 1 {
                    variant { $0[a].intentFilters[f].data.remove(at: d) }
                }
                for c in filters[f].categories.indices { variant { $0[a].intentFilters[f].categories.remove(at: c) } }
                for x in filters[f].actions.indices { variant { $0[a].intentFilters[f].actions.remove(at: x) } }
            }
        }
        return out
    }
}

/// The oracle driver kept running, one scenario at a time over pipes (`Oracle /dev/stdin
/// /dev/stdout`: it flushes a line per URL), for the fuzz target, where a JVM per input would
/// cost more than the input.
public final class OracleStream {
    let process = Process()
    let input: FileHandle
    let output: FileHandle
    var buffer: [UInt8] = []

    /// Starts `java -cp classes Oracle` reading standard input.
    public init(classes: String) throws {
        guard let java = OracleRunner.executable("java") else {
            throw OracleRunner.Failure(description: "no java on PATH")
        }
        process.executableURL = URL(fileURLWithPath: java)
        process.arguments = ["-cp", classes, "Oracle", "/dev/stdin", "/dev/stdout"]
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        input = stdin.fileHandleForWriting
        output = stdout.fileHandleForReading
    }

    /// The oracle's answers to one scenario at `sdk`.
    public func answers(_ scenario: OracleScenario, sdk: Int) throws -> [OracleAnswer] {
        let lines = OracleInput.lines(scenario, sdk: sdk, caseID: { "f\($0)" })
        try input.write(contentsOf: Data((lines.joined(separator: "\n") + "\n").utf8))
        return try (0..<scenario.urls.count).map {
            _ in try decodeOracleLine(String(decoding: readLine(), as: UTF8.self))
        }
    }

    func readLine() throws -> [UInt8] {
        while true {
            if let newline = buffer.firstIndex(of: 10) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                return line
            }
            // read(2) returns what the pipe holds (`read(upToCount:)` would wait for a full
            // count), and a signal that interrupts it is retried: `availableData` traps on EINTR.
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { read(output.fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                throw OracleRunner.Failure(description: "the oracle stopped answering")
            }
            buffer += chunk[..<count]
        }
    }
}

enum JavaHex {
    static func isHex(_ byte: UInt8) -> Bool { (48...57).contains(byte) || (97...102).contains(byte) }
}
