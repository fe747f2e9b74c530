/// What iOS does with one URL for one app.
public enum Decision: String, Sendable, Codable, Equatable, CaseIterable {
    /// A rule matched: the link opens the app.
    case match
    /// An `exclude` rule matched first: the link is blocked (opens in Safari).
    case exclude
    /// No rule matched (or the app, host or file does not qualify).
    case noMatch = "no_match"
}

/// Why a verdict is `no_match`: the step that decided it. The faces word a `no_match` from
/// this (a port, an app the file does not list and a URL no rule matches read differently).
public enum NoMatchReason: String, Sendable, Codable, Equatable, CaseIterable {
    /// Not an http(s) URL with a host (empty, no scheme, no host, an invalid port, another
    /// scheme): iOS never treats it as a universal link.
    case notLink = "not_link"
    /// The association file's domain does not cover the URL's host.
    case otherHost = "other_host"
    /// The URL's port differs from the domain's (or from the port the app claims).
    case port
    /// The app has no `applinks:` entitlement covering the host.
    case notClaimed = "not_claimed"
    /// No association file was fetched or supplied for the host.
    case noFile = "no_file"
    /// The host served no usable association file.
    case unusableFile = "unusable_file"
    /// A device rejects the file (not strict JSON, or over its size limit): every verdict on it is no_match.
    case fileRejected = "file_rejected"
    /// No detail of the file names the app ID.
    case appNotListed = "app_not_listed"
    /// The app's detail was read and none of its rules matched.
    case noRuleMatched = "no_rule_matched"
}

extension NoMatchReason {
    /// The step in a few words, for tables, lists and the command line: "no rule matched",
    /// "no detail lists this app ID", "port differs", …
    public var summary: String {
        switch self {
        case .noRuleMatched: "no rule matched"
        case .appNotListed: "no detail lists this app ID"
        case .port: "port differs"
        case .otherHost: "host not covered by the file"
        case .notClaimed: "host not claimed (no applinks entitlement)"
        case .noFile: "no association file"
        case .unusableFile: "no usable association file"
        case .fileRejected: "file rejected by iOS"
        case .notLink: "not an http(s) URL"
        }
    }
}

/// The verdict for one URL and one app ID, with the deciding rule and a trace.
public struct AppVerdict: Sendable, Equatable, Codable {
    /// The app ID asked about.
    public var appID: String
    /// match, exclude or no_match.
    public var decision: Decision
    /// Index of the detail whose rules decided (the first detail naming the app), if any.
    public var detail: Int?
    /// Index of the deciding rule in that detail's `components` (or `paths`), if any.
    public var rule: Int?
    /// The deciding rule as written (compact JSON), if any.
    public var ruleText: String?
    /// Why the decision is no_match (nil for match and exclude, and for a verdict read from
    /// a file written before reasons were recorded).
    public var reason: NoMatchReason?
    /// Step-by-step explanation: which rules were tried and why each failed or matched.
    public var trace: [String]

    /// Creates a verdict.
    public init(
        appID: String, decision: Decision, detail: Int? = nil, rule: Int? = nil, ruleText: String? = nil,
        reason: NoMatchReason? = nil, trace: [String] = []
    ) {
        self.appID = appID
        self.decision = decision
        self.detail = detail
        self.rule = rule
        self.ruleText = ruleText
        self.reason = decision == .noMatch ? reason : nil
        self.trace = trace
    }

    /// A no_match verdict decided by `reason`.
    public static func noMatch(_ appID: String, _ reason: NoMatchReason, trace: [String] = []) -> AppVerdict {
        AppVerdict(appID: appID, decision: .noMatch, reason: reason, trace: trace)
    }

    private enum CodingKeys: String, CodingKey {
        case appID, decision, detail, rule, ruleText, reason, trace
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        appID = try container.decode(String.self, forKey: .appID)
        decision = try container.decode(Decision.self, forKey: .decision)
        detail = try container.decodeIfPresent(Int.self, forKey: .detail)
        rule = try container.decodeIfPresent(Int.self, forKey: .rule)
        ruleText = try container.decodeIfPresent(String.self, forKey: .ruleText)
        // An unknown reason (a newer writer's) reads as none rather than refusing the file.
        reason = decision == .noMatch ? try? container.decodeIfPresent(NoMatchReason.self, forKey: .reason) : nil
        trace = try container.decodeIfPresent([String].self, forKey: .trace) ?? []
    }

    /// Encodes `detail`, `rule`, `ruleText` and `reason` as explicit `null` when absent (`docs/cli.md`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(appID, forKey: .appID)
        try container.encode(decision, forKey: .decision)
        if let detail {
            try container.encode(detail, forKey: .detail)
        } else {
            try container.encodeNil(forKey: .detail)
        }
        if let rule { try container.encode(rule, forKey: .rule) } else { try container.encodeNil(forKey: .rule) }
        if let ruleText {
            try container.encode(ruleText, forKey: .ruleText)
        } else {
            try container.encodeNil(forKey: .ruleText)
        }
        if let reason {
            try container.encode(reason, forKey: .reason)
        } else {
            try container.encodeNil(forKey: .reason)
        }
        try container.encode(trace, forKey: .trace)
    }
}
