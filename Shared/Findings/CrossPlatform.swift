import AndroidApp
import Foundation
import SiteAssociation

/// Both platforms, one verdict per URL: given the iOS app's URL tests (`URLDecider`) and the
/// Android app's decisions (`AndroidLinkDecider`) for the same list, whether each URL opens the
/// iOS app, the Android app, both or neither, with each side's reason, and the findings for
/// asymmetries on paths a tester cares about (XPL-001, XPL-002; `docs/findings.md`).
public struct CrossPlatformTable: Sendable, Codable, Equatable {
    public enum Verdict: String, Sendable, Codable, Equatable {
        case both
        case iosOnly = "ios_only"
        case androidOnly = "android_only"
        case neither

        /// For people.
        public var text: String {
            switch self {
            case .both: return "opens both apps"
            case .iosOnly: return "opens the iOS app only"
            case .androidOnly: return "opens the Android app only"
            case .neither: return "opens neither app"
            }
        }

        /// For a column: which platform's app opens.
        public var shortText: String {
            switch self {
            case .both: return "both apps"
            case .iosOnly: return "iOS only"
            case .androidOnly: return "Android only"
            case .neither: return "neither"
            }
        }
    }

    /// One platform's answer for one URL.
    public struct Side: Sendable, Codable, Equatable {
        /// What a tap does on one platform; its raw value is the JSON key.
        public enum Outcome: String, Sendable, Codable, Equatable, CaseIterable {
            /// The app opens (a matched rule, a verified App Link).
            case opensApp = "opens_app"
            /// The app opens through a custom scheme: any app may claim it.
            case opensAppUnverified = "opens_app_unverified"
            /// Android 11 and lower, unverified: the user picks the app or the browser.
            case chooser
            /// iOS: another app the association file names opens instead.
            case otherApp = "other_app"
            /// The browser (or no app) gets the link.
            case browser

            /// Android's outcome as a side of the table.
            public init(_ android: AndroidLinkDecision.Outcome) {
                switch android {
                case .opensApp: self = .opensApp
                case .opensAppUnverified: self = .opensAppUnverified
                case .chooser: self = .chooser
                case .browser: self = .browser
                }
            }

            /// The outcome for people ("opens the app (unverified)", "another app", …).
            public var text: String {
                switch self {
                case .opensApp: "opens the app"
                case .opensAppUnverified: "opens the app (unverified)"
                case .chooser: "chooser"
                case .otherApp: "another app"
                case .browser: "browser"
                }
            }
        }

        public var outcome: Outcome
        /// True when this platform's app receives the link without the user choosing.
        public var opensApp: Bool
        /// What decided (the rule, or the activity and filter), and why.
        public var reason: String

        public init(outcome: Outcome, opensApp: Bool, reason: String) {
            self.outcome = outcome
            self.opensApp = opensApp
            self.reason = reason
        }
    }

    public struct Row: Sendable, Codable, Equatable {
        public var url: String
        public var line: Int?
        public var expectation: URLExpectation?
        public var verdict: Verdict
        public var ios: Side
        public var android: Side
        /// The path word that makes the URL one a tester cares about (`login`, `reset`, …), if any.
        public var sensitive: String?
    }

    /// The iOS app ID and the Android package the table speaks for, and the Android version.
    public var iosApp: String
    public var androidApp: String
    public var androidSDK: Int
    public var rows: [Row]
    /// The `FindingRules.crossPlatform` catalogue's findings in catalogue order (XPL-001 per
    /// asymmetric URL a tester cares about, in row order, then one XPL-002 summary), not sorted.
    public var findings: [Finding]

