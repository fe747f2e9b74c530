import Findings
import Foundation

extension TriageStatus {
    /// The badge text faces show ("False positive").
    public var badge: String {
        switch self {
        case .open: "Open"
        case .confirmed: "Confirmed"
        case .falsePositive: "False positive"
        case .acceptedRisk: "Accepted risk"
        case .fixed: "Fixed"
        }
    }
}

/// One finding as a sidebar row shows it.
public struct FindingRow: Sendable, Hashable, Identifiable {
    public var id: String { triaged.fingerprint }
    public var triaged: TriagedFinding

    public init(_ triaged: TriagedFinding) { self.triaged = triaged }

    /// What VoiceOver reads for the row.
    public var accessibilityLabel: String {
        let finding = triaged.finding
        return "\(finding.severity.displayName): \(finding.id), \(finding.title), \(finding.subject). "
            + "Triage: \(triaged.status.badge)."
    }
}

/// The findings sidebar's content: counts, search and filters, groups, and keyboard navigation
/// (next / previous finding). Pure, so both faces and the tests agree. A suppressed finding
/// (false positive, accepted risk) is counted and grouped apart, never hidden: the counts are
/// always what the groups show with no filter.
public struct FindingList: Sendable, Equatable {
    /// A group of the visible findings: one severity's open findings, or the suppressed ones.
    public struct Group: Sendable, Equatable, Identifiable {
        /// The severity's raw value, or `suppressed`.
        public var id: String { severity?.rawValue ?? "suppressed" }
        /// The severity, nil for the suppressed group.
        public var severity: Severity?
        public var findings: [TriagedFinding]
        /// "Medium (2)", "Suppressed (1)".
        public var title: String { "\(severity?.displayName ?? "Suppressed") (\(findings.count))" }
    }

    /// Findings per severity in the whole document that are not suppressed (every severity
    /// present, zero included).
    public let counts: [Severity: Int]
    /// Findings triaged as false positive or accepted risk.
    public let suppressedCount: Int
    /// All findings of the document.
    public let total: Int
    /// The findings that pass the search and the filters, in report order.
    public let visible: [TriagedFinding]

    /// `findings` in report order; `query`: every word must appear in the ID, title, subject,
    /// severity, triage status or note (case insensitive; blank = all); `statuses` and
    /// `severities` nil = every one.
    public init(
        _ findings: [TriagedFinding], query: String = "", statuses: Set<TriageStatus>? = nil,
        severities: Set<Severity>? = nil
    ) {
        var counts = Dictionary(uniqueKeysWithValues: Severity.allCases.map { ($0, 0) })
        var suppressed = 0
        for item in findings {
            if item.status.isSuppressed { suppressed += 1 } else { counts[item.finding.severity, default: 0] += 1 }
        }
        self.counts = counts
        suppressedCount = suppressed
        total = findings.count
        let words = query.split(whereSeparator: \.isWhitespace)
        visible = findings.filter { item in
            if let statuses, !statuses.contains(item.status) { return false }
            if let severities, !severities.contains(item.finding.severity) { return false }
            guard !words.isEmpty else { return true }
            let finding = item.finding
            let fields = [
                finding.id, finding.title, finding.subject, finding.severity.rawValue, item.status.rawValue,
                item.triage?.note ?? "",
            ]
            return words.allSatisfy { word in
                fields.contains { $0.range(of: word, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
            }
        }
    }

    /// "1 high · 2 medium · 1 info · 1 suppressed" (non-zero parts only), or "No findings".
    public var countSummary: String {
        var parts = Severity.descending.compactMap { severity -> String? in
            guard let count = counts[severity], count > 0 else { return nil }
            return "\(count) \(severity.rawValue)"
        }
        if suppressedCount > 0 { parts.append("\(suppressedCount) suppressed") }
        return parts.isEmpty ? "No findings" : parts.joined(separator: " · ")
    }

    /// The visible findings grouped by severity, most severe first, then the suppressed ones;
    /// empty groups left out.
    public var groups: [Group] {
        var groups = Severity.descending.compactMap { severity -> Group? in
            let items = visible.filter { $0.finding.severity == severity && !$0.status.isSuppressed }
            return items.isEmpty ? nil : Group(severity: severity, findings: items)
        }
        let suppressed = visible.filter(\.status.isSuppressed)
        if !suppressed.isEmpty { groups.append(Group(severity: nil, findings: suppressed)) }
        return groups
    }

    /// What the list says when no finding is shown, nil when some is.
    public var emptyText: String? {
        guard visible.isEmpty else { return nil }
        return total == 0 ? "No findings." : "No finding matches the filter."
    }

    /// The fingerprint after `fingerprint` in group order (the first when nil or not visible;
    /// stays on the last).
    public func next(after fingerprint: String?) -> String? {
        let order = groups.flatMap(\.findings).map(\.fingerprint)
        guard let fingerprint, let index = order.firstIndex(of: fingerprint) else { return order.first }
        return order[min(index + 1, order.count - 1)]
    }

    /// The fingerprint before `fingerprint` (the last when nil; stays on the first).
    public func previous(before fingerprint: String?) -> String? {
        let order = groups.flatMap(\.findings).map(\.fingerprint)
        guard let fingerprint, let index = order.firstIndex(of: fingerprint) else { return order.last }
        return order[max(index - 1, 0)]
    }
}
