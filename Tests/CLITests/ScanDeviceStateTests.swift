import Foundation
import TestSupport
import Testing

/// `linklab scan --device-state FILE`: the built binary on the sample with a recorded
/// sysdiagnose `swcutil_show.txt`.
@Suite struct ScanDeviceStateTests {
    private static var binaryMissing: Bool { LinkLabProcess.executableURL == nil }
    private static let dump = Fixtures.url("devicetools/swcutil_show.txt").path

    @Test(.disabled(if: binaryMissing, "linklab binary not built; run `swift build` first"))
    func textJSONAndReportsShowTheAppsDeviceRecords() throws {
        let text = try LinkLabProcess.run(ScanCommandTests.sampleArguments + ["--device-state", Self.dump])
        #expect(text.exitCode == 0, "\(text.stderr)")
        #expect(text.stdout.contains("Device state (swcutil show)"))
        #expect(text.stdout.contains("shop.example.com [applinks]: Site denied"))
        #expect(!text.stdout.contains("FGHIJ67890.org.other.reader"), "other apps' records are left out")

        let json = try LinkLabProcess.run(
            ScanCommandTests.sampleArguments
                + ["--device-state", Self.dump, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        let records = try #require(object["deviceState"] as? [[String: Any]])
        #expect(records.count == 3)
        #expect(object["findings"] != nil, "the rest of the scan document is kept")

        let folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("linklab-device-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let markdown = folder.appendingPathComponent("r.md")
        let html = folder.appendingPathComponent("r.html")
        let reports = try LinkLabProcess.run(
            ScanCommandTests.sampleArguments
                + ["--device-state", Self.dump, "--report", markdown.path, "--report", html.path])
        #expect(reports.exitCode == 0, "\(reports.stderr)")
        #expect(try String(contentsOf: markdown, encoding: .utf8).contains("## Device state (swcutil show)"))
        #expect(try String(contentsOf: html, encoding: .utf8).contains("<section id=\"device-state\">"))
    }

    @Test(.disabled(if: binaryMissing, "linklab binary not built; run `swift build` first"))
    func aFileThatIsNotADumpIsUnreadableInput() throws {
        let notADump = Fixtures.url("devicetools/simctl-booted.json").path
        let output = try LinkLabProcess.run(ScanCommandTests.sampleArguments + ["--device-state", notADump])
        #expect(output.exitCode != 0)
        #expect(output.stderr.contains("is not a swcutil show dump"))
    }
}
