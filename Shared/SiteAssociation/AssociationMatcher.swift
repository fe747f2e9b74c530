import Foundation

/// Decides URLs for one association file on one domain exactly as iOS does
/// (`docs/commands/match.md`). Compiled once (every pattern parsed, defaults merged, substitutions
/// resolved), then asked many times; a value type, safe to share across tasks.
public struct AssociationMatcher: Sendable {
    /// The applinks app IDs the file names, in file order, without repeats.
    public let appIDs: [String]
    /// The domain the file was served from, as given (lower-cased).
    public let domain: String
    /// True when `domain` is only assumed to serve the file (taken from the URL's own host, the
    /// way `match` without `--domain` does): the trace then says the host is assumed, never that
    /// it "is covered by the file's domain".
    public var domainIsAssumed = false
    private let host: DomainPattern
    private let appRules: [String: AppRuleList]
    private let laterDetails: [String: [Int]]
    /// When the device would not use the file at all, why (every verdict is then no_match).
    private let rejection: String?
    /// The last URL prepared by `decision(url:appID:)`, so asking for each app in turn parses
    /// the URL once.
    private let memo = PreparedURLMemo()

    /// Compiles `file` for URLs on `domain` (`example.com`, `*.example.com`, optionally with
    /// a `:port` or an `applinks:` prefix as in an entitlement).
    public init(file: AssociationFile, domain: String) {
        self.init(file: file, domain: domain, rejection: nil)
    }

    /// Compiles a parsed document. When the device would reject the document (not strict
    /// JSON, over 128 KiB, no usable file) every verdict is no_match, and the trace says why
    /// and what the tolerant reading would have decided.
    public init(document: AssociationDocument, domain: String) {
        var reason: String?
        if !document.deviceAccepts {
            let first = document.diagnostics.first(where: { $0.severity == "error" })
            reason = "the device rejects this file (not strict JSON" + (first.map { ": \($0.message)" } ?? "") + ")"
        } else if document.exceedsSizeLimit {
            reason = "the device ignores this file (over 128 KiB)"
        }
        self.init(file: document.file ?? AssociationFile(), domain: domain, rejection: reason)
    }

    private init(file: AssociationFile, domain: String, rejection: String?) {
        self.domain = DomainPattern.clean(domain)
        self.host = DomainPattern(self.domain)
        self.rejection = rejection
        appIDs = file.applinksAppIDs
        var rules: [String: AppRuleList] = [:]
        var later: [String: [Int]] = [:]
        let applinks = file.applinks
        let variables = applinks?.substitutionVariables ?? [:]
        for (detailIndex, detail) in (applinks?.details ?? []).enumerated() {
            var compiled: AppRuleList?
            for appID in detail.appIDs {
                if rules[appID] != nil {
                    if later[appID]?.last != detailIndex { later[appID, default: []].append(detailIndex) }
                    continue
                }
                if compiled == nil {
                    compiled = AppRuleList(
                        detailIndex: detailIndex,
                        compiled: CompiledDetail.of(detail, fileDefaults: applinks?.defaults, variables: variables),
                        relativeOrder: detail.relativeOrder,
                        flags: Self.defaultFlags(detail: detail.defaults, index: detailIndex, file: applinks?.defaults)
                    )
                }
                rules[appID] = compiled
            }
        }
        appRules = rules
        laterDetails = later
    }

    /// "caseSensitive true, percentEncoded true unless a rule says otherwise" — with the value
    /// and source of each flag a detail's or the file's `defaults` set, so a trace header never
    /// claims a flag the defaults turned off.
    static func defaultFlags(detail: Component?, index: Int, file: Component?) -> String {
        func effective(_ key: KeyPath<Component, Bool?>, _ name: String) -> String {
            if let value = detail?[keyPath: key] { return "\(name) \(value) from details[\(index)].defaults" }
            if let value = file?[keyPath: key] { return "\(name) \(value) from applinks.defaults" }
            return "\(name) true"
        }
        return "\(effective(\.caseSensitive, "caseSensitive")), \(effective(\.percentEncoded, "percentEncoded"))"
            + " unless a rule says otherwise"
    }

    /// The verdict for `url` and `appID`, with its trace.
    public func decide(url: String, appID: String) -> AppVerdict {
        var tracer = Tracer(enabled: true)
        switch prepare(url, tracer: &tracer) {
        case .failed(let verdict, let reason):
            return .noMatch(appID, reason, trace: tracer.lines + [verdict])
        case .ready(var prepared):
            return decide(prepared: &prepared, appID: appID, tracer: tracer)
        }
    }

