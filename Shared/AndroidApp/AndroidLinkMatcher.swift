import Foundation

/// One intent filter compiled for matching on one Android version: its `<data>` merged into
/// sets, as `IntentFilter` holds them (`docs/android.md` M2: every scheme combines with every
/// host and path), with only the attributes that version's package parser reads (§4b).
public struct CompiledIntentFilter: Sendable {
    public let activity: String
    public let activityIndex: Int
    /// The filter's position among its activity's intent filters.
    public let filterIndex: Int
    public let filterLine: Int
    public let autoVerify: Bool
    /// Why Android's package parser refuses this filter's `<data>` (a malformed `mimeType`, a
    /// `port` that is not a number, an advanced pattern it cannot parse); the package would not
    /// install, and the filter never matches here.
    public let invalidReason: String?
    let actions: Set<String>
    let categories: Set<String>
    /// Nil when the filter names no scheme.
    let schemes: Set<String>?
    /// The same schemes as UTF-16 units: Java compares them exactly, not canonically.
    /// The same schemes, for an exact check after the set's (canonical) lookup.
    let schemeList: [String]
    /// `ssp`, `sspPrefix`, `sspPattern` (and from API 31 `sspAdvancedPattern`, `sspSuffix`).
    let schemeSpecificParts: [AndroidPattern]?
    let authorities: [Authority]?
    let paths: [AndroidPattern]?
    let groups: [Group]?
    /// The first `mimeType` declared: a link carries no type, so such a filter never matches one.
    let mimeType: String?
    /// VIEW, BROWSABLE and DEFAULT all present (computed once).
    let linkClicks: Bool

    struct Authority: Sendable {
        /// The host without a leading `*`, as `compareToIgnoreCase` compares it.
        var key: [UInt16]
        var wild: Bool
        var port: Int
        var declared: String

        /// `AuthorityEntry.match`: a wildcard compares the host's last characters (as many as
        /// its own, so `*example.com` also takes `badexample.com` and `*` every host, even an
        /// empty one); an explicit port must equal the URL's explicit port.
        func matches(_ uri: AndroidURI) -> Bool {
            guard let host = uri.hostKeyUnits else { return false }
            if wild {
                guard host.count >= key.count, host[(host.count - key.count)...].elementsEqual(key) else {
                    return false
                }
            } else if host != key {
                return false
            }
            return port < 0 || port == uri.port
        }
    }

    struct Group: Sendable {
        enum Part: String, Sendable { case path, query, fragment }
        var allow: Bool
        var line: Int
        var matchers: [(Part, AndroidPattern)]
    }

    /// `sdk`: the Android version whose package parser reads the manifest (`docs/android.md` §4b).
    init(
        activity: AndroidManifest.Activity, index: Int, filterIndex: Int, filter: AndroidManifest.IntentFilter,
        sdk: Int
    ) {
        self.activity = activity.name
        self.activityIndex = index
        self.filterIndex = filterIndex
        self.filterLine = filter.line
        self.autoVerify = filter.autoVerify
        actions = Set(filter.actions)
        categories = Set(filter.categories)
        var schemes: Set<String>?
        var authorities: [Authority] = []
        var paths: [AndroidPattern] = []
        var ssps: [AndroidPattern] = []
        var schemeList: [String] = []
        var invalid: String?
        var mimeType: String?
        for data in filter.data {
            if let type = data.mimeType {
                if let problem = Self.mimeTypeProblem(type) { invalid = invalid ?? problem }
                mimeType = mimeType ?? type
            }
            if let scheme = data.scheme {
                schemes = (schemes ?? []).union([scheme])
                // A Set<String> merges `é` and `e` + U+0301: the list keeps every form for the exact check.
                if !schemeList.contains(where: { $0.utf16.elementsEqual(scheme.utf16) }) { schemeList.append(scheme) }
            }
            if let host = data.host {
                var port = -1
                if let text = data.port {
                    if let value = JavaText.parseInt(text) {
                        port = value
                    } else {
                        invalid = invalid ?? "port \"\(text)\" is not a number (Integer.parseInt refuses it)"
                    }
                }
                let units = Array(host.utf16)
                let wild = units.first == 42
                authorities.append(
                    Authority(
                        key: JavaText.caseKey(Array(wild ? units.dropFirst() : units[...])),
                        wild: wild, port: port, declared: host))
            }
            for pattern in Self.schemeSpecificMatchers(data, sdk: sdk) {
                if let reason = pattern.invalidReason {
                    invalid = invalid ?? "sspAdvancedPattern \"\(pattern.pattern)\": \(reason)"
                }
                ssps.append(pattern)
            }
            for pattern in Self.pathMatchers(data, sdk: sdk) {
                if let reason = pattern.invalidReason {
                    invalid = invalid ?? "pathAdvancedPattern \"\(pattern.pattern)\": \(reason)"
                }
                paths.append(pattern)
            }
        }
        self.schemes = schemes
        self.schemeList = schemeList
        schemeSpecificParts = ssps.isEmpty ? nil : ssps
        self.authorities = authorities.isEmpty ? nil : authorities
        self.paths = paths.isEmpty ? nil : paths
        self.mimeType = mimeType
        self.invalidReason = invalid
        // The parser keeps a group only when it has at least one rule (`parseRelRefGroup`).
        let groupList =
            sdk < Self.relativeGroupsSDK
            ? []
            : filter.relativeFilterGroups.map { group in
                Group(
                    allow: group.allow, line: group.line,
                    matchers: group.data.flatMap { Self.relativeMatchers($0, sdk: sdk) })
            }.filter { !$0.matchers.isEmpty }
        groups = groupList.isEmpty ? nil : groupList
        linkClicks =
            actions.contains("android.intent.action.VIEW")
            && categories.contains("android.intent.category.BROWSABLE")
            && categories.contains("android.intent.category.DEFAULT")
    }

