import AppInspection
import AssociationFetch
import Foundation
import SiteAssociation

extension DomainReport {
    /// The route whose file a device would use: a supplied file, else the CDN's, else the
    /// origin's, else the legacy path's; nil when none produced a file.
    var effectiveResult: RouteResult? {
        for route in [FetchRoute.local, .cdn, .origin, .legacy] {
            if let result = result(for: route), result.file != nil { return result }
        }
        return nil
    }

    /// True when `host` (lower-cased, no port) is served by this report's file: the same
    /// host, or a subdomain of a wildcard entry.
    func covers(host: String, port: Int?) -> Bool {
        guard port == self.port else { return false }
        if host == fetchedHost { return true }
        return host.hasSuffix("." + fetchedHost) && self.host.hasPrefix("*.")
    }

    /// The route results worth judging one by one: legacy only when it was the only route asked.
    var judgedRoutes: [RouteResult] {
        let others = routes.filter { $0.route != .legacy }
        return others.isEmpty ? routes : others
    }
}

extension AnalysisFacts {
    /// Every bundle of the app (empty for a domain-only analysis).
    var bundles: [BundleInfo] { app?.bundles ?? [] }

    /// The app IDs that stand for "the app": each bundle's `application-identifier`, then
    /// `options.extraAppIDs`, without repeats.
    public var subjectAppIDs: [String] {
        var seen = Set<String>()
        var result: [String] = []
        for id in bundles.compactMap(\.applicationIdentifier) + options.extraAppIDs where seen.insert(id).inserted {
            result.append(id)
        }
        return result
    }

    /// The app IDs whose verdicts matter for URL tests: bundles that declare applinks, then
    /// `options.extraAppIDs`; the main app's when no bundle declares applinks.
    public var linkAppIDs: [String] {
        var ids =
            bundles.filter { $0.associatedDomains.contains { $0.service == "applinks" } }.compactMap(
                \.applicationIdentifier)
        if ids.isEmpty, let main = app?.mainBundle?.applicationIdentifier { ids.append(main) }
        var seen = Set<String>()
        return (ids + options.extraAppIDs).filter { seen.insert($0).inserted }
    }

    /// The associated-domain entries of `service` that a report's file serves, with their bundle.
    func entries(_ service: String, servedBy report: DomainReport) -> [(bundle: BundleInfo, entry: AssociatedDomain)] {
        var result: [(BundleInfo, AssociatedDomain)] = []
        for bundle in bundles {
            for entry in bundle.associatedDomains
            where entry.service == service && entry.isAccepted
                && entry.host == report.fetchedHost && entry.port == report.port
            {
                result.append((bundle, entry))
            }
        }
        return result
    }

    /// The report whose file decides URLs on `host`: an exact entry first, then a wildcard.
    func report(forURLHost host: String, port: Int?) -> DomainReport? {
        let candidates = domains.filter { $0.covers(host: host, port: port) }
        return candidates.first { !$0.host.hasPrefix("*.") && $0.fetchedHost == host } ?? candidates.first
    }
}
