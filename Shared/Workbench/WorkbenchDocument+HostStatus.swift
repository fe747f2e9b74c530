import AssociationFetch
import Foundation

/// One host as the document holds it: an entry of the document JSON's `hosts` list and, with
/// its report, what the web API answers after a host's file is supplied or reverted.
public struct HostStatus: Sendable, Equatable, Encodable {
    /// The authority as fetched (lowercased, as the document keys it).
    public var host: String
    public var entries: [String]
    public var services: [String]
    public var state: HostState
    /// `cdn` or `origin`: the copy decisions use.
    public var route: String
    /// True while a what-if edit decides.
    public var edited: Bool
    /// ISO 8601, nil when never fetched.
    public var fetchedAt: String?
    /// How many lint diagnostics the deciding file has.
    public var lint: Int
    /// The report that decides (nil while pending); left out of the `hosts` list.
    public var report: DomainReport?
    var includesReport: Bool

    init(_ entry: DomainEntry, includingReport: Bool) {
        host = entry.host
        entries = entry.entries
        services = entry.services
        state = entry.state
        route = entry.route
        edited = entry.editedText != nil
        fetchedAt = entry.fetchedAt.map(WorkbenchDocument.iso8601)
        lint = entry.lint.count
        report = includingReport ? entry.report : nil
        includesReport = includingReport
    }

    private enum Key: String, CodingKey { case host, entries, services, state, route, edited, fetchedAt, lint, report }

    /// `fetchedAt` (and `report`, when asked for) are written as null when absent.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(host, forKey: .host)
        try container.encode(entries, forKey: .entries)
        try container.encode(services, forKey: .services)
        try container.encode(state, forKey: .state)
        try container.encode(route, forKey: .route)
        try container.encode(edited, forKey: .edited)
        try container.encode(fetchedAt, forKey: .fetchedAt)
        try container.encode(lint, forKey: .lint)
        if includesReport { try container.encode(report, forKey: .report) }
    }
}

extension WorkbenchDocument {
    /// The host `host` names (its authority, host name or entitlement entry, in any case, as
    /// every host call resolves it), with the report that decides it.
    public func hostStatus(_ host: String) throws(WorkbenchDocumentError) -> HostStatus {
        HostStatus(domains[try index(of: host)], includingReport: true)
    }

    /// Every host, without reports: the document JSON's `hosts`.
    var hostStatuses: [HostStatus] {
        domains.map { HostStatus($0, includingReport: false) }
    }
}
