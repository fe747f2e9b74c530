import AppInspection
import Findings
import SiteAssociation

/// One URL verdict as a face shows it: a headline, the deciding rule, the hook value.
public struct VerdictPresentation: Sendable, Equatable {
    public var verdict: AppVerdict
    public var expectation: URLExpectation

    public init(_ verdict: AppVerdict, expectation: URLExpectation = .none) {
        self.verdict = verdict
        self.expectation = expectation
    }

    /// "Opens the app", "Blocked by an exclude rule (opens in Safari)", and for a no_match the
    /// step that decided it: "No rule matches (opens in Safari)", "The file does not list this
    /// app (opens in Safari)", "The URL's port is not the domain's (opens in Safari)", …
    public var headline: String {
        switch verdict.decision {
        case .match: "Opens the app"
        case .exclude: "Blocked by an exclude rule (opens in Safari)"
        case .noMatch: Self.headline(verdict.reason)
        }
    }

    /// The headline of a no_match decided by `reason` (nil: a verdict read from a file written
    /// before reasons were recorded, worded as no rule matching).
    public static func headline(_ reason: NoMatchReason?) -> String {
        switch reason {
        case .noRuleMatched, nil: "No rule matches (opens in Safari)"
        case .appNotListed: "The file does not list this app (opens in Safari)"
        case .port: "The URL's port is not the claimed one (opens in Safari)"
        case .otherHost: "The file's domain does not cover this host (opens in Safari)"
        case .notClaimed: "The app does not claim this host for applinks (opens in Safari)"
        case .noFile: "No association file for this host (opens in Safari)"
        case .unusableFile: "The host serves no usable association file (opens in Safari)"
        case .fileRejected: "iOS rejects the association file (opens in Safari)"
        case .notLink: "Not an http(s) link: never a universal link"
        }
    }

    /// `data-decision` / the identifier's value: `match`, `exclude`, `no_match`.
    public var hookDecision: String { verdict.decision.rawValue }

    /// The deciding rule as written (hidden characters as visible markers, `‹U+202E›`), or
    /// "no deciding rule".
    public var rule: String { verdict.ruleText.map(HiddenCharacters.marked) ?? "no deciding rule" }

    /// Where the decision was made: "details[0] rule 2" for a match or exclude, else the step
    /// that decided the no_match ("no rule matched", "no detail lists this app ID", "port
    /// differs", …).
    public var ruleLocation: String {
        if let detail = verdict.detail, let rule = verdict.rule { return "details[\(detail)] rule \(rule)" }
        return Self.location(verdict.reason)
    }

    /// The short form of `reason` for tables and lists (`NoMatchReason.summary`; nil reads
    /// as no rule matching).
    public static func location(_ reason: NoMatchReason?) -> String {
        (reason ?? .noRuleMatched).summary
    }

    /// true / false when the tester gave an expectation (`=` / `!` in the URL list), else nil.
    public var meetsExpectation: Bool? {
        switch expectation {
        case .none: nil
        case .mustOpen: verdict.decision == .match
        case .mustNotOpen: verdict.decision != .match
        }
    }

    /// What VoiceOver reads.
    public var accessibilityLabel: String { "\(verdict.appID): \(headline)" }
}

/// Whose app IDs a verdict is for: the audited app's bundles (by role) come first and are
/// named; another app ID of the same team, or of another team, is labelled as another app.
public struct AuditedApps: Sendable, Equatable {
    /// App ID → the bundle's role ("app", "App Clip", …).
    public var roles: [String: String]
    /// The audited app's team prefixes.
    public var teams: Set<String>
    /// The audited app IDs in bundle order.
    public var order: [String]

    public init(_ snapshot: AppSnapshot?) {
        var roles: [String: String] = [:]
        var order: [String] = []
        for bundle in snapshot?.bundles ?? [] {
            guard let id = bundle.applicationIdentifier, roles[id] == nil else { continue }
            roles[id] = Self.roleName(bundle.role)
            order.append(id)
        }
        self.roles = roles
        self.order = order
        teams = Set(order.compactMap(Self.team(of:)))
    }

    /// "this app", "this app's App Clip", "another app of team ABCDE12345", "another app (team XYZ)".
    public func label(_ appID: String) -> String {
        if let role = roles[appID] { return role == "app" ? "this app" : "this app's \(role)" }
        guard let team = Self.team(of: appID) else { return "another app" }
        return teams.contains(team) ? "another app of this team (\(team))" : "another app (team \(team))"
    }

