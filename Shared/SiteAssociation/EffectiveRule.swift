/// One rule after the three default levels are merged (`applinks.defaults` <
/// `details[i].defaults` < the component, `docs/glossary.md`), or one legacy `paths` entry.
/// This is what the matcher compiles, the linter reasons about and the diff compares.
struct EffectiveRule: Sendable, Equatable {
    enum Part: Sendable, Equatable {
        case pattern(String)
        /// The part matches anything; the text says why (not set, non-string value…).
        case unconstrained(String)

        var pattern: String? {
            if case .pattern(let text) = self { return text }
            return nil
        }
    }

    enum QueryPart: Sendable, Equatable {
        case pattern(String)
        case items([QueryItemPattern])
        case unconstrained(String)
    }

    /// Index in `components` or `paths`.
    var index: Int
    var isLegacyPath: Bool
    var path: Part
    var query: QueryPart
    var fragment: Part
    var exclude: Bool
    var caseSensitive: Bool
    var percentEncoded: Bool
    /// Compact text of the rule as written.
    var sourceText: String
    /// Where inherited values came from, for the trace ("/ from applinks.defaults").
    var inherited: [String]
    /// Undocumented `requiredEntitlement` of the component: shown, never used.
    var requiredEntitlement: String? = nil

    /// True when a part is unconstrained only because Apple ignores the value written there.
    var pathIsLenient: Bool {
        if case .unconstrained(let why) = path { return why.hasPrefix("\"/\" is not") } else { return false }
    }
    var queryIsLenient: Bool {
        if case .unconstrained(let why) = query { return why.hasPrefix("\"?\" dropped") } else { return false }
    }
    var fragmentIsLenient: Bool {
        if case .unconstrained(let why) = fragment { return why.hasPrefix("\"#\" is not") } else { return false }
    }

    /// The effective values as one line (used by traces and the diff).
    var effectiveText: String {
        var parts: [String] = []
        switch path {
        case .pattern(let text): parts.append("\"/\":\(JSONValue.quoted(text))")
        case .unconstrained: break
        }
        switch query {
        case .pattern(let text): parts.append("\"?\":\(JSONValue.quoted(text))")
        case .items(let items):
            parts.append(
                "\"?\":{"
                    + items.map { "\(JSONValue.quoted($0.name)):\(JSONValue.quoted($0.pattern))" }.joined(
                        separator: ",") + "}")
        case .unconstrained: break
        }
        if case .pattern(let text) = fragment { parts.append("\"#\":\(JSONValue.quoted(text))") }
        if exclude { parts.append("\"exclude\":true") }
        if !caseSensitive { parts.append("\"caseSensitive\":false") }
        if !percentEncoded { parts.append("\"percentEncoded\":false") }
        return "{" + parts.joined(separator: ",") + "}"
    }

    /// True when the rule constrains nothing: it matches every URL of the domain.
    var isUnconstrained: Bool {
        isUnconstrained(normalisedPath: path.pattern.map(PathNormalisation.normalise))
    }

    /// `isUnconstrained` when the path pattern was already normalised (nil: no path pattern).
    func isUnconstrained(normalisedPath: String?) -> Bool {
        let pathFree = normalisedPath.map { $0 == "*" } ?? true
        let queryFree: Bool
        switch query {
        case .unconstrained: queryFree = true
        case .pattern(let text): queryFree = text == "*" || (text.allSatisfy { $0 == "*" } && !text.isEmpty)
        case .items(let items): queryFree = items.allSatisfy { $0.pattern == "*" }
        }
        let fragmentFree: Bool
        switch fragment {
        case .unconstrained: fragmentFree = true
        case .pattern(let text): fragmentFree = !text.isEmpty && text.allSatisfy { $0 == "*" }
        }
        return pathFree && queryFree && fragmentFree
    }

