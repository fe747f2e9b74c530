/// One built-in single-character class (`$(alpha)` …).
enum BuiltinClass: String, Sendable, Equatable, CaseIterable {
    case alpha, upper, lower, alnum, digit, xdigit

    /// Whether `unit` (ASCII) belongs to the class; with `foldCase`, either case of a letter does.
    func contains(_ unit: UInt16, foldCase: Bool) -> Bool {
        if containsExactly(unit) { return true }
        guard foldCase else { return false }
        if unit >= 0x61 && unit <= 0x7A { return containsExactly(unit - 0x20) }
        if unit >= 0x41 && unit <= 0x5A { return containsExactly(unit + 0x20) }
        return false
    }

    private func containsExactly(_ unit: UInt16) -> Bool {
        let isUpper = unit >= 0x41 && unit <= 0x5A
        let isLower = unit >= 0x61 && unit <= 0x7A
        let isDigit = unit >= 0x30 && unit <= 0x39
        switch self {
        case .alpha: return isUpper || isLower
        case .upper: return isUpper
        case .lower: return isLower
        case .alnum: return isUpper || isLower || isDigit
        case .digit: return isDigit
        case .xdigit: return isDigit || (unit >= 0x41 && unit <= 0x46) || (unit >= 0x61 && unit <= 0x66)
        }
    }
}

/// A pattern as written, split into its pieces before any case folding (variable names are
/// case-sensitive, so folding happens on the pieces, never on the raw text).
enum PatternPiece: Sendable, Equatable {
    case text(String)
    case star
    case anyOne
    case variable(String)

    /// Splits `*`, `?` and `$(name)` out of a pattern. A `$(` without a well-formed name and
    /// `)` is literal text.
    static func split(_ pattern: String, allowVariables: Bool = true) -> [PatternPiece] {
        // Every character that splits (`*`, `?`, `$`, `(`, `)`) is ASCII, and no byte of a
        // multi-byte UTF-8 sequence is ASCII: splitting the bytes splits the scalars alike.
        if let pieces = pattern.utf8.withContiguousStorageIfAvailable({ split($0, allowVariables: allowVariables) }) {
            return pieces
        }
        let bytes = Array(pattern.utf8)
        return bytes.withUnsafeBufferPointer { split($0, allowVariables: allowVariables) }
    }

    private static func split(_ bytes: UnsafeBufferPointer<UInt8>, allowVariables: Bool) -> [PatternPiece] {
        let star = UInt8(ascii: "*")
        let anyOne = UInt8(ascii: "?")
        let dollar = UInt8(ascii: "$")
        let open = UInt8(ascii: "(")
        let close = UInt8(ascii: ")")
        var pieces: [PatternPiece] = []
        var textStart = 0
        var index = 0
        func text(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
        func flush(to end: Int) {
            if end > textStart { pieces.append(.text(text(textStart..<end))) }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == star || byte == anyOne {
                flush(to: index)
                pieces.append(byte == star ? .star : .anyOne)
                index += 1
                textStart = index
            } else if allowVariables, byte == dollar, index + 1 < bytes.count, bytes[index + 1] == open {
                var end = index + 2
                var wellFormed = false
                while end < bytes.count {
                    let next = bytes[end]
                    if next == close {
                        wellFormed = true
                        break
                    }
                    if next == dollar || next == open { break }
                    end += 1
                }
                if wellFormed {
                    flush(to: index)
                    pieces.append(.variable(text((index + 2)..<end)))
                    index = end + 1
                    textStart = index
                } else {
                    index += 1
                }
            } else {
                index += 1
            }
        }
        flush(to: index)
        return pieces
    }

    /// Names of the variables a pattern references.
    static func variableNames(in pattern: String) -> [String] {
        split(pattern).compactMap { if case .variable(let name) = $0 { return name } else { return nil } }
    }
}

/// One token of a compiled pattern, over UTF-16 code units (the unit NSString compares in).
enum GlobToken: Sendable, Equatable {
    case unit(UInt16)
    case anyOne
    case star
    case builtin(BuiltinClass)
    /// A substitution variable: one of the alternatives (each itself a token list without
    /// alternatives).
    case alternatives([[GlobToken]])
    /// An undefined variable: nothing matches.
    case never

    var isStar: Bool {
        if case .star = self { return true }
        return false
    }
}

/// A compiled glob: `*` (zero or more, crosses `/`), `?` (exactly one), substitutions.
/// Matching is linear in practice and never exponential: a two-pointer matcher with
/// star-backtracking for plain patterns (worst case O(n·m)), a Thompson NFA simulation
/// (O(n·m)) when the pattern has substitution alternatives.
final class Glob: Sendable {
    let tokens: [GlobToken]
    let foldCase: Bool
    private let program: [Instruction]?
    /// Plain patterns as trivial values: a UTF-16 unit, or one of the codes below.
    /// Empty when the pattern needs the NFA (it has alternatives) or matches nothing.
    let plain: [UInt32]
    static let anyOneCode: UInt32 = 0x1_0000
    private static let starCode: UInt32 = 0x1_0001
    private static let builtinBase: UInt32 = 0x1_0010
    /// True when the pattern is `*` alone: it matches everything.
    let matchesEverything: Bool
    /// True when the pattern can match nothing (an undefined variable on every path).
    let matchesNothing: Bool

