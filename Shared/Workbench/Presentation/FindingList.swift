import Foundation
import Findings

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

/// The findings sidebar's content: counts, search and triage filter, groups, and keyboard
/// navigation (next / previous finding). Pure, so both faces and the tests agree.
public struct FindingList: Sendable, Equatable {
    /// A severity group of the visible findings.
    public struct Group: Sendable, Equatable, Identifiable {
        public var id: Severity { severity }
        public var severity: Severity
        public var findings: [TriagedFinding]
        /// "Medium (2)".
        public var title: String { "\(severity.displayName) (\(findings.count))" }
    }

    /// Findings per severity in the whole document (every severity present, zero included).
    public let counts: [Severity: Int]
    /// The findings that pass the search and the filter, in report order.
    public let visible: [TriagedFinding]

    /// `findings` in report order; `query` matches ID, title, subject or triage note (case
    /// insensitive; blank = all); `statuses` nil = every status.
    public init(_ findings: [TriagedFinding], query: String = "", statuses: Set<TriageStatus>? = nil) {
        var counts = Dictionary(uniqueKeysWithValues: Severity.allCases.map { ($0, 0) })
        for item in findings { counts[item.finding.severity, default: 0] += 1 }
        self.counts = counts
        let needle = query.trimmingCharacters(in: .whitespacesAndNewlines)
        visible = findings.filter { item in
            if let statuses, !statuses.contains(item.status) { return false }
            guard !needle.isEmpty else { return true }
            let finding = item.finding
            return [finding.id, finding.title, finding.subject, item.triage?.note ?? ""]
                .contains { $0.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
        }
    }

    /// "1 high · 2 medium · 1 info" (severities with findings only), or "No findings".
    public var countSummary: String {
        let parts = Severity.descending.compactMap { severity -> String? in
            guard let count = counts[severity], count > 0 else { return nil }
            return "\(count) \(severity.rawValue)"
        }
        return parts.isEmpty ? "No findings" : parts.joined(separator: " · ")
    }

    /// The visible findings grouped by severity, most severe first, empty groups left out.
    public var groups: [Group] {
        Severity.descending.compactMap { severity in
            let items = visible.filter { $0.finding.severity == severity }
            return items.isEmpty ? nil : Group(severity: severity, findings: items)
        }
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


