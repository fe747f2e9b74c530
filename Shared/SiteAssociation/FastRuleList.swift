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

    init(_ rules: [CompiledRule]) {
        self.rules = rules
        var entries: [Entry] = []
        var codes: [UInt32] = []
        for rule in rules {
            let slot = (rule.rule.caseSensitive ? 0 : 1) + (rule.rule.percentEncoded ? 0 : 2)
            var entry = Entry(start: codes.count, count: 0, slot: slot, hasPlainPath: false, needsFullCheck: true, exclude: rule.rule.exclude, foldCase: !rule.rule.caseSensitive)
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
    }

    /// The first rule that matches, as its index in `rules`.
    func firstMatch(_ url: inout PreparedURL) -> Int? {
        // The path texts of the (caseSensitive, percentEncoded) combinations used so far.
        var path0: [UInt16]?, path1: [UInt16]?, path2: [UInt16]?, path3: [UInt16]?
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
                for index in entryBuffer.indices {
                    let entry = entryBuffer[index]
                    if entry.hasPlainPath {
                        let units = pathUnits(entry.slot)
                        let pattern = UnsafeBufferPointer(rebasing: codeBuffer[entry.start..<(entry.start + entry.count)])
                        let matched = units.withUnsafeBufferPointer { Glob.matchPlain(pattern, $0, foldCase: entry.foldCase) }
                        if !matched { continue }
                    }
                    if entry.needsFullCheck, !rules[index].matchesFast(&url) { continue }
                    return index
                }
                return nil
            }
        }
    }

    /// Whether rule `index` excludes.
    func excludes(_ index: Int) -> Bool { entries[index].exclude }
}