    /// Audited app IDs first (bundle order), then the others as the file lists them.
    public func sorted(_ verdicts: [AppVerdict]) -> [AppVerdict] {
        let rank = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        return verdicts.enumerated().sorted { lhs, rhs in
            let left = rank[lhs.element.appID] ?? order.count + lhs.offset
            let right = rank[rhs.element.appID] ?? order.count + rhs.offset
            return left < right
        }.map(\.element)
    }

    static func team(of appID: String) -> String? {
        guard let dot = appID.firstIndex(of: "."), dot != appID.startIndex else { return nil }
        return String(appID[..<dot])
    }

    static func roleName(_ role: BundleRole) -> String {
        switch role {
        case .app: "app"
        case .extension: "extension"
        case .appclip: "App Clip"
        case .watch: "watch app"
        case .framework: "framework"
        }
    }
}

/// One URL as the URL tester shows it, decided for every app ID: the page's JSON for a typed
/// URL (`POST …/decide`) and for each line of a list.
public struct URLTestPresentation: Sendable, Equatable, Codable {
    /// One verdict row, of any platform: an iOS app ID's, or an Android activity's.
    public struct Verdict: Sendable, Equatable, Codable {
        /// `ios`, `android` (`data-platform`).
        public var platform: String
        /// "iOS", "Android".
        public var platformName: String
        /// "iOS app", "Android app": the heading of the platform's rows when several decide.
        public var platformTitle: String
        /// The row's identity among the URL's rows of its platform (the iOS app ID, the Android
        /// activity): a face keeps the row, and finds its trace, by it.
        public var key: String
        /// The iOS app ID, or the Android package.
        public var appID: String
        /// "this app", "another app (team XYZ)", the Android package.
        public var appLabel: String
        public var isAuditedApp: Bool
        /// iOS: `match`, `exclude`, `no_match`; Android: `opens_app`, `opens_app_unverified`,
        /// `chooser`, `browser` (`data-decision`).
        public var decision: String
        /// Why a no_match: `no_rule_matched`, `app_not_listed`, `port`, … (`NoMatchReason`,
        /// `data-reason`); why Android's browser gets a matched link (`not_verified`,
        /// `dynamic_rules`); nil otherwise.
        public var reason: String?
        public var headline: String
        /// `ok` (opens the app), `warn` (asks, or opens it unverified), `bad` (excluded), `muted`
        /// (stays in the browser).
        public var tone: String
        /// "details[0] rule 2", or the step that decided a no_match ("no rule matched"); for
        /// Android the activity and its filter's line.
        public var ruleLocation: String
        /// The deciding rule as written in the file, nil when none decided. Here and in the
        /// trace, bidirectional controls and invisible characters are visible markers
        /// (`‹U+202E›`, `HiddenCharacters`): a face shows them, never acts on them.
        public var ruleText: String?
        /// The trace when the verdict carries one (else a face asks for it when it shows it).
        public var trace: [String]?
        public var accessibilityLabel: String
        /// Android: whether the host verifies ("verified", "custom scheme: nothing to verify").
        public var badge: Badge?
        /// Android: why a matched link still goes to the browser, in words.
        public var detail: String?
        /// More hooks, each `data-KEY` on the web page (`app-id`, `audited`, `activity`, `verified`, …).
        public var hooks: [String: String]
    }

    /// Whether the line's expectation holds on one platform.
    public struct PlatformExpectation: Sendable, Equatable, Codable {
        public var platform: String
        public var platformName: String
        public var met: Bool
        /// "iOS: met", "Android: not met".
        public var text: String

        init(_ platform: AppPlatform, met: Bool) {
            self.platform = platform.rawValue
            platformName = platform.name
            self.met = met
            text = platform.name + ": " + (met ? "met" : "not met")
        }
    }

