import AppInspection
import AssociationFetch
import Foundation
import MachOReader
import SiteAssociation
import TestSupport

@testable import Findings

/// Builds analysis facts for the rule tests: from real inputs (fixtures, the bundled sample)
/// where cheap, from small hand-built values otherwise.
enum FactsFactory {
    /// A fixed "now" so date rules are reproducible: 2026-06-01T00:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_780_272_000)

    static var options: AnalysisOptions { AnalysisOptions(now: now) }

    /// `Samples/<relativePath>` in the repository.
    static func sampleURL(_ relativePath: String) -> URL {
        Fixtures.repositoryRoot.appendingPathComponent("Samples").appendingPathComponent(relativePath)
    }

    /// Inspects `Tests/Fixtures/<relativePath>` (IPA, .app or bare Mach-O).
    static func inspect(_ relativePath: String) throws -> AppSnapshot {
        try AppInspector.inspect(at: Fixtures.url(relativePath))
    }

    /// Facts for one inspected fixture, no domains.
    static func appFacts(_ relativePath: String) throws -> AnalysisFacts {
        AnalysisFacts(app: try inspect(relativePath), options: options)
    }

    /// A domain report whose only route is a supplied file with `body` (parsed as the fetcher does).
    static func supplied(_ host: String, _ body: String) throws -> DomainReport {
        try supplied(host, data: Data(body.utf8))
    }

    static func supplied(_ host: String, data: Data) throws -> DomainReport {
        var result = RouteResult(route: .local, url: "file:///tmp/\(host).json", userAgent: nil)
        result.body = data
        result.bytes = data.count
        fill(&result)
        return DomainReport(host: try FetchHost.parse(host), routes: [result])
    }

    /// A domain report for a real file on disk, read by the fetcher's own supplied-file path.
    static func supplied(_ host: String, file: URL) throws -> DomainReport {
        DomainReport(host: try FetchHost.parse(host), routes: [AssociationFetcher.suppliedResult(path: file.path)])
    }

    /// A fetched route: status, headers, optional body (parsed when status is 200).
    static func route(
        _ route: FetchRoute, host: String, status: Int?, headers: [String: String] = [:],
        body: String? = nil,
        error: FetchError? = nil, timeToHeadersMs: Int? = 40
    ) -> RouteResult {
        let url =
            route == .cdn
            ? "https://app-site-association.cdn-apple.com/a/v1/\(host)"
            : route == .legacy
                ? "https://\(host)/apple-app-site-association"
                : "https://\(host)/.well-known/apple-app-site-association"
        var result = RouteResult(route: route, url: url, userAgent: "AASA-Bot/1.0.0")
        result.status = status
        result.headers = headers.sorted { $0.key < $1.key }.map { HeaderField(name: $0.key, value: $0.value) }
        result.error = error
        result.timeToHeadersMs = status == nil ? nil : timeToHeadersMs
        result.totalMs = timeToHeadersMs
        if let status, (300...399).contains(status) {
            result.redirect = RedirectRecord.make(status: status, location: headers["Location"], requestURL: url)
        }
        if let body {
            result.body = Data(body.utf8)
            result.bytes = result.body.count
            if status == 200 { fill(&result) }
        }
        return result
    }

    static func report(_ host: String, _ routes: [RouteResult], probe: BrowserProbe? = nil) throws -> DomainReport {
        DomainReport(host: try FetchHost.parse(host), routes: routes, browserProbe: probe)
    }

    private static func fill(_ result: inout RouteResult) {
        let document = AssociationDocument.parse(result.body)
        result.file = document.file
        result.diagnostics = document.diagnostics
        result.deviceAccepts = document.deviceAccepts
        result.isCMSSigned = document.isCMSSigned
    }

    /// A hand-built bundle.
    static func bundle(
        _ role: BundleRole = .app, path: String = "Payload/App.app",
        appID: String? = "ABCDE12345.com.example.app",
        team: String? = "ABCDE12345", domains: [String] = [], entitlements: [String: PlistValue] = [:],
        slices: [SliceSummary] = [], profile: ProvisioningProfile? = nil
    ) -> BundleInfo {
        var bundle = BundleInfo(role: role, path: path)
        bundle.bundleIdentifier = appID.flatMap {
            id in id.firstIndex(of: ".").map { String(id[id.index(after: $0)...]) }
        }
        bundle.applicationIdentifier = appID
        bundle.teamIdentifier = team
        var signed = entitlements
        if !domains.isEmpty {
            signed["com.apple.developer.associated-domains"] = .array(domains.map(PlistValue.string))
        }
        if let appID { signed["application-identifier"] = .string(appID) }
        bundle.entitlements = .dictionary(signed)
        bundle.entitlementsSource = .xmlAndDER
        bundle.associatedDomains = domains.map(AssociatedDomain.parse)
        bundle.slices = slices
        bundle.provisioningProfile = profile
        return bundle
    }

    static func app(_ bundles: [BundleInfo]) -> AppSnapshot {
        AppSnapshot(
            source: .init(path: "App.ipa", kind: .ipa, sha256: "00", size: 1), bundles: bundles,
            diagnostics: [])
    }

    /// The bundled sample: LinkLabSample.ipa, its six association files as supplied files,
    /// and urls.txt decided against them.
    static func sample() throws -> AnalysisFacts {
        let app = try AppInspector.inspect(at: sampleURL("LinkLabSample.ipa"))
        let domains = try [
            ("example.com", "example.com.json"), ("shop.example.com", "shop.example.com.json"),
            ("*.example.org", "example.org.json"), ("go.example.net", "go.example.net.json"),
            ("linklab-help.github.io", "linklab-help.github.io.json"),
            ("browse.example.net", "browse.example.net.json"),
        ].map { try supplied($0.0, file: sampleURL("aasa/\($0.1)")) }
        let list = try URLList.parse(String(decoding: try Data(contentsOf: sampleURL("urls.txt")), as: UTF8.self))
        var facts = AnalysisFacts(app: app, domains: domains, options: options)
        facts.urlTests = URLTest.decide(
            list, domains: domains, appIDs: facts.linkAppIDs,
            claims: facts.bundles.flatMap(\.associatedDomains))
        return facts
    }

    /// The IDs a rule produced.
    static func ids(_ findings: [Finding]) -> Set<String> { Set(findings.map(\.id)) }
}
