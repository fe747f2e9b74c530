/// Semantic lint on a read file (`docs/commands/aasa-lint.md`): what the file does that its author
/// probably did not mean. Schema and syntax problems come from the reader and the parser.
enum AssociationLinter {
    /// Paths a whole-site claim should not route into an app without confirmation.
    static let sensitiveSamplePaths = [
        "/login", "/logout", "/signin", "/sign-in", "/signout", "/auth/callback", "/oauth/callback",
        "/oauth2/callback", "/callback", "/password/reset", "/reset-password", "/forgot-password",
        "/account/delete", "/delete", "/payment", "/pay", "/checkout", "/approve", "/confirm",
    ]

    /// `shadowing: false` skips the shadowed-rule check (only the benchmark times lint without it).
    static func lint(
        _ file: AssociationFile, sourceMap: SourceMap, lines: LineTable, shadowing: Bool = true
    ) -> [LintDiagnostic] {
        var context = Context(sourceMap: sourceMap, lines: lines)
        guard let applinks = file.applinks else { return context.diagnostics }
        let variables = applinks.substitutionVariables
        let detailPointers = applinks.details.enumerated().map { index, detail in
            applinks.detailsForm == .dictionary
                ? JSONPointer().appending("applinks").appending("details").appending(detail.appIDs.first ?? "")
                : JSONPointer().appending("applinks").appending("details").appending(index)
        }

        // Defaults carrying rule keys.
        checkDefaults(
            applinks.defaults, at: JSONPointer().appending("applinks").appending("defaults"),
            scope: "every rule of every detail", context: &context)
        for (index, detail) in applinks.details.enumerated() {
            checkDefaults(
                detail.defaults, at: detailPointers[index].appending("defaults"),
                scope: "every rule of this detail", context: &context)
        }

        // Undefined variables.
        checkVariables(
            applinks.defaults, at: JSONPointer().appending("applinks").appending("defaults"),
            variables: variables, context: &context)
        for (index, detail) in applinks.details.enumerated() {
            checkVariables(
                detail.defaults, at: detailPointers[index].appending("defaults"), variables: variables,
                context: &context)
            for (ruleIndex, component) in (detail.components ?? []).enumerated() {
                checkVariables(
                    component, at: detailPointers[index].appending("components").appending(ruleIndex),
                    variables: variables, context: &context)
            }
            for (pathIndex, entry) in (detail.paths ?? []).enumerated() {
                for name in undefinedVariables(in: entry, variables: variables) {
                    context.report(
                        .undefinedVariable, "\"$(\(name))\" is not defined: this path entry matches nothing",
                        at: detailPointers[index].appending("paths").appending(pathIndex))
                }
            }
        }

        // Duplicate app IDs and dead details.
        var firstDetail: [String: Int] = [:]
        var deadDetails = Set<Int>()
        for (index, detail) in applinks.details.enumerated() {
            let pointer = detailPointers[index]
            var seenHere = Set<String>()
            var deadApps = 0
            for appID in detail.appIDs {
                if !seenHere.insert(appID).inserted {
                    context.report(
                        .duplicateAppID, "app ID \(JSONValue.quoted(appID)) is listed twice in this detail",
                        at: pointer)
                    continue
                }
                if let first = firstDetail[appID] {
                    deadApps += 1
                    context.report(
                        .duplicateAppID,
                        """
                        app ID \(JSONValue.quoted(appID)) is already named by details[\(first)]: this detail's rules \
                        never apply to it (the first detail wins; rules are not merged)
                        """, at: pointer)
                } else {
                    firstDetail[appID] = index
                }
            }
            if detail.appIDs.isEmpty {
                let why =
                    detail.appIDSource == .appIDs
                    ? "\"appIDs\" is empty (and wins over any \"appID\")" : "it names no app ID"
                deadDetails.insert(index)
                context.report(.deadDetail, "this detail can never apply: \(why)", at: pointer)
            } else if deadApps == seenHere.count {
                deadDetails.insert(index)
                context.report(
                    .deadDetail,
                    "every app this detail names is already named by an earlier detail: it is dead", at: pointer)
            }
            switch detail.ruleSource {
            case .none:
                if !detail.appIDs.isEmpty {
                    context.report(
                        .deadDetail,
                        "this detail has neither \"components\" nor \"paths\": its apps open no link", at: pointer)
                }
            case .components:
                if detail.components?.isEmpty == true {
                    context.report(
                        .deadDetail,
                        """
                        \"components\" is empty: it wins over \"paths\" on iOS 13+, so this detail matches no URL there
                        """, at: pointer.appending("components"))
                }
            case .paths:
                break
            }
            if detail.components != nil, detail.paths != nil {
                context.report(
                    .pathsIgnored,
                    """
                    both \"components\" and \"paths\": iOS 13+ uses only \"components\", iOS 12 and older \
                    only \"paths\"
                    """, at: pointer.appending("paths"))
            }
        }

        // Rule-level checks on each detail's effective rules. A dead detail's rules never apply
        // to any app: it was reported once above, its rules are not reported again.
        // The compiled lists the matcher uses too (for a detail not changed by an edit, the one
        // compiled at the previous keystroke, with its shadowing and sensitive paths).
        let live = applinks.details.indices.filter { !deadDetails.contains($0) }
        let lists = CompiledDetail.of(
            live.map { applinks.details[$0] }, fileDefaults: applinks.defaults,
            variables: variables, shadowing: shadowing)
        for (position, index) in live.enumerated() {
            let detail = applinks.details[index]
            let list = lists[position]
            let pointer = detailPointers[index]
            let listKey = detail.ruleSource == .paths ? "paths" : "components"
            let rules = list.effective
            let compiled = list.compiled
            if shadowing { reportShadowing(list, at: pointer.appending(listKey), context: &context) }
            checkPercentDecoding(
                detail, named: detailName(index, detail, form: applinks.detailsForm), rules: rules, at: pointer,
                listKey: listKey, fileDefaults: applinks.defaults, context: &context
            )
            if !detail.appIDs.isEmpty {
                reportSensitivePaths(list, at: pointer.appending(listKey), context: &context)
            }
            if detail.components != nil, let paths = detail.paths, !paths.isEmpty {
                let legacy =
                    EffectiveRule.legacyRules(of: AppLinksDetail(appIDs: [], paths: paths), fileDefaults: nil).map {
                        CompiledRule($0, variables: variables)
                    }
                checkComponentsAgainstPaths(
                    compiled, legacy: legacy, rules: rules, paths: paths, at: pointer,
                    variables: variables, context: &context)
            }
        }
        return context.diagnostics
    }