    /// The first API level whose package parser reads `pathSuffix` and `pathAdvancedPattern`:
    /// their attribute IDs exist from Android 12.
    public static let suffixAndAdvancedSDK = 31
    /// The first API level that reads `<uri-relative-filter-group>` (Android 15).
    public static let relativeGroupsSDK = 35

    /// `IntentFilter.addDataType`: a type needs a `/` after at least one character and at least
    /// one character after it (`*` alone after the slash is a partial type, `image/*`).
    static func mimeTypeProblem(_ type: String) -> String? {
        let units = Array(type.utf16)
        guard let slash = units.firstIndex(of: 47), slash > 0, units.count >= slash + 2 else {
            return "mimeType \"\(type)\" is malformed (addDataType refuses it)"
        }
        return nil
    }

    typealias Attribute = KeyPath<AndroidManifest.DataElement, String?>

    /// The five pattern attributes of one part, in `PatternMatcher` kind order: literal, prefix,
    /// simple glob, then advanced glob and suffix (read from API 31 only, §4b).
    static func matchers(
        _ data: AndroidManifest.DataElement, sdk: Int,
        _ attributes: (Attribute, Attribute, Attribute, Attribute, Attribute)
    ) -> [AndroidPattern] {
        var read: [(Attribute, AndroidPattern.Kind)] = [
            (attributes.0, .literal), (attributes.1, .prefix), (attributes.2, .simpleGlob),
        ]
        if sdk >= suffixAndAdvancedSDK { read += [(attributes.3, .advancedGlob), (attributes.4, .suffix)] }
        return read.compactMap { attribute, kind in data[keyPath: attribute].map { AndroidPattern($0, kind: kind) } }
    }

    static func pathMatchers(_ data: AndroidManifest.DataElement, sdk: Int) -> [AndroidPattern] {
        matchers(data, sdk: sdk, (\.path, \.pathPrefix, \.pathPattern, \.pathAdvancedPattern, \.pathSuffix))
    }

    static func schemeSpecificMatchers(_ data: AndroidManifest.DataElement, sdk: Int) -> [AndroidPattern] {
        matchers(data, sdk: sdk, (\.ssp, \.sspPrefix, \.sspPattern, \.sspAdvancedPattern, \.sspSuffix))
    }

    static func relativeMatchers(_ data: AndroidManifest.DataElement, sdk: Int) -> [(Group.Part, AndroidPattern)] {
        var out = pathMatchers(data, sdk: sdk).map { (Group.Part.path, $0) }
        let others: [(Group.Part, String?, AndroidPattern.Kind)] = [
            (.query, data.query, .literal), (.query, data.queryPrefix, .prefix),
            (.query, data.queryPattern, .simpleGlob), (.query, data.queryAdvancedPattern, .advancedGlob),
            (.query, data.querySuffix, .suffix), (.fragment, data.fragment, .literal),
            (.fragment, data.fragmentPrefix, .prefix), (.fragment, data.fragmentPattern, .simpleGlob),
            (.fragment, data.fragmentAdvancedPattern, .advancedGlob), (.fragment, data.fragmentSuffix, .suffix),
        ]
        for (part, value, kind) in others {
            if let value { out.append((part, AndroidPattern(value, kind: kind))) }
        }
        return out
    }

