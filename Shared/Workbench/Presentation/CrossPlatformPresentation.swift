import AndroidApp
import Findings
import Foundation
import SiteAssociation

/// The Android app's rows of a URL in the URL tester (`URLTestPresentation.Verdict`s of platform
/// `android`): what each activity of the app does with a tap on the URL, as
/// `AndroidLinkMatcher.decide` decided it. The first activity whose filter matches decides (hook
/// `deciding`); the others are listed as also matching. A URL no filter of the app matches gets
/// one row with no activity.
enum AndroidVerdictRows {
    /// The rows of `decision` (one per matching activity, or one without an activity), with
    /// `facts` telling whether the URL's host verifies (an http(s) URL whose host an App Link
    /// verification covers on the Android version modelled; never a custom scheme); `traced`
    /// keeps the decision's trace on the deciding row.
    static func rows(
        _ decision: AndroidLinkDecision, facts: AndroidFacts,
        traced: Bool
    ) -> [URLTestPresentation.Verdict] {
        let package = facts.packageName
        let uri = AndroidURI(decision.url)
        let web = uri.scheme == "http" || uri.scheme == "https"
        let host = uri.host?.lowercased() ?? ""
        let verified = web && !host.isEmpty && facts.verification.isVerified(urlHost: host)
        let verification = Badge(
            !web
                ? "custom scheme: nothing to verify"
                : host.isEmpty ? "no host to verify" : verified ? "verified" : "not verified",
            tone: verified ? "ok" : "warn", hook: "verification")
        let trace = traced ? decision.trace.map(HiddenCharacters.marked) : nil
        let tone =
            switch decision.outcome {
            case .opensApp: "ok"
            case .browser: "muted"
            case .opensAppUnverified, .chooser: "warn"
            }
        func row(
            activity: String?, deciding: Bool, headline: String, location: String, reason: String?,
            detail: String?, label: String
        ) -> URLTestPresentation.Verdict {
            var hooks = ["activity": activity ?? "", "verified": String(verified), "deciding": String(deciding)]
            if let reason { hooks["browser-reason"] = reason }
            return URLTestPresentation.Verdict(
                platform: AppPlatform.android.rawValue, platformName: AppPlatform.android.name,
                platformTitle: AppPlatform.android.appTitle, key: activity ?? "", appID: package, appLabel: package,
                isAuditedApp: true, decision: decision.outcome.rawValue, reason: reason, headline: headline, tone: tone,
                ruleLocation: location, ruleText: nil, trace: deciding ? trace : nil,
                accessibilityLabel: "Android, \(label): \(headline)", badge: verification, detail: detail,
                hooks: hooks)
        }
        guard let first = decision.activities.first else {
            return [
                row(
                    activity: nil, deciding: true,
                    headline: "No intent filter of the app matches (opens in the "
                        + "browser)", location: "no intent filter of \(package) matches", reason: nil,
                    detail: nil, label: package)
            ]
        }
        // Each other activity's first matching filter (the decision records the deciding one's).
        var lines: [String: Int] = [first: decision.filterLine].compactMapValues { $0 }
        if decision.activities.count > 1 {
            for answer in facts.matcher.answers(for: uri) where answer.matches && lines[answer.activity] == nil {
                lines[answer.activity] = answer.filterLine
            }
        }
        let detail = browserReasonText(decision, host: host, facts: facts)
        return decision.activities.map { activity in
            let deciding = activity == first
            let shown = HiddenCharacters.marked(activity)
            return row(
                activity: shown, deciding: deciding,
                headline: deciding ? headline(decision) : "Also matches: the first matching activity decides",
                location: shown + (lines[activity].map { ", filter at line \($0)" } ?? ""),
                reason: decision.browserReason?.rawValue, detail: detail, label: shown)
        }
    }

