import Foundation

/// Decides the tester's URLs with the findings module's `URLTest.decide` (one matcher per
/// domain file, the app's IDs first), limited to what a device would consider: only hosts the
/// app claims with `applinks`, each entry (wildcard or not) with its own view of the file.
public struct URLDecisions: Sendable {
    /// The reports the matcher may use: one per applinks entry, named as the entry.
    public let applinksDomains: [DomainReport]
    /// The app IDs judged as "the app": those of the bundles that claim applinks hosts.
    public let appIDs: [String]
    /// The app's associated-domains entries (every service), to explain hosts without applinks.
    public let claims: [AssociatedDomain]

    /// Prepares the decisions for an app and the reports fetched for its hosts; `previous`
    /// (the decisions these replace) lends the verdicts of apps whose rules did not change.
    public init(hosts: [ScanHost], reports: [DomainReport], snapshot: AppSnapshot, previous: URLDecisions? = nil) {
        let byAuthority =
            Dictionary(reports.map { (Self.authority(of: $0), $0) }, uniquingKeysWith: { first, _ in first })
        applinksDomains = hosts.filter(\.isApplinks).compactMap { host in
            guard var report = byAuthority[host.fetchHost.authority] else { return nil }
            report.host = host.entry
            return report
        }
        var ids: [String] = []
        for host in hosts where host.isApplinks {
            for id in host.appIDs where !ids.contains(id) { ids.append(id) }
        }
        if ids.isEmpty, let id = snapshot.mainBundle?.applicationIdentifier { ids = [id] }
        appIDs = ids
        claims = snapshot.bundles.flatMap(\.associatedDomains)
        decider = URLDecider(domains: applinksDomains, appIDs: appIDs, claims: claims, previous: previous?.decider)
    }

    /// Decides with each host's file compiled once for every list and every single URL.
    private let decider: URLDecider

    /// The URL tests for `entries`, in order, with the traces `traces` asks for.
    public func decide(_ entries: [URLListEntry], traces: URLTraces = .all) -> [URLTest] {
        decider.decide(entries, traces: traces)
    }

    /// The document's URL list decided, and kept for the decisions that replace these
    /// (`previous:`), which then re-decide only the apps whose rules changed.
    public func decideList(_ entries: [URLListEntry], traces: URLTraces = .contradictionsOnly) -> [URLTest] {
        decider.decideList(entries, traces: traces)
    }

    /// `test` with every trace (a test decided without them, decided again).
    public func traced(_ test: URLTest) -> URLTest {
        decider.traced(test)
    }

    /// Where `report`'s file was fetched from: its fetched host, with its explicit port if any.
    static func authority(of report: DomainReport) -> String {
        report.port.map { "\(report.fetchedHost):\($0)" } ?? report.fetchedHost
    }
}
