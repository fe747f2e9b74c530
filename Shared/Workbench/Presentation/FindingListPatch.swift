import Findings
import Foundation

/// What one triage change did to the findings sidebar (`FindingListPresentation` for the same
/// filter): the counts, the summary, every group's title, and the changed finding's row with
/// where it now stands. A face that shows the list patches that one row and the titles instead
/// of receiving and rebuilding a list of thousands of rows.
public struct FindingListPatch: Sendable, Equatable, Codable {
    /// One group of the list after the change, in order: its key, title and number of rows.
    public struct GroupTitle: Sendable, Equatable, Codable {
        public var key: String
        public var title: String
        public var count: Int
    }

    /// The document's revision after the change.
    public var revision: Int
    public var counts: [FindingListPresentation.Count]
    public var suppressed: Int
    public var summary: String
    public var total: Int
    public var emptyText: String?
    public var groups: [GroupTitle]
    /// The changed finding.
    public var fingerprint: String
    /// Its row as the list shows it now; nil when the filter no longer shows it.
    public var row: FindingRowPresentation?
    /// The group the row is in now (nil with no row).
    public var group: String?
    /// The fingerprint of the row that follows it in that group, nil when it is the last.
    public var before: String?

    /// The patch of `list` (the sidebar after the change) for the finding `fingerprint`.
    public init(_ list: FindingListPresentation, fingerprint: String, revision: Int) {
        self.revision = revision
        counts = list.counts
        suppressed = list.suppressed
        summary = list.summary
        total = list.total
        emptyText = list.emptyText
        groups = list.groups.map { GroupTitle(key: $0.key, title: $0.title, count: $0.rows.count) }
        self.fingerprint = fingerprint
        row = nil
        group = nil
        before = nil
        for shown in list.groups {
            guard let index = shown.rows.firstIndex(where: { $0.fingerprint == fingerprint }) else { continue }
            row = shown.rows[index]
            group = shown.key
            before = index + 1 < shown.rows.count ? shown.rows[index + 1].fingerprint : nil
            break
        }
    }
}

extension WorkbenchDocument {
    /// The sidebar's patch for the finding `fingerprint` under the filter `query`/`severities`
    /// (as `presentation(query:severities:)` filters it).
    public func findingListPatch(
        fingerprint: String, query: String = "",
        severities: Set<Severity>? = nil
    ) -> FindingListPatch {
        FindingListPatch(
            FindingListPresentation(FindingList(findings, query: query, severities: severities)),
            fingerprint: fingerprint, revision: revision)
    }
}