    /// One verdict per app ID the file names, in file order.
    public func decide(url: String) -> [AppVerdict] {
        tracedVerdicts(url: url).verdicts
    }

    /// The traced verdicts of `url` for `appIDs` (every app ID the file names when nil), in that
    /// order, as `decide(url:appID:)` gives each, the URL read once for them all; `sharedSteps`
    /// counts the leading steps every trace holds alike (what the matcher found about the URL,
    /// its host and the file before looking at any app).
    public func tracedVerdicts(url: String, appIDs: [String]? = nil) -> TracedVerdicts {
        var tracer = Tracer(enabled: true)
        let asked = appIDs ?? self.appIDs
        switch prepare(url, tracer: &tracer) {
        case .failed(let verdict, let reason):
            return TracedVerdicts(
                verdicts: asked.map { .noMatch($0, reason, trace: tracer.lines + [verdict]) },
                sharedSteps: tracer.lines.count)
        case .ready(var prepared):
            return TracedVerdicts(
                verdicts: asked.map { decide(prepared: &prepared, appID: $0, tracer: tracer) },
                sharedSteps: tracer.lines.count)
        }
    }

    /// The decision alone, without building a trace (for large URL lists and benchmarks).
    public func decision(url: String, appID: String) -> Decision {
        guard let (list, index) = firstMatch(url: url, appID: appID) else { return .noMatch }
        return list.fast.excludes(index) ? .exclude : .match
    }

    /// The verdict of `decide(url:appID:)` without its trace: the same decision, deciding
    /// detail, rule, rule text and no-match reason, at the cost of `decision(url:appID:)` (a
    /// no_match reads the URL once more to name its reason). A trace names every rule tried, so
    /// a file with hundreds of rules gives hundreds of lines per verdict: lists (decided on
    /// every keystroke) use `verdicts(url:appIDs:skip:)`, which reads the URL once for all apps,
    /// and build a trace only when one is asked for.
    public func verdict(url: String, appID: String) -> AppVerdict {
        guard let (list, index) = firstMatch(url: url, appID: appID) else {
            return .noMatch(appID, noMatchReason(url: url, appID: appID))
        }
        return Self.verdict(appID: appID, list: list, index: index)
    }

    /// Why `url` decides no_match for `appID` when no rule of it matched or none was tried, in
    /// the order the traced decision finds it: the URL (not a link, another host or port),
    /// then the file (a device rejects it), then the app (not listed), then its rules.
    private func noMatchReason(url: String, appID: String) -> NoMatchReason {
        if let failure = preparationFailure(url) { return failure }
        return rejection != nil ? .fileRejected : appRules[appID] == nil ? .appNotListed : .noRuleMatched
    }

    /// Why `url` decides no_match before any rule (nil when it reaches the rules).
    private func preparationFailure(_ url: String) -> NoMatchReason? {
        guard case .success(let parsed) = ParsedURL.parse(url, defaultHost: host.defaultHost),
            parsed.scheme == "https" || parsed.scheme == "http"
        else { return .notLink }
        return host.mismatch(host: parsed.host, port: parsed.port)?.reason
    }

    /// The untraced verdict of rule `index` of `list`.
    private static func verdict(appID: String, list: AppRuleList, index: Int) -> AppVerdict {
        let rule = list.rules[index].rule
        return AppVerdict(
            appID: appID, decision: rule.exclude ? .exclude : .match, detail: list.detailIndex,
            rule: rule.index, ruleText: rule.sourceText)
    }

    /// `verdict(url:appID:)` for each of `appIDs` (same order) with the URL prepared once for
    /// them all, by this call alone (no memo shared with other threads: lists decided on several
    /// cores use this). `skip` (same count, when given) marks the apps whose verdicts the caller
    /// already has: each gets a placeholder no_match verdict, and none of them prepares the URL.
    public func verdicts(url: String, appIDs: [String], skip: [Bool]? = nil) -> [AppVerdict] {
        var prepared: PreparedURL?
        var failure: NoMatchReason?
        var preparedYet = false
        return appIDs.indices.map { position in
            let appID = appIDs[position]
            guard skip?[position] != true else { return AppVerdict(appID: appID, decision: .noMatch) }
            if !preparedYet {
                prepared = preparedFast(url)
                failure = prepared == nil ? preparationFailure(url) : nil
                preparedYet = true
            }
            if let failure { return .noMatch(appID, failure) }
            if rejection != nil { return .noMatch(appID, .fileRejected) }
            guard let list = appRules[appID] else { return .noMatch(appID, .appNotListed) }
            guard let index = prepared?.firstMatch(in: list.fast) else { return .noMatch(appID, .noRuleMatched) }
            return Self.verdict(appID: appID, list: list, index: index)
        }
    }