    /// Merges a component with both default levels.
    static func merge(
        _ component: Component, index: Int, detailDefaults: Component?,
        fileDefaults: Component?
    ) -> EffectiveRule {
        var inherited: [String] = []

        // The three levels, lowest last; no array of copies (this runs once per rule per keystroke).
        func pick<T>(_ key: String, _ read: (Component) -> T?) -> T? {
            if let value = read(component) { return value }
            if let detailDefaults, let value = read(detailDefaults) {
                inherited.append("\(key) from details defaults")
                return value
            }
            if let fileDefaults, let value = read(fileDefaults) {
                inherited.append("\(key) from applinks.defaults")
                return value
            }
            return nil
        }

        let path: Part =
            pick("/") { level -> Part? in
                if let text = level.path { return .pattern(text) }
                if level.unconstrainedKeys.contains("/") { return .unconstrained("\"/\" is not a string") }
                return nil
            } ?? .unconstrained("no \"/\"")
        let query: QueryPart =
            pick("?") { level -> QueryPart? in
                switch level.query {
                case .pattern(let text): return .pattern(text)
                case .items(let items): return .items(items)
                case nil:
                    return level.unconstrainedKeys.contains("?")
                        ? .unconstrained("\"?\" dropped (a non-string value)") : nil
                }
            } ?? .unconstrained("no \"?\"")
        let fragment: Part =
            pick("#") { level -> Part? in
                if let text = level.fragment { return .pattern(text) }
                if level.unconstrainedKeys.contains("#") { return .unconstrained("\"#\" is not a string") }
                return nil
            } ?? .unconstrained("no \"#\"")
        let exclude = pick("exclude") { $0.exclude } ?? false
        let caseSensitive = pick("caseSensitive") { $0.caseSensitive } ?? true
        let percentEncoded = pick("percentEncoded") { $0.percentEncoded } ?? true
        // The level that gave a flag: say when it was read leniently from a non-boolean.
        func lenientShown(_ key: String, _ read: (Component) -> Bool?) -> String? {
            if read(component) != nil { return component.lenientFlags[key] }
            if let detailDefaults, read(detailDefaults) != nil { return detailDefaults.lenientFlags[key] }
            if let fileDefaults, read(fileDefaults) != nil { return fileDefaults.lenientFlags[key] }
            return nil
        }
        if let shown = lenientShown("exclude", { $0.exclude }) {
            inherited.append(lenientNote("exclude", value: exclude, shown: shown))
        }
        if let shown = lenientShown("caseSensitive", { $0.caseSensitive }) {
            inherited.append(lenientNote("caseSensitive", value: caseSensitive, shown: shown))
        }
        if let shown = lenientShown("percentEncoded", { $0.percentEncoded }) {
            inherited.append(lenientNote("percentEncoded", value: percentEncoded, shown: shown))
        }
        return EffectiveRule(
            index: index, isLegacyPath: false, path: path, query: query, fragment: fragment,
            exclude: exclude, caseSensitive: caseSensitive, percentEncoded: percentEncoded,
            sourceText: component.sourceText, inherited: inherited, requiredEntitlement: component.requiredEntitlement
        )
    }

    /// The trace note for a flag Apple read leniently (`SiteAssociationOverview`).
    static func lenientNote(_ key: String, value: Bool, shown: String) -> String {
        var note = "\(key) read as \(value) from \(shown), not a boolean"
        switch key {
        case "caseSensitive" where !value: note += ": case folding is on"
        case "percentEncoded" where !value: note += ": percent-decoding is on"
        case "exclude" where value: note += ": the rule blocks"
        default: break
        }
        return note
    }

