import Foundation

/// XPL-002: the log of the comparison, one per verdict table with at least one row: how many
/// URLs were decided for both apps and which (at most 20 named) open the app on one platform only.
public struct XPL002BothPlatformsCompared: FindingRule {
    public let id = "XPL-002"
    public let category = FindingCategory.reliability
    public let severity = Severity.info
    public let title = "Both platforms compared"
    /// What every finding says after its counts.
    static let tableNote = "The verdict table lists each URL with each platform's reason."
    public let explanation =
        "The URLs of the list were decided for the iOS app and the Android app; the evidence "
        + "names those that open the app on one platform only. " + tableNote
    public let remediation =
        "Check that every URL one platform's app handles is handled, or deliberately left to the "
        + "web, on the other."
    public let references: [Reference] = [.masvsPlatform1]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: CrossPlatformFacts) -> [Finding] {
        guard !facts.rows.isEmpty else { return [] }
        let count = facts.rows.count
        let asymmetric = facts.asymmetricRows
        return [
            finding(
                subject: "\(facts.iosApp) / \(facts.androidApp)",
                evidence: asymmetric.prefix(20).map { .text("\($0.url): \($0.verdict.text)") },
                explanation: "\(count) URL\(count == 1 ? "" : "s") decided for both apps; \(asymmetric.count) "
                    + "open\(asymmetric.count == 1 ? "s" : "") the app on one platform only. " + Self.tableNote)
        ]
    }
}
