import Foundation

extension Workbench {
    /// Fetches every host in `hosts` (`HOST[:PORT]` or `*.HOST`) over the configured routes,
    /// all at once with one shared HTTP client; reports in input order. Throws only for
    /// configuration mistakes (bad host, pin, CA file, CDN base); transport failures are
    /// recorded per route.
    public static func fetchAssociations(
        hosts: [String],
        configuration: FetchConfiguration,
        progress: (@Sendable (DomainReport) -> Void)? = nil
    ) async throws(FetchError) -> [DomainReport] {
        var parsed: [FetchHost] = []
        for host in hosts { parsed.append(try FetchHost.parse(host)) }
        let fetcher = try AssociationFetcher(configuration: configuration)
        let reports = await fetcher.fetch(parsed, progress: progress)
        await fetcher.shutdown()
        return reports
    }

    /// Fetches one host (for `linklab match --fetch HOST`); the file a device would use is
    /// `report.effectiveFile` (CDN copy first, then origin).
    public static func fetchAssociation(
        host: String, options: FetchConfiguration
    ) async -> Result<
        DomainReport,
        FetchError
    > {
        do {
            let reports = try await fetchAssociations(hosts: [host], configuration: options)
            guard let report = reports.first else {
                return .failure(.invalidHost(host, reason: "nothing was fetched"))
            }
            return .success(report)
        } catch {
            return .failure(error)
        }
    }

    /// The `aasa fetch` JSON document for `reports`.
    public static func fetchDocument(_ reports: [DomainReport]) throws -> Data {
        try JSONOutput.encode(FetchDocument(domains: reports))
    }
}
