import Foundation
import Reports
import TestSupport
import Testing

@testable import Workbench

/// The sample analysis rendered in every report format, compared byte for byte with the
/// files in `Golden/` (re-record with `RECORD_GOLDEN=1 swift test --filter GoldenReportTests`).
@Suite struct GoldenReportTests {
    static let goldenFolder =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static let cases: [(kind: ExportFormat, file: String)] = [
        (.markdown, "sample-report.md"),
        (.html, "sample-report.html"),
        (.pdf, "sample-report.pdf"),
        (.json, "sample-report.json"),
        (.sarif, "sample-report.sarif"),
        (.testLinks, "sample-report.links.html"),
    ]

    @Test(arguments: cases.map(\.kind))
    func sampleReportMatchesGolden(_ kind: ExportFormat) async throws {
        let file = try #require(Self.cases.first { $0.kind == kind }?.file)
        let analysis = try await SampleScan.analysis()
        var data = try analysis.report(kind, toolVersion: "test")
        if kind != .pdf {
            data = Data(SampleScan.normalised(String(decoding: data, as: UTF8.self)).utf8)
        }
        let url = Self.goldenFolder.appendingPathComponent(file)
        if Fixtures.isRecordingGoldens {
            try FileManager.default.createDirectory(at: Self.goldenFolder, withIntermediateDirectories: true)
            try data.write(to: url)
            return
        }
        let golden = try Data(contentsOf: url)
        #expect(
            data == golden,
            """
            \(file) differs from the golden\(Self.firstDifference(data, golden, isText: kind != .pdf)); re-record with \
            RECORD_GOLDEN=1 if the change is intended
            """)
    }

    /// Where two renderings first differ, for the failure message.
    static func firstDifference(_ new: Data, _ old: Data, isText: Bool) -> String {
        guard isText else { return " (\(new.count) bytes now, \(old.count) in the golden)" }
        let newLines = String(decoding: new, as: UTF8.self).components(separatedBy: "\n")
        let oldLines = String(decoding: old, as: UTF8.self).components(separatedBy: "\n")
        for index in 0..<max(newLines.count, oldLines.count) {
            let now = index < newLines.count ? newLines[index] : "<end>"
            let was = index < oldLines.count ? oldLines[index] : "<end>"
            if now != was { return " at line \(index + 1): now \"\(now.prefix(160))\", golden \"\(was.prefix(160))\"" }
        }
        return ""
    }

    @Test func reportIsTheSameOnEveryRun() async throws {
        let first = try await SampleScan.analysis().report(.markdown, toolVersion: "test")
        let second = try await SampleScan.analysis().report(.markdown, toolVersion: "test")
        #expect(first == second)
    }
}

