import Foundation

/// One detail's rule list compiled: its effective rules (the three default levels merged), each
/// rule's compiled patterns and the matcher's hot form of the list. Everything here is a pure
/// function of the detail's rule inputs (its `components` or `paths`, its `defaults`, the file's
/// `defaults` and `substitutionVariables`), so lint and the matcher share one compilation, and a
/// workbench editor's keystroke recompiles only the detail whose text changed
/// (`CompiledDetail.of(_:fileDefaults:variables:)` finds the others in `CompiledDetailCache`).
///
/// What lint asks of the list alone (shadowed rules, sensitive paths reached) is computed on
/// first use and kept. A matcher names the compiled list behind each app's verdicts
/// (`AssociationMatcher.verdictSource(appID:)`), so a face can keep the verdicts of a detail
/// that did not change.
final class CompiledDetail: @unchecked Sendable {
    let source: AppLinksDetail.RuleSource
    let effective: [EffectiveRule]
    let compiled: [CompiledRule]
    let fast: FastRuleList

    /// The lock guards the lint answers, made on first use.
    private let lock = NSLock()
    private var shadowingPairs: [(later: Int, earlier: Int)]?
    private var sensitiveRoutes: [(ruleIndex: Int, samples: [String])]?

    /// What keeping this compilation costs, roughly in bytes: a share per rule, and its text
    /// several times over (a pattern is kept as written, normalised, split and as codes).
    let cost: Int

    init(_ key: CompiledDetailKey) {
        source = key.detail.ruleSource
        effective = EffectiveRule.rules(of: key.detail, fileDefaults: key.fileDefaults)
        compiled = effective.map { CompiledRule($0, variables: key.variables) }
        fast = FastRuleList(compiled)
        cost = effective.reduce(0) { $0 + 256 + 8 * $1.sourceText.utf8.count }
    }

    /// The compiled list of `detail` under the file's defaults and variables: the one already
    /// made for equal inputs when the cache holds it, otherwise made now (and kept).
    static func of(
        _ detail: AppLinksDetail, fileDefaults: Component?,
        variables: [String: [String]]
    ) -> CompiledDetail {
        CompiledDetailCache.shared.compiled(
            CompiledDetailKey(detail: detail, fileDefaults: fileDefaults, variables: variables))
    }

    /// The compiled lists of `details` (same order), with what lint asks of each made too
    /// (`shadowing()` when `shadowing`, `sensitivePaths()` for a detail naming apps). Those not
    /// already made are made on every core when they hold enough rules to be worth it (a file
    /// whose every rule changed, as a keystroke in `applinks.defaults` makes it).
    static func of(
        _ details: [AppLinksDetail], fileDefaults: Component?, variables: [String: [String]],
        shadowing: Bool
    ) -> [CompiledDetail] {
        let keys = details.map { CompiledDetailKey(detail: $0, fileDefaults: fileDefaults, variables: variables) }
        let cache = CompiledDetailCache.shared
        let known = keys.map(cache.known)
        let missing = keys.indices.filter { known[$0] == nil }
        let missingRules = missing.reduce(0) { $0 + (details[$1].components?.count ?? details[$1].paths?.count ?? 0) }
        @Sendable func make(_ index: Int) -> CompiledDetail {
            let list = cache.compiled(keys[index])
            if shadowing { _ = list.shadowing() }
            if !details[index].appIDs.isEmpty { _ = list.sensitivePaths() }
            return list
        }
        guard missing.count > 1, missingRules >= parallelThreshold else {
            return keys.indices.map { known[$0] ?? make($0) }
        }
        let made = LockedSlots<CompiledDetail>(count: keys.count)
        DispatchQueue.concurrentPerform(iterations: missing.count) { made[missing[$0]] = make(missing[$0]) }
        return keys.indices.map { known[$0] ?? made[$0] ?? make($0) }
    }

    /// Below this many rules to compile, one thread does it (starting others costs more).
    static let parallelThreshold = 1_000

    /// Pairs of positions (later, first earlier covering rule) for the shadowed-rule lint.
    func shadowing() -> [(later: Int, earlier: Int)] {
        if let known = locked({ shadowingPairs }) { return known }
        let made = AssociationLinter.shadowingPairs(compiled)
        locked { shadowingPairs = made }
        return made
    }

    /// Rules (by rule index, in order) that route sensitive sample paths into the app, with the
    /// paths each routes.
    func sensitivePaths() -> [(ruleIndex: Int, samples: [String])] {
        if let known = locked({ sensitiveRoutes }) { return known }
        let made = AssociationLinter.sensitiveRoutes(fast)
        locked { sensitiveRoutes = made }
        return made
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}

/// What a detail's compilation depends on, compared in full (every key of every rule, and how
/// a lenient flag was spelled: traces show it). The hash is computed once.
struct CompiledDetailKey: Hashable, Sendable {
    let detail: AppLinksDetail
    let fileDefaults: Component?
    let variables: [String: [String]]
    private let hash: Int

