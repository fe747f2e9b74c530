import SiteAssociation

/// What Apple's matcher (`swcutil verify`) said for one app ID.
public enum AppleMatcherOutcome: String, Sendable, Equatable, Codable, CaseIterable {
    /// "Pattern … matched.": the link opens the app.
    case matched
    /// "Pattern … blocked match.": an exclude / `NOT` rule won.
    case blocked
    /// "Input JSON did not match input URL.": no rule matched.
    case noMatch = "no_match"
    /// "Input domain X did not match input URL's domain Y.": the URL is on another host.
    case otherDomain = "other_domain"
    /// Nothing recognisable for this app ID (an error, a new output format).
    case unknown

    /// For people.
    public var label: String {
        switch self {
        case .matched: "opens the app"
        case .blocked: "blocked by an exclude rule"
        case .noMatch: "no rule matched"
        case .otherDomain: "the URL is on another domain"
        case .unknown: "no recognisable answer"
        }
    }
}

/// One line of `swcutil verify` output for an app ID.
public struct AppleMatcherLine: Sendable, Equatable {
    public var service: String
    public var appID: String
    public var domain: String
    /// The URL quoted after `Pattern`.
    public var url: String
    public var outcome: AppleMatcherOutcome

    public init(service: String, appID: String, domain: String, url: String, outcome: AppleMatcherOutcome) {
        self.service = service
        self.appID = appID
        self.domain = domain
        self.url = url
        self.outcome = outcome
    }
}

/// The parsed text of one `swcutil verify` run (stdout and stderr), kept to the app's own IDs.
public struct AppleMatcherAnswer: Sendable, Equatable {
    /// At most this many unrecognised lines are kept (for display).
    public static let maximumKeptLines = 20
    /// Each kept line is cut to this many characters.
    public static let maximumLineLength = 300

    /// "Input domain X did not match input URL's domain Y."
    public struct DomainMismatch: Sendable, Equatable {
        public var input: String
        public var urlDomain: String
        public init(input: String, urlDomain: String) {
            self.input = input
            self.urlDomain = urlDomain
        }
    }

    /// Lines for the app's own IDs, in output order.
    public var lines: [AppleMatcherLine] = []
    /// How many lines were about other app IDs in the file (dropped).
    public var otherAppLines = 0
    /// "Input JSON did not match input URL." was printed.
    public var didNotMatch = false
    /// The URL's host is not the `-d` domain.
    public var domainMismatch: DomainMismatch?
    /// Other non-empty lines (errors such as `SWCErrorDomain error 7`), sanitised and capped.
    public var unrecognised: [String] = []

    public init() {}

    /// Apple's answer for `appID`: its own line if there is one, otherwise what the whole run said.
    public func outcome(for appID: String) -> AppleMatcherOutcome {
        if let line = lines.first(where: { $0.appID == appID }) { return line.outcome }
        if domainMismatch != nil { return .otherDomain }
        if didNotMatch { return .noMatch }
        return .unknown
    }

    /// Parses both streams; keeps only lines whose `a = …` is in `appIDs`.
    public static func parse(stdout: String, stderr: String, appIDs: Set<String>) -> AppleMatcherAnswer {
        var answer = AppleMatcherAnswer()
        let text = DeviceTools.capped(stdout, bytes: DeviceTools.maximumInputBytes / 2)
        let errors = DeviceTools.capped(stderr, bytes: DeviceTools.maximumInputBytes / 2)
        for raw in (text + "\n" + errors).split(whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            if let parsed = parseVerdictLine(line) {
                if appIDs.contains(parsed.appID) { answer.lines.append(parsed) } else { answer.otherAppLines += 1 }
            } else if line.hasPrefix("Input JSON did not match input URL") {
                answer.didNotMatch = true
            } else if let mismatch = parseDomainMismatch(line) {
                answer.domainMismatch = mismatch
            } else if answer.unrecognised.count < maximumKeptLines {
                answer.unrecognised.append(Sanitise.forDisplay(line, limit: maximumLineLength))
            }
        }
        return answer
    }

    /// `{ s = applinks, a = TEAM.bundle, d = example.com }: Pattern "URL" matched.`
    static func parseVerdictLine(_ line: String) -> AppleMatcherLine? {
        guard line.hasPrefix("{"), let close = line.range(of: "}: Pattern \"") else { return nil }
        var fields: [String: String] = [:]
        for part in line[line.index(after: line.startIndex)..<close.lowerBound].split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            fields[pair[0].trimmingCharacters(in: .whitespaces)] = pair[1].trimmingCharacters(in: .whitespaces)
        }
        let rest = line[close.upperBound...]
        guard let service = fields["s"], let appID = fields["a"], let domain = fields["d"],
            let endQuote = rest.range(of: "\" ", options: .backwards)
        else { return nil }
        let url = String(rest[..<endQuote.lowerBound])
        let tail = rest[endQuote.upperBound...]
        let outcome: AppleMatcherOutcome =
            switch tail {
            case "matched.": .matched
            case "blocked match.": .blocked
            default: .unknown
            }
        return AppleMatcherLine(
            service: service, appID: appID, domain: domain,
            url: Sanitise.forDisplay(url, limit: maximumLineLength), outcome: outcome)
    }

    /// `Input domain X did not match input URL's domain Y.`
    static func parseDomainMismatch(_ line: String) -> DomainMismatch? {
        let prefix = "Input domain "
        let middle = " did not match input URL's domain "
        guard line.hasPrefix(prefix), let split = line.range(of: middle) else { return nil }
        let input = line[line.index(line.startIndex, offsetBy: prefix.count)..<split.lowerBound]
        var domain = line[split.upperBound...]
        if domain.hasSuffix(".") { domain = domain.dropLast() }
        return DomainMismatch(
            input: Sanitise.forDisplay(input, limit: 253),
            urlDomain: Sanitise.forDisplay(domain, limit: 253))
    }
}

/// Our verdict beside Apple's for one app ID; a disagreement is worth a look, not an error.
public struct MatcherComparison: Sendable, Equatable {
    public var appID: String
    public var ours: Decision
    public var apple: AppleMatcherOutcome

    public init(appID: String, ours: Decision, apple: AppleMatcherOutcome) {
        self.appID = appID
        self.ours = ours
        self.apple = apple
    }

    /// true when both say the same, false when they differ, nil when Apple's answer is not a
    /// verdict (another domain, unrecognised output).
    public var agrees: Bool? {
        switch apple {
        case .matched: ours == .match
        case .blocked: ours == .exclude
        case .noMatch: ours == .noMatch
        case .otherDomain, .unknown: nil
        }
    }

    /// One sentence for the URL tester.
    public var summary: String {
        let ourWords =
            switch ours {
            case .match: "the link opens the app"
            case .exclude: "an exclude rule blocks the link"
            case .noMatch: "no rule matches"
            }
        switch agrees {
        case true?: return "Agreement: Apple's matcher also says \(apple.label)."
        case false?: return "Disagreement: we say \(ourWords); Apple's matcher says \(apple.label)."
        case nil: return "Inconclusive: Apple's matcher gave \(apple.label)."
        }
    }
}