    struct Context {
        let sourceMap: SourceMap
        let lines: LineTable
        var diagnostics: [LintDiagnostic] = []
        /// `sourceMap` as a dictionary, built at the first report.
        private var offsets: [String: Int]?

        init(sourceMap: SourceMap, lines: LineTable) {
            self.sourceMap = sourceMap
            self.lines = lines
        }

        mutating func report(_ rule: LintRule, _ message: String, at pointer: JSONPointer) {
            var line: Int?
            var column: Int?
            if offsets == nil { offsets = sourceMap.dictionary() }
            if let offset = offsets?[pointer.text] {
                let position = lines.lineAndColumn(of: offset)
                line = position.line
                column = position.column
            }
            diagnostics.append(
                LintDiagnostic(
                    rule: rule, message: message, location: pointer.text, line: line,
                    column: column))
        }
    }

    private static func checkDefaults(
        _ defaults: Component?, at pointer: JSONPointer, scope: String,
        context: inout Context
    ) {
        guard let defaults, defaults.carriesRuleKeys else { return }
        var keys: [String] = []
        if defaults.path != nil || defaults.unconstrainedKeys.contains("/") { keys.append("\"/\"") }
        if defaults.query != nil || defaults.unconstrainedKeys.contains("?") { keys.append("\"?\"") }
        if defaults.fragment != nil || defaults.unconstrainedKeys.contains("#") { keys.append("\"#\"") }
        if let exclude = defaults.exclude { keys.append("\"exclude\": \(exclude)") }
        let blocks =
            defaults.exclude == true
            ? " — with \"exclude\": true every such rule blocks instead of opening the app" : ""
        context.report(
            .defaultsCarryRuleKeys,
            """
            defaults set \(keys.joined(separator: ", ")): the system applies them to \(scope) that does not set the \
            key itself (Apple documents only caseSensitive and percentEncoded here)\(blocks)
            """, at: pointer)
    }

