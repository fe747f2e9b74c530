import AndroidApp
import Findings
import Foundation
import TestSupport
import Testing
import Workbench

/// The bundled sample pair (`Samples/LinkLabSample.ipa`, `Samples/LinkLabSample.apk`): the
/// Android findings `Samples/README.md` lists for the planted problems, and the two-platform
/// analysis (table counts, XPL-001 subjects) it states.
@Suite struct SamplePairTests {
    static let samples = Fixtures.repositoryRoot.appendingPathComponent("Samples")

    static func android(urls: [String] = []) async throws -> AndroidAnalysis {
        var files: [String: String] = [:]
        for host in ["example.com", "example.org", "shop.example.com"] {
            files[host] = samples.appendingPathComponent("assetlinks/\(host).json").path
        }
        return try await AndroidScan.run(
            AndroidScanRequest(
                input: samples.appendingPathComponent("LinkLabSample.apk"), offline: true, suppliedFiles: files,
                urls: try urls.compactMap { try URLList.entry($0, schemes: .any) }))
    }

    @Test func plantedAndroidProblemsAreTheFindings() async throws {
        let findings = try await Self.android().findings
        func has(_ id: String, _ subject: String, _ severity: Severity) -> Bool {
            findings.contains { $0.id == id && $0.subject.contains(subject) && $0.severity == severity }
        }
        #expect(has("AND-001", "shop.example.com", .high))  // upload key instead of the signing key
        #expect(has("AND-003", "go.example.net", .low))  // https deep link without autoVerify
        #expect(has("AND-004", "myapp://", .medium))  // generic custom scheme, escalated
        #expect(has("AND-004", "linklab://", .low))
        #expect(has("AND-004", "linklab-admin://", .low))
        #expect(has("AND-005", "WebLinkActivity", .low))  // the data-merge trap
        #expect(has("AND-007", "LinkActivity: http://", .low))  // http in a verified filter
        #expect(has("AND-008", "*.example.org", .low))  // wildcard host
        #expect(has("AND-010", "com.example.app", .medium))  // exported handlers + WebView.loadUrl
        #expect(has("AND-011", "com.example.app", .info))  // debuggable
        #expect(has("AND-018", "linklab.page.link", .high))  // Firebase Dynamic Links host
        #expect(has("AND-019", "linklab-help.github.io", .low))  // include on a GitHub Pages site
        #expect(has("AND-002", "linklab.page.link", .info))  // offline: not checked
        #expect(has("AND-002", "links.linklab.invalid", .info))
        #expect(findings.count == 14 && Set(findings.map(\.id)).count == 11)
    }

    @Test func bothPlatformsAsTheReadmeSays() async throws {
        let text = try String(contentsOf: Self.samples.appendingPathComponent("urls-both.txt"), encoding: .utf8)
        let entries = text.split(whereSeparator: \.isNewline).compactMap { line -> URLListEntry? in
            if case .entry(let entry) = URLListLine.read(String(line), line: nil, schemes: .webOrCustom) {
                return entry
            }
            return nil
        }
        var aasa: [String: String] = [:]
        for host in [
            "example.com", "example.org", "shop.example.com", "go.example.net", "linklab-help.github.io",
            "browse.example.net",
        ] {
            aasa[host] = Self.samples.appendingPathComponent("aasa/\(host).json").path
        }
        let ios = try await ScanPipeline(
            request: ScanRequest(
                input: Self.samples.appendingPathComponent("LinkLabSample.ipa"), suppliedFiles: aasa, offline: true,
                urls: entries.filter(\.isWebURL), now: Date(timeIntervalSince1970: 1_790_000_000))
        ).run()
        let both = CrossPlatformAnalysis(ios: ios, android: try await Self.android(), entries: entries)
        #expect(both.table.counts == ["both": 6, "ios_only": 10, "android_only": 4, "neither": 5])
        let asymmetric = both.table.findings.filter { $0.id == "XPL-001" }
        #expect(asymmetric.count == 9)
        #expect(asymmetric.filter { $0.category == .security }.map(\.subject) == ["linklab-admin://users/delete"])
        #expect(both.findings.count == ios.findings.count + both.android.findings.count + both.table.findings.count)
        let document = both.reportDocument(toolVersion: "test")
        #expect(document.sections.contains { $0.title == "Both platforms: one verdict per URL" })
    }
}
