import Foundation

/// Android's `PatternMatcher`: the five ways a `<data>` path (and Android 15 query and fragment)
/// attribute matches, over UTF-16 code units as Java compares them (`docs/android.md` M6–M8).
public struct AndroidPattern: Sendable, Equatable, Hashable {
    public enum Kind: String, Sendable, Codable, Hashable {
        /// `path`: the whole string.
        case literal
        /// `pathPrefix`.
        case prefix
        /// `pathPattern`: `.`, `X*`, `.*`, `\` escapes; `.*c` skips to the first `c`, no backtracking.
        case simpleGlob
        /// `pathAdvancedPattern`: classes, `+`, `{m,n}`; greedy, no backtracking.
        case advancedGlob
        /// `pathSuffix` (API 31).
        case suffix
    }

    public let kind: Kind
    public let pattern: String
    private let units: [UInt16]
    private let tokens: [Token]
    /// Why Android would refuse an advanced pattern (it then never matches here).
    public let invalidReason: String?

    /// Android refuses advanced patterns that parse to more than this many ints.
    static let maxAdvancedStorage = 2048

    public init(_ pattern: String, kind: Kind) {
        self.kind = kind
        self.pattern = pattern
        self.units = Array(pattern.utf16)
        if kind == .advancedGlob {
            switch Self.parseAdvanced(Array(pattern.utf16)) {
            case let .success(tokens):
                self.tokens = tokens
                self.invalidReason = nil
            case let .failure(reason):
                self.tokens = []
                self.invalidReason = reason.text
            }
        } else {
            self.tokens = []
            self.invalidReason = nil
        }
    }

    /// True when `text` matches, as `PatternMatcher.match` answers.
    public func matches(_ text: String) -> Bool { matches(units: Array(text.utf16)) }

    /// The same answer over UTF-16 units already split (a URL's path is split once per decision).
    public func matches(units match: [UInt16]) -> Bool {
        switch kind {
        case .literal: return match == units
        case .prefix: return match.starts(with: units)
        case .suffix: return match.count >= units.count && match[(match.count - units.count)...].elementsEqual(units)
        case .simpleGlob: return Self.matchSimple(units, match)
        case .advancedGlob: return invalidReason == nil && Self.matchAdvanced(tokens, match)
        }
    }

    // MARK: Simple glob (as PatternMatcher.matchGlobPattern walks it)

    static func matchSimple(_ pattern: [UInt16], _ match: [UInt16]) -> Bool {
        let star = UInt16(UInt8(ascii: "*")), dot = UInt16(UInt8(ascii: ".")), backslash = UInt16(UInt8(ascii: "\\"))
        let patternCount = pattern.count, matchCount = match.count
        if patternCount == 0 { return matchCount == 0 }
        var ip = 0, im = 0
        func at(_ index: Int) -> UInt16 { index < patternCount ? pattern[index] : 0 }
        var next = pattern[0]
        while ip < patternCount && im < matchCount {
            var current = next
            ip += 1
            next = at(ip)
            let escaped = current == backslash
            if escaped {
                current = next
                ip += 1
                next = at(ip)
            }
            if next == star {
                if !escaped && current == dot {
                    if ip >= patternCount - 1 { return true }  // trailing ".*"
                    ip += 1
                    next = pattern[ip]
                    if next == backslash {
                        ip += 1
                        next = at(ip)
                    }
                    while im < matchCount && match[im] != next { im += 1 }
                    if im == matchCount { return false }
                    ip += 1
                    next = at(ip)
                    im += 1
                } else {
                    while im < matchCount && match[im] == current { im += 1 }
                    ip += 1
                    next = at(ip)
                }
            } else {
                if current != dot && match[im] != current { return false }
                im += 1
            }
        }
        if ip >= patternCount && im >= matchCount { return true }
        // The match ran out with a ".*" left at the very end of the pattern.
        return ip == patternCount - 2 && pattern[ip] == dot && pattern[ip + 1] == star
    }

    // MARK: Advanced glob

    enum Token: Sendable, Equatable, Hashable {
        case literal(UInt16, min: Int, max: Int)
        case any(min: Int, max: Int)
        case set([ClosedRange<UInt16>], inverted: Bool, min: Int, max: Int)
    }

    struct ParseFailure: Error { let text: String }