    /// What `appID`'s untraced verdicts depend on (see `VerdictSource`).
    public func verdictSource(appID: String) -> VerdictSource {
        let list = appRules[appID]
        return VerdictSource(domain: domain, rejection: rejection, detailIndex: list?.detailIndex, list: list?.compiled)
    }

    /// The rules `appID` gets and the index of the first one `url` matches; nil when none does
    /// (or the app is not named, or the device rejects the file: every verdict is no_match).
    private func firstMatch(url: String, appID: String) -> (AppRuleList, Int)? {
        // An app the file does not name, or a file the device rejects, decides nothing: no
        // need to read the URL.
        guard rejection == nil, let list = appRules[appID] else { return nil }
        // The prepared URL is owned by this call until it goes back to the memo (no copy, no
        // sharing between threads).
        let box = memo.take(url) ?? PreparedURLBox(url: url, prepared: preparedFast(url))
        defer { memo.put(box) }
        guard let index = box.prepared?.firstMatch(in: list.fast) else { return nil }
        return (list, index)
    }

    /// The decisions alone for every app ID the file names (the URL is parsed once).
    public func decisions(url: String) -> [Decision] {
        guard rejection == nil, var prepared = preparedFast(url) else { return appIDs.map { _ in .noMatch } }
        return appIDs.map { appID in
            guard let list = appRules[appID] else { return .noMatch }
            return fastDecision(&prepared, list: list)
        }
    }

    private func fastDecision(_ prepared: inout PreparedURL, list: AppRuleList) -> Decision {
        guard let index = list.fast.firstMatch(&prepared) else { return .noMatch }
        return list.fast.excludes(index) ? .exclude : .match
    }

    /// The URL ready for matching, or nil when it decides no_match before any rule (the same
    /// checks as `prepare`, without building trace text).
    private func preparedFast(_ url: String) -> PreparedURL? {
        guard case .success(let parsed) = ParsedURL.parse(url, defaultHost: host.defaultHost),
            parsed.scheme == "https" || parsed.scheme == "http",
            host.covers(host: parsed.host, port: parsed.port)
        else { return nil }
        return PreparedURL(parsed)
    }

    /// The reverse question: which app IDs of the file this URL opens.
    public func appsReached(by url: String) -> [String] {
        decide(url: url).filter { $0.decision == .match }.map(\.appID)
    }

    // MARK: Internals

    private enum Preparation {
        case ready(PreparedURL)
        case failed(String, NoMatchReason)
    }

    private func prepare(_ url: String, tracer: inout Tracer) -> Preparation {
        let parsed: ParsedURL
        switch ParsedURL.parse(url, defaultHost: host.defaultHost) {
        case .failure(let failure):
            let why: String
            switch failure {
            case .empty: why = "the URL is empty"
            case .noScheme: why = "not an absolute http(s) URL (and not a path starting with /)"
            case .noHost: why = "the URL has no host"
            case .badPort(let text): why = "invalid port \"\(text)\""
            }
            return .failed("decision: no_match — \(why)", .notLink)
        case .success(let value):
            parsed = value
        }
        tracer.add {
            var line =
                "url: host \(parsed.host)\(parsed.port.map { ":\($0)" } ?? ""), path \(JSONValue.quoted(parsed.path)), "
            line += parsed.query.map { "query \(JSONValue.quoted($0)), " } ?? "no query, "
            line += parsed.fragment.map { "fragment \(JSONValue.quoted($0))" } ?? "no fragment"
            if parsed.wasReencoded { line += " (characters a URL cannot carry were percent-encoded)" }
            return line
        }
        guard parsed.scheme == "https" || parsed.scheme == "http" else {
            return .failed("decision: no_match — scheme \"\(parsed.scheme)\" is not http or https", .notLink)
        }
        if let problem = host.mismatch(host: parsed.host, port: parsed.port) {
            return .failed("decision: no_match — input domain did not match: \(problem.text)", problem.reason)
        }
        tracer.add {
            self.domainIsAssumed
                ? "host: \(parsed.host) is the domain assumed to serve the file (taken from the URL; not checked)"
                : "host: \(parsed.host) is covered by the file's domain \(self.domain)"
        }
        if let rejection {
            tracer.add { "file: \(rejection)" }
        }
        return .ready(PreparedURL(parsed))
    }

