import Foundation

/// What kind of problem a finding is, the first axis of every report (severity is the second).
///
/// - `security`: an attacker gains something — links hijacked by another app, an open redirect,
///   a token or path disclosed, a claim another app can take, an action triggered by a link.
/// - `reliability`: nothing is gained by an attacker, but users lose — links do not open the
///   app, devices reject a file, a build cannot be tested.
///
/// Encodes as its lowercase name. Reports list `security` first.
public enum FindingCategory: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case security
    case reliability

    /// Report order: security before reliability.
    public static let ordered: [FindingCategory] = [.security, .reliability]

    /// Capitalised name for people ("Security").
    public var displayName: String {
        rawValue.prefix(1).uppercased() + rawValue.dropFirst()
    }

    /// Parses a category name case-insensitively (`--fail-on security:high`).
    public init?(name: String) {
        self.init(rawValue: name.lowercased())
    }

    /// The category of a rule's findings when a finding does not say: the rule's declared
    /// category, from whichever catalogue of `FindingRules.all` holds it (for URL-002, AND-017 and
    /// XPL-001, whose findings carry their own, `security`); `reliability` for an ID no catalogue knows.
    public static func `default`(forRule id: String) -> FindingCategory {
        FindingRules.rule(id: id)?.category ?? .reliability
    }

    public static func < (lhs: FindingCategory, rhs: FindingCategory) -> Bool {
        (ordered.firstIndex(of: lhs) ?? 0) < (ordered.firstIndex(of: rhs) ?? 0)
    }
}

/// A `--fail-on` threshold: a severity, optionally for one category only
/// (`high`, `security:medium`, `reliability:high`).
public struct FindingThreshold: Sendable, Hashable, CustomStringConvertible {
    /// The category it applies to; nil applies to every category.
    public var category: FindingCategory?
    /// The lowest severity that trips it.
    public var severity: Severity

    /// A threshold.
    public init(category: FindingCategory? = nil, severity: Severity) {
        self.category = category
        self.severity = severity
    }

    /// Parses `SEVERITY` or `CATEGORY:SEVERITY`, case-insensitively; nil when malformed.
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        switch parts.count {
        case 1:
            guard let severity = Severity(name: parts[0]) else { return nil }
            self.init(severity: severity)
        case 2:
            guard let category = FindingCategory(name: parts[0]), let severity = Severity(name: parts[1]) else {
                return nil
            }
            self.init(category: category, severity: severity)
        default:
            return nil
        }
    }

    /// True when `finding` is at or above the severity (and of the category, when one is set).
    public func isTripped(by finding: Finding) -> Bool {
        finding.severity >= severity && (category == nil || finding.category == category)
    }

    /// `security:medium`, or `high` without a category.
    public var description: String {
        category.map { "\($0.rawValue):\(severity.rawValue)" } ?? severity.rawValue
    }

    /// What a malformed `--fail-on` value is told.
    public static func usage(_ value: String) -> String {
        "--fail-on must be SEVERITY or CATEGORY:SEVERITY (severity: critical, high, medium, low, info; "
            + "category: security, reliability; got '\(value)')"
    }
}

extension Sequence where Element == FindingThreshold {
    /// True when any threshold is tripped by any of `findings`.
    public func isTripped(by findings: some Sequence<Finding>) -> Bool {
        !tripping(findings).isEmpty
    }

    /// The findings that trip a threshold, in their order.
    public func tripping(_ findings: some Sequence<Finding>) -> [Finding] {
        let thresholds = Array(self)
        return findings.filter { finding in thresholds.contains { $0.isTripped(by: finding) } }
    }

    /// The line a CI log shows when `--fail-on` made the exit status 1: the thresholds, then each
    /// finding that tripped one (ID, severity, subject), at most `limit` named. Nil when none did.
    public func failureLine(_ findings: some Sequence<Finding>, limit: Int = 20) -> String? {
        let tripped = tripping(findings)
        guard !tripped.isEmpty else { return nil }
        let named = tripped.prefix(limit).map { "\($0.id) \($0.severity.rawValue) \($0.subject)" }
        let more = tripped.count > limit ? "; and \(tripped.count - limit) more" : ""
        return "--fail-on " + map(\.description).joined(separator: ", ") + ": \(tripped.count) finding"
            + (tripped.count == 1 ? "" : "s") + " at or above it: " + named.joined(separator: "; ") + more
    }
}
