import Foundation

/// One intent filter compiled for matching: its `<data>` merged into sets, as `IntentFilter`
/// holds them (`docs/android.md` M2: every scheme combines with every host and path).
public struct CompiledIntentFilter: Sendable {
    public let activity: String
    public let activityIndex: Int
    public let filterLine: Int
    public let autoVerify: Bool
    let actions: Set<String>
    let categories: Set<String>
    /// Nil when the filter names no scheme.
    let schemes: Set<String>?
    let authorities: [Authority]?
    let paths: [AndroidPattern]?
    let groups: [Group]?
    /// VIEW, BROWSABLE and DEFAULT all present (computed once).
    let linkClicks: Bool

    struct Authority: Sendable {
        /// Lower-cased, wildcard `*` removed (`*.a.com` → `.a.com`, `*` → ``).
        var host: String
        var wild: Bool
        var port: Int
        var declared: String
    }

    struct Group: Sendable {
        enum Part: String, Sendable { case path, query, fragment }
        var allow: Bool
        var line: Int
        var matchers: [(Part, AndroidPattern)]
    }

    init(activity: AndroidManifest.Activity, index: Int, filter: AndroidManifest.IntentFilter) {
        self.activity = activity.name
        self.activityIndex = index
        self.filterLine = filter.line
        self.autoVerify = filter.autoVerify
        actions = Set(filter.actions)
        categories = Set(filter.categories)
        let schemeList = filter.data.compactMap(\.scheme)
        schemes = schemeList.isEmpty ? nil : Set(schemeList)
        var authorities: [Authority] = []
        for data in filter.data {
            guard let host = data.host else { continue }
            let wild = host.hasPrefix("*")
            authorities.append(Authority(
                host: String(wild ? host.dropFirst() : Substring(host)).lowercased(), wild: wild,
                port: data.port.flatMap { Int($0) } ?? -1, declared: host))
        }
        self.authorities = authorities.isEmpty ? nil : authorities
        let pathList = filter.data.flatMap(Self.pathMatchers)
        paths = pathList.isEmpty ? nil : pathList
        let groupList = filter.relativeFilterGroups.map { group in
            Group(allow: group.allow, line: group.line, matchers: group.data.flatMap(Self.relativeMatchers))
        }
        groups = groupList.isEmpty ? nil : groupList
        linkClicks = actions.contains("android.intent.action.VIEW")
            && categories.contains("android.intent.category.BROWSABLE")
            && categories.contains("android.intent.category.DEFAULT")
    }

    static func pathMatchers(_ data: AndroidManifest.DataElement) -> [AndroidPattern] {
        var out: [AndroidPattern] = []
        if let path = data.path { out.append(AndroidPattern(path, kind: .literal)) }
        if let path = data.pathPrefix { out.append(AndroidPattern(path, kind: .prefix)) }
        if let path = data.pathPattern { out.append(AndroidPattern(path, kind: .simpleGlob)) }
        if let path = data.pathAdvancedPattern { out.append(AndroidPattern(path, kind: .advancedGlob)) }
        if let path = data.pathSuffix { out.append(AndroidPattern(path, kind: .suffix)) }
        return out
    }

    static func relativeMatchers(_ data: AndroidManifest.DataElement) -> [(Group.Part, AndroidPattern)] {
        var out = pathMatchers(data).map { (Group.Part.path, $0) }
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
              authorities != nil else { return false }
        return true
    }

    /// Declared hosts (as written, `*.` kept).
    public var hosts: [String] { authorities?.map(\.declared) ?? [] }

    func authority(for uri: AndroidURI) -> Authority? {
        guard let authorities, let host = uri.hostKey else { return nil }
        return authorities.first { entry in
            let hostMatches = entry.wild ? host.count >= entry.host.count && host.hasSuffix(entry.host)
                : host == entry.host
            return hostMatches && (entry.port < 0 || entry.port == uri.port)
        }
    }

    func groupDecision(_ uri: AndroidURI) -> Group? {
        groups?.first { group in
            !group.matchers.isEmpty && group.matchers.allSatisfy { part, pattern in
                switch part {
                case .path: return pattern.matches(units: uri.pathUnits)
                case .query: return uri.query.map(pattern.matches) ?? false
                case .fragment: return uri.fragment.map(pattern.matches) ?? false
                }
            }
        }
    }

    /// The same answer as `match(_:)` without building its reason (the fast path).
    func matches(_ uri: AndroidURI) -> Bool {
        guard linkClicks, let schemes, let scheme = uri.scheme, schemes.contains(scheme) else { return false }
        guard authorities != nil else { return true }
        guard authority(for: uri) != nil else { return false }
        guard paths != nil || groups != nil else { return true }
        if paths?.contains(where: { $0.matches(units: uri.pathUnits) }) == true { return true }
        return groupDecision(uri)?.allow ?? false
    }