    /// The headline of the deciding activity's row.
    static func headline(_ decision: AndroidLinkDecision) -> String {
        switch decision.outcome {
        case .opensApp: "Opens the app (verified App Link)"
        case .opensAppUnverified: "Opens the app (custom scheme: unverified, any app may claim it)"
        case .chooser: "Chooser: the user picks the app or the browser (unverified, Android 11 and lower)"
        case .browser:
            switch decision.browserReason {
            case .notVerified: "Opens in the browser: the host does not verify for the app"
            case .dynamicRules: "Opens in the browser: the statement's dynamic rules leave this URL out"
            case nil: "Opens in the browser"
            }
        }
    }

    /// Why a matched link goes to the browser, in words: the host and why it does not verify
    /// (each covering host's reason), or the dynamic rule's note. Nil when it does not.
    static func browserReasonText(_ decision: AndroidLinkDecision, host: String, facts: AndroidFacts) -> String? {
        switch decision.browserReason {
        case nil:
            return nil
        case .dynamicRules:
            return "\(host) verifies, but Android 15's dynamic rules leave this URL out: "
                + (decision.trace.last ?? "no dynamic rule matches")
        case .notVerified:
            guard !host.isEmpty else { return "the URL has no host to verify" }
            let covering = facts.verification.hosts.filter { entry in
                let declared = entry.host.lowercased()
                return declared.hasPrefix("*") ? host.hasSuffix(String(declared.dropFirst())) : declared == host
            }
            let why =
                covering.isEmpty
                ? "\(host) is not among the hosts Android verifies for \(facts.packageName)"
                : covering.map { "\($0.host): \($0.reason)" }.joined(separator: "; ")
            return "host not verified: \(why). Android 12 and later open an unverified web link in the browser."
        }
    }
}

/// Both platforms, one verdict per URL, as the URL tester shows the list: the counts (opens both
/// apps, the iOS app only, the Android app only, neither) and each URL's verdict with each
/// platform's outcome and reason (`CrossPlatformTable`, the reports' table).
public struct CrossPlatformPresentation: Sendable, Equatable, Codable {
    /// One URL's verdict on both platforms.
    public struct Cell: Sendable, Equatable, Codable {
        /// `both`, `ios_only`, `android_only`, `neither` (`data-cross-platform`).
        public var verdict: String
        /// "opens both apps", "opens the iOS app only", …
        public var text: String
        /// "both apps", "iOS only", "Android only", "neither".
        public var shortText: String
        /// Each platform's outcome, iOS first: what a face lists after the verdict.
        public var outcomes: [PlatformOutcome]

        public init(_ row: CrossPlatformTable.Row) {
            verdict = row.verdict.rawValue
            text = row.verdict.text
            shortText = row.verdict.shortText
            outcomes = [PlatformOutcome(.ios, row.ios), PlatformOutcome(.android, row.android)]
        }
    }

    /// One platform's outcome for a URL.
    public struct PlatformOutcome: Sendable, Equatable, Codable {
        public var platform: String
        public var platformName: String
        /// `opens_app`, `other_app`, `chooser`, `browser`, … (`data-outcome`).
        public var outcome: String
        /// "opens the app", "stays in the browser", …
        public var text: String
        /// What decided, and why (hidden characters as markers).
        public var reason: String

        init(_ platform: AppPlatform, _ side: CrossPlatformTable.Side) {
            self.platform = platform.rawValue
            platformName = platform.name
            outcome = side.outcome.rawValue
            text = side.outcome.text
            reason = HiddenCharacters.marked(side.reason)
        }
    }

    /// One row of the table.
    public struct Row: Sendable, Equatable, Codable {
        public var url: String
        public var line: Int?
        /// The verdict, and each platform's outcome with what decided it and why.
        public var cell: Cell
        /// The path word that makes the URL one a tester cares about (`login`, …), nil otherwise.
        public var sensitive: String?
    }

    /// One count of the table's header.
    public struct Count: Sendable, Equatable, Codable {
        /// `both`, `ios_only`, `android_only`, `neither`.
        public var verdict: String
        /// "Opens both apps", "iOS app only", "Android app only", "Neither".
        public var label: String
        public var count: Int
    }

