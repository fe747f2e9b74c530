import Findings
import Foundation

/// Who the assessment is for and by whom: printed on the report's first page when set.
/// Every field is optional free text (dates as the tester writes them, `2026-11-20`).
public struct Engagement: Sendable, Hashable, Codable {
    /// The client ("Example Corp").
    public var client: String?
    /// The tester or team ("A. Tester, Example Security").
    public var tester: String?
    /// What was in scope ("iOS app 4.2 (1234) and its associated domains").
    public var scope: String?
    /// First day of the engagement.
    public var startDate: String?
    /// Last day of the engagement.
    public var endDate: String?

    /// An engagement; every field defaults to unset.
    public init(
        client: String? = nil, tester: String? = nil, scope: String? = nil,
        startDate: String? = nil, endDate: String? = nil
    ) {
        self.client = client
        self.tester = tester
        self.scope = scope
        self.startDate = startDate
        self.endDate = endDate
    }

    /// True when no field is set (nothing to print).
    public var isEmpty: Bool { keyValues.isEmpty }

    /// This engagement with `other`'s set fields taking precedence (flags over the session).
    public func overridden(by other: Engagement) -> Engagement {
        Engagement(
            client: other.client ?? client, tester: other.tester ?? tester, scope: other.scope ?? scope,
            startDate: other.startDate ?? startDate, endDate: other.endDate ?? endDate)
    }

    /// The set fields as label/value pairs; the dates as one "Dates" row.
    public var keyValues: [KeyValue] {
        var pairs: [KeyValue] = []
        func add(_ key: String, _ value: String?) {
            if let value = value?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty {
                pairs.append(KeyValue(key, value))
            }
        }
        add("Client", client)
        add("Tester", tester)
        add("Scope", scope)
        let dates = [startDate, endDate].compactMap { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
        add("Dates", dates.count == 2 && dates[0] != dates[1] ? "\(dates[0]) to \(dates[1])" : dates.first)
        return pairs
    }
}

/// The first thing a reader of the report sees: what an attacker could do, what breaks for
/// users, and what to fix first — computed from the listed findings.
public struct ExecutiveSummary: Sendable, Hashable {
    /// One line: how many findings of each category, and the highest severity.
    public var verdict: String
    /// What an attacker could do (security findings above info), most severe first.
    public var attacker: [String]
    /// What breaks for users (reliability findings above info), most severe first.
    public var users: [String]
    /// The few findings to fix first (most severe first, security before reliability at a
    /// severity), each as "ID title: subjects".
    public var fixFirst: [String]

    /// Titles of the three lists, as every format prints them.
    public static let attackerTitle = "What an attacker could do"
    public static let usersTitle = "What breaks for users"
    public static let fixFirstTitle = "What to fix first"

    /// The three lists with their titles and what to print when one is empty.
    public static func parts(_ summary: ExecutiveSummary) -> [(title: String, items: [String], none: String)] {
        [
            (attackerTitle, summary.attacker, "No security finding above info."),
            (usersTitle, summary.users, "No reliability finding above info."),
            (fixFirstTitle, summary.fixFirst, "Nothing above info to fix."),
        ]
    }

    /// How many items `fixFirst` holds at most.
    public static let fixFirstLimit = 5

    /// The summary of `findings` (the ones a report lists).
    public init(findings: [Finding]) {
        let security = findings.filter { $0.category == .security }
        let reliability = findings.filter { $0.category == .reliability }
        func count(_ items: [Finding], _ name: String) -> String {
            "\(items.count) \(name) finding\(items.count == 1 ? "" : "s")"
        }
        if findings.isEmpty {
            verdict = "No findings."
        } else {
            let highest = findings.map(\.severity).max() ?? .info
            verdict =
                "\(count(security, "security")) and \(count(reliability, "reliability")); "
                + "highest severity: \(highest.displayName)."
        }
        attacker = Self.lines(security)
        users = Self.lines(reliability)
        var seen = Set<String>()
        var first: [String] = []
        let ranked = findings.filter { $0.severity > .info }.sorted { lhs, rhs in
            lhs.severity != rhs.severity ? lhs.severity > rhs.severity : Finding.reportOrder(lhs, rhs)
        }
        for finding in ranked where first.count < Self.fixFirstLimit && seen.insert(finding.id).inserted {
            let subjects = Self.subjects(of: ranked.filter { $0.id == finding.id })
            first.append(
                "\(finding.id) (\(finding.severity.rawValue) \(finding.category.rawValue)) "
                    + "\(finding.title): \(subjects)")
        }
        fixFirst = first
    }