    /// Only what the compilation reads is kept: the defaults' rule keys and flags
    /// (`Component.inheritedByRules`), the variables the patterns name
    /// (`CompiledDetailKey.variables(readBy:fileDefaults:from:)`). So a keystroke in a comment of
    /// `applinks.defaults`, or in a variable no rule of a detail names, finds that detail compiled.
    init(detail: AppLinksDetail, fileDefaults: Component?, variables: [String: [String]]) {
        var detail = detail
        detail.defaults = detail.defaults?.inheritedByRules
        let fileDefaults = fileDefaults?.inheritedByRules
        let variables = Self.variables(readBy: detail, fileDefaults: fileDefaults, from: variables)
        self.detail = detail
        self.fileDefaults = fileDefaults
        self.variables = variables
        var hasher = Hasher()
        hasher.combine(detail.ruleSource)
        Self.combine(detail.components, into: &hasher)
        hasher.combine(detail.paths)
        Self.combine(detail.defaults, into: &hasher)
        Self.combine(fileDefaults, into: &hasher)
        hasher.combine(variables)
        hash = hasher.finalize()
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    /// The substitution variables the compilation of `detail` can read: those named by a
    /// pattern of its rules (components and paths), of its defaults or of the file's. A
    /// variable no pattern names changes no compiled rule (`Glob` resolves only named ones).
    static func variables(
        readBy detail: AppLinksDetail, fileDefaults: Component?,
        from variables: [String: [String]]
    ) -> [String: [String]] {
        guard !variables.isEmpty else { return variables }
        var names = Set<String>()
        func scan(_ pattern: String) {
            // A variable needs "$(": most patterns have none.
            if pattern.containsVariableReference { names.formUnion(PatternPiece.variableNames(in: pattern)) }
        }
        func scan(_ component: Component?) {
            guard let component else { return }
            if let path = component.path { scan(path) }
            if let fragment = component.fragment { scan(fragment) }
            switch component.query {
            case .pattern(let text): scan(text)
            case .items(let items): for item in items { scan(item.pattern) }
            case nil: break
            }
        }
        // By index: the fields read in place, no copy of a whole component per rule.
        if let components = detail.components {
            for index in components.indices {
                if let path = components[index].path { scan(path) }
                if let fragment = components[index].fragment { scan(fragment) }
                if components[index].query != nil { scan(components[index]) }
            }
        }
        for entry in detail.paths ?? [] { scan(entry) }
        scan(detail.defaults)
        scan(fileDefaults)
        guard !names.isEmpty else { return [:] }
        return variables.filter { names.contains($0.key) }
    }

    static func == (lhs: CompiledDetailKey, rhs: CompiledDetailKey) -> Bool {
        lhs.hash == rhs.hash && lhs.detail.paths == rhs.detail.paths && lhs.variables == rhs.variables
            && same(lhs.detail.components, rhs.detail.components) && same(lhs.detail.defaults, rhs.detail.defaults)
            && same(lhs.fileDefaults, rhs.fileDefaults)
    }

    /// `Component ==` leaves out how a flag was spelled; a compilation's traces show it.
    private static func same(_ lhs: Component?, _ rhs: Component?) -> Bool {
        lhs == rhs && lhs?.lenientFlags == rhs?.lenientFlags
    }

    private static func same(_ lhs: [Component]?, _ rhs: [Component]?) -> Bool {
        guard let lhs, let rhs else { return lhs == nil && rhs == nil }
        guard lhs.count == rhs.count else { return false }
        // Copies of one model share their arrays' storage (the matcher compiles the very file
        // lint just compiled): the same storage holds the same elements. Otherwise element by
        // element, in place (no copy of a component per comparison).
        return lhs.withUnsafeBufferPointer { left in
            rhs.withUnsafeBufferPointer { right in
                guard left.baseAddress != right.baseAddress else { return true }
                for index in left.indices
                where !(left[index] == right[index])
                    || left[index].lenientFlags != right[index].lenientFlags
                {
                    return false
                }
                return true
            }
        }
    }

    private static func combine(_ components: [Component]?, into hasher: inout Hasher) {
        guard let components else { return hasher.combine(-1) }
        hasher.combine(components.count)
        for component in components { combine(component, into: &hasher) }
    }

    private static func combine(_ component: Component?, into hasher: inout Hasher) {
        guard let component else { return hasher.combine(0 as UInt8) }
        hasher.combine(1 as UInt8)
        hasher.combine(component.path)
        switch component.query {
        case nil: hasher.combine(0 as UInt8)
        case .pattern(let text):
            hasher.combine(1 as UInt8)
            hasher.combine(text)
        case .items(let items):
            hasher.combine(2 as UInt8)
            hasher.combine(items.count)
            for item in items {
                hasher.combine(item.name)
                hasher.combine(item.pattern)
            }
        }
        hasher.combine(component.fragment)
        hasher.combine(component.exclude)
        hasher.combine(component.caseSensitive)
        hasher.combine(component.percentEncoded)
        hasher.combine(component.comment)
        hasher.combine(component.requiredEntitlement)
        hasher.combine(component.unconstrainedKeys)
        hasher.combine(component.isDictionary)
        hasher.combine(component.lenientFlags)
    }
}

/// The compiled details made lately, by their inputs: two generations, so a look-up and an
/// insertion are O(1) and what was used in the last generation survives the next. A generation
/// ends when what it keeps would cost more than `costLimit` (`CompiledDetail.cost`, roughly
/// bytes); a detail costing more than that alone is compiled every time and never kept, so
/// the cache holds at most about twice `costLimit`, whatever the files (many small ones, or a
/// few rules with huge patterns, as a hostile file of 16 MiB can have).
final class CompiledDetailCache: @unchecked Sendable {
    static let shared = CompiledDetailCache()
    /// About 30,000 ordinary rules: 8 apps × 500 rules several times over (an edited large
    /// file and its recent versions), or many files of ordinary size.
    static let costLimit = 8 << 20