    /// The table for the same URL list decided on both sides (`iosTests` and `android` in the
    /// list's order; a URL missing on one side is decided there as "not tested").
    public init(
        iosTests: [URLTest], iosAppID: String, iosURLSchemes: [String],
        android: [AndroidLinkDecision], androidPackage: String, androidSDK: Int,
        entries: [URLListEntry]
    ) {
        iosApp = iosAppID
        androidApp = androidPackage
        self.androidSDK = androidSDK
        var iosByURL: [String: URLTest] = [:]
        for test in iosTests where iosByURL[test.url] == nil { iosByURL[test.url] = test }
        var androidByURL: [String: AndroidLinkDecision] = [:]
        for decision in android where androidByURL[decision.url] == nil { androidByURL[decision.url] = decision }
        rows = entries.map { entry in
            let ios = Self.iosSide(iosByURL[entry.url], url: entry.url, appID: iosAppID, schemes: iosURLSchemes)
            let android =
                androidByURL[entry.url].map(Self.androidSide)
                ?? Side(outcome: .browser, opensApp: false, reason: "not decided for Android")
            let verdict: Verdict =
                switch (ios.opensApp, android.opensApp) {
                case (true, true): .both
                case (true, false): .iosOnly
                case (false, true): .androidOnly
                case (false, false): .neither
                }
            return Row(
                url: entry.url, line: entry.line,
                expectation: entry.expectation == .none ? nil : entry.expectation,
                verdict: verdict, ios: ios, android: android, sensitive: SensitivePath.word(in: entry.url))
        }
        findings = FindingRules.crossPlatform.findingsInCatalogueOrder(
            CrossPlatformFacts(iosApp: iosAppID, androidApp: androidPackage, rows: rows))
    }

    /// What the cross-platform rules read: the apps and the rows.
    public var facts: CrossPlatformFacts {
        CrossPlatformFacts(iosApp: iosApp, androidApp: androidApp, rows: rows)
    }

    static func iosSide(_ test: URLTest?, url: String, appID: String, schemes: [String]) -> Side {
        let scheme = url.prefix { $0 != ":" }.lowercased()
        if scheme != "https", scheme != "http" {
            if schemes.contains(where: { $0.lowercased() == scheme }) {
                return Side(
                    outcome: .opensAppUnverified, opensApp: true,
                    reason: "custom URL scheme \(scheme) declared by the app (CFBundleURLTypes): any app may "
                        + "declare it too")
            }
            return Side(
                outcome: .browser, opensApp: false,
                reason: "not a universal link (scheme \(scheme)) and the app declares no \(scheme) URL scheme")
        }
        guard let test else { return Side(outcome: .browser, opensApp: false, reason: "not decided for iOS") }
        let others = test.verdicts.filter { $0.appID != appID && $0.decision == .match }.map(\.appID)
        guard let verdict = test.verdict(for: appID) else {
            return Side(
                outcome: others.isEmpty ? .browser : .otherApp, opensApp: false,
                reason: "no verdict for \(appID)")
        }
        let place = [test.domain, verdict.detail.map { "details[\($0)]" }, verdict.rule.map { "rule \($0)" }]
            .compactMap { $0 }.joined(separator: " ")
        let ruleText = verdict.ruleText.map { " \($0)" } ?? ""
        switch verdict.decision {
        case .match:
            return Side(outcome: .opensApp, opensApp: true, reason: "matches \(place)\(ruleText)")
        case .exclude, .noMatch:
            var reason =
                verdict.decision == .exclude
                ? "excluded by \(place)\(ruleText)"
                : (verdict.trace.last ?? "no rule matches")
            if !others.isEmpty { reason += "; opens another app instead: " + others.joined(separator: ", ") }
            return Side(outcome: others.isEmpty ? .browser : .otherApp, opensApp: false, reason: reason)
        }
    }

    static func androidSide(_ decision: AndroidLinkDecision) -> Side {
        let place = decision.activities.first.map { activity in
            activity + (decision.filterLine.map { " (filter at line \($0))" } ?? "")
        }
        let last = decision.trace.last ?? ""
        let reason = place.map { "\($0): \(last)" } ?? last
        return Side(outcome: Side.Outcome(decision.outcome), opensApp: decision.opensApp, reason: reason)
    }

    /// Rows per verdict (all four keys, zeros included).
    public var counts: [String: Int] {
        var counts = ["both": 0, "ios_only": 0, "android_only": 0, "neither": 0]
        for row in rows { counts[row.verdict.rawValue, default: 0] += 1 }
        return counts
    }

