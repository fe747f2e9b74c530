import AndroidApp
import AssociationFetch
import Foundation

extension Workbench {
    /// Fetches `assetlinks.json` for every host as Android does (`linklab assetlinks fetch`),
    /// with Google's statement list when `options.askGoogle`; reports in input order. A
    /// wildcard host is fetched from its root.
    public static func fetchAssetLinks(
        hosts: [String],
        configuration: FetchConfiguration,
        options: AssetLinksFetchOptions = AssetLinksFetchOptions(),
        progress: (@Sendable (AssetLinksReport) -> Void)? = nil
    ) async throws(FetchError) -> [AssetLinksReport] {
        var parsed: [FetchHost] = []
        for host in hosts { parsed.append(try FetchHost.parse(host)) }
        let fetcher = try AssociationFetcher(configuration: configuration)
        let reports = await fetcher.fetchAssetLinks(parsed, options: options, progress: progress)
        await fetcher.shutdown()
        return reports
    }

    /// The `assetlinks fetch` JSON document (`docs/cli.md`).
    public static func assetLinksFetchDocument(_ reports: [AssetLinksReport]) throws -> Data {
        try JSONOutput.encode(AssetLinksFetchDocument(hosts: reports.map { AssetLinksHostJSON(report: $0) }))
    }
}

/// `{"schemaVersion": 1, "hosts": [...]}`.
struct AssetLinksFetchDocument: Encodable {
    let schemaVersion = Workbench.schemaVersion
    let hosts: [AssetLinksHostJSON]
}
