/// The hot form of one app's rule list: every plain path pattern laid out in one buffer of
/// trivial codes, so deciding a URL walks contiguous memory without reference counting.
/// Rules with anything else to check (query, fragment, substitution alternatives) fall back
/// to their `CompiledRule`.
struct FastRuleList: Sendable {
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
        var pathUnits: [[UInt16]?] = [nil, nil, nil, nil]
        return codes.withUnsafeBufferPointer { codeBuffer -> Int? in
            for index in entries.indices {
                let entry = entries[index]
                if entry.hasPlainPath {
                    let slot = entry.slot
                    let units: [UInt16]
                    if let cached = pathUnits[slot] {
                        units = cached
                    } else {
                        units = url.path(caseSensitive: slot & 1 == 0, percentEncoded: slot & 2 == 0).units
                        pathUnits[slot] = units
                    }
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

    /// Whether rule `index` excludes.
    func excludes(_ index: Int) -> Bool { entries[index].exclude }
}