    static func undefinedVariables(in pattern: String, variables: [String: [String]]) -> [String] {
        // A variable needs "$(": most patterns have none.
        guard pattern.containsVariableReference else { return [] }
        return PatternPiece.variableNames(in: pattern).filter { name in
            variables[name] == nil && BuiltinClass(rawValue: name) == nil && name != "region" && name != "lang"
        }
    }

    /// `pointer` is made only when something is reported (this runs for every rule on every keystroke).
    private static func checkVariables(
        _ component: Component?, at pointer: @autoclosure () -> JSONPointer,
        variables: [String: [String]], context: inout Context
    ) {
        guard let component else { return }
        func check(_ key: String, _ pattern: String) {
            for name in undefinedVariables(in: pattern, variables: variables) {
                context.report(
                    .undefinedVariable,
                    """
                    \"$(\(name))\" in \(JSONValue.quoted(pattern)) is not defined in substitutionVariables: \
                    this \(key) pattern matches nothing
                    """, at: pointer().appending(key))
            }
        }
        if let path = component.path { check("/", path) }
        if let fragment = component.fragment { check("#", fragment) }
        switch component.query {
        case .pattern(let text): check("?", text)
        case .items(let items): for item in items { check("?", item.pattern) }
        case nil: break
        }
    }

    // MARK: Shadowing

    /// What shadowing compares of a rule, computed once per rule: only that (not the whole
    /// rule, whose texts and arrays would be retained and released at every comparison).
    struct Shape {
        /// Normalised path pattern; nil when the path is unconstrained or `*`.
        var path: String?
        var fragment: String?
        var unconstrained: Bool
        /// Whether the rule has a path (a fragment) pattern at all, `*` included.
        var pathConstrained: Bool
        var fragmentConstrained: Bool
        var caseSensitive: Bool
        var percentEncoded: Bool
        var query: EffectiveRule.QueryPart
        /// `path` names a variable (`$(`); `coverPrefix(path)`: both read once per rule.
        var pathHasVariable = false
        var prefix: (hash: UInt64, length: Int)?

        init(_ rule: EffectiveRule) {
            self.init(rule, normalisedPath: rule.path.pattern.map(PathNormalisation.normalise))
        }

        /// The shape of `rule` whose path pattern is already normalised (`normalised`; nil when the
        /// rule has no path pattern): a compiled rule holds it (`CompiledRule.normalisedPath`).
        init(_ rule: EffectiveRule, normalisedPath normalised: String?) {
            unconstrained = rule.isUnconstrained(normalisedPath: normalised)
            pathConstrained = normalised != nil
            fragmentConstrained = rule.fragment.pattern != nil
            caseSensitive = rule.caseSensitive
            percentEncoded = rule.percentEncoded
            query = rule.query
            if let normalised {
                path = AssociationLinter.isStarOnly(normalised) ? nil : normalised
            }
            if let path {
                pathHasVariable = path.containsVariableReference
                prefix = pathHasVariable ? nil : AssociationLinter.coverPrefix(path)
            }
            if let text = rule.fragment.pattern, !AssociationLinter.isStarOnly(text) { fragment = text }
        }
    }

    /// Each rule (by position) that an earlier rule covers, with the first such earlier rule.
    static func shadowingPairs(_ rules: [EffectiveRule]) -> [(later: Int, earlier: Int)] {
        shadowingPairs(rules.map { Shape($0) })
    }