    /// Compiles pattern pieces. `variables` are the file's substitution variables (already
    /// resolved to their values); built-ins come from `BuiltinClass` and `LocaleTables`.
    init(pieces: [PatternPiece], variables: [String: [String]], foldCase: Bool) {
        self.foldCase = foldCase
        var tokens: [GlobToken] = []
        tokens.reserveCapacity(pieces.count + 32)
        for piece in pieces {
            switch piece {
            case .text(let text):
                let folded = foldCase ? PreparedURL.fold(text) : text
                // ASCII (the usual pattern): each UTF-8 byte is its UTF-16 unit, and the UTF-8
                // view of a native string is the fast one.
                // Over the contiguous bytes when the text has them (compiled for every rule at
                // every keystroke that changes every rule), not the view's iterator.
                // (A generic helper shared by both paths measured no faster than the iterator.)
                let ascii = folded.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
                    guard bytes.allSatisfy({ $0 < 0x80 }) else { return false }
                    for byte in bytes { tokens.append(.unit(UInt16(byte))) }
                    return true
                }
                if ascii == nil, folded.utf8.allSatisfy({ $0 < 0x80 }) {
                    for byte in folded.utf8 { tokens.append(.unit(UInt16(byte))) }
                } else if ascii != true {
                    for unit in folded.utf16 { tokens.append(.unit(unit)) }
                }
            case .star:
                if tokens.last?.isStar != true { tokens.append(.star) }
            case .anyOne:
                tokens.append(.anyOne)
            case .variable(let name):
                tokens.append(Glob.resolve(variable: name, variables: variables, foldCase: foldCase))
            }
        }
        self.tokens = tokens
        var hasNever = false
        var hasAlternatives = false
        for token in tokens {
            switch token {
            case .never: hasNever = true
            case .alternatives: hasAlternatives = true
            default: break
            }
        }
        matchesEverything = tokens.count == 1 && tokens[0].isStar
        matchesNothing = hasNever
        if hasAlternatives {
            program = Glob.compile(tokens)
            plain = []
        } else {
            program = nil
            let builtins = BuiltinClass.allCases
            plain = tokens.map { token -> UInt32 in
                switch token {
                case .unit(let unit): return UInt32(unit)
                case .anyOne: return Glob.anyOneCode
                case .star: return Glob.starCode
                case .builtin(let builtin): return Glob.builtinBase + UInt32(builtins.firstIndex(of: builtin) ?? 0)
                case .alternatives, .never: return Glob.anyOneCode
                }
            }
        }
    }

    /// How a `$(name)` reference resolves. File-defined variables take precedence over the
    /// built-ins (an open question; this is the one place to flip it).
    static func resolve(variable name: String, variables: [String: [String]], foldCase: Bool) -> GlobToken {
        if let values = variables[name] {
            return .alternatives(
                values.map { value in
                    let folded = foldCase ? PreparedURL.fold(value) : value
                    var tokens: [GlobToken] = []
                    for piece in PatternPiece.split(folded, allowVariables: false) {
                        switch piece {
                        case .text(let text): tokens.append(contentsOf: text.utf16.map { .unit($0) })
                        case .star: if tokens.last?.isStar != true { tokens.append(.star) }
                        case .anyOne: tokens.append(.anyOne)
                        case .variable: break
                        }
                    }
                    return tokens
                })
        }
        if let builtin = BuiltinClass(rawValue: name) { return .builtin(builtin) }
        if name == "region" {
            return resolve(variable: name, variables: [name: LocaleTables.regions], foldCase: foldCase)
        }
        if name == "lang" {
            return resolve(variable: name, variables: [name: LocaleTables.languages], foldCase: foldCase)
        }
        return .never
    }

    /// Whether the whole of `text` matches the pattern.
    func matches(_ text: [UInt16]) -> Bool {
        if matchesEverything { return true }
        if matchesNothing { return false }
        var steps = 0
        if let program { return Glob.run(program, on: text, foldCase: foldCase, steps: &steps) }
        return text.withUnsafeBufferPointer { matchPlain($0, steps: &steps) }
    }

    /// `matches` that also counts the matcher's steps (loop turns of the two-pointer matcher,
    /// thread visits of the NFA): lets tests bound the work deterministically instead of by time.
    func matchCountingSteps(_ text: [UInt16]) -> (matched: Bool, steps: Int) {
        var steps = 0
        if matchesEverything { return (true, 0) }
        if matchesNothing { return (false, 0) }
        if let program { return (Glob.run(program, on: text, foldCase: foldCase, steps: &steps), steps) }
        let matched = text.withUnsafeBufferPointer { matchPlain($0, steps: &steps) }
        return (matched, steps)
    }

    /// True when `plain` holds the whole pattern (no alternatives, not matching nothing).
    var isPlain: Bool { program == nil && !matchesNothing }