    public var url: String
    /// The line of the tester's list, nil for a typed URL.
    public var line: Int?
    /// `none`, `mustOpen`, `mustNotOpen`.
    public var expectation: String
    /// "must open", "must not open", or "" for none.
    public var expectationLabel: String
    /// Whether the expectation holds for the audited app's IDs (nil without an expectation).
    public var expectationMet: Bool?
    /// "met", "not met", or nil.
    public var expectationText: String?
    /// Why the URL has no verdict (not a URL iOS decides, no file, host not claimed); nil when
    /// it has verdicts.
    public var note: String?
    /// The line is not a URL: the reason, in place of verdicts.
    public var problem: String?
    /// The claimed host whose association file decides the URL (what a device tool checks,
    /// e.g. the Mac app's Open in Simulator row); nil when none does.
    public var domain: String?
    /// Every platform's rows, iOS first (one per app ID), then Android's (one per matching
    /// activity, or one when none matches) when the document holds an Android app.
    public var verdicts: [Verdict]
    /// Whether the expectation holds on each platform that decided the URL, when more than one
    /// did (then `expectationMet` holds when every one is met); empty otherwise.
    public var expectations: [PlatformExpectation] = []
    /// True when the document decides the URL for more than one platform: each row then shows
    /// its `platformName`.
    public var showsPlatforms = false
    /// The URL's verdict on both platforms when the document holds both apps, else nil.
    public var crossPlatform: CrossPlatformPresentation.Cell?

    /// `test` as decided for the audited app `apps`.
    public init(_ test: URLTest, apps: AuditedApps) {
        url = test.url
        line = test.line
        expectation = test.expectation.rawValue
        expectationLabel = Self.label(test.expectation)
        let audited = test.verdicts.filter { apps.roles[$0.appID] != nil }
        let judged = audited.isEmpty ? test.verdicts : audited
        switch test.expectation {
        case .none: expectationMet = nil
        case .mustOpen: expectationMet = !judged.isEmpty && judged.allSatisfy { $0.decision == .match }
        case .mustNotOpen: expectationMet = !judged.contains { $0.decision == .match }
        }
        expectationText = expectationMet.map { $0 ? "met" : "not met" }
        problem = nil
        domain = test.domain
        verdicts = apps.sorted(test.verdicts).map { verdict in
            let shown = VerdictPresentation(verdict, expectation: test.expectation)
            let audited = apps.roles[verdict.appID] != nil
            return Verdict(
                platform: AppPlatform.ios.rawValue, platformName: AppPlatform.ios.name,
                platformTitle: AppPlatform.ios.appTitle, key: verdict.appID,
                appID: verdict.appID, appLabel: apps.label(verdict.appID),
                isAuditedApp: audited, decision: shown.hookDecision,
                reason: verdict.reason?.rawValue, headline: shown.headline,
                tone: Self.tone(verdict.decision), ruleLocation: shown.ruleLocation,
                ruleText: verdict.ruleText.map(HiddenCharacters.marked),
                trace: verdict.trace.isEmpty ? nil : verdict.trace.map(HiddenCharacters.marked),
                accessibilityLabel: "\(apps.label(verdict.appID)), \(shown.accessibilityLabel)",
                badge: nil, detail: nil,
                hooks: ["app-id": verdict.appID, "audited": String(audited)]
                    .merging(verdict.reason.map { ["reason": $0.rawValue] } ?? [:]) { first, _ in first })
        }
        // With no file for the host every verdict carries the one reason: it is the whole story.
        note =
            verdicts.isEmpty
            ? "No app ID to decide for: the app has none and no association file names one."
            : test.domain == nil ? test.verdicts.first?.trace.first : nil
    }

    /// A list line that is not a URL.
    public init(problem: URLLineIssue) {
        url = problem.text
        line = problem.line
        expectation = URLExpectation.none.rawValue
        expectationLabel = ""
        expectationMet = nil
        expectationText = nil
        note = nil
        self.problem = problem.message
        domain = nil
        verdicts = []
    }

    /// The tone of an iOS decision (`Verdict.tone`).
    static func tone(_ decision: Decision) -> String {
        switch decision {
        case .match: "ok"
        case .exclude: "bad"
        case .noMatch: "muted"
        }
    }

    static func label(_ expectation: URLExpectation) -> String {
        switch expectation {
        case .none: ""
        case .mustOpen: "must open"
        case .mustNotOpen: "must not open"
        }
    }
}

/// A line of the tester's URL list that is not decided, with why.
public struct URLLineIssue: Sendable, Equatable, Codable {
    /// 1-based; nil for a problem of the whole list (too many lines).
    public var line: Int?
    /// The line as typed (clipped).
    public var text: String
    public var message: String

    public init(line: Int?, text: String, message: String) {
        self.line = line
        self.text = text
        self.message = message
    }
}