    private func decide(prepared: inout PreparedURL, appID: String, tracer: Tracer) -> AppVerdict {
        var tracer = tracer
        guard let list = appRules[appID] else {
            tracer.add { "app: \(appID) is not named by any applinks detail" }
            tracer.add { "decision: no_match" }
            return .noMatch(appID, rejection == nil ? .appNotListed : .fileRejected, trace: tracer.lines)
        }
        tracer.add {
            let kind: String
            switch list.source {
            case .components: kind = "components, \(list.rules.count) rule\(list.rules.count == 1 ? "" : "s")"
            case .paths: kind = "legacy paths, \(list.rules.count) entr\(list.rules.count == 1 ? "y" : "ies")"
            case .none: kind = "neither components nor paths: no rules"
            }
            let order = list.relativeOrder.map { "; relativeOrder \($0) shown, not used" } ?? ""
            return """
                app: details[\(list.detailIndex)] is the first detail naming \(appID) (\(kind); \(list.flags)\(order))
                """
        }
        if let later = laterDetails[appID] {
            tracer.add {
                """
                app: later details \(later.map { "[\($0)]" }.joined(separator: ", ")) also name it and are ignored \
                (first detail wins)
                """
            }
        }
        for compiled in list.rules {
            let matched = compiled.matches(&prepared, tracer: &tracer)
            guard matched else { continue }
            let decision: Decision = compiled.rule.exclude ? .exclude : .match
            if let rejection {
                tracer.add {
                    """
                    decision: no_match — \(rejection); the tolerant reading would give \(decision.rawValue) \
                    (details[\(list.detailIndex)] rule \(compiled.rule.index))
                    """
                }
                return .noMatch(appID, .fileRejected, trace: tracer.lines)
            }
            tracer.add {
                """
                decision: \(decision.rawValue) (details[\(list.detailIndex)] \
                rule \(compiled.rule.index)\(decision == .exclude ? ", exclude: the link is blocked" : ""))
                """
            }
            return AppVerdict(
                appID: appID, decision: decision, detail: list.detailIndex, rule: compiled.rule.index,
                ruleText: compiled.rule.sourceText, trace: tracer.lines
            )
        }
        tracer.add { "decision: no_match (no rule matched)" }
        return .noMatch(appID, rejection == nil ? .noRuleMatched : .fileRejected, trace: tracer.lines)
    }
}

/// A prepared URL with the text it came from (nil when the URL decides no_match before any
/// rule: unparsable, another host, another scheme).
final class PreparedURLBox {
    let url: String
    var prepared: PreparedURL?

    init(url: String, prepared: PreparedURL?) {
        self.url = url
        self.prepared = prepared
    }
}

/// A one-entry memo of the last URL prepared by `decision(url:appID:)`, so asking for each app
/// in turn parses the URL once. Shared by copies of a matcher; a lock guards the slot, and a
/// box is handed to one caller at a time (`take` empties the slot), so no two threads ever
/// touch the same prepared URL. It only saves work: the same text always prepares alike.
final class PreparedURLMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var box: PreparedURLBox?

    /// The remembered box when it is for `url`, removed from the memo until `put` returns it.
    func take(_ url: String) -> PreparedURLBox? {
        lock.lock()
        defer { lock.unlock() }
        guard let box, box.url == url else { return nil }
        self.box = nil
        return box
    }

    /// Remembers `box` (the latest URL wins).
    func put(_ box: PreparedURLBox) {
        lock.lock()
        defer { lock.unlock() }
        self.box = box
    }
}

/// The compiled rules one app gets from its first detail (a class: shared by the apps of a
/// detail, and looked up per decision without copying its arrays).
final class AppRuleList: Sendable {
    let detailIndex: Int
    /// The detail's compiled list (shared with lint and with other matchers of equal details).
    let compiled: CompiledDetail
    let relativeOrder: Int?
    /// The effective caseSensitive and percentEncoded of the detail's rules, for the trace.
    let flags: String
    var source: AppLinksDetail.RuleSource { compiled.source }
    var rules: [CompiledRule] { compiled.compiled }
    var fast: FastRuleList { compiled.fast }

    init(detailIndex: Int, compiled: CompiledDetail, relativeOrder: Int?, flags: String) {
        self.detailIndex = detailIndex
        self.compiled = compiled
        self.relativeOrder = relativeOrder
        self.flags = flags
    }
}

