import Foundation

/// One associated-domain host of the app, as the scan fetches it: every bundle and service
/// that names the same entry is folded into one value.
public struct ScanHost: Sendable, Equatable {
    /// The entry without its service and mode (`example.com`, `*.example.org`, `example.com:8443`).
    public var entry: String
    /// What is fetched for it (a wildcard's file comes from the apex).
    public var fetchHost: FetchHost
    /// Services naming the entry (`applinks`, `webcredentials`, `appclips`, `activitycontinuation`), sorted.
    public var services: [String]
    /// Modes written on any of the entries (`developer`, `managed`), sorted.
    public var modes: [String]
    /// Paths of the bundles that name it, in bundle order.
    public var bundles: [String]
    /// App IDs of the bundles that name it with `applinks` (what links to it should open).
    public var appIDs: [String]
    /// The file supplied for it with `--aasa HOST=FILE`, if any.
    public var suppliedFile: String?

    /// True when some bundle claims it for universal links.
    public var isApplinks: Bool { services.contains("applinks") }
    /// True when an entry asks for developer mode (the device then fetches the origin directly).
    public var isDeveloperMode: Bool { modes.contains("developer") }
}

/// An entitlement entry the scan cannot fetch for (iOS rejects it, or the host is unusable).
public struct SkippedEntry: Sendable, Equatable {
    /// The entry as written (`applinks:https://example.com/`).
    public var raw: String
    /// The bundle that names it.
    public var bundle: String
    /// Why it was not fetched.
    public var reason: String
}

/// Collects the hosts to fetch from an app snapshot (pure: no I/O).
public enum HostCollector {
    /// Services whose hosts serve the association file.
    public static let fetchedServices: Set<String> = ["applinks", "webcredentials", "appclips", "activitycontinuation"]

    /// Every accepted associated-domain host of every bundle, first appearance first, and the
    /// entries that were skipped. `supplied` maps `HOST` (entry, host name or `host:port`) to a file.
    public static func collect(
        from snapshot: AppSnapshot,
        supplied: [String: String] = [:]
    ) -> (hosts: [ScanHost], skipped: [SkippedEntry]) {
        var hosts: [ScanHost] = []
        var index: [String: Int] = [:]
        var skipped: [SkippedEntry] = []
        let files =
            Dictionary(supplied.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        for bundle in snapshot.bundles {
            for domain in bundle.associatedDomains where fetchedServices.contains(domain.service) {
                guard domain.isAccepted else {
                    let why = domain.problems.first { $0.severity == .error }?.message ?? "iOS rejects this entry"
                    skipped.append(SkippedEntry(raw: domain.raw, bundle: bundle.path, reason: why))
                    continue
                }
                let entry = (domain.wildcard ? "*." : "") + domain.host + (domain.port.map { ":\($0)" } ?? "")
                let fetchHost: FetchHost
                do {
                    fetchHost = try FetchHost.parse(entry)
                } catch {
                    skipped.append(SkippedEntry(raw: domain.raw, bundle: bundle.path, reason: error.description))
                    continue
                }
                let position: Int
                if let existing = index[fetchHost.entry] {
                    position = existing
                } else {
                    position = hosts.count
                    index[fetchHost.entry] = position
                    hosts.append(
                        ScanHost(
                            entry: fetchHost.entry, fetchHost: fetchHost, services: [], modes: [], bundles: [],
                            appIDs: [], suppliedFile: suppliedFile(for: fetchHost, in: files)))
                }
                var host = hosts[position]
                host.services = Array(Set(host.services + [domain.service])).sorted()
                host.modes = Array(Set(host.modes + domain.modes)).sorted()
                if !host.bundles.contains(bundle.path) { host.bundles.append(bundle.path) }
                if domain.service == "applinks", let appID = bundle.applicationIdentifier,
                    !host.appIDs.contains(appID)
                {
                    host.appIDs.append(appID)
                }
                hosts[position] = host
            }
        }
        return (hosts, skipped)
    }

    /// The supplied file for a host: by entry (`*.example.org`), `host:port`, then host name.
    static func suppliedFile(for host: FetchHost, in files: [String: String]) -> String? {
        files[host.entry] ?? files[host.authority] ?? files[host.hostname]
    }

    /// Supplied hosts that name no entitled host (the tester probably mistyped one).
    public static func unusedSupplies(_ supplied: [String: String], hosts: [ScanHost]) -> [String] {
        let keys = Set(hosts.flatMap { [$0.entry, $0.fetchHost.authority, $0.fetchHost.hostname] })
        return supplied.keys.map { $0.lowercased() }.filter { !keys.contains($0) }.sorted()
    }

    /// The distinct authorities to fetch, each with the first host that needs it (and the
    /// file supplied for any entry of that authority), in order.
    static func fetchPlan(_ hosts: [ScanHost]) -> [ScanHost] {
        var index: [String: Int] = [:]
        var plan: [ScanHost] = []
        for host in hosts {
            if let position = index[host.fetchHost.authority] {
                if plan[position].suppliedFile == nil { plan[position].suppliedFile = host.suppliedFile }
            } else {
                index[host.fetchHost.authority] = plan.count
                plan.append(host)
            }
        }
        return plan
    }
}
