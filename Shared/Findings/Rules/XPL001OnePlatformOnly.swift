import Foundation

/// XPL-001: a URL a tester cares about (a sensitive path word, or marked `=`/`!` in the list)
/// opens the app on one platform only. Security (medium) when the other platform hands it to
/// another app or the opening side is an unverified deep link any app may claim; reliability
/// (low) otherwise.
public struct XPL001OnePlatformOnly: FindingRule {
    public let id = "XPL-001"
    /// The category of the security case; a finding of the reliability case says `reliability`.
    public let category = FindingCategory.security
    /// The severity of the security case; a finding of the reliability case is low.
    public let severity = Severity.medium
    public let title = "Sensitive or marked URL opens the app on one platform only"
    /// What every finding says after its own first sentence (the URL, which app opens it and
    /// where it goes on the other platform).
    static let consequence =
        "The flow (sign-in, reset, OAuth callback, payment) then runs in the app on one "
        + "platform and in the web page, or another app, on the other: a code, token or confirmation step that one "
        + "side protects can be missing on the other, and testing one platform says nothing about the other."
    public let explanation =
        "A URL a tester cares about (a sign-in, reset, OAuth callback, payment or deletion path, "
        + "or one marked = or ! in the URL list) opens the app on one platform and goes to the browser, a chooser or "
        + "another app on the other. " + consequence
    public let remediation =
        "Decide where this path belongs and make both platforms agree: claim it on both (AASA "
        + "components and a verified App Link filter), or exclude it on both; never leave an OAuth callback or reset "
        + "link to an unverified deep link or custom scheme."
    public let references: [Reference] = [.masvsPlatform1]

    /// The rule (stateless).
    public init() {}

    /// One finding per asymmetric row with a sensitive path word or an expectation, in row order.
    public func evaluate(_ facts: CrossPlatformFacts) -> [Finding] {
        facts.asymmetricRows.filter { $0.sensitive != nil || $0.expectation != nil }.map(asymmetry)
    }

    private func asymmetry(_ row: CrossPlatformTable.Row) -> Finding {
        let (opening, other) =
            row.verdict == .iosOnly
            ? (("iOS", row.ios), ("Android", row.android))
            : (("Android", row.android), ("iOS", row.ios))
        // Security when the link can reach another app: the other platform hands it to another
        // app, or the opening side is an unverified deep link any app may claim.
        let security = other.1.outcome == .otherApp || opening.1.outcome == .opensAppUnverified
        let why = row.sensitive.map { "a \($0) path" } ?? "a URL the tester marked"
        let fallsTo =
            switch other.1.outcome {
            case .otherApp: "another app"
            case .chooser: "a chooser (the user picks the app or the browser)"
            case .opensApp, .opensAppUnverified, .browser: "the browser"
            }
        return finding(
            subject: row.url,
            evidence: [.text("\(opening.0): \(opening.1.reason)"), .text("\(other.0): \(other.1.reason)")],
            severity: security ? .medium : .low,
            category: security ? .security : .reliability,
            explanation: "\(row.url) (\(why)) opens the \(opening.0) app but goes to \(fallsTo) on \(other.0). "
                + Self.consequence)
    }
}
