import Foundation
import SiteAssociation

/// Options of an `assetlinks.json` run; the fetcher's configuration supplies the rest (pins,
/// trusted roots, timeout, overall deadline).
public struct AssetLinksFetchOptions: Sendable, Equatable {
    /// Also ask Google's statement-list API (`--google`).
    public var askGoogle = false
    /// The API endpoint (`--google-base`, for staging and tests).
    public var googleBase = AssetLinksPolicy.googleAPIBase
    /// The agent sent to the hosts.
    public var userAgent = AssetLinksPolicy.userAgent

    public init(
        askGoogle: Bool = false, googleBase: String = AssetLinksPolicy.googleAPIBase,
        userAgent: String = AssetLinksPolicy.userAgent
    ) {
        self.askGoogle = askGoogle
        self.googleBase = googleBase
        self.userAgent = userAgent
    }
}

extension AssociationFetcher {
    /// Fetches every host's `https://HOST/.well-known/assetlinks.json` as Android does (HTTPS
    /// only, redirects recorded and never followed, 1 MiB at most, the configured timeout), and
    /// Google's statement list for it when asked, all hosts at once; reports in input order.
    /// A wildcard host (`*.example.com`) is fetched from its root. Hosts with a file in the
    /// configuration's `suppliedFiles` are read from it instead.
    public func fetchAssetLinks(
        _ hosts: [FetchHost], options: AssetLinksFetchOptions = AssetLinksFetchOptions(),
        progress: (@Sendable (AssetLinksReport) -> Void)? = nil
    ) async -> [AssetLinksReport] {
        let deadline = ContinuousClock.now + configuration.overallDeadline
        return await withTaskGroup(of: (Int, AssetLinksReport).self) { group in
            for (index, host) in hosts.enumerated() {
                group.addTask {
                    let report = await self.fetchAssetLinks(host, options: options, deadline: deadline)
                    progress?(report)
                    return (index, report)
                }
            }
            var reports = [AssetLinksReport?](repeating: nil, count: hosts.count)
            for await (index, report) in group { reports[index] = report }
            return reports.compactMap { $0 }
        }
    }

    private func fetchAssetLinks(
        _ host: FetchHost, options: AssetLinksFetchOptions,
        deadline: ContinuousClock.Instant
    ) async -> AssetLinksReport {
        if let path = configuration.suppliedFiles[host.authority] ?? configuration.suppliedFiles[host.hostname] {
            return AssetLinksReport(host: host.authority, result: Self.suppliedAssetLinks(path: path))
        }
        async let own =
            request(AssetLinksPolicy.url(for: host), host: host, agent: options.userAgent, deadline: deadline)
        var google: GoogleStatementList?
        if options.askGoogle {
            if let url = AssetLinksPolicy.googleURL(for: host, base: options.googleBase) {
                google = GoogleStatementList(
                    result: await request(
                        url, route: .googleAPI, host: host,
                        agent: options.userAgent, deadline: deadline))
            } else {
                var invalid =
                    GoogleStatementList(result: RouteResult(route: .googleAPI, url: options.googleBase, userAgent: nil))
                invalid.problem = "the API base is not an https:// URL"
                google = invalid
            }
        }
        var report = AssetLinksReport(host: host.authority, result: await own, google: google)
        if report.outcome.hasFile, let includes = report.file?.includes, !includes.isEmpty {
            report.included = await followIncludes(includes, host: host, agent: options.userAgent, deadline: deadline)
        }
        return report
    }

    /// The lists `include` statements name, one level deep (their own includes are not followed,
    /// as Android's verifier does), https only, at most `AssetLinksPolicy.maxIncludes`.
    private func followIncludes(
        _ urls: [String], host: FetchHost, agent: String,
        deadline: ContinuousClock.Instant
    ) async -> [AssetLinksInclude] {
        var out: [AssetLinksInclude] = []
        for url in urls.prefix(AssetLinksPolicy.maxIncludes) {
            guard URLComponents(string: url)?.scheme?.lowercased() == "https" else {
                out.append(
                    AssetLinksInclude(
                        url: url, result: nil,
                        problem: "not an https:// URL; Android does not fetch it"))
                continue
            }
            out.append(
                AssetLinksInclude(
                    url: url,
                    result: await request(url, host: host, agent: agent, deadline: deadline)))
        }
        return out
    }

    /// One GET within the per-request timeout and the run's deadline, body capped at 1 MiB,
    /// labelled with its route (`assetlinks` for a statement list, `google-api` for Google's API).
    private func request(
        _ url: String, route: FetchRoute = .assetLinks, host: FetchHost, agent: String,
        deadline: ContinuousClock.Instant
    ) async -> RouteResult {
        let components = URLComponents(string: url)
        return await timedRequest(
            url, route: route, agent: agent, bodyLimit: AssetLinksPolicy.bodyLimit,
            target: (components?.host ?? host.hostname, components?.port ?? 443),
            deadline: deadline)
    }

    /// A supplied `assetlinks.json` (`--assetlinks HOST=FILE`), read up to 1 MiB (Android's cap);
    /// `AssetLinksReport` parses it.
    public static func suppliedAssetLinks(path: String) -> RouteResult {
        suppliedResult(path: path, limit: AssetLinksPolicy.bodyLimit, parsed: false)
    }
}