    func headerLines() -> [String] {
        let counts = counts
        return [
            "Both platforms: iOS \(iosApp), Android \(androidApp) (API \(androidSDK))",
            "  \(rows.count) URL\(rows.count == 1 ? "" : "s"): \(counts["both"] ?? 0) both, "
                + "\(counts["ios_only"] ?? 0) iOS only, \(counts["android_only"] ?? 0) Android only, "
                + "\(counts["neither"] ?? 0) neither",
        ]
    }

    /// The text face: one block per URL (verdict, then each side's outcome and reason).
    public func text() -> String {
        var out = headerLines().joined(separator: "\n") + "\n"
        let flagged = Set(findings.filter { $0.id == "XPL-001" }.map(\.subject))
        for row in rows {
            out += "\n\(row.url)\n  \(row.verdict.text)" + (flagged.contains(row.url) ? "  [XPL-001]" : "") + "\n"
            out += "    iOS      \(Self.outcomeText(row.ios.outcome))  \(row.ios.reason)\n"
            out += "    Android  \(Self.outcomeText(row.android.outcome))  \(row.android.reason)\n"
        }
        return out
    }

    /// The scan's text face: the counts, then one line per URL (its verdict, the finding that
    /// flags it); each side's reason is in `text()` (`linklab match --ios --android`) and the reports.
    public func summaryText() -> String {
        var lines = [headerLines().joined(separator: "\n")]
        let flagged = Set(findings.filter { $0.id == "XPL-001" }.map(\.subject))
        let width = rows.map { $0.verdict.shortText.count }.max() ?? 0
        for row in rows {
            lines.append(
                "  " + row.verdict.shortText.padding(toLength: width, withPad: " ", startingAt: 0)
                    + "  \(row.url)" + (flagged.contains(row.url) ? "  [XPL-001]" : ""))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func outcomeText(_ outcome: Side.Outcome) -> String {
        outcome.text.padding(toLength: 26, withPad: " ", startingAt: 0)
    }
}

/// The words of paths a tester cares about: sign-in, sign-out, OAuth callbacks, password
/// resets, payments, deletions and approvals (the vocabulary of AASA-018 on the iOS side).
public enum SensitivePath {
    static let words: Set<String> = [
        "login", "logout", "signin", "signout", "auth", "oauth", "oauth2", "callback", "password", "reset",
        "forgot", "delete", "payment", "payments", "pay", "checkout", "approve", "confirm",
    ]

    /// The first sensitive word among the URL path's words (`/sign-in` reads as `signin`), or nil.
    public static func word(in url: String) -> String? {
        let tokens = (AndroidURI(url).path ?? "").lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
        for (index, token) in tokens.enumerated() {
            if words.contains(token) { return token }
            if token == "sign", index + 1 < tokens.count, ["in", "out"].contains(tokens[index + 1]) {
                return "sign" + tokens[index + 1]
            }
        }
        return nil
    }
}

/// What the cross-platform rules (XPL-…, `FindingRules.crossPlatform`) read: the iOS app ID and
/// the Android package the verdict table speaks for, and its rows (one per URL, each side's
/// outcome and reason, the verdict, the expectation and the sensitive path word).
public struct CrossPlatformFacts: Sendable, Equatable {
    public var iosApp: String
    public var androidApp: String
    public var rows: [CrossPlatformTable.Row]

    public init(iosApp: String, androidApp: String, rows: [CrossPlatformTable.Row]) {
        self.iosApp = iosApp
        self.androidApp = androidApp
        self.rows = rows
    }

    /// The rows that open the app on one platform only (iOS only or Android only), in row order.
    public var asymmetricRows: [CrossPlatformTable.Row] {
        rows.filter { $0.verdict == .iosOnly || $0.verdict == .androidOnly }
    }
}

extension URLListEntry {
    /// True for an http(s) URL (what iOS decides as a universal link).
    public var isWebURL: Bool {
        let scheme = url.prefix { $0 != ":" }.lowercased()
        return scheme == "https" || scheme == "http"
    }
}