    static func parseAdvanced(_ pattern: [UInt16]) -> Result<[Token], ParseFailure> {
        func ascii(_ c: Character) -> UInt16 { UInt16(c.asciiValue ?? 0) }
        var tokens: [Token] = []
        var storage = 0
        var index = 0
        while index < pattern.count {
            var base: Token
            let unit = pattern[index]
            switch unit {
            case ascii("."):
                base = .any(min: 1, max: 1)
                index += 1
            case ascii("["):
                index += 1
                var inverted = false
                if index < pattern.count && pattern[index] == ascii("^") {
                    inverted = true
                    index += 1
                }
                var ranges: [ClosedRange<UInt16>] = []
                while index < pattern.count && pattern[index] != ascii("]") {
                    var low = pattern[index]
                    if low == ascii("\\") {
                        index += 1
                        guard index < pattern.count else { return .failure(ParseFailure(text: "escape at the end")) }
                        low = pattern[index]
                    }
                    index += 1
                    var high = low
                    if index + 1 < pattern.count && pattern[index] == ascii("-") && pattern[index + 1] != ascii("]") {
                        high = pattern[index + 1]
                        if high == ascii("\\") {
                            guard index + 2 < pattern.count else {
                                return .failure(ParseFailure(text: "escape at the end"))
                            }
                            high = pattern[index + 2]
                            index += 1
                        }
                        index += 2
                    }
                    guard low <= high else { return .failure(ParseFailure(text: "range end before its start")) }
                    ranges.append(low...high)
                    storage += 2
                }
                guard index < pattern.count else { return .failure(ParseFailure(text: "set not closed with ]")) }
                guard !ranges.isEmpty else { return .failure(ParseFailure(text: "empty set []")) }
                index += 1
                base = .set(ranges, inverted: inverted, min: 1, max: 1)
            case ascii("\\"):
                guard index + 1 < pattern.count else { return .failure(ParseFailure(text: "escape at the end")) }
                base = .literal(pattern[index + 1], min: 1, max: 1)
                index += 2
            case ascii("*"), ascii("+"), ascii("{"):
                return .failure(ParseFailure(text: "modifier with nothing before it"))
            default:
                base = .literal(unit, min: 1, max: 1)
                index += 1
            }
            var low = 1, high = 1
            if index < pattern.count {
                switch pattern[index] {
                case ascii("*"):
                    (low, high) = (0, Int.max)
                    index += 1
                case ascii("+"):
                    (low, high) = (1, Int.max)
                    index += 1
                case ascii("{"):
                    guard let close = pattern[index...].firstIndex(of: ascii("}")) else {
                        return .failure(ParseFailure(text: "range not closed with }"))
                    }
                    let body = String(decoding: pattern[(index + 1)..<close], as: UTF16.self)
                    let parts = body.split(separator: ",", omittingEmptySubsequences: false)
                    guard (1...2).contains(parts.count), let first = Int(parts[0]), first >= 0 else {
                        return .failure(ParseFailure(text: "range {\(body)} is not {m} or {m,n}"))
                    }
                    let second = parts.count == 2 ? Int(parts[1]) : first
                    guard let second, second >= first else {
                        return .failure(ParseFailure(text: "range {\(body)} is not {m} or {m,n} with m ≤ n"))
                    }
                    (low, high) = (first, second)
                    index = close + 1
                default:
                    break
                }
            }
            switch base {
            case let .literal(unit, _, _): base = .literal(unit, min: low, max: high)
            case .any: base = .any(min: low, max: high)
            case let .set(ranges, inverted, _, _): base = .set(ranges, inverted: inverted, min: low, max: high)
            }
            storage += 3
            guard storage <= maxAdvancedStorage else {
                return .failure(ParseFailure(text: "pattern is longer than Android accepts (\(maxAdvancedStorage))"))
            }
            tokens.append(base)
        }
        return .success(tokens)
    }

    static func matchAdvanced(_ tokens: [Token], _ match: [UInt16]) -> Bool {
        var position = 0
        for token in tokens {
            let low: Int, high: Int
            let accepts: (UInt16) -> Bool
            switch token {
            case let .literal(unit, min, max):
                (low, high) = (min, max)
                accepts = { $0 == unit }
            case let .any(min, max):
                (low, high) = (min, max)
                accepts = { _ in true }
            case let .set(ranges, inverted, min, max):
                (low, high) = (min, max)
                accepts = { unit in ranges.contains { $0.contains(unit) } != inverted }
            }
            var count = 0
            while count < high && position + count < match.count && accepts(match[position + count]) { count += 1 }
            if count < low { return false }
            position += count
        }
        return position >= match.count
    }
}