    /// True for a filter Android's verifier looks at (`docs/android.md` V1): VIEW, BROWSABLE and
    /// DEFAULT, only http/https schemes, at least one host.
    public var handlesWebURLs: Bool {
        guard actions.contains("android.intent.action.VIEW"),
            categories.contains("android.intent.category.BROWSABLE"),
            categories.contains("android.intent.category.DEFAULT"),
            let schemes, !schemes.isEmpty, schemes.isSubset(of: ["http", "https"]),
            authorities != nil
        else { return false }
        return true
    }

    /// Declared hosts (as written, `*.` kept).
    public var hosts: [String] { authorities?.map(\.declared) ?? [] }

    /// What the filter accepts once its `<data>` elements are merged (every scheme with every
    /// host and every path, as `IntentFilter` holds them), one line per combination:
    /// `https://shop.example.com/shop/…` (a prefix), `https://example.org/a.*b (pattern)`,
    /// `myapp:…` (no host: anything after the scheme). A filter with a `mimeType` accepts no
    /// link and claims nothing; more than `limit` combinations end with a count of the rest.
    public func claims(limit: Int = 50) -> [String] {
        guard let schemes = schemes?.sorted(), mimeType == nil, invalidReason == nil else { return [] }
        var seen = Set<String>()
        let paths = (self.paths ?? []).map { pattern -> String in
            let text = pattern.pattern.hasPrefix("/") ? pattern.pattern : "/" + pattern.pattern
            switch pattern.kind {
            case .literal: return text
            case .prefix: return text + "…"
            case .suffix: return "/…" + pattern.pattern
            case .simpleGlob: return text + " (pattern)"
            case .advancedGlob: return text + " (advanced pattern)"
            }
        }.filter { seen.insert($0).inserted }
        seen = []
        let hosts = authorities.map { list in
            list.map { $0.port >= 0 ? "\($0.declared):\($0.port)" : $0.declared }.filter { seen.insert($0).inserted }
        }
        // Counted, not built, beyond the limit: a hostile manifest's product can be huge.
        let perScheme = hosts.map { $0.count.multipliedReportingOverflow(by: max(paths.count, 1)).partialValue } ?? 1
        let total = schemes.count.multipliedReportingOverflow(by: perScheme).partialValue
        var shown: [String] = []
        outer: for scheme in schemes {
            guard let hosts else {
                if shown.count == limit { break outer }
                shown.append("\(scheme):…")
                continue
            }
            for host in hosts {
                for path in paths.isEmpty ? ["/…"] : paths {
                    if shown.count == limit { break outer }
                    shown.append("\(scheme)://\(host)\(path)")
                }
            }
        }
        return total > shown.count ? shown + ["… and \(total - shown.count) more"] : shown
    }

    func groupDecision(_ uri: AndroidURI) -> Group? {
        groups?.first { group in
            !group.matchers.isEmpty
                && group.matchers.allSatisfy { part, pattern in
                    switch part {
                    case .path: return uri.pathUnits.map { pattern.matches(units: $0) } ?? false
                    case .query:
                        return uri.query.map { Self.queryParameters($0).contains { pattern.matches(units: $0) } }
                            ?? false
                    case .fragment: return uri.fragment.map(pattern.matches) ?? false
                    }
                }
        }
    }

    /// `matchData`'s `schemes.contains(scheme)`: Java compares strings unit by unit, so the set's
    /// canonical lookup is confirmed on the exact UTF-16 units.
    func hasScheme(_ uri: AndroidURI) -> Bool {
        let scheme = uri.scheme ?? ""
        guard let schemes, schemes.contains(scheme) else { return false }
        return schemeList.contains { $0.utf16.elementsEqual(scheme.utf16) }
    }

    /// A query as `UriRelativeFilter.matchQuery` splits it: on `&`, or on `;` when `&` gives one
    /// part; as Java's `String.split`, trailing empty parts are dropped (`""` stays one part).
    static func queryParameters(_ query: String) -> [[UInt16]] {
        func split(_ units: [UInt16], on separator: UInt16) -> [[UInt16]] {
            guard !units.isEmpty else { return [[]] }
            var parts = units.split(separator: separator, omittingEmptySubsequences: false).map(Array.init)
            while parts.last?.isEmpty == true { parts.removeLast() }
            return parts
        }
        let units = Array(query.utf16)
        let byAmpersand = split(units, on: 38)
        return byAmpersand.count == 1 ? split(units, on: 59) : byAmpersand
    }