    /// "iOS app ABCDE12345.com.example.app · Android app com.example.app (API 35)".
    public var title: String
    /// The section's heading and the rows table's caption.
    public var heading = "Both platforms"
    public var caption = "Each URL of the list on both platforms"
    /// The iOS app ID, the Android package and the Android API level modelled.
    public var iosApp: String
    public var androidApp: String
    public var androidSDK: Int
    /// "17 URLs decided for both apps: 9 open both, 3 the iOS app only, 2 the Android app only, 3 neither".
    public var summary: String
    /// The four counts, always in this order: both, iOS only, Android only, neither.
    public var counts: [Count]
    /// The rows table's headers: line, URL, the verdict, then each platform (`Cell.outcomes`).
    public var columns: [String] = ["Line", "URL", "Both platforms"] + AppPlatform.allCases.map(\.name)
    /// The first `URLListPresentation.maximumShown` rows, in line order.
    public var rows: [Row]
    /// "… and 98,000 more URLs: the exports list every one", nil when every row is here.
    public var more: String?

    public init(_ table: CrossPlatformTable, maximumRows: Int = URLListPresentation.maximumShown) {
        iosApp = table.iosApp
        androidApp = table.androidApp
        androidSDK = table.androidSDK
        title = "iOS app \(table.iosApp) · Android app \(table.androidApp) (API \(table.androidSDK))"
        let counts = table.counts
        let labels: [(String, String)] = [
            ("both", "Opens both apps"), ("ios_only", "iOS app only"),
            ("android_only", "Android app only"), ("neither", "Neither"),
        ]
        self.counts = labels.map { Count(verdict: $0.0, label: $0.1, count: counts[$0.0] ?? 0) }
        let total = table.rows.count
        summary =
            total == 0
            ? "No URL list yet."
            : "\(total) URL\(total == 1 ? "" : "s") decided for both apps: \(counts["both"] ?? 0) open both, "
                + "\(counts["ios_only"] ?? 0) the iOS app only, \(counts["android_only"] ?? 0) the Android app only, "
                + "\(counts["neither"] ?? 0) neither"
        rows = table.rows.prefix(max(0, maximumRows)).map { row in
            Row(url: row.url, line: row.line, cell: Cell(row), sensitive: row.sensitive)
        }
        more = total > rows.count ? "… and \(total - rows.count) more URLs: the exports list every one." : nil
    }
}

extension WorkbenchDocument {
    /// The verdict table of `tests` (URL tests of this document's iOS half) beside the Android
    /// half's decisions of the same URLs, nil unless the document holds both apps. `android`
    /// gives a URL's decision (the list's, or a typed URL's).
    func crossPlatformTable(
        _ tests: [URLTest],
        android: (String) -> AndroidLinkDecision?
    ) -> CrossPlatformTable? {
        guard let analysis, let androidAnalysis, app != nil else { return nil }
        let entries = tests.map { URLListEntry(url: $0.url, expectation: $0.expectation, line: $0.line) }
        return CrossPlatformTable(
            iosTests: tests, iosAppID: analysis.appIDs.first ?? app?.mainBundle?.bundleIdentifier ?? "",
            iosURLSchemes: app?.mainBundle?.urlSchemes ?? [], android: tests.compactMap { android($0.url) },
            androidPackage: androidAnalysis.facts.packageName, androidSDK: androidAnalysis.facts.sdk,
            entries: entries)
    }

    /// The Android half's decisions of the URL list, by URL (the first of a URL given twice).
    func androidDecisionsByURL() -> [String: AndroidLinkDecision] {
        guard let androidAnalysis else { return [:] }
        var byURL: [String: AndroidLinkDecision] = [:]
        for decision in androidAnalysis.decisions where byURL[decision.url] == nil { byURL[decision.url] = decision }
        return byURL
    }

