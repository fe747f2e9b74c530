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
    /// Why Android would refuse an advanced pattern (the package would not install; it never matches here).
    public let invalidReason: String?

    /// Android refuses an advanced pattern once its parsed form would pass this many slots.
    static let maxAdvancedStorage = 2048

    public init(_ pattern: String, kind: Kind) {
        self.kind = kind
        self.pattern = pattern
        self.units = Array(pattern.utf16)
        if kind == .advancedGlob {
            switch Self.parseAdvanced(Array(pattern.utf16)) {
            case .success(let tokens):
                self.tokens = tokens
                self.invalidReason = nil
            case .failure(let reason):
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
        let star = UInt16(UInt8(ascii: "*"))
        let dot = UInt16(UInt8(ascii: "."))
        let backslash = UInt16(UInt8(ascii: "\\"))
        let patternCount = pattern.count
        let matchCount = match.count
        if patternCount == 0 { return matchCount == 0 }
        var ip = 0
        var im = 0
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

    /// One parsed element of an advanced pattern, with how many times it may repeat: greedy,
    /// between `min` and `max` (each may be any 32-bit value `Integer.parseInt` accepts).
    enum Token: Sendable, Equatable, Hashable {
        case literal(UInt16, min: Int, max: Int)
        case any(min: Int, max: Int)
        case set([Span], inverted: Bool, min: Int, max: Int)
    }

    /// A character range of a set, kept as written: a range whose end comes before its start
    /// (`[z-a]`) is accepted by Android and matches nothing.
    struct Span: Sendable, Equatable, Hashable {
        var low: UInt16
        var high: UInt16
    }

    struct ParseFailure: Error { let text: String }

    /// Parses a `pathAdvancedPattern` as `PatternMatcher.parseAndVerifyAdvancedPattern` does
    /// (`docs/android.md` M8), quirks included, each checked against AOSP's code by the oracle
    /// test: inside `[…]` every character but `]` and `\` is literal (`.`, `*`, `{`, `[` too) and
    /// `a-z` is a range when the character after `-` is not `]`; outside, `]` is a literal and a
    /// `}` that closes no range is dropped; `{m}`, `{m,n}` and `{m,}` (m or more) take
    /// `Integer.parseInt` numbers; a modifier (`*`, `+`, `{`) needs a token before it that is not
    /// itself modified; a pattern stops being accepted when its parsed form passes 2,048 slots.
    static func parseAdvanced(_ pattern: [UInt16]) -> Result<[Token], ParseFailure> {
        let (open, close, caret, dash, backslash, dot) =
            (UInt16(91), UInt16(93), UInt16(94), UInt16(45), UInt16(92), UInt16(46))
        let (star, plus, brace, closeBrace) = (UInt16(42), UInt16(43), UInt16(123), UInt16(125))
        var tokens: [Token] = []
        var storage = 0  // slots AOSP's parsed form would use so far
        var lastWasModifier = false  // the last slot written was a modifier
        var set: (spans: [Span], inverted: Bool, low: UInt16?)?
        var index = 0
        func modify(_ min: Int, _ max: Int) {
            switch tokens[tokens.count - 1] {
            case .literal(let unit, _, _): tokens[tokens.count - 1] = .literal(unit, min: min, max: max)
            case .any: tokens[tokens.count - 1] = .any(min: min, max: max)
            case .set(let spans, let inverted, _, _):
                tokens[tokens.count - 1] = .set(spans, inverted: inverted, min: min, max: max)
            }
        }
        while index < pattern.count {
            guard storage <= maxAdvancedStorage - 3 else {
                return .failure(
                    ParseFailure(text: "pattern is longer than Android accepts (\(maxAdvancedStorage) slots)"))
            }
            var unit = pattern[index]
            if unit == backslash {
                guard index + 1 < pattern.count else { return .failure(ParseFailure(text: "escape at the end")) }
                index += 1
                unit = pattern[index]
            } else if let current = set {
                if unit == close {
                    guard !current.spans.isEmpty || current.low != nil else {
                        return .failure(ParseFailure(text: "empty set []"))
                    }
                    tokens.append(.set(current.spans, inverted: current.inverted, min: 1, max: 1))
                    storage += 1
                    lastWasModifier = false
                    set = nil
                    index += 1
                    continue
                }
            } else {
                switch unit {
                case open:
                    guard index + 1 < pattern.count else { return .failure(ParseFailure(text: "[ at the end")) }
                    let inverted = pattern[index + 1] == caret
                    set = ([], inverted, nil)
                    storage += 1
                    lastWasModifier = false
                    index += inverted ? 2 : 1
                    continue
                case brace:
                    guard !tokens.isEmpty, !lastWasModifier else {
                        return .failure(ParseFailure(text: "modifier with no token before it"))
                    }
                    let bodyStart = index + 1
                    guard let end = pattern[bodyStart...].firstIndex(of: closeBrace) else {
                        return .failure(ParseFailure(text: "range not closed with }"))
                    }
                    let bodyUnits = pattern[bodyStart..<end]
                    let body = String(decoding: bodyUnits, as: UTF16.self)
                    let low: Int?
                    let high: Int?
                    if let comma = bodyUnits.firstIndex(of: 44) {
                        low = JavaText.parseInt(String(decoding: bodyUnits[..<comma], as: UTF16.self))
                        let rest = bodyUnits[(comma + 1)...]
                        high = rest.isEmpty ? Int(Int32.max) : JavaText.parseInt(String(decoding: rest, as: UTF16.self))
                    } else {
                        low = JavaText.parseInt(body)
                        high = low
                    }
                    guard let low, let high else {
                        return .failure(ParseFailure(text: "range {\(body)} is not {m}, {m,n} or {m,}"))
                    }
                    guard low <= high else { return .failure(ParseFailure(text: "range {\(body)}: m is more than n")) }
                    modify(low, high)
                    storage += 3  // the range's start, minimum and maximum; its end below
                    lastWasModifier = true
                    index = end
                    guard storage <= maxAdvancedStorage - 3 else {
                        return .failure(
                            ParseFailure(text: "pattern is longer than Android accepts (\(maxAdvancedStorage) slots)"))
                    }
                    storage += 1
                    index += 1
                    continue
                case star, plus:
                    guard !tokens.isEmpty, !lastWasModifier else {
                        return .failure(ParseFailure(text: "modifier with no token before it"))
                    }
                    modify(unit == star ? 0 : 1, Int(Int32.max))
                    storage += 1
                    lastWasModifier = true
                    index += 1
                    continue
                case closeBrace:
                    index += 1
                    continue
                case dot:
                    tokens.append(.any(min: 1, max: 1))
                    storage += 1
                    lastWasModifier = false
                    index += 1
                    continue
                default:
                    break
                }
            }
            if var current = set {
                // A literal (or escaped) character inside a set: the end of a range, a range's
                // start when `-` and a character other than `]` follow, or one character.
                if let low = current.low {
                    current.spans.append(Span(low: low, high: unit))
                    current.low = nil
                    storage += 1
                } else if index + 2 < pattern.count, pattern[index + 1] == dash, pattern[index + 2] != close {
                    current.low = unit
                    storage += 1
                    index += 1
                } else {
                    current.spans.append(Span(low: unit, high: unit))
                    storage += 2
                }
                set = current
            } else {
                tokens.append(.literal(unit, min: 1, max: 1))
                storage += 1
                lastWasModifier = false
            }
            index += 1
        }
        guard set == nil else { return .failure(ParseFailure(text: "set not closed with ]")) }
        return .success(tokens)
    }

    static func matchAdvanced(_ tokens: [Token], _ match: [UInt16]) -> Bool {
        var position = 0
        for token in tokens {
            let low: Int
            let high: Int
            switch token {
            case .literal(_, let min, let max), .any(let min, let max), .set(_, _, let min, let max):
                (low, high) = (min, max)
            }
            var count = 0
            while count < high, position + count < match.count {
                let unit = match[position + count]
                let accepted: Bool
                switch token {
                case .literal(let literal, _, _): accepted = unit == literal
                case .any: accepted = true
                case .set(let spans, let inverted, _, _):
                    accepted = spans.contains { $0.low <= unit && unit <= $0.high } != inverted
                }
                guard accepted else { break }
                count += 1
            }
            if count < low { return false }
            position += count
        }
        return position >= match.count
    }
}