    /// `shadowingPairs(_:)` of a compiled list: each path pattern normalised once, when compiled.
    static func shadowingPairs(_ rules: [CompiledRule]) -> [(later: Int, earlier: Int)] {
        shadowingPairs(rules.map { Shape($0.rule, normalisedPath: $0.normalisedPath) })
    }

    private static func shadowingPairs(_ shapes: [Shape]) -> [(later: Int, earlier: Int)] {
        let index = ShadowIndex(shapes)
        return shapes.indices.dropFirst().compactMap { position in
            index.firstCovering(position, in: shapes).map { (later: position, earlier: $0) }
        }
    }

    private static func reportShadowing(_ list: CompiledDetail, at pointer: JSONPointer, context: inout Context) {
        for pair in list.shadowing() {
            let earlier = list.effective[pair.earlier]
            let laterRule = list.effective[pair.later]
            let what = laterRule.isLegacyPath ? "path entry" : "rule"
            let outcome =
                earlier.exclude == laterRule.exclude
                ? ""
                : """
                 (so its \(laterRule.exclude ? "exclude" : "match") never \
                happens: \(earlier.exclude ? "the earlier rule blocks" : "the earlier rule opens the app"))
                """
            context.report(
                .shadowedRule,
                """
                \(what) \(laterRule.index) \(laterRule.sourceText) can never \
                decide: \(what) \(earlier.index) \(earlier.sourceText) matches every URL it matches\(outcome)
                """, at: pointer.appending(laterRule.index))
        }
    }

    /// Which earlier rules could cover a rule, found without comparing every pair (a file with
    /// 500 rules per detail would otherwise take 125,000 `covers` tests per detail on every
    /// keystroke of the workbench's editor). It only prunes pairs `covers` would reject on the
    /// path alone, and asks `covers` about the rest in file order: the first covering rule is the
    /// one the pairwise scan finds (a property test compares both).
    struct ShadowIndex {
        /// Rules that may cover anything (unconstrained, or no path constraint).
        private var always: [Int] = []
        /// Rules by their normalised path (`covers` accepts equal paths): the first position of
        /// each path, the next positions through `nextSamePath` (no array per path: this runs
        /// for every rule of every changed detail at every keystroke).
        private var byPath: [String: Int] = [:]
        private var nextSamePath: [Int]
        /// `PREFIX*` rules (no other wildcard, no variable) by a hash of PREFIX's UTF-8 bytes (a
        /// collision only adds a candidate, which `covers` then rejects), chained the same way.
        private var byPrefix: [UInt64: Int] = [:]
        private var nextSamePrefix: [Int]
        private var prefixLengths: [Int] = []

        init(_ shapes: [Shape]) {
            var lengths = Set<Int>()
            nextSamePath = Array(repeating: -1, count: shapes.count)
            nextSamePrefix = nextSamePath
            // Each chain grows at its tail (`lastSame…`), so it lists its positions in order.
            var lastSamePath: [String: Int] = [:]
            var lastSamePrefix: [UInt64: Int] = [:]
            byPath.reserveCapacity(shapes.count)
            lastSamePath.reserveCapacity(shapes.count)
            for (position, shape) in shapes.enumerated() {
                guard !shape.unconstrained, let path = shape.path else {
                    always.append(position)
                    continue
                }
                if let last = lastSamePath.updateValue(position, forKey: path) {
                    nextSamePath[last] = position
                } else {
                    byPath[path] = position
                }
                if let prefix = shape.prefix {
                    if let last = lastSamePrefix.updateValue(position, forKey: prefix.hash) {
                        nextSamePrefix[last] = position
                    } else {
                        byPrefix[prefix.hash] = position
                    }
                    lengths.insert(prefix.length)
                }
            }
            prefixLengths = lengths.sorted()
        }

        /// The positions before `end` of the chain starting at `first`.
        private static func chain(from first: Int?, next: [Int], before end: Int, into candidates: inout [Int]) {
            var position = first ?? -1
            while position >= 0, position < end {
                candidates.append(position)
                position = next[position]
            }
        }

