import Foundation
import TestSupport

@testable import Workbench

/// The bundled sample (`Samples/`), scanned offline with a frozen clock and a fixed "now",
/// so every run gives the same analysis (and the same golden reports).
enum SampleScan {
    static let root = Fixtures.repositoryRoot
    static let ipa = root.appendingPathComponent("Samples/LinkLabSample.ipa")
    static let appID = "ABCDE12345.com.example.app"
    /// 2026-11-17T20:26:40Z: fixed so profile-expiry checks never change with the date.
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    static func aasa(_ host: String) -> String {
        root.appendingPathComponent("Samples/aasa/\(host).json").path
    }

    /// `--aasa` for the six sample hosts with a file (`example.org` serves `*.example.org`).
    static let supplied: [String: String] = Dictionary(
        uniqueKeysWithValues: [
            "example.com", "shop.example.com", "example.org", "go.example.net", "linklab-help.github.io",
            "browse.example.net",
        ].map { ($0, aasa($0)) })

    static func urls() throws -> [URLListEntry] {
        let text = try String(contentsOf: root.appendingPathComponent("Samples/urls.txt"), encoding: .utf8)
        return try URLList.parse(text)
    }

    static func request(supplied: [String: String] = supplied, urls: [URLListEntry]) -> ScanRequest {
        ScanRequest(input: ipa, suppliedFiles: supplied, offline: true, urls: urls, now: now)
    }

    static func pipeline(supplied: [String: String] = supplied, urls: [URLListEntry]) -> ScanPipeline {
        ScanPipeline(request: request(supplied: supplied, urls: urls), clock: .frozen)
    }

    /// The whole sample analysis.
    static func analysis() async throws -> Analysis {
        try await pipeline(urls: try urls()).run()
    }

    /// Replaces machine-specific absolute paths with `$ROOT` (goldens hold no checkout path).
    static func normalised(_ text: String) -> String {
        text.replacingOccurrences(of: "file://" + root.path, with: "file://$ROOT")
            .replacingOccurrences(of: root.path, with: "$ROOT")
    }
}