/// What decides one app's untraced verdicts in a matcher (`AssociationMatcher.verdictSource`):
/// the file's domain, why the device rejects the file (if it does), and the compiled rule list
/// of the first detail naming the app with that detail's index. Two matchers whose sources for
/// an app are equal give that app the same `verdict(url:appID:)` for every URL, so a document
/// re-deciding a list after an edit keeps the verdicts of every app whose detail did not change.
public struct VerdictSource: Hashable, Sendable {
    let domain: String
    let rejection: String?
    let detailIndex: Int?
    /// The compiled list, held so that its identity is never reused while this value lives.
    let list: CompiledDetail?

    public static func == (lhs: VerdictSource, rhs: VerdictSource) -> Bool {
        lhs.list === rhs.list && lhs.detailIndex == rhs.detailIndex && lhs.domain == rhs.domain
            && lhs.rejection == rhs.rejection
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(list.map(ObjectIdentifier.init))
        hasher.combine(detailIndex)
        hasher.combine(domain)
        hasher.combine(rejection)
    }
}

/// The traced verdicts of one URL for several apps (`AssociationMatcher.tracedVerdicts(url:appIDs:)`).
public struct TracedVerdicts: Sendable, Equatable {
    /// One verdict per app asked, in order, each with its trace.
    public var verdicts: [AppVerdict]
    /// How many leading steps of every verdict's trace are the URL's, its host's and the file's
    /// (the same in each: made before any app was looked at); the steps after them are the app's.
    public var sharedSteps: Int
}

/// Collects trace lines only when asked to (the fast path builds no strings).
struct Tracer {
    let enabled: Bool
    private(set) var lines: [String] = []

    init(enabled: Bool) { self.enabled = enabled }

    mutating func add(_ line: () -> String) {
        if enabled { lines.append(line()) }
    }
}

/// The file's domain, as the matcher compares hosts with it (`SiteAssociationOverview`).
struct DomainPattern: Sendable {
    let base: String
    let isWildcard: Bool
    let port: Int?

    /// Lower-cases and strips what an entitlement entry carries around a host.
    static func clean(_ domain: String) -> String {
        var text = domain.trimmingASCIIWhitespace().asciiLowercased()
        for service in ["applinks:", "webcredentials:", "appclips:", "activitycontinuation:"]
        where text.hasPrefix(service) {
            text = String(text.dropFirst(service.count))
        }
        if let question = text.firstIndex(of: "?") { text = String(text[..<question]) }
        if text.hasPrefix("https://") { text = String(text.dropFirst(8)) }
        while text.hasSuffix("/") { text.removeLast() }
        // An internationalised domain compares in its ASCII form, as the URL's host does.
        if !text.utf8.allSatisfy({ $0 < 0x80 }) { text = String(IDNA.asciiHostInURL("https://" + text).dropFirst(8)) }
        return text
    }

    init(_ cleaned: String) {
        var text = cleaned
        var port: Int?
        if let colon = text.lastIndex(of: ":"), !text.hasSuffix("]"),
            let value = Int(text[text.index(after: colon)...])
        {
            port = value
            text = String(text[..<colon])
        }
        if text.hasPrefix("*.") {
            isWildcard = true
            base = String(text.dropFirst(2))
        } else {
            isWildcard = false
            base = text
        }
        self.port = port
        defaultHost = base.isEmpty ? nil : base + (port.map { ":\($0)" } ?? "")
    }

    /// The host a path-only input is taken to be on.
    let defaultHost: String?

    /// Whether the URL's host and port are covered (`mismatch` is nil), without building text.
    func covers(host: String, port urlPort: Int?) -> Bool {
        guard urlPort == port else { return false }
        return isWildcard ? (host == base || host.hasSuffix("." + base)) : host == base
    }

    /// Nil when the URL's host and port are covered; otherwise why not.
    func mismatch(host: String, port urlPort: Int?) -> (text: String, reason: NoMatchReason)? {
        let covered = isWildcard ? (host == base || host.hasSuffix("." + base)) : host == base
        guard covered else {
            var why = "URL host \(host) is not the file's domain \(isWildcard ? "*." : "")\(base)"
            if host.hasSuffix("."), host.count > 1 {
                why += " (the URL host has a trailing dot; hosts are compared as written)"
            } else if !isWildcard, host.hasSuffix("." + base) {
                why += """
                     (an exact domain covers only itself; a file reached through an applinks:*.\(base) entitlement \
                    covers subdomains: use the domain *.\(base))
                    """
            }
            return (why, .otherHost)
        }
        if urlPort != port {
            if let urlPort {
                return (
                    """
                    the URL has port \(urlPort) but the domain \(port.map { "has port \($0)" } ?? "has none") (links \
                    with a port do not open the app)
                    """, .port
                )
            }
            return ("the domain has port \(port ?? 0) but the URL has none", .port)
        }
        return nil
    }
}