    /// A legacy `paths` entry: only the path is compared; `NOT ` (any case) makes it an
    /// exclusion that is always case-sensitive. `caseSensitive`/`percentEncoded` come from the
    /// defaults (iOS 13+ reads legacy entries as rules).
    static func legacy(
        _ entry: String, index: Int, detailDefaults: Component?,
        fileDefaults: Component?
    ) -> EffectiveRule {
        let isNot =
            entry.unicodeScalars.count >= 4
            && String(String.UnicodeScalarView(entry.unicodeScalars.prefix(4))).lowercased() == "not "
        let pattern = isNot ? String(String.UnicodeScalarView(entry.unicodeScalars.dropFirst(4))) : entry
        var inherited: [String] = []
        var caseSensitive = true
        var percentEncoded = true
        for (level, name) in [(detailDefaults, "details defaults"), (fileDefaults, "applinks.defaults")] {
            if let value = level?.percentEncoded, inherited.allSatisfy({ !$0.hasPrefix("percentEncoded") }) {
                percentEncoded = value
                inherited.append("percentEncoded from \(name)")
                if let shown = level?.lenientFlags["percentEncoded"] {
                    inherited.append(lenientNote("percentEncoded", value: value, shown: shown))
                }
            }
        }
        if !isNot {
            for (level, name) in [(detailDefaults, "details defaults"), (fileDefaults, "applinks.defaults")] {
                if let value = level?.caseSensitive, inherited.allSatisfy({ !$0.hasPrefix("caseSensitive") }) {
                    caseSensitive = value
                    inherited.append("caseSensitive from \(name)")
                    if let shown = level?.lenientFlags["caseSensitive"] {
                        inherited.append(lenientNote("caseSensitive", value: value, shown: shown))
                    }
                }
            }
        }
        return EffectiveRule(
            index: index, isLegacyPath: true, path: .pattern(pattern),
            query: .unconstrained("legacy paths ignore the query"),
            fragment: .unconstrained("legacy paths ignore the fragment"), exclude: isNot, caseSensitive: caseSensitive,
            percentEncoded: percentEncoded, sourceText: JSONValue.quoted(entry), inherited: inherited
        )
    }

    /// The rule list a detail gives its apps on iOS 13+ (components win over paths).
    static func rules(of detail: AppLinksDetail, fileDefaults: Component?) -> [EffectiveRule] {
        if let components = detail.components {
            return components.enumerated().map {
                merge($1, index: $0, detailDefaults: detail.defaults, fileDefaults: fileDefaults)
            }
        }
        return legacyRules(of: detail, fileDefaults: fileDefaults)
    }

    /// The legacy `paths` rule list of a detail (what iOS ≤ 12 uses).
    static func legacyRules(of detail: AppLinksDetail, fileDefaults: Component?) -> [EffectiveRule] {
        (detail.paths ?? []).enumerated().map {
            legacy($1, index: $0, detailDefaults: detail.defaults, fileDefaults: fileDefaults)
        }
    }
}

extension Component {
    /// Compact text of the component as written (`{"/":"/buy/*"}`).
    var sourceText: String {
        guard isDictionary else { return "(not a dictionary)" }
        // One byte buffer grown in place, patterns quoted straight into it, made a string once:
        // built once per rule per keystroke (appending small strings to a string costs more).
        var out: [UInt8] = [UInt8(ascii: "{")]
        out.reserveCapacity(96 + (path?.utf8.count ?? 0) + (fragment?.utf8.count ?? 0))
        var first = true
        func key(_ text: StaticString) {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            text.withUTF8Buffer { out.append(contentsOf: $0) }
        }
        if let path {
            key("\"/\":")
            JSONValue.appendQuoted(path, to: &out)
        } else if unconstrainedKeys.contains("/") {
            key("\"/\":(non-string)")
        }
        switch query {
        case .pattern(let text):
            key("\"?\":")
            JSONValue.appendQuoted(text, to: &out)
        case .items(let items):
            key("\"?\":{")
            out.append(
                contentsOf: items.map { "\(JSONValue.quoted($0.name)):\(JSONValue.quoted($0.pattern))" }
                    .joined(separator: ",").utf8)
            out.append(UInt8(ascii: "}"))
        case nil: if unconstrainedKeys.contains("?") { key("\"?\":(dropped)") }
        }
        if let fragment {
            key("\"#\":")
            JSONValue.appendQuoted(fragment, to: &out)
        } else if unconstrainedKeys.contains("#") {
            key("\"#\":(non-string)")
        }
        if let exclude { key(exclude ? "\"exclude\":true" : "\"exclude\":false") }
        if let caseSensitive { key(caseSensitive ? "\"caseSensitive\":true" : "\"caseSensitive\":false") }
        if let percentEncoded { key(percentEncoded ? "\"percentEncoded\":true" : "\"percentEncoded\":false") }
        out.append(UInt8(ascii: "}"))
        return String(decoding: out, as: UTF8.self)
    }
}
