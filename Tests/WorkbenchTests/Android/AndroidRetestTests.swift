import AndroidApp
import Foundation
import TestSupport
import Testing

@testable import Workbench

/// A finished Android scan becomes a document (`adopt(android:)`, what `scan app.apk --save`
/// saves), and the retest (`linklab diff`) compares two of them: each host's assetlinks.json
/// (state, answer, statements) and each URL's Android outcome, beside the findings.
@MainActor
@Suite struct AndroidRetestTests {
    static func scan(exampleFile: URL) async throws -> AndroidAnalysis {
        var files: [String: String] = [:]
        for host in ["example.org", "shop.example.com"] {
            files[host] = SamplePairTests.samples.appendingPathComponent("assetlinks/\(host).json").path
        }
        files["example.com"] = exampleFile.path
        return try await AndroidScan.run(
            AndroidScanRequest(
                input: SamplePairTests.samples.appendingPathComponent("LinkLabSample.apk"), offline: true,
                suppliedFiles: files,
                urls: try ["https://example.com/buy/42", "https://shop.example.com/shop/shoes/42"]
                    .compactMap { try URLList.entry($0, schemes: .any) }))
    }

    static func document(_ scan: AndroidAnalysis) throws -> WorkbenchDocument {
        let saved = WorkbenchDocument(settings: WorkbenchSettings(offline: true))
        saved.adopt(android: scan, urlLines: scan.decisions.map(\.url))
        // Through the session file, as `diff` reads it.
        let reopened = WorkbenchDocument()
        try reopened.openSession(try saved.save())
        return reopened
    }

    @Test func aScanAdoptedKeepsItsFactsThroughTheSession() async throws {
        let scan = try await Self.scan(
            exampleFile: SamplePairTests.samples.appendingPathComponent(
                "assetlinks/example.com.json"))
        let document = try Self.document(scan)
        #expect(document.phase == .ready)
        #expect(document.android?.hosts == scan.facts.assetLinks.map(\.host))
        #expect(document.android?.states["example.com"] == .supplied)
        #expect(document.androidAnalysis?.decisions.map(\.outcome) == scan.decisions.map(\.outcome))
        #expect(Set(document.findings.map(\.finding)) == Set(scan.findings))
        #expect(document.source?.kind == "apk")
    }

    @Test func theRetestNamesAHostWhoseFileDroppedTheAppAndTheURLsItStopsOpening() async throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("linklab-retest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let emptied = folder.appendingPathComponent("example.com.json")
        try Data("[]".utf8).write(to: emptied)
        let before = try Self.document(
            try await Self.scan(
                exampleFile: SamplePairTests.samples
                    .appendingPathComponent("assetlinks/example.com.json")))
        let after = try Self.document(try await Self.scan(exampleFile: emptied))
        let retest = Retest(old: before, new: after)
        let host = try #require(retest.domains.first { $0.host == "example.com (assetlinks.json)" })
        #expect(host.change == "changed")
        #expect(
            host.details.contains {
                $0.hasPrefix(
                    "statement removed: delegate_permission/common.handle_all_urls → com.example.app [07:A8:83")
            })
        #expect(retest.domains.first { $0.host == "shop.example.com (assetlinks.json)" }?.change == "same")
        #expect(
            retest.urls.contains {
                $0.url == "https://example.com/buy/42" && $0.appID == "com.example.app"
                    && $0.old == "opens_app" && $0.new != "opens_app"
            })
        #expect(!retest.urls.contains { $0.url == "https://shop.example.com/shop/shoes/42" })
        #expect(!retest.newFindings.isEmpty)
        // Nothing changed: every host the same, no URL.
        let same = Retest(old: before, new: before)
        #expect(same.domains.allSatisfy { $0.change == "same" } && same.urls.isEmpty)
    }
}
