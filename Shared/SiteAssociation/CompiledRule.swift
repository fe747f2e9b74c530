/// A URL ready for matching: its parts turned into the texts patterns are compared with,
/// each computed once, lazily, per (caseSensitive, percentEncoded) combination a rule asks for.
struct PreparedURL {
    struct QueryItem {
        var name: String
        var value: [UInt16]
        var valueText: String
    }

    /// One prepared part: the UTF-16 units compared (one buffer, one reference to copy).
    struct Part {
        let units: [UInt16]
        /// The text, for traces only.
        var text: String { String(decoding: units, as: UTF16.self) }
    }

    let url: ParsedURL
    private var paths: (Part?, Part?, Part?, Part?) = (nil, nil, nil, nil)
    private var queries: (Part?, Part?, Part?, Part?) = (nil, nil, nil, nil)
    private var fragments: (Part?, Part?, Part?, Part?) = (nil, nil, nil, nil)
    private var itemLists: ([QueryItem]?, [QueryItem]?, [QueryItem]?, [QueryItem]?) = (nil, nil, nil, nil)

    private static func get<T>(_ cache: (T?, T?, T?, T?), _ index: Int) -> T? {
        switch index {
        case 0: return cache.0
        case 1: return cache.1
        case 2: return cache.2
        default: return cache.3
        }
    }

    private static func set<T>(_ cache: inout (T?, T?, T?, T?), _ index: Int, _ value: T) {
        switch index {
        case 0: cache.0 = value
        case 1: cache.1 = value
        case 2: cache.2 = value
        default: cache.3 = value
        }
    }

    /// Whether the raw path holds a `%` (when not, decoding leaves it as it is).
    private let pathHasEscape: Bool

    init(_ url: ParsedURL) {
        self.url = url
        pathHasEscape =
            url.path.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: "%")) }
            ?? url.path.utf8.contains(UInt8(ascii: "%"))
    }

    /// The first rule of `list` that matches (in place: the parts it prepares stay cached).
    mutating func firstMatch(in list: FastRuleList) -> Int? {
        list.firstMatch(&self)
    }

    /// Whether query item names are case-folded under `caseSensitive: false` (`?` in the
    /// spec; the stated reading compares names as they appear, after percent treatment).
    static let foldsQueryItemNames = false

    private static func slot(_ caseSensitive: Bool, _ percentEncoded: Bool) -> Int {
        (caseSensitive ? 0 : 1) + (percentEncoded ? 0 : 2)
    }

    /// Case folding of URL text (patterns and substitution values fold the same way).
    static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.asciiLowercased() }
        return text.lowercased()
    }

    private static func part(_ text: String) -> Part {
        Part(units: Array(text.utf16))
    }

    /// Case folding straight on units (ASCII), through `fold(_:)` otherwise.
    static func fold(units: [UInt16]) -> [UInt16] {
        guard units.allSatisfy({ $0 < 0x80 }) else { return Array(fold(String(decoding: units, as: UTF16.self)).utf16) }
        return units.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
    }

    mutating func path(caseSensitive: Bool, percentEncoded: Bool) -> Part {
        let index = PreparedURL.slot(caseSensitive, percentEncoded)
        if let cached = PreparedURL.get(paths, index) { return cached }
        let value: Part
        if !percentEncoded, !pathHasEscape {
            // Nothing to decode: the decoded text is the encoded one.
            value = path(caseSensitive: caseSensitive, percentEncoded: true)
        } else if caseSensitive {
            value =
                Part(
                    units: PathNormalisation.normaliseUnits(
                        URLPartEncoding.comparable(
                            url.path,
                            percentEncoded: percentEncoded)))
        } else {
            // Normalise, then fold: the folded text is the case-sensitive one, folded (so the
            // normalisation is done once for both).
            value =
                Part(units: PreparedURL.fold(units: path(caseSensitive: true, percentEncoded: percentEncoded).units))
        }
        PreparedURL.set(&paths, index, value)
        return value
    }

    mutating func query(caseSensitive: Bool, percentEncoded: Bool) -> Part {
        let index = PreparedURL.slot(caseSensitive, percentEncoded)
        if let cached = PreparedURL.get(queries, index) { return cached }
        var text = URLPartEncoding.comparable(url.query ?? "", percentEncoded: percentEncoded)
        if !caseSensitive { text = PreparedURL.fold(text) }
        let value = PreparedURL.part(text)
        PreparedURL.set(&queries, index, value)
        return value
    }

    mutating func fragment(caseSensitive: Bool, percentEncoded: Bool) -> Part {
        let index = PreparedURL.slot(caseSensitive, percentEncoded)
        if let cached = PreparedURL.get(fragments, index) { return cached }
        var text = URLPartEncoding.comparable(url.fragment ?? "", percentEncoded: percentEncoded)
        if !caseSensitive { text = PreparedURL.fold(text) }
        let value = PreparedURL.part(text)
        PreparedURL.set(&fragments, index, value)
        return value
    }

    /// Query items split at `&` and the first `=`, each side treated separately (so an
    /// encoded `%26` or `%3D` never splits); an item without `=` has the empty value.
    mutating func items(caseSensitive: Bool, percentEncoded: Bool) -> [QueryItem] {
        let index = PreparedURL.slot(caseSensitive, percentEncoded)
        if let cached = PreparedURL.get(itemLists, index) { return cached }
        var items: [QueryItem] = []
        if let query = url.query, !query.isEmpty {
            for pair in query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
                let name: Substring.UTF8View.SubSequence
                let value: Substring.UTF8View.SubSequence
                if let equals = pair.firstIndex(of: UInt8(ascii: "=")) {
                    name = pair[pair.startIndex..<equals]
                    value = pair[pair.index(after: equals)...]
                } else {
                    name = pair
                    value = pair[pair.endIndex...]
                }
                var nameText =
                    URLPartEncoding.comparable(String(decoding: name, as: UTF8.self), percentEncoded: percentEncoded)
                if PreparedURL.foldsQueryItemNames && !caseSensitive { nameText = PreparedURL.fold(nameText) }
                var valueText =
                    URLPartEncoding.comparable(String(decoding: value, as: UTF8.self), percentEncoded: percentEncoded)
                if !caseSensitive { valueText = PreparedURL.fold(valueText) }
                items.append(QueryItem(name: nameText, value: Array(valueText.utf16), valueText: valueText))
            }
        }
        PreparedURL.set(&itemLists, index, items)
        return items
    }
}

