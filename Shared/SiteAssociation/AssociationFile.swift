/// One apple-app-site-association file as Apple's reader understands it (terms: `docs/glossary.md`).
///
/// The model keeps what the file says, after Apple's leniency has been applied (booleans read
/// from `1`/`"true"`, non-string patterns left unconstrained, …); the lint diagnostics of the
/// `AssociationDocument` say where the file relied on that leniency. It encodes to JSON shaped
/// like an association file (`"/"`, `"?"`, `"#"` keys), which is what `aasa fetch` prints.
public struct AssociationFile: Sendable, Equatable, Codable {
    /// `applinks`: universal links, the only service with URL patterns.
    public var applinks: AppLinks?
    /// `webcredentials`: Password AutoFill and passkeys.
    public var webcredentials: ServiceApps?
    /// `appclips`: App Clips (iOS 14+).
    public var appclips: ServiceApps?
    /// `activitycontinuation`: Handoff.
    public var activitycontinuation: ServiceApps?

    /// Creates a file from its services.
    public init(
        applinks: AppLinks? = nil, webcredentials: ServiceApps? = nil, appclips: ServiceApps? = nil,
        activitycontinuation: ServiceApps? = nil
    ) {
        self.applinks = applinks
        self.webcredentials = webcredentials
        self.appclips = appclips
        self.activitycontinuation = activitycontinuation
    }

    /// Every app ID the applinks details name, first appearance first, without repeats.
    public var applinksAppIDs: [String] {
        var seen = Set<String>()
        var result: [String] = []
        for detail in applinks?.details ?? [] {
            for appID in detail.appIDs where seen.insert(appID).inserted { result.append(appID) }
        }
        return result
    }
}

/// A service that only lists app IDs (`webcredentials`, `appclips`, `activitycontinuation`).
public struct ServiceApps: Sendable, Equatable, Codable {
    /// The string members of `apps`, in file order (non-strings are skipped, as Apple does).
    public var apps: [String]

    /// Creates a service entry.
    public init(apps: [String]) { self.apps = apps }
}

/// The `applinks` service.
public struct AppLinks: Sendable, Equatable, Codable {
    /// How `details` was written.
    public enum DetailsForm: String, Sendable, Equatable, Codable {
        /// An array of dictionaries (current form).
        case array
        /// The oldest form: a dictionary keyed by app ID.
        case dictionary
    }

    /// Legacy `apps` (must be `[]` for iOS ≤ 12; otherwise ignored); nil when absent.
    public var apps: [String]?
    /// `applinks.defaults`: the lowest of the three default levels.
    public var defaults: Component?
    /// `applinks.substitutionVariables`: name → alternatives.
    public var substitutionVariables: [String: [String]]
    /// The details, in file order (dictionary form: in key order of the file).
    public var details: [AppLinksDetail]
    /// Whether `details` was an array or the legacy dictionary.
    public var detailsForm: DetailsForm

    /// Creates an applinks service.
    public init(
        apps: [String]? = nil, defaults: Component? = nil, substitutionVariables: [String: [String]] = [:],
        details: [AppLinksDetail] = [], detailsForm: DetailsForm = .array
    ) {
        self.apps = apps
        self.defaults = defaults
        self.substitutionVariables = substitutionVariables
        self.details = details
        self.detailsForm = detailsForm
    }
}

/// One entry of `applinks.details`.
public struct AppLinksDetail: Sendable, Equatable, Codable {
    /// Where the detail's app IDs came from.
    public enum AppIDSource: String, Sendable, Equatable, Codable {
        /// `appIDs` (an array; wins over `appID` even when empty).
        case appIDs
        /// `appID` (legacy string).
        case appID
        /// The key of a dictionary-form `details`.
        case key
        /// Neither: the detail names no app.
        case none
    }

    /// The app IDs this detail names (string members only), in order.
    public var appIDs: [String]
    /// Which key supplied `appIDs`.
    public var appIDSource: AppIDSource
    /// `components` when it is an array (wins over `paths`, even when empty); nil otherwise.
    public var components: [Component]?
    /// `paths` (legacy), string members only; nil when absent or not an array.
    public var paths: [String]?
    /// `details[i].defaults`: the middle default level.
    public var defaults: Component?
    /// Undocumented `relativeOrder` (clamped to −100…100): shown, never used for a verdict.
    public var relativeOrder: Int?

    /// Creates a detail.
    public init(
        appIDs: [String], appIDSource: AppIDSource = .appIDs, components: [Component]? = nil,
        paths: [String]? = nil, defaults: Component? = nil, relativeOrder: Int? = nil
    ) {
        self.appIDs = appIDs
        self.appIDSource = appIDSource
        self.components = components
        self.paths = paths
        self.defaults = defaults
        self.relativeOrder = relativeOrder
    }

    /// Which rule list decides for this detail's apps on iOS 13+.
    public var ruleSource: RuleSource {
        if components != nil { return .components }
        if paths != nil { return .paths }
        return .none
    }

    /// Which rule list a detail uses.
    public enum RuleSource: String, Sendable, Equatable, Codable {
        /// `components` (iOS 13+).
        case components
        /// Legacy `paths`.
        case paths
        /// Neither list: the detail matches nothing.
        case none
    }
}

/// A `?` constraint: the whole query, or per-item patterns.
public enum QueryConstraint: Sendable, Equatable, Codable {
    /// String form: a pattern for the whole raw query.
    case pattern(String)
    /// Dictionary form: item name → value pattern, in file order.
    case items([QueryItemPattern])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self = .pattern(text)
        } else {
            self = .items(try container.decode([QueryItemPattern].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .pattern(let text): try container.encode(text)
        case .items(let items): try container.encode(items)
        }
    }
}