    /// Whether a link click (action VIEW, category BROWSABLE, data `uri`) matches, with the reason.
    func match(_ uri: AndroidURI) -> (Bool, String) {
        guard actions.contains("android.intent.action.VIEW") else { return (false, "no VIEW action") }
        guard categories.contains("android.intent.category.BROWSABLE") else { return (false, "no BROWSABLE category") }
        guard categories.contains("android.intent.category.DEFAULT") else {
            return (false, "no DEFAULT category (implicit intents skip it)")
        }
        guard let schemes else {
            return (false, "filter names no scheme: only content:, file: or scheme-less data match")
        }
        guard let scheme = uri.scheme, schemes.contains(scheme) else {
            return (false, "scheme \(uri.scheme ?? "(none)") not in {\(schemes.sorted().joined(separator: ", "))}")
        }
        guard let authorities else { return (true, "scheme \(scheme) matches; the filter names no host") }
        guard let authority = authority(for: uri) else {
            let declared = authorities.map { $0.port >= 0 ? "\($0.declared):\($0.port)" : $0.declared }
            let port = uri.port >= 0 ? ":\(uri.port)" : ""
            return (false, "host \(uri.host ?? "(none)")\(port) not in {\(declared.joined(separator: ", "))}")
        }
        let hostNote = "scheme \(scheme), host \(authority.declared)"
        guard paths != nil || groups != nil else { return (true, "\(hostNote); no path constraint") }
        if let path = paths?.first(where: { $0.matches(units: uri.pathUnits) }) {
            return (true, "\(hostNote), path \(uri.path) matches \(path.kind.rawValue) \(path.pattern)")
        }
        if let group = groupDecision(uri) {
            return (group.allow, "\(hostNote); relative filter group at line \(group.line) "
                + (group.allow ? "allows" : "blocks") + " it")
        }
        return (false, "\(hostNote), but path \(uri.path) matches none of the filter's paths")
    }
}

/// The filters of one app, compiled once, asked about many URLs.
public struct AndroidLinkMatcher: Sendable {
    public let packageName: String
    public let filters: [CompiledIntentFilter]

    /// The fast path's index of the filters a link click can match (VIEW, BROWSABLE, DEFAULT, a
    /// scheme): by exact host (lower-cased), by wildcard suffix, and those naming no host.
    private let exactHosts: [String: [Int]]
    private let wildHosts: [(suffix: [UInt8], index: Int)]
    private let anyHost: [Int]

    public init(manifest: AndroidManifest) {
        packageName = manifest.packageName
        var compiled: [CompiledIntentFilter] = []
        for (index, activity) in manifest.activities.enumerated()
        where activity.enabled && activity.isEffectivelyExported {
            for filter in activity.intentFilters {
                compiled.append(CompiledIntentFilter(activity: activity, index: index, filter: filter))
            }
        }
        filters = compiled
        var exact: [String: [Int]] = [:], wild: [(suffix: [UInt8], index: Int)] = [], any: [Int] = []
        for (index, filter) in compiled.enumerated() where filter.linkClicks && filter.schemes != nil {
            guard let authorities = filter.authorities else {
                any.append(index)
                continue
            }
            for authority in authorities {
                if authority.wild {
                    wild.append((Array(authority.host.utf8), index))
                } else if exact[authority.host]?.last != index {
                    exact[authority.host, default: []].append(index)
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
        public var filterLine: Int
        public var matches: Bool
        public var autoVerify: Bool
        public var reason: String
    }

    /// Every filter's answer (the trace), in manifest order.
    public func answers(for uri: AndroidURI) -> [FilterAnswer] {
        filters.map { filter in
            let (matches, reason) = filter.match(uri)
            return FilterAnswer(activity: filter.activity, filterLine: filter.filterLine, matches: matches,
                                autoVerify: filter.autoVerify, reason: reason)
        }
    }

    /// True when some filter matches (the fast path for benchmarks and tables).
    /// Only the filters the host index names are asked (the same answer as asking every filter).
    public func anyMatch(_ uri: AndroidURI) -> Bool {
        if anyHost.contains(where: { filters[$0].matches(uri) }) { return true }
        guard let host = uri.hostKey else { return false }
        if let candidates = exactHosts[host], candidates.contains(where: { filters[$0].matches(uri) }) { return true }
        guard !wildHosts.isEmpty else { return false }
        let bytes = host.utf8
        for entry in wildHosts where bytes.count >= entry.suffix.count
            && bytes.suffix(entry.suffix.count).elementsEqual(entry.suffix) {
            if filters[entry.index].matches(uri) { return true }
        }
        return false
    }
}