    private let lock = NSLock()
    private var current: [CompiledDetailKey: CompiledDetail] = [:]
    private var previous: [CompiledDetailKey: CompiledDetail] = [:]
    private var currentCost = 0

    func compiled(_ key: CompiledDetailKey) -> CompiledDetail {
        if let known = known(key) { return known }
        let made = CompiledDetail(key)
        guard made.cost <= Self.costLimit else { return made }
        lock.lock()
        defer { lock.unlock() }
        if let known = current[key] { return known }
        keep(made, for: key)
        return made
    }

    /// The compilation kept for `key`, if any.
    func known(_ key: CompiledDetailKey) -> CompiledDetail? {
        lock.lock()
        defer { lock.unlock() }
        if let known = current[key] { return known }
        guard let old = previous.removeValue(forKey: key) else { return nil }
        // Used again: into the current generation.
        keep(old, for: key)
        return old
    }

    /// Into the current generation, which ends first when `made` would take it over the limit
    /// (called with the lock held).
    private func keep(_ made: CompiledDetail, for key: CompiledDetailKey) {
        if currentCost + made.cost > Self.costLimit {
            previous = current
            current = [:]
            currentCost = 0
        }
        current[key] = made
        currentCost += made.cost
    }

    /// Forgets every compilation (the benchmark times cold compilation with it).
    func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        current = [:]
        previous = [:]
        currentCost = 0
    }

    /// What the kept compilations cost in all (tests).
    var cost: Int {
        lock.lock()
        defer { lock.unlock() }
        return currentCost + previous.values.reduce(0) { $0 + $1.cost }
    }
}

/// Results written by concurrent workers, one slot each.
final class LockedSlots<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Value?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    subscript(index: Int) -> Value? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return slots[index]
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            slots[index] = newValue
        }
    }
}

extension Component {
    /// What a rule inherits from this `defaults` level (`EffectiveRule.merge`, `.legacy`): the
    /// rule keys, the three flags and how each flag was spelled; nil when that is nothing (such
    /// a level compiles as no level). `comment`, `requiredEntitlement` and unknown keys reach no
    /// rule.
    var inheritedByRules: Component? {
        let ruleKeys = unconstrainedKeys.filter { $0 == "/" || $0 == "?" || $0 == "#" }
        guard
            path != nil || query != nil || fragment != nil || exclude != nil || caseSensitive != nil
                || percentEncoded != nil || !ruleKeys.isEmpty
        else { return nil }
        var kept = Component(
            path: path, query: query, fragment: fragment, exclude: exclude,
            caseSensitive: caseSensitive, percentEncoded: percentEncoded, unconstrainedKeys: ruleKeys)
        kept.lenientFlags = lenientFlags.filter { key, _ in
            switch key {
            case "exclude": exclude != nil
            case "caseSensitive": caseSensitive != nil
            case "percentEncoded": percentEncoded != nil
            default: false
            }
        }
        return kept
    }
}