/// One rule with its patterns compiled (a class: the hot loop passes it by reference).
final class CompiledRule: Sendable {
    enum Query: Sendable {
        case any(String)
        case whole(Glob, String)
        case items([(name: String, glob: Glob, pattern: String)])
    }

    let rule: EffectiveRule
    let path: Glob?
    let pathPattern: String
    /// Trace pieces, built only when a trace is (compiling builds no text: it runs per keystroke).
    private var label: String { (rule.isLegacyPath ? "path \(rule.index) " : "rule \(rule.index) ") + rule.sourceText }
    private var quotedPath: String { JSONValue.quoted(pathPattern) }
    /// The path pattern normalised (`PathNormalisation.normalise`); nil when the rule has none.
    var normalisedPath: String? { rule.path.pattern == nil ? nil : pathPattern }
    private var quotedFragment: String { JSONValue.quoted(rule.fragment.pattern ?? "") }
    let query: Query
    let fragment: Glob?

    init(_ rule: EffectiveRule, variables: [String: [String]]) {
        self.rule = rule
        let fold = !rule.caseSensitive
        switch rule.path {
        case .pattern(let text):
            let normalised = PathNormalisation.normalise(text)
            pathPattern = normalised
            path = Glob(pieces: PatternPiece.split(normalised), variables: variables, foldCase: fold)
        case .unconstrained:
            pathPattern = ""
            path = nil
        }
        switch rule.query {
        case .pattern(let text):
            query = .whole(Glob(pieces: PatternPiece.split(text), variables: variables, foldCase: fold), text)
        case .items(let items):
            query = .items(
                items.map { item in
                    (
                        PreparedURL.foldsQueryItemNames && fold ? item.name.lowercased() : item.name,
                        Glob(pieces: PatternPiece.split(item.pattern), variables: variables, foldCase: fold),
                        item.pattern
                    )
                })
        case .unconstrained(let why):
            query = .any(why)
        }
        switch rule.fragment {
        case .pattern(let text):
            fragment = Glob(pieces: PatternPiece.split(text), variables: variables, foldCase: fold)
        case .unconstrained:
            fragment = nil
        }
    }

    /// Whether every part the rule constrains matches, without building any text.
    func matchesFast(_ url: inout PreparedURL) -> Bool {
        let caseSensitive = rule.caseSensitive
        let percentEncoded = rule.percentEncoded
        if let path, !path.matches(url.path(caseSensitive: caseSensitive, percentEncoded: percentEncoded).units) {
            return false
        }
        switch query {
        case .any:
            break
        case .whole(let glob, _):
            if !glob.matches(url.query(caseSensitive: caseSensitive, percentEncoded: percentEncoded).units) {
                return false
            }
        case .items(let items):
            let present = url.items(caseSensitive: caseSensitive, percentEncoded: percentEncoded)
            for item in items {
                var seen = false
                for candidate in present where candidate.name == item.name {
                    seen = true
                    if !item.glob.matches(candidate.value) { return false }
                }
                if !seen, !item.glob.matches([]) { return false }
            }
        }
        if let fragment,
            !fragment.matches(url.fragment(caseSensitive: caseSensitive, percentEncoded: percentEncoded).units)
        {
            return false
        }
        return true
    }