    /// One line per rule (above info), most severe first: the impact sentence, then where.
    private static func lines(_ findings: [Finding]) -> [String] {
        let ranked = findings.filter { $0.severity > .info }.sortedForReport()
        var seen = Set<String>()
        var lines: [String] = []
        for finding in ranked where seen.insert(finding.id + "|" + FindingImpact.sentence(for: finding)).inserted {
            let sentence = FindingImpact.sentence(for: finding)
            let same = ranked.filter { $0.id == finding.id && FindingImpact.sentence(for: $0) == sentence }
            lines.append(
                "\(FindingImpact.sentence(for: finding)) \(finding.severity.displayName), \(finding.id): "
                    + subjects(of: same) + ".")
        }
        return lines
    }

    /// The distinct subjects, at most three named ("a, b, c and 4 more").
    static func subjects(of findings: [Finding]) -> String {
        var unique: [String] = []
        for finding in findings where !unique.contains(finding.subject) { unique.append(finding.subject) }
        let shown = unique.prefix(3).joined(separator: ", ")
        return unique.count > 3 ? "\(shown) and \(unique.count - 3) more" : shown
    }
}

/// One row of the findings overview: identical rows (same category, severity, ID, title and
/// subject) merged, with how many there are.
public struct OverviewRow: Sendable, Hashable {
    /// The first finding of the row.
    public var finding: Finding
    /// How many listed findings the row stands for.
    public var count: Int
}

extension ReportDocument {
    /// How every format counts: the findings the report lists, without those triaged as false
    /// positive or accepted risk. The sentence that says so under the counts when some were
    /// left out (Markdown, HTML and PDF print it; JSON has `suppressedFindings`).
    public var suppressedNote: String? {
        let suppressed = findings.count - listedFindings.count
        guard suppressed > 0 else { return nil }
        return "The counts leave out \(Plural.count(suppressed, "finding")) triaged as false positive or accepted risk "
            + "(listed under Triaged)."
    }

    /// The executive summary of the listed findings.
    public var executiveSummary: ExecutiveSummary {
        ExecutiveSummary(findings: listedFindings)
    }

    /// The listed findings as overview rows, identical rows merged, in report order.
    public var overviewRows: [OverviewRow] {
        var rows: [OverviewRow] = []
        for finding in listedFindings {
            if let last = rows.last, last.finding.id == finding.id, last.finding.subject == finding.subject,
                last.finding.severity == finding.severity, last.finding.category == finding.category,
                last.finding.title == finding.title
            {
                rows[rows.count - 1].count += 1
            } else {
                rows.append(OverviewRow(finding: finding, count: 1))
            }
        }
        return rows
    }

    /// Counts per category and severity of the listed findings (zeros included).
    public var categoryCounts: [(category: FindingCategory, counts: [(severity: Severity, count: Int)])] {
        let counts = listedFindings.countsByCategory()
        return FindingCategory.ordered.map { category in
            (category, Severity.descending.map { ($0, counts[category]?[$0] ?? 0) })
        }
    }

    /// The entitlements listings worth printing: a bundle without entitlements gets none.
    public var printedEntitlements: [EntitlementsListing] {
        entitlements.filter { listing in
            let compact = listing.text.filter { !$0.isWhitespace }
            return !compact.isEmpty && compact != "{}"
        }
    }

    /// The findings in the order a findings list shows them (category, then severity, …).
    static func displayOrder(_ findings: [Finding]) -> [Finding] {
        groupedByCategory(findings).flatMap { $0.groups.flatMap(\.findings) }
    }

    /// Findings grouped by category, then severity, most important first, empty groups left out.
    static func groupedByCategory(
        _ findings: [Finding]
    )
        -> [(category: FindingCategory, groups: [(severity: Severity, findings: [Finding])])]
    {
        FindingCategory.ordered.compactMap { category in
            let groups = grouped(findings.filter { $0.category == category })
            return groups.isEmpty ? nil : (category, groups)
        }
    }
}

extension ReportTable {
    /// The table without columns that are empty (or "—") in every row; a table with no rows
    /// keeps its columns.
    public var compacted: ReportTable {
        let rows = normalizedRows
        guard !rows.isEmpty else { return self }
        let kept = columns.indices.filter { index in
            rows.contains { row in
                let cell = row[index].trimmingCharacters(in: .whitespacesAndNewlines)
                return !cell.isEmpty && cell != "—"
            }
        }
        guard kept.count != columns.count, !kept.isEmpty else { return ReportTable(columns: columns, rows: rows) }
        return ReportTable(columns: kept.map { columns[$0] }, rows: rows.map { row in kept.map { row[$0] } })
    }
}

/// English plurals for counts in report text.
enum Plural {
    /// "1 warning", "6 warnings".
    static func count(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
