import AssociationFetch
import Foundation
import TestServer

/// Starts the loopback site, builds a fetcher pinned to it (CA trusted through a PEM file,
/// CDN through `cdnBase`), runs `body`, and tears everything down.
func withFetchWorld<T: Sendable>(
    slowDelay: Duration = .seconds(4),
    configure: (inout FetchConfiguration) -> Void = { _ in },
    _ body: (TestSite, AssociationFetcher) async throws -> T
) async throws -> T {
    let site = try await TestSite.start(slowDelay: slowDelay)
    let caFile = try site.pki.writeCAFile()
    defer { try? FileManager.default.removeItem(at: caFile) }
    var configuration = FetchConfiguration()
    configuration.resolve =
        try (site.resolveArguments + TestSite.SpecialServer.allCases.map { site.special($0).resolve })
        .map { try ResolvePin.parse($0) }
    configuration.caFile = caFile.path
    configuration.cdnBase = site.cdnBase
    configuration.timeout = .seconds(90)  // generous: a CI machine under load has taken 29 s for one loopback fetch
    configure(&configuration)
    do {
        let result = try await AssociationFetcher.withFetcher(configuration) { fetcher in
            try await body(site, fetcher)
        }
        await site.stop()
        return result
    } catch {
        await site.stop()
        throw error
    }
}

extension FetchHost {
    /// Parses a host the test built (always valid).
    static func test(_ text: String) throws -> FetchHost { try FetchHost.parse(text) }
}