        /// The first rule before `position` that matches every URL the rule at `position` matches.
        func firstCovering(_ position: Int, in shapes: [Shape]) -> Int? {
            var candidates = Array(always.prefix { $0 < position })
            if shapes[position].pathConstrained {
                let path = shapes[position].path ?? "*"
                Self.chain(from: byPath[path], next: nextSamePath, before: position, into: &candidates)
                if !prefixLengths.isEmpty, !shapes[position].pathHasVariable {
                    // Every prefix length in use of the path's literal head (up to its first wildcard).
                    var hash = PrefixHash.seed
                    var length = 0
                    var next = 0
                    if prefixLengths[0] == 0 {
                        Self.chain(from: byPrefix[hash], next: nextSamePrefix, before: position, into: &candidates)
                        next = 1
                    }
                    for byte in path.utf8 {
                        guard next < prefixLengths.count, byte != UInt8(ascii: "*"), byte != UInt8(ascii: "?") else {
                            break
                        }
                        hash = PrefixHash.adding(byte, to: hash)
                        length += 1
                        if length == prefixLengths[next] {
                            next += 1
                            Self.chain(from: byPrefix[hash], next: nextSamePrefix, before: position, into: &candidates)
                        }
                    }
                }
            }
            if candidates.count > 1 { candidates.sort() }
            return shapes.withUnsafeBufferPointer { shapes in
                candidates.first { AssociationLinter.covers(shapes[$0], shapes[position]) }
            }
        }
    }

    /// The hash and length of PREFIX when `path` is `PREFIX*` with no other wildcard and no
    /// variable (the patterns `globCovers` lets cover what starts with PREFIX); nil otherwise.
    static func coverPrefix(_ path: String) -> (hash: UInt64, length: Int)? {
        guard !path.containsVariableReference, path.hasSuffix("*") else { return nil }
        var hash = PrefixHash.seed
        var length = 0
        for byte in path.utf8.dropLast() {
            if byte == UInt8(ascii: "*") || byte == UInt8(ascii: "?") { return nil }
            hash = PrefixHash.adding(byte, to: hash)
            length += 1
        }
        return (hash, length)
    }

    /// A sound (never wrong, sometimes silent) test that `earlier` matches every URL `later` matches.
    static func covers(_ earlier: EffectiveRule, _ later: EffectiveRule) -> Bool {
        covers(Shape(earlier), Shape(later))
    }

    static func covers(_ earlier: Shape, _ later: Shape) -> Bool {
        if earlier.unconstrained { return true }
        let sameFlags = earlier.caseSensitive == later.caseSensitive && earlier.percentEncoded == later.percentEncoded
        func partCovers(_ a: String?, _ b: String?, bConstrained: Bool) -> Bool {
            guard let a else { return true }
            guard let b, bConstrained else { return false }
            return sameFlags && globCovers(a, b)
        }
        guard
            partCovers(
                earlier.path, later.path ?? (later.pathConstrained ? "*" : nil),
                bConstrained: later.pathConstrained),
            partCovers(
                earlier.fragment, later.fragment ?? (later.fragmentConstrained ? "*" : nil),
                bConstrained: later.fragmentConstrained)
        else { return false }
        switch (earlier.query, later.query) {
        case (.unconstrained, _): return true
        case (.pattern(let x), _) where isStarOnly(x): return true
        case (.items(let items), _) where items.allSatisfy({ isStarOnly($0.pattern) }): return true
        case (.pattern(let x), .pattern(let y)): return sameFlags && globCovers(x, y)
        case (.items(let mine), .items(let theirs)):
            guard sameFlags else { return false }
            return mine.allSatisfy { item in
                isStarOnly(item.pattern)
                    || theirs.contains {
                        $0.name == item.name && globCovers(item.pattern, $0.pattern)
                    }
            }
        default: return false
        }
    }

