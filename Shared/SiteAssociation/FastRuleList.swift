/// The hot form of one app's rule list: every plain path pattern laid out in one buffer of
/// trivial codes, so deciding a URL walks contiguous memory without reference counting.
/// Rules with anything else to check (query, fragment, substitution alternatives) fall back
/// to their `CompiledRule`.
final class FastRuleList: Sendable {
    private struct Entry: Sendable {
        var start: Int
        var count: Int
        var slot: Int
        var hasPlainPath: Bool
        var needsFullCheck: Bool
        var exclude: Bool
        var foldCase: Bool
    }

    private let entries: [Entry]
    private let codes: [UInt32]
    let rules: [CompiledRule]
    /// The rules a URL could match, by literal path prefix (nil for short lists, tried in turn).
    private let prefixIndex: PrefixIndex?
    /// Lists at least this long are indexed.
    static let indexThreshold = 8

    /// `indexed: false` tries every rule in turn (tests compare the index with that scan).
    init(_ rules: [CompiledRule], indexed: Bool = true) {
        self.rules = rules
        var entries: [Entry] = []
        var codes: [UInt32] = []
        for rule in rules {
            let slot = (rule.rule.caseSensitive ? 0 : 1) + (rule.rule.percentEncoded ? 0 : 2)
            var entry =
                Entry(
                    start: codes.count, count: 0, slot: slot, hasPlainPath: false, needsFullCheck: true,
                    exclude: rule.rule.exclude, foldCase: !rule.rule.caseSensitive)
            if let path = rule.path, path.isPlain, !path.matchesEverything {
                codes.append(contentsOf: path.plain)
                entry.count = path.plain.count
                entry.hasPlainPath = true
            }
            var onlyPath = true
            if case .any = rule.query {} else { onlyPath = false }
            if rule.fragment != nil { onlyPath = false }
            if let path = rule.path, !path.isPlain { onlyPath = false }
            entry.needsFullCheck = !onlyPath
            entries.append(entry)
        }
        self.entries = entries
        self.codes = codes
        prefixIndex =
            indexed && entries.count >= Self.indexThreshold
            ? PrefixIndex(
                entries: entries.map {
                    (
                        $0.slot,
                        $0.hasPlainPath
                            ? Array(codes[$0.start..<($0.start + $0.count)].prefix { $0 < Glob.anyOneCode }) : []
                    )
                }) : nil
    }

    /// The first rule that matches, as its index in `rules`.
    func firstMatch(_ url: inout PreparedURL) -> Int? {
        // The path texts of the (caseSensitive, percentEncoded) combinations used so far.
        var path0: [UInt16]?
        var path1: [UInt16]?
        var path2: [UInt16]?
        var path3: [UInt16]?
        func pathUnits(_ slot: Int) -> [UInt16] {
            let cached: [UInt16]?
            switch slot {
            case 0: cached = path0
            case 1: cached = path1
            case 2: cached = path2
            default: cached = path3
            }
            if let cached { return cached }
            let units = url.path(caseSensitive: slot & 1 == 0, percentEncoded: slot & 2 == 0).units
            switch slot {
            case 0: path0 = units
            case 1: path1 = units
            case 2: path2 = units
            default: path3 = units
            }
            return units
        }
        return codes.withUnsafeBufferPointer { codeBuffer -> Int? in
            entries.withUnsafeBufferPointer { entryBuffer -> Int? in
                func matches(_ index: Int) -> Bool {
                    let entry = entryBuffer[index]
                    if entry.hasPlainPath {
                        let units = pathUnits(entry.slot)
                        let pattern =
                            UnsafeBufferPointer(rebasing: codeBuffer[entry.start..<(entry.start + entry.count)])
                        let matched = units.withUnsafeBufferPointer {
                            Glob.matchPlain(pattern, $0, foldCase: entry.foldCase)
                        }
                        if !matched { return false }
                    }
                    return !entry.needsFullCheck || rules[index].matchesFast(&url)
                }
                guard let prefixIndex else {
                    return entryBuffer.indices.first(where: matches)
                }
                return prefixIndex.candidates(pathUnits).first(where: matches)
            }
        }
    }

    /// Whether rule `index` excludes.
    func excludes(_ index: Int) -> Bool { entries[index].exclude }
}

/// The rules of a list a URL could match, found by their literal path prefix. A plain path
/// pattern that starts with literal units matches only a path (in its rule's form: case
/// folded or not, percent-decoded or not) that starts with those units, so the other rules
/// need no look. Buckets are keyed by a hash of the prefix: a collision only adds a candidate,
/// which the full check then rejects, so the first matching candidate is the first matching rule.
struct PrefixIndex: Sendable {
    /// Rules without a literal prefix to index by (no plain path, or one starting with a wildcard).
    private let unindexed: [Int]
    /// Per path form (slot) with indexed rules: the prefix lengths present and the buckets.
    private let slots: [(slot: Int, lengths: [Int], buckets: [UInt64: [Int]])]

    /// Indexes rules given as (slot, literal prefix units; empty when not indexable).
    init(entries: [(slot: Int, prefix: [UInt32])]) {
        var unindexed: [Int] = []
        var bySlot: [Int: (lengths: Set<Int>, buckets: [UInt64: [Int]])] = [:]
        for (index, entry) in entries.enumerated() {
            guard !entry.prefix.isEmpty else {
                unindexed.append(index)
                continue
            }
            var hash = Self.seed
            for code in entry.prefix { hash = Self.step(hash, UInt16(truncatingIfNeeded: code)) }
            bySlot[entry.slot, default: ([], [:])].lengths.insert(entry.prefix.count)
            bySlot[entry.slot, default: ([], [:])].buckets[hash, default: []].append(index)
        }
        self.unindexed = unindexed
        slots = bySlot.keys.sorted().compactMap { slot in
            bySlot[slot].map { (slot, $0.lengths.sorted(), $0.buckets) }
        }
    }

    /// Candidate rule indices for a URL, ascending; `pathUnits(slot)` is the URL's path in a form.
    func candidates(_ pathUnits: (Int) -> [UInt16]) -> [Int] {
        var found = unindexed
        for (slot, lengths, buckets) in slots {
            let units = pathUnits(slot)
            var hash = Self.seed
            var next = 0
            for (position, unit) in units.enumerated() {
                guard next < lengths.count else { break }
                hash = Self.step(hash, unit)
                if position + 1 == lengths[next] {
                    next += 1
                    if let bucket = buckets[hash] { found += bucket }
                }
            }
        }
        return found.count > 1 ? found.sorted() : found
    }

    private static let seed = PrefixHash.seed

    @inline(__always)
    private static func step(_ hash: UInt64, _ unit: UInt16) -> UInt64 {
        PrefixHash.adding(
            UInt8(truncatingIfNeeded: unit >> 8),
            to: PrefixHash.adding(UInt8(truncatingIfNeeded: unit), to: hash))
    }
}

/// FNV-1a, one byte at a time: the prefix indexes' keys (a collision only adds a candidate).
enum PrefixHash {
    static let seed: UInt64 = 0xcbf2_9ce4_8422_2325

    @inline(__always)
    static func adding(_ byte: UInt8, to hash: UInt64) -> UInt64 {
        (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
}