    /// Whether every part the rule constrains matches; adds one trace line.
    func matches(_ url: inout PreparedURL, tracer: inout Tracer) -> Bool {
        guard tracer.enabled else { return matchesFast(&url) }
        let caseSensitive = rule.caseSensitive
        let percentEncoded = rule.percentEncoded
        var notes: [String] = []
        var failure: String?
        if let path {
            let text = url.path(caseSensitive: caseSensitive, percentEncoded: percentEncoded)
            if path.matches(text.units) {
                if tracer.enabled { notes.append("path \(quotedPath) matches \(JSONValue.quoted(text.text))") }
            } else {
                failure =
                    tracer.enabled
                    ? """
                    path \(quotedPath) does not match \(JSONValue.quoted(text.text))\
                    \(path.matchesNothing ? " (undefined substitution variable: matches nothing)" : "")
                    """ : ""
            }
        } else if case .unconstrained(let why) = rule.path, rule.pathIsLenient {
            notes.append("path unconstrained (\(why))")
        }
        if failure == nil {
            switch query {
            case .any(let why):
                if rule.queryIsLenient { notes.append("query unconstrained (\(why))") }
            case .whole(let glob, let pattern):
                let text = url.query(caseSensitive: caseSensitive, percentEncoded: percentEncoded)
                if glob.matches(text.units) {
                    if tracer.enabled {
                        notes.append("query \(JSONValue.quoted(pattern)) matches \(JSONValue.quoted(text.text))")
                    }
                } else {
                    failure =
                        tracer.enabled
                        ? "query \(JSONValue.quoted(pattern)) does not match \(JSONValue.quoted(text.text))" : ""
                }
            case .items(let items):
                let present = url.items(caseSensitive: caseSensitive, percentEncoded: percentEncoded)
                for item in items {
                    let occurrences = present.filter { $0.name == item.name }
                    if occurrences.isEmpty {
                        if !item.glob.matches([]) {
                            failure =
                                tracer.enabled
                                ? """
                                query item \(JSONValue.quoted(item.name)) is absent (\"\") \
                                and \(JSONValue.quoted(item.pattern)) needs a value
                                """ : ""
                            break
                        }
                        if tracer.enabled {
                            notes.append(
                                """
                                query item \(JSONValue.quoted(item.name)) absent, \(JSONValue.quoted(item.pattern)) \
                                accepts \"\"
                                """)
                        }
                    } else if let bad = occurrences.first(where: { !item.glob.matches($0.value) }) {
                        failure =
                            tracer.enabled
                            ? """
                            query item \(JSONValue.quoted(item.name))=\(JSONValue.quoted(bad.valueText)) does not \
                            match \(JSONValue.quoted(item.pattern))\
                            \(occurrences.count > 1 ? " (every occurrence must match)" : "")
                            """ : ""
                        break
                    } else if tracer.enabled {
                        notes.append(
                            """
                            query item \(JSONValue.quoted(item.name)) \
                            \(occurrences.map { JSONValue.quoted($0.valueText) }.joined(separator: ", ")) \
                            matches \(JSONValue.quoted(item.pattern))
                            """)
                    }
                }
            }
        }
        if failure == nil, let fragment {
            let text = url.fragment(caseSensitive: caseSensitive, percentEncoded: percentEncoded)
            if fragment.matches(text.units) {
                if tracer.enabled { notes.append("fragment \(quotedFragment) matches \(JSONValue.quoted(text.text))") }
            } else {
                failure =
                    tracer.enabled ? "fragment \(quotedFragment) does not match \(JSONValue.quoted(text.text))" : ""
            }
        } else if failure == nil, case .unconstrained(let why) = rule.fragment, rule.fragmentIsLenient {
            notes.append("fragment unconstrained (\(why))")
        }
        if tracer.enabled {
            var flags: [String] = []
            if !rule.caseSensitive { flags.append("caseSensitive false") }
            if !rule.percentEncoded { flags.append("percentEncoded false") }
            flags.append(contentsOf: rule.inherited)
            if let entitlement = rule.requiredEntitlement {
                flags.append("requiredEntitlement \(JSONValue.quoted(entitlement)) shown, not used")
            }
            let flagText = flags.isEmpty ? "" : " [" + flags.joined(separator: "; ") + "]"
            if let failure {
                tracer.add { label + ": " + failure + " → skip" + flagText }
            } else {
                let what = notes.isEmpty ? "constrains nothing" : notes.joined(separator: "; ")
                tracer.add { label + ": " + what + (rule.exclude ? " → EXCLUDE" : " → MATCH") + flagText }
            }
        }
        return failure == nil
    }
}