    static func isStarOnly(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 == UInt8(ascii: "*") }
    }

    /// `a` ⊇ `b` for simple shapes: equal, `PREFIX*` against a pattern starting with PREFIX.
    static func globCovers(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        if a.containsVariableReference || b.containsVariableReference { return false }
        if a.hasSuffix("*") {
            let prefix = a.utf8.dropLast()
            guard !prefix.contains(UInt8(ascii: "*")), !prefix.contains(UInt8(ascii: "?")) else { return false }
            let literalHead = b.utf8.prefix { $0 != UInt8(ascii: "*") && $0 != UInt8(ascii: "?") }
            return literalHead.starts(with: prefix)
        }
        return false
    }

    // MARK: percentEncoded

    /// How a message names a detail: `details[3] (appIDs: A, B)`, so a tester finds it without the pointer.
    static func detailName(_ index: Int, _ detail: AppLinksDetail, form: AppLinks.DetailsForm) -> String {
        let shown = detail.appIDs.prefix(3).joined(separator: ", ") + (detail.appIDs.count > 3 ? ", …" : "")
        let key = detail.appIDSource == .appIDs ? "appIDs" : "appID"
        let head =
            form == .dictionary
            ? "the detail keyed \(JSONValue.quoted(detail.appIDs.first ?? ""))" : "details[\(index)]"
        return detail.appIDs.isEmpty || form == .dictionary ? head : "\(head) (\(key): \(shown))"
    }

    private static func checkPercentDecoding(
        _ detail: AppLinksDetail, named name: String, rules: [EffectiveRule],
        at pointer: JSONPointer, listKey: String, fileDefaults: Component?, context: inout Context
    ) {
        let decodingRules = rules.filter { !$0.percentEncoded && !$0.exclude }
        guard !decodingRules.isEmpty else { return }
        let explicit = decodingRules.filter { rule in
            !rule.isLegacyPath && detail.components?[safe: rule.index]?.percentEncoded == false
        }
        for rule in explicit {
            context.report(
                .percentDecodingWidens,
                """
                rule \(rule.index) of \(name) \(rule.sourceText) sets percentEncoded false: the URL is decoded before \
                matching, so %2F becomes a path separator and %3F, %23 stop being literal (a pattern like \"/a/b\" \
                also matches \"/a%2Fb\")
                """, at: pointer.appending(listKey).appending(rule.index))
        }
        let inherited = decodingRules.count - explicit.count
        if inherited > 0 {
            let source =
                detail.defaults?.percentEncoded == false
                ? pointer.appending("defaults") : JSONPointer().appending("applinks").appending("defaults")
            context.report(
                .percentDecodingWidens,
                """
                \(inherited) rule\(inherited == 1 ? "" : "s") of \(name) inherit\(inherited == 1 ? "s" : "") \
                percentEncoded false: URLs are decoded before matching, so %2F becomes a path separator (a pattern \
                like \"/a/b\" also matches \"/a%2Fb\")
                """, at: source)
        }
    }

    // MARK: Sensitive paths

    /// The rules (by rule index, in order) that route sensitive sample paths into the app, each
    /// with the paths it routes; `fast` is the matcher's hot form of the list (the same first
    /// match, without a call per rule).
    static func sensitiveRoutes(_ fast: FastRuleList) -> [(ruleIndex: Int, samples: [String])] {
        var routedBy: [Int: [String]] = [:]
        for sample in sensitiveSamplePaths {
            guard let decider = firstMatch(fast, path: sample), !decider.rule.exclude else { continue }
            routedBy[decider.rule.index, default: []].append(sample)
        }
        return routedBy.keys.sorted().map { (ruleIndex: $0, samples: routedBy[$0] ?? []) }
    }

    private static func reportSensitivePaths(_ list: CompiledDetail, at pointer: JSONPointer, context: inout Context) {
        for (index, samples) in list.sensitivePaths() {
            guard let rule = list.compiled.first(where: { $0.rule.index == index })?.rule else { continue }
            let wholeSite =
                rule.isUnconstrained
                || {
                    if case .pattern(let text) =
                        rule.path
                    {
                        return [
                            "*",
                            "/*",
                        ].contains(PathNormalisation.normalise(text))
                    } else {
                        return true
                    }
                }()
            let lead =
                wholeSite
                ? "whole-site claim \(rule.sourceText)"
                : "\(rule.isLegacyPath ? "path entry" : "rule") \(index) \(rule.sourceText)"
            let shown =
                samples.prefix(6).joined(separator: ", ") + (samples.count > 6 ? " and \(samples.count - 6) more" : "")
            context.report(
                .sensitivePaths,
                """
                \(lead) routes sensitive paths into the app (\(shown)): the app must validate and confirm before \
                acting on them, or exclude them
                """, at: pointer.appending(index))
        }
    }

    /// `firstMatch` over a list already in its hot form.
    static func firstMatch(_ fast: FastRuleList, path: String) -> CompiledRule? {
        var prepared = sampleURL(path: path)
        return fast.firstMatch(&prepared).map { fast.rules[$0] }
    }

    static func firstMatch(_ rules: [CompiledRule], path: String, query: String? = nil) -> CompiledRule? {
        var prepared = sampleURL(path: path, query: query)
        var tracer = Tracer(enabled: false)
        return rules.first { $0.matches(&prepared, tracer: &tracer) }
    }

    /// A sample URL lint probes rules with (only the path and query matter).
    private static func sampleURL(path: String, query: String? = nil) -> PreparedURL {
        PreparedURL(
            ParsedURL(
                scheme: "https", host: "", port: nil, path: path, query: query, fragment: nil,
                wasReencoded: false))
    }

    // MARK: components vs paths

    private static func checkComponentsAgainstPaths(
        _ modern: [CompiledRule], legacy: [CompiledRule],
        rules: [EffectiveRule], paths: [String], at pointer: JSONPointer, variables: [String: [String]],
        context: inout Context
    ) {
        var samples: [String] = ["/"]
        var patterns = paths.map { entry -> String in
            let lowered = entry.lowercased()
            return lowered.hasPrefix("not ") ? String(entry.dropFirst(4)) : entry
        }
        patterns += rules.compactMap { $0.path.pattern }
        for pattern in patterns {
            samples.append(contentsOf: samplePaths(for: pattern, variables: variables))
        }
        var seen = Set<String>()
        var disagreements: [String] = []
        for sample in samples where seen.insert(sample).inserted {
            let modernDecision = decisionText(firstMatch(modern, path: sample))
            let legacyDecision = decisionText(firstMatch(legacy, path: sample))
            if modernDecision != legacyDecision {
                disagreements.append("\(sample): iOS 13+ \(modernDecision), iOS ≤12 \(legacyDecision)")
            }
        }
        guard !disagreements.isEmpty else { return }
        let shown = disagreements.prefix(5).joined(separator: "; ")
        let more = disagreements.count > 5 ? " (and \(disagreements.count - 5) more)" : ""
        context.report(
            .componentsPathsDisagree, "\"components\" and \"paths\" decide differently: \(shown)\(more)",
            at: pointer)
    }

    private static func decisionText(_ rule: CompiledRule?) -> String {
        guard let rule else { return "no_match" }
        return rule.rule.exclude ? "exclude" : "match"
    }

    /// Concrete paths a pattern matches (wildcards filled in two ways), for comparisons.
    static func samplePaths(for pattern: String, variables: [String: [String]]) -> [String] {
        var short = ""
        var long = ""
        for piece in PatternPiece.split(pattern) {
            switch piece {
            case .text(let text):
                short += text
                long += text
            case .star: long += "x1"
            case .anyOne:
                short += "x"
                long += "x"
            case .variable(let name):
                let value = variables[name]?.first ?? (name == "region" ? "US" : name == "lang" ? "en" : "a")
                let concrete = value.replacingAll("*", with: "").replacingAll("?", with: "x")
                short += concrete
                long += concrete
            }
        }
        return [short, long].map { $0.hasPrefix("/") ? $0 : "/" + $0 }
    }
}

extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for character in self {
            if character == target { out += replacement } else { out.append(character) }
        }
        return out
    }
}