    private func matchPlain(_ text: UnsafeBufferPointer<UInt16>, steps: inout Int) -> Bool {
        plain.withUnsafeBufferPointer { Glob.matchPlain($0, text, foldCase: foldCase, steps: &steps) }
    }

    /// The two-pointer glob with star-backtracking over a plain pattern (codes of `plain`).
    static func matchPlain(
        _ pattern: UnsafeBufferPointer<UInt32>, _ text: UnsafeBufferPointer<UInt16>,
        foldCase: Bool
    ) -> Bool {
        var steps = 0
        return matchPlain(pattern, text, foldCase: foldCase, steps: &steps)
    }

    /// `matchPlain` counting one step per loop turn (see `matchCountingSteps`).
    static func matchPlain(
        _ pattern: UnsafeBufferPointer<UInt32>, _ text: UnsafeBufferPointer<UInt16>, foldCase: Bool, steps: inout Int
    ) -> Bool {
        var patternIndex = 0
        var textIndex = 0
        var starIndex = -1
        var starText = 0
        let count = pattern.count
        while textIndex < text.count {
            steps &+= 1
            if patternIndex < count, pattern[patternIndex] == starCode {
                starIndex = patternIndex
                starText = textIndex
                patternIndex += 1
            } else if patternIndex < count, accepts(pattern[patternIndex], text[textIndex], foldCase: foldCase) {
                patternIndex += 1
                textIndex += 1
            } else if starIndex >= 0 {
                patternIndex = starIndex + 1
                starText += 1
                textIndex = starText
            } else {
                return false
            }
        }
        while patternIndex < count, pattern[patternIndex] == starCode { patternIndex += 1 }
        return patternIndex == count
    }

    @inline(__always)
    private static func accepts(_ code: UInt32, _ unit: UInt16, foldCase: Bool) -> Bool {
        if code < anyOneCode { return code == UInt32(unit) }
        if code == anyOneCode { return true }
        let builtins = BuiltinClass.allCases
        let index = Int(code) - Int(builtinBase)
        return index >= 0 && index < builtins.count && builtins[index].contains(unit, foldCase: foldCase)
    }

    // MARK: NFA (patterns with substitution alternatives)

    private enum Instruction: Sendable, Equatable {
        case unit(UInt16)
        case anyOne
        case builtin(BuiltinClass)
        case split([Int])
        case jump(Int)
        case never
        case match
    }

    private static func compile(_ tokens: [GlobToken]) -> [Instruction] {
        var program: [Instruction] = []
        emit(tokens, into: &program)
        program.append(.match)
        return program
    }

    private static func emit(_ tokens: [GlobToken], into program: inout [Instruction]) {
        for token in tokens {
            switch token {
            case .unit(let unit): program.append(.unit(unit))
            case .anyOne: program.append(.anyOne)
            case .builtin(let builtin): program.append(.builtin(builtin))
            case .never: program.append(.never)
            case .star:
                let loop = program.count
                program.append(.split([loop + 1, loop + 3]))
                program.append(.anyOne)
                program.append(.jump(loop))
            case .alternatives(let alternatives):
                if alternatives.isEmpty {
                    program.append(.never)
                    continue
                }
                let splitIndex = program.count
                program.append(.split([]))
                var starts: [Int] = []
                var jumps: [Int] = []
                for alternative in alternatives {
                    starts.append(program.count)
                    emit(alternative, into: &program)
                    jumps.append(program.count)
                    program.append(.jump(0))
                }
                let end = program.count
                program[splitIndex] = .split(starts)
                for jump in jumps { program[jump] = .jump(end) }
            }
        }
    }

    private static func run(_ program: [Instruction], on text: [UInt16], foldCase: Bool, steps: inout Int) -> Bool {
        var marks = [Int](repeating: -1, count: program.count)
        var current: [Int] = []
        var next: [Int] = []
        var pending: [Int] = []
        current.reserveCapacity(program.count)
        next.reserveCapacity(program.count)

        func add(_ start: Int, generation: Int, to list: inout [Int]) {
            pending.append(start)
            while let pc = pending.popLast() {
                guard marks[pc] != generation else { continue }
                marks[pc] = generation
                switch program[pc] {
                case .split(let targets): for target in targets.reversed() { pending.append(target) }
                case .jump(let target): pending.append(target)
                case .never: break
                default: list.append(pc)
                }
            }
        }

        add(0, generation: 0, to: &current)
        for (position, unit) in text.enumerated() {
            next.removeAll(keepingCapacity: true)
            let generation = position + 1
            steps &+= current.count
            for pc in current {
                let advances: Bool
                switch program[pc] {
                case .unit(let expected): advances = expected == unit
                case .anyOne: advances = true
                case .builtin(let builtin): advances = builtin.contains(unit, foldCase: foldCase)
                default: advances = false
                }
                if advances { add(pc + 1, generation: generation, to: &next) }
            }
            if next.isEmpty { return false }
            swap(&current, &next)
        }
        return current.contains { program[$0] == .match }
    }
}