    /// Where `IntentFilter.match` stops for a link click (action VIEW, category BROWSABLE, no
    /// MIME type, the URL as data), plus the DEFAULT category an implicit start needs.
    enum Step {
        case invalid(String)
        case noView, noBrowsable, noDefault
        case typed(String)
        case noScheme
        case schemeMismatch
        case schemeSpecificPart(AndroidPattern)
        case schemeSpecificMismatch
        case anyHost
        case hostMismatch
        case anyPath(Authority)
        case path(Authority, AndroidPattern)
        case group(Authority, Group)
        case pathMismatch(Authority)

        var matches: Bool {
            switch self {
            case .anyHost, .anyPath, .path, .schemeSpecificPart: return true
            case .group(_, let group): return group.allow
            default: return false
            }
        }
    }

    func step(_ uri: AndroidURI) -> Step {
        if let invalidReason { return .invalid(invalidReason) }
        guard actions.contains("android.intent.action.VIEW") else { return .noView }
        guard categories.contains("android.intent.category.BROWSABLE") else { return .noBrowsable }
        guard categories.contains("android.intent.category.DEFAULT") else { return .noDefault }
        if let mimeType { return .typed(mimeType) }
        guard schemes != nil else { return .noScheme }
        // `matchData` compares a URL without a scheme as the empty scheme, unit by unit.
        guard hasScheme(uri) else { return .schemeMismatch }
        // A matching scheme-specific part decides alone; otherwise the authority must match.
        if let schemeSpecificParts {
            if let part = schemeSpecificParts.first(where: { $0.matches(units: uri.schemeSpecificUnits) }) {
                return .schemeSpecificPart(part)
            }
            if authorities == nil { return .schemeSpecificMismatch }
        }
        guard let authorities else { return .anyHost }
        guard let authority = authorities.first(where: { $0.matches(uri) }) else { return .hostMismatch }
        guard paths != nil || groups != nil else { return .anyPath(authority) }
        if let units = uri.pathUnits, let path = paths?.first(where: { $0.matches(units: units) }) {
            return .path(authority, path)
        }
        if let group = groupDecision(uri) { return .group(authority, group) }
        return .pathMismatch(authority)
    }

    /// The same answer as `match(_:)` without building its reason (the fast path).
    func matches(_ uri: AndroidURI) -> Bool {
        guard linkClicks, invalidReason == nil, mimeType == nil, hasScheme(uri) else {
            return false
        }
        return step(uri).matches
    }

    /// Whether a link click (action VIEW, category BROWSABLE, data `uri`) matches, with the reason.
    func match(_ uri: AndroidURI) -> (Bool, String) {
        let step = step(uri)
        return (step.matches, reason(step, uri))
    }

    private func reason(_ step: Step, _ uri: AndroidURI) -> String {
        let scheme = uri.scheme ?? "(none)"
        switch step {
        case .invalid(let reason): return "Android refuses this filter: \(reason); the package would not install"
        case .noView: return "no VIEW action"
        case .noBrowsable: return "no BROWSABLE category"
        case .noDefault: return "no DEFAULT category (implicit intents skip it)"
        case .typed(let type):
            return "declares mimeType \(type): a link carries no MIME type, so a typed filter never matches it"
        case .noScheme: return "filter names no scheme (and no MIME type): it matches no URL"
        case .schemeSpecificPart(let part):
            return """
                scheme \(scheme), scheme-specific part \(uri.schemeSpecificPart) \
                matches \(part.kind.rawValue) \(part.pattern)
                """
        case .schemeSpecificMismatch:
            return """
                scheme \(scheme), but its scheme-specific part \(uri.schemeSpecificPart) matches none of the filter's \
                ssp attributes
                """
        case .schemeMismatch:
            return "scheme \(scheme) not in {\((schemes ?? []).sorted().joined(separator: ", "))}"
        case .anyHost: return "scheme \(scheme) matches; the filter names no host"
        case .hostMismatch:
            var declared: [String] = []
            for authority in authorities ?? [] {
                let text = authority.port >= 0 ? "\(authority.declared):\(authority.port)" : authority.declared
                if !declared.contains(text) { declared.append(text) }
            }
            let port = uri.port >= 0 ? ":\(uri.port)" : ""
            let host =
                uri.host.map { $0.isEmpty ? "(empty)" : $0 } ?? "(none: \(uri.isHierarchical ? "no //" : "opaque URI"))"
            return "host \(host)\(port) not in {\(declared.joined(separator: ", "))}"
        case .anyPath(let authority): return "scheme \(scheme), host \(authority.declared); no path constraint"
        case .path(let authority, let path):
            return """
                scheme \(scheme), host \(authority.declared), path \(uri.path ?? "") \
                matches \(path.kind.rawValue) \(path.pattern)
                """
        case .group(let authority, let group):
            return "scheme \(scheme), host \(authority.declared); relative filter group at line \(group.line) "
                + (group.allow ? "allows" : "blocks") + " it"
        case .pathMismatch(let authority):
            guard let path = uri.path else {
                return "scheme \(scheme), host \(authority.declared), but an opaque URI has no path to match"
            }
            return "scheme \(scheme), host \(authority.declared), but path \(path) matches none of the filter's paths"
        }
    }
}

