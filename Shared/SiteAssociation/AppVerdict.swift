/// What iOS does with one URL for one app.
public enum Decision: String, Sendable, Codable, Equatable, CaseIterable {
    /// A rule matched: the link opens the app.
    case match
    /// An `exclude` rule matched first: the link is blocked (opens in Safari).
    case exclude
    /// No rule matched (or the app, host or file does not qualify).
    case noMatch = "no_match"
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
    /// Step-by-step explanation: which rules were tried and why each failed or matched.
    public var trace: [String]

    /// Creates a verdict.
    public init(appID: String, decision: Decision, detail: Int? = nil, rule: Int? = nil, ruleText: String? = nil, trace: [String] = []) {
        self.appID = appID
        self.decision = decision
        self.detail = detail
        self.rule = rule
        self.ruleText = ruleText
        self.trace = trace
    }

    private enum CodingKeys: String, CodingKey {
        case appID, decision, detail, rule, ruleText, trace
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        appID = try container.decode(String.self, forKey: .appID)
        decision = try container.decode(Decision.self, forKey: .decision)
        detail = try container.decodeIfPresent(Int.self, forKey: .detail)
        rule = try container.decodeIfPresent(Int.self, forKey: .rule)
        ruleText = try container.decodeIfPresent(String.self, forKey: .ruleText)
        trace = try container.decodeIfPresent([String].self, forKey: .trace) ?? []
    }

    /// Encodes `detail`, `rule` and `ruleText` as explicit `null` when absent (`docs/cli.md`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(appID, forKey: .appID)
        try container.encode(decision, forKey: .decision)
        if let detail { try container.encode(detail, forKey: .detail) } else { try container.encodeNil(forKey: .detail) }
        if let rule { try container.encode(rule, forKey: .rule) } else { try container.encodeNil(forKey: .rule) }
        if let ruleText { try container.encode(ruleText, forKey: .ruleText) } else { try container.encodeNil(forKey: .ruleText) }
        try container.encode(trace, forKey: .trace)
    }
}