/// One name → pattern pair of a dictionary-form `?`.
public struct QueryItemPattern: Sendable, Equatable, Codable {
    /// The query item name (literal).
    public var name: String
    /// The value pattern.
    public var pattern: String

    /// Creates a pair.
    public init(name: String, pattern: String) {
        self.name = name
        self.pattern = pattern
    }
}

/// One rule of `components` (also used for both `defaults` levels).
///
/// A nil property means the key is absent (the next default level applies). A key listed in
/// `unconstrainedKeys` was present with a value Apple's reader ignores (a non-string `/` or
/// `#`, a `?` dictionary with a non-string value): that part matches anything.
public struct Component: Sendable, Equatable, Codable {
    /// `/`: path pattern.
    public var path: String?
    /// `?`: query constraint.
    public var query: QueryConstraint?
    /// `#`: fragment pattern.
    public var fragment: String?
    /// `exclude`, as Apple's lenient boolean reading gives it.
    public var exclude: Bool?
    /// `caseSensitive`, as Apple's lenient boolean reading gives it.
    public var caseSensitive: Bool?
    /// `percentEncoded`, as Apple's lenient boolean reading gives it.
    public var percentEncoded: Bool?
    /// `comment`: ignored by the system.
    public var comment: String?
    /// Undocumented `requiredEntitlement`: shown, never used for a verdict.
    public var requiredEntitlement: String?
    /// Rule keys present with a value Apple ignores, so that part is unconstrained (`/`, `?`, `#`).
    public var unconstrainedKeys: [String]
    /// False when the JSON element was not a dictionary (it then constrains nothing).
    public var isDictionary: Bool
    /// Flags written as something other than a JSON boolean, with what was written (`null`,
    /// `string "yes"`), for traces. Not encoded and not compared (`==`): the values read are
    /// what count, and the lint diagnostics carry how they were written.
    public var lenientFlags: [String: String] = [:]

    /// Equal when every key reads the same (how a flag was spelled does not matter).
    public static func == (lhs: Component, rhs: Component) -> Bool {
        lhs.path == rhs.path && lhs.query == rhs.query && lhs.fragment == rhs.fragment && lhs.exclude == rhs.exclude
            && lhs.caseSensitive == rhs.caseSensitive && lhs.percentEncoded == rhs.percentEncoded
            && lhs.comment == rhs.comment
            && lhs.requiredEntitlement == rhs.requiredEntitlement && lhs.unconstrainedKeys == rhs.unconstrainedKeys
            && lhs.isDictionary == rhs.isDictionary
    }

    /// Creates a rule.
    public init(
        path: String? = nil, query: QueryConstraint? = nil, fragment: String? = nil, exclude: Bool? = nil,
        caseSensitive: Bool? = nil, percentEncoded: Bool? = nil, comment: String? = nil,
        requiredEntitlement: String? = nil, unconstrainedKeys: [String] = [], isDictionary: Bool = true
    ) {
        self.path = path
        self.query = query
        self.fragment = fragment
        self.exclude = exclude
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
        self.comment = comment
        self.requiredEntitlement = requiredEntitlement
        self.unconstrainedKeys = unconstrainedKeys
        self.isDictionary = isDictionary
    }

    /// True when the component sets `/`, `?`, `#` or `exclude` (a finding inside `defaults`).
    public var carriesRuleKeys: Bool {
        path != nil || query != nil || fragment != nil || exclude != nil || !unconstrainedKeys.isEmpty
    }

    private enum CodingKeys: String, CodingKey {
        case path = "/"
        case query = "?"
        case fragment = "#"
        case exclude, caseSensitive, percentEncoded, comment, requiredEntitlement
        case unconstrainedKeys = "unconstrained"
        case isDictionary = "dictionary"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        path = try container.decodeIfPresent(String.self, forKey: .path)
        query = try container.decodeIfPresent(QueryConstraint.self, forKey: .query)
        fragment = try container.decodeIfPresent(String.self, forKey: .fragment)
        exclude = try container.decodeIfPresent(Bool.self, forKey: .exclude)
        caseSensitive = try container.decodeIfPresent(Bool.self, forKey: .caseSensitive)
        percentEncoded = try container.decodeIfPresent(Bool.self, forKey: .percentEncoded)
        comment = try container.decodeIfPresent(String.self, forKey: .comment)
        requiredEntitlement = try container.decodeIfPresent(String.self, forKey: .requiredEntitlement)
        unconstrainedKeys = try container.decodeIfPresent([String].self, forKey: .unconstrainedKeys) ?? []
        isDictionary = try container.decodeIfPresent(Bool.self, forKey: .isDictionary) ?? true
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(path, forKey: .path)
        try container.encodeIfPresent(query, forKey: .query)
        try container.encodeIfPresent(fragment, forKey: .fragment)
        try container.encodeIfPresent(exclude, forKey: .exclude)
        try container.encodeIfPresent(caseSensitive, forKey: .caseSensitive)
        try container.encodeIfPresent(percentEncoded, forKey: .percentEncoded)
        try container.encodeIfPresent(comment, forKey: .comment)
        try container.encodeIfPresent(requiredEntitlement, forKey: .requiredEntitlement)
        if !unconstrainedKeys.isEmpty { try container.encode(unconstrainedKeys, forKey: .unconstrainedKeys) }
        if !isDictionary { try container.encode(false, forKey: .isDictionary) }
    }
}