@Suite struct ReportContentTests {
    @Test func reportNamesTheAppAndCarriesEverySection() async throws {
        let analysis = try await SampleScan.analysis()
        let document = analysis.reportDocument(toolVersion: "test")
        #expect(document.identity.contains { $0.key == "Bundle identifier" && $0.value == "com.example.app" })
        #expect(document.identity.contains { $0.key == "Application identifier" && $0.value == SampleScan.appID })
        #expect(document.identity.contains { $0.key == "Input SHA-256" && $0.value.count == 64 })
        // Findings before the evidence: the raw tables and traces are appendices.
        #expect(
            document.sections.map(\.title) == [
                "Scope and method", "Findings", "Associated domains", "Domains",
                "URL tests", "Dynamic testing",
            ])
        #expect(document.sections.map(\.isAppendix) == [false, false, true, true, true, true])
        #expect(document.entitlements.count == analysis.snapshot.bundles.count)
        // A bundle without entitlements gets no "{ }" listing.
        #expect(document.printedEntitlements.allSatisfy { !$0.text.filter { !$0.isWhitespace }.elementsEqual("{}") })
        #expect(document.printedEntitlements.count < document.entitlements.count)
        #expect(document.generatedAt == nil)
    }

    @Test func fridaCommandsHookEveryReceiverOfTheSample() async throws {
        let commands = try await SampleScan.analysis().fridaCommands
        let expected = [
            #"frida-trace -U -f com.example.app -m "-[* application:continueUserActivity:restorationHandler:]""#,
            #"frida-trace -U -f com.example.app -m "-[* scene:continueUserActivity:]""#,
            #"frida-trace -U -f com.example.app -m "-[* scene:willConnectToSession:options:]""#,
            #"frida-trace -U -f com.example.app -m "-[* application:openURL:options:]""#,
        ]
        for command in expected {
            #expect(commands.contains(command), "missing \(command) in \(commands)")
        }
    }

    @Test(arguments: [
        ("report.md", ExportFormat.markdown), ("R.HTML", .html), ("a/b.pdf", .pdf), ("x.json", .json),
        ("x.sarif", .sarif), ("x.links.html", .testLinks),
    ])
    func reportKindFollowsTheFileName(_ path: String, _ kind: ExportFormat) throws {
        #expect(try ExportFormat(path: path) == kind)
    }

    @Test func unknownReportExtensionIsRefused() {
        #expect(throws: WorkbenchError.self) { try ExportFormat(path: "report.docx") }
        #expect(throws: WorkbenchError.self) { try ExportFormat(path: "session.linklab") }
    }

    @Test func scanDocumentCarriesTheContractFields() async throws {
        let data = try await SampleScan.analysis().scanDocument()
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["schemaVersion"] as? Int == 1)
        for key in ["source", "bundles", "diagnostics", "domains", "urlTests", "findings"] {
            #expect(object[key] != nil, "missing \(key)")
        }
        let tests = try #require(object["urlTests"] as? [[String: Any]])
        let first = try #require(tests.first)
        #expect(first["url"] as? String == "https://example.com/buy/42")
        let apps = try #require(first["apps"] as? [[String: Any]])
        #expect(apps.first?["appID"] as? String == SampleScan.appID)
        #expect(apps.first?["decision"] as? String == "match")
        let findings = try #require(object["findings"] as? [[String: Any]])
        for key in ["id", "severity", "title", "subject", "evidence", "remediation", "references"] {
            #expect(findings.first?[key] != nil, "finding misses \(key)")
        }
    }

    @Test func testLinkPageHasClaimedSamplesAndTesterURLs() async throws {
        let analysis = try await SampleScan.analysis()
        let page = analysis.testLinkPage(toolVersion: "test")
        #expect(page.links.contains { $0.url == "https://example.com/buy/sample" && $0.expectation == .opensApp })
        let login = try #require(page.links.first { $0.url == "https://example.org/login" })
        #expect(login.expectation == .staysInBrowser)
        #expect(page.links.filter { $0.note?.contains("URL list line") == true }.count == 18)
    }
}

@Suite struct AppVerdictTests {
    @Test func otherAppsVerdictIsNeverShownAsTheAppsOwn() throws {
        let bundle = BundleInfo(role: .app, path: "Payload/Unsigned.app")
        let snapshot =
            AppSnapshot(
                source: .init(path: "u.ipa", kind: .ipa, sha256: "", size: 0), bundles: [bundle],
                diagnostics: [])
        let test = URLTest(
            url: "https://example.com/x", domain: "example.com",
            verdicts: [AppVerdict(appID: "ZZZZZ99999.com.other", decision: .match, detail: 0, rule: 0)])
        let analysis = Analysis(
            snapshot: snapshot, hosts: [], domains: [], urlTests: [test], findings: [], timings: [],
            offline: true, now: SampleScan.now)
        #expect(analysis.appVerdict(test) == nil)
        let markdown = String(decoding: try analysis.report(.markdown, toolVersion: "test"), as: UTF8.self)
        #expect(markdown.contains("no verdict for the app<br>ZZZZZ99999.com.other: match"))
    }
}

@Suite struct LargeURLListTests {
    @Test func reportCapsRowsAndTracesButTheJSONKeepsEveryURL() async throws {
        var urls: [URLListEntry] = (0..<1_200).map { URLListEntry(url: "https://example.com/buy/\($0)", line: $0 + 1) }
        urls.append(URLListEntry(url: "https://example.org/login", expectation: .mustNotOpen, line: 1_201))
        let analysis = try await SampleScan.pipeline(urls: urls).run()
        #expect(analysis.urlTests.count == 1_201)
        let document = analysis.reportDocument(toolVersion: "test")
        let section = try #require(document.sections.first { $0.title == "URL tests" })
        var rows = 0
        var traces: [String] = []
        for block in section.blocks {
            if case .table(let table) = block { rows += table.rows.count }
            if case .code(let code) = block { traces.append(code.caption ?? "") }
        }
        #expect(rows == Analysis.maxURLRows)
        #expect(traces.count == Analysis.maxURLTraces)
        #expect(traces.contains("Trace 1201: https://example.org/login"), "URLs with an expectation are traced first")
        let json = try JSONSerialization.jsonObject(with: try analysis.scanDocument()) as? [String: Any]
        #expect((json?["urlTests"] as? [Any])?.count == 1_201)
    }
}
