import Foundation
import TestServer

/// Starts the loopback HTTPS site (`TestServer`), writes its generated CA to a PEM file, and
/// hands `body` the flags every fetching command takes to reach it: `--ca-file`,
/// `--cdn-base`, a generous `--timeout`, and a `--resolve` pin for every test host.
func withLoopbackSite(_ body: (TestSite, [String]) async throws -> Void) async throws {
    let site = try await TestSite.start()
    let caFile = try site.pki.writeCAFile()
    defer { try? FileManager.default.removeItem(at: caFile) }
    var common = ["--ca-file", caFile.path, "--cdn-base", site.cdnBase, "--timeout", "20"]
    for pin in site.resolveArguments + TestSite.SpecialServer.allCases.map({ site.special($0).resolve }) {
        common += ["--resolve", pin]
    }
    do {
        try await body(site, common)
        await site.stop()
    } catch {
        await site.stop()
        throw error
    }
}