    /// The whole URL list's verdict table as the tester shows it (nil without both apps).
    public var crossPlatformPresentation: CrossPlatformPresentation? {
        let byURL = androidDecisionsByURL()
        return crossPlatformTable(listTests) { byURL[$0] }.map { CrossPlatformPresentation($0) }
    }

    /// The list's lines as the faces show them, in line order: the iOS tests and, with an
    /// Android app, each line iOS does not decide (a custom scheme; every line of a document
    /// without an iOS app or association files) as a test with no iOS verdict — Android's rows
    /// and the verdict table are added where they are presented.
    var listTests: [URLTest] {
        guard android != nil else { return urlTests }
        let others = urlEntries.filter { analysis == nil || !$0.isWebURL }
        guard !others.isEmpty else { return urlTests }
        var merged: [URLTest] = []
        merged.reserveCapacity(urlTests.count + others.count)
        var testIndex = 0
        for entry in others {
            while testIndex < urlTests.count, (urlTests[testIndex].line ?? 0) <= (entry.line ?? Int.max) {
                merged.append(urlTests[testIndex])
                testIndex += 1
            }
            merged.append(URLTest(url: entry.url, expectation: entry.expectation, line: entry.line))
        }
        return merged + urlTests[testIndex...]
    }

    /// How many lines the list shows (decided lines and lines that are not URLs).
    public var urlListCount: Int { listTests.count + urlLineIssues.count }

    /// Why a line has no iOS verdict (`listTests`), nil for a line iOS decides.
    func iosUndecidedNote(_ test: URLTest) -> String? {
        guard android != nil, test.verdicts.isEmpty else { return nil }
        if analysis == nil { return "No iOS app in this document: decided for Android only." }
        let isWeb = URLListEntry(url: test.url).isWebURL
        return isWeb
            ? nil
            : "Not a universal link (a custom scheme): iOS hands it to an app that declares the "
                + "scheme; decided for Android here, and for both in the verdict table."
    }

    /// `tests` presented with their Android rows and their cross-platform cell when the document
    /// holds an Android app (`byURL`: the Android decisions; `traced` keeps Android traces).
    func presented(
        _ tests: [URLTest], apps: AuditedApps, byURL: [String: AndroidLinkDecision],
        traced: Bool = false
    ) -> [URLTestPresentation] {
        guard let facts = androidAnalysis?.facts else { return tests.map { URLTestPresentation($0, apps: apps) } }
        let table = crossPlatformTable(tests) { byURL[$0] }
        var cells: [Int: CrossPlatformPresentation.Cell] = [:]
        for (index, row) in (table?.rows ?? []).enumerated() { cells[index] = .init(row) }
        return tests.enumerated().map { index, test in
            var shown = URLTestPresentation(test, apps: apps)
            if let note = iosUndecidedNote(test) {
                // Not decided for iOS: no iOS expectation to judge.
                shown.note = note
                shown.expectationMet = nil
                shown.expectationText = nil
            }
            if let decision = byURL[test.url] {
                shown.addAndroid(decision, facts: facts, traced: traced)
            }
            shown.crossPlatform = cells[index]
            return shown
        }
    }
}

extension URLTestPresentation {
    /// Adds the Android rows of `decision` and whether it meets the line's expectation.
    mutating func addAndroid(_ decision: AndroidLinkDecision, facts: AndroidFacts, traced: Bool) {
        showsPlatforms = true
        verdicts += AndroidVerdictRows.rows(decision, facts: facts, traced: traced)
        // Must open: the app opens it without asking; must not open: the browser gets it.
        guard let met = (URLExpectation(rawValue: expectation) ?? .none).isMet(onAndroid: decision.outcome) else {
            return
        }
        if let ios = expectationMet {
            expectations = [PlatformExpectation(.ios, met: ios), PlatformExpectation(.android, met: met)]
            expectationMet = ios && met
        } else {
            expectationMet = met
        }
        expectationText = expectationMet.map { $0 ? "met" : "not met" }
    }
}