/// The filters of one app, compiled once, asked about many URLs.
public struct AndroidLinkMatcher: Sendable {
    public let packageName: String
    public let filters: [CompiledIntentFilter]

    /// The fast path's index of the filters a link click can match (VIEW, BROWSABLE, DEFAULT, a
    /// scheme): by exact host (case key), by wildcard suffix, and those naming no host (or with
    /// `ssp*` attributes, which match whatever the host).
    private let exactHosts: [String: [Int]]
    private let wildHosts: [(suffix: [UInt16], index: Int)]
    private let anyHost: [Int]

    /// The API level whose parser read the filters (`docs/android.md` §4b).
    public let sdk: Int

    /// `sdk`: the Android version the device runs (35, Android 15, unless the tester picks another).
    public init(manifest: AndroidManifest, sdk: Int = 35) {
        packageName = manifest.packageName
        self.sdk = sdk
        var compiled: [CompiledIntentFilter] = []
        for (index, activity) in manifest.activities.enumerated()
        where activity.enabled && activity.isEffectivelyExported {
            for (filterIndex, filter) in activity.intentFilters.enumerated() {
                compiled.append(
                    CompiledIntentFilter(
                        activity: activity, index: index, filterIndex: filterIndex,
                        filter: filter, sdk: sdk))
            }
        }
        filters = compiled
        var exact: [String: [Int]] = [:]
        var wild: [(suffix: [UInt16], index: Int)] = []
        var any: [Int] = []
        for (index, filter) in compiled.enumerated()
        where filter.linkClicks && filter.schemes != nil && filter.invalidReason == nil && filter.mimeType == nil {
            // A filter with ssp attributes can match any host (the part decides alone).
            guard let authorities = filter.authorities, filter.schemeSpecificParts == nil else {
                any.append(index)
                continue
            }
            for authority in authorities {
                let key = String(decoding: authority.key, as: UTF16.self)
                if authority.wild {
                    wild.append((authority.key, index))
                } else if exact[key]?.last != index {
                    exact[key, default: []].append(index)
                }
            }
        }
        exactHosts = exact
        wildHosts = wild
        anyHost = any
    }

    /// One filter's answer for one URL.
    public struct FilterAnswer: Sendable, Equatable {
        public var activity: String
        /// The activity's position in the manifest and the filter's among the activity's filters.
        public var activityIndex: Int
        public var filterIndex: Int
        public var filterLine: Int
        public var matches: Bool
        public var autoVerify: Bool
        public var reason: String
    }

    /// Every filter's answer (the trace), in manifest order.
    public func answers(for uri: AndroidURI) -> [FilterAnswer] {
        filters.map { filter in
            let (matches, reason) = filter.match(uri)
            return FilterAnswer(
                activity: filter.activity, activityIndex: filter.activityIndex,
                filterIndex: filter.filterIndex, filterLine: filter.filterLine, matches: matches,
                autoVerify: filter.autoVerify, reason: reason)
        }
    }

    /// True when some filter matches (the fast path for benchmarks and tables).
    /// Only the filters the host index names are asked (the same answer as asking every filter).
    public func anyMatch(_ uri: AndroidURI) -> Bool {
        if anyHost.contains(where: { filters[$0].matches(uri) }) { return true }
        guard let host = uri.hostKey, let units = uri.hostKeyUnits else { return false }
        if let candidates = exactHosts[host], candidates.contains(where: { filters[$0].matches(uri) }) { return true }
        for entry in wildHosts
        where units.count >= entry.suffix.count
            && units[(units.count - entry.suffix.count)...].elementsEqual(entry.suffix)
        {
            if filters[entry.index].matches(uri) { return true }
        }
        return false
    }
}
