import AndroidApp
import Findings
import Foundation
import Reports
import TestSupport
import Testing

@testable import Workbench

/// One report path for both apps of a product: a workbench document holding the sample IPA and
/// APK exports the two-platform report (`CrossPlatformAnalysis`, what `scan app.ipa app.apk`
/// writes) in every format, with triage applied to iOS, Android and cross-platform findings
/// alike and the what-if marking of an edit on either platform.
@MainActor @Suite struct TwoPlatformReportTests {
    static let textFormats: [ExportFormat] = [.markdown, .html, .json, .sarif, .testLinks]

    static func text(_ document: WorkbenchDocument, _ format: ExportFormat) throws -> String {
        String(decoding: try document.export(format), as: UTF8.self)
    }

    static func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The text `pdftotext` reads from a PDF, nil when the tool is not installed.
    static func pdfText(_ data: Data) throws -> String? {
        guard
            let tool = ["/usr/bin/pdftotext", "/usr/local/bin/pdftotext"]
                .first(where: FileManager.default.isExecutableFile)
        else { return nil }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("two-platform-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = folder.appendingPathComponent("report.pdf")
        let text = folder.appendingPathComponent("report.txt")
        try data.write(to: pdf)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["-layout", pdf.path, text.path]
        try process.run()
        process.waitUntilExit()
        return try String(contentsOf: text, encoding: .utf8)
    }

    @Test func everyExportOfBothAppsHasItsAndroidPart() async throws {
        let document = try await WorkbenchDocumentAndroidTests.opened()
        for format in [ExportFormat.markdown, .html] {
            let text = try Self.text(document, format)
            #expect(text.contains("Universal links and App Links assessment"), "\(format)")
            #expect(
                text.contains("Android: Scope and method") && text.contains("Both platforms: one verdict per URL"),
                "\(format)")
            #expect(text.contains("AND-001") && text.contains("XPL-001") && text.contains("ENT-005"), "\(format)")
            #expect(!text.contains("covers the iOS app only"), "\(format)")
        }
        // JSON: both halves, the table, and the document's own keys.
        let root = try Self.object(try document.export(.json))
        #expect(root["platform"] as? String == "both" && root["phase"] as? String == "ready")
        #expect(root["hosts"] is [Any] && root["crossPlatform"] is [String: Any])
        let ios = try #require(root["ios"] as? [String: Any])
        let android = try #require(root["android"] as? [String: Any])
        #expect((ios["domains"] as? [[String: Any]])?.allSatisfy { $0["state"] is String } == true)
        let hosts = try #require(android["hosts"] as? [[String: Any]])
        // Every host with a file is supplied; the two planted hosts without one are not fetched.
        #expect(
            Set(hosts.filter { $0["state"] as? String == "supplied" }.compactMap { $0["host"] as? String })
                == ["example.com", "*.example.org", "shop.example.com"])
        #expect(
            Set(hosts.filter { $0["state"] as? String != "supplied" }.compactMap { $0["host"] as? String })
                == ["linklab.page.link", "links.linklab.invalid"])
        let findings = try #require(root["findings"] as? [[String: Any]])
        let ids = Set(findings.compactMap { $0["id"] as? String })
        #expect(ids.contains("AND-001") && ids.contains("XPL-001") && ids.contains("ENT-005"))
        #expect(findings.allSatisfy { ($0["fingerprint"] as? String)?.isEmpty == false && $0.keys.contains("triage") })
        #expect(findings.count == document.findings.count)
        // SARIF: a rule for every rule that fires, described by the registry where it has the rule.
        let sarif = try Self.object(try document.export(.sarif))
        let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let ruleIDs = rules.compactMap { $0["id"] as? String }
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(Set(ruleIDs) == Set(results.compactMap { $0["ruleId"] as? String }))
        #expect(ruleIDs.contains("AND-001") && ruleIDs.contains("XPL-001") && ruleIDs.contains("XPL-002"))
        for rule in rules {
            let id = try #require(rule["id"] as? String)
            let title = (rule["shortDescription"] as? [String: Any])?["text"] as? String
            let registered = try #require(FindingRules.rule(id: id), "\(id) is in no catalogue")
            #expect(title == registered.title, "\(id)")
        }
        // PDF: the Android part and the table are on its pages, within the two-platform budget.
        let pdf = try document.export(.pdf)
        #expect(pdf.starts(with: Data("%PDF-".utf8)))
        #expect(PDFPageCountTests.pageCount(pdf) <= PDFPageCountTests.bothBudget)
        if let text = try Self.pdfText(pdf) {
            #expect(text.contains("Both platforms: one verdict per URL") && text.contains("AND-001"))
        }
    }

    /// The same functions as `scan app.ipa app.apk`: the document's Markdown is the two-platform
    /// analysis' own report of the same facts.
    @Test func theDocumentRendersThroughTheScansFunctions() async throws {
        let document = try await WorkbenchDocumentAndroidTests.opened()
        let both = try #require(document.currentCrossPlatform)
        #expect(try document.export(.markdown) == both.report(.markdown, engagement: document.engagement))
        #expect(try document.export(.sarif) == both.report(.sarif, engagement: document.engagement))
        #expect(both.table.counts == ["both": 6, "ios_only": 10, "android_only": 4, "neither": 5])
    }

    @Test func triageOfAnAndroidFindingMovesItToTriagedInEveryFormat() async throws {
        let document = try await WorkbenchDocumentAndroidTests.opened()
        let finding = try #require(document.findings.first { $0.finding.id == "AND-001" })
        let before = try Self.object(try document.export(.json))
        try document.setTriage(fingerprint: finding.fingerprint, status: .falsePositive, note: "upload key checked")
        for format in [ExportFormat.markdown, .html] {
            let text = try Self.text(document, format)
            #expect(text.contains("Triaged") && text.contains("upload key checked"), "\(format)")
        }
        let root = try Self.object(try document.export(.json))
        let entry = try #require(
            (root["findings"] as? [[String: Any]])?.first {
                $0["fingerprint"] as? String == finding.fingerprint
            })
        #expect((entry["triage"] as? [String: Any])?["status"] as? String == "false-positive")
        #expect(root["suppressedFindings"] as? Int == 1 && before["suppressedFindings"] as? Int == 0)
        let high = { (object: [String: Any]) in (object["findingCounts"] as? [String: Int])?["high"] ?? -1 }
        #expect(high(root) == high(before) - 1)
        // The Android half carries the same triage.
        let androidHalf = try #require(root["android"] as? [String: Any])
        #expect(
            (androidHalf["findings"] as? [[String: Any]])?.contains {
                ($0["triage"] as? [String: Any])?["status"] as? String == "false-positive"
            } == true)
        let sarif = try Self.object(try document.export(.sarif))
        let results = try #require((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let result = try #require(
            results.first {
                ($0["partialFingerprints"] as? [String: String])?.values.contains(finding.fingerprint) == true
            })
        #expect(
            (result["suppressions"] as? [[String: Any]])?.first?["justification"] as? String
                == "upload key checked")
        #expect(results.filter { $0["suppressions"] != nil }.count == 1)
        if let text = try Self.pdfText(try document.export(.pdf)) {
            // The Triaged table wraps the note; its status is printed in words.
            let triaged = text.components(separatedBy: "they are not counted above.").last ?? ""
            #expect(triaged.contains("AND-001") && triaged.contains("False positive") && triaged.contains("upload key"))
        }
        // A cross-platform finding is triaged the same way.
        let both = try #require(document.currentCrossPlatform)
        let cross = try #require(both.table.findings.first { $0.id == "XPL-001" })
        try document.setTriage(fingerprint: cross.fingerprint, status: .acceptedRisk, note: "by design")
        let after = try Self.object(try document.export(.json))
        #expect(after["suppressedFindings"] as? Int == 2)
        #expect(try Self.text(document, .markdown).contains("by design"))
    }

    @Test func anIOSWhatIfMarksTheTwoPlatformReport() async throws {
        let document = try await WorkbenchDocumentAndroidTests.opened()
        #expect(!(try Self.text(document, .markdown)).contains("Hypothetical edit"))
        try document.edit(#"{"applinks": {"details": []}}"#, forHost: "example.com")
        let markdown = try Self.text(document, .markdown)
        #expect(markdown.contains("## Hypothetical edit"))
        #expect(markdown.contains("hypothetical edit of example.com, not what the domain serves"))
        #expect(markdown.contains("apple-app-site-association of example.com was edited"))
        #expect(markdown.components(separatedBy: "\n## Hypothetical edit\n").count == 2, "said once")
        // The iOS URL-test appendix keeps its per-domain mark, the verdict table its per-URL one.
        #expect(markdown.contains(#"| example.com \[what-if\] |"#))
        #expect(markdown.contains(#"| https://example.com/buy/42 \[what-if\] |"#))
        #expect(markdown.contains(#"\[what-if\] "#))
        // Only the iOS edit: no Android finding is marked.
        let both = try #require(document.currentCrossPlatform)
        #expect(!both.android.findings.contains(where: both.dependsOnWhatIf))
        #expect(
            both.table.findings.filter { $0.id == "XPL-001" }.filter(both.dependsOnWhatIf)
                .allSatisfy { TwoPlatformReportTests.host($0.subject) == "example.com" })
        let root = try Self.object(try document.export(.json))
        #expect((root["whatIf"] as? [String: Any])?["hosts"] as? [String] == ["example.com"])
        let sarif = try Self.object(try document.export(.sarif))
        let properties = (sarif["runs"] as? [[String: Any]])?.first?["properties"] as? [String: Any]
        #expect(properties?["whatIfEditedHosts"] as? [String] == ["example.com"])
    }

    /// An Android host marked edited (its `assetlinks.json` is the tester's what-if) marks the
    /// report too, and the Android findings about that host.
    @Test func anAndroidWhatIfMarksTheTwoPlatformReport() async throws {
        let document = try await WorkbenchDocumentAndroidTests.opened()
        document.android?.states["shop.example.com"] = .edited
        let both = try #require(document.currentCrossPlatform)
        #expect(both.androidWhatIfHosts == ["shop.example.com"] && both.ios.whatIfHosts.isEmpty)
        let marked = both.findings.filter(both.dependsOnWhatIf)
        #expect(marked.contains { $0.id == "AND-001" })
        #expect(marked.allSatisfy { $0.id.hasPrefix("AND-") || $0.id.hasPrefix("XPL-") })
        let markdown = try Self.text(document, .markdown)
        #expect(markdown.contains("## Hypothetical edit"))
        #expect(markdown.contains("assetlinks.json of shop.example.com was edited"))
        #expect(markdown.contains(#"\[what-if\] "#))
        let root = try Self.object(try document.export(.json))
        let whatIf = try #require(root["whatIf"] as? [String: Any])
        #expect(whatIf["androidHosts"] as? [String] == ["shop.example.com"])
        #expect((whatIf["findings"] as? [String])?.count == marked.count)
    }

    @Test func theTestLinkPageListsEachPlatformsOutcome() async throws {
        let document = try await WorkbenchDocumentAndroidTests.opened()
        let html = try Self.text(document, .testLinks)
        #expect(html.contains("App Links (Android)"))
        let both = try #require(document.currentCrossPlatform)
        let page = both.testLinkPage(toolVersion: "test")
        let login = try #require(page.links.first { $0.url == "https://example.org/login" })
        #expect(login.outcomes.map(\.platform) == ["iOS", "Android"])
        let row = try #require(both.table.rows.first { $0.url == login.url })
        #expect(login.outcomes[0].expectation == (row.ios.opensApp ? .opensApp : .staysInBrowser))
        #expect(login.outcomes[1].expectation == (row.android.opensApp ? .opensApp : .staysInBrowser))
        #expect(row.ios.opensApp != row.android.opensApp, "the sample's asymmetric login URL")
        // Every tester URL, custom schemes too, and every sample link has both platforms' outcomes.
        #expect(page.links.allSatisfy { $0.outcomes.count == 2 })
        #expect(Set(both.table.rows.map(\.url)).isSubset(of: Set(page.links.map(\.url))))
        #expect(html.components(separatedBy: "class=\"platform\">Android<").count - 1 == page.links.count)
    }

    static func host(_ url: String) -> String? {
        URLComponents(string: url)?.host
    }
}

/// No tester path reaches a report: a document and a two-platform scan of copies of the
/// samples in a temporary folder name their inputs by file name only, in every format.
@MainActor @Suite struct TwoPlatformReportPathTests {
    static func copies() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linklab-paths-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let samples = WorkbenchDocumentAndroidTests.samples
        for name in ["LinkLabSample.ipa", "LinkLabSample.apk", "aasa", "assetlinks", "urls-both.txt"] {
            try FileManager.default.copyItem(
                at: samples.appendingPathComponent(name),
                to: folder.appendingPathComponent(name))
        }
        return folder
    }

    static func leaks(_ data: Data, folder: URL) -> [String] {
        let text = String(decoding: data, as: UTF8.self)
        return [folder.path, Fixtures.repositoryRoot.path, "/tmp/", "file:///"].filter(text.contains)
    }

    @Test func aDocumentOfCopiesNamesFilesOnly() async throws {
        let folder = try Self.copies()
        defer { try? FileManager.default.removeItem(at: folder) }
        var supplied: [String: String] = [:]
        for host in ["example.com", "example.org", "shop.example.com", "go.example.net"] {
            supplied[host] = folder.appendingPathComponent("aasa/\(host).json").path
        }
        let document = WorkbenchDocument(
            settings: WorkbenchSettings(offline: true, suppliedFiles: supplied),
            now: { SampleScan.now })
        document.openApp(at: folder.appendingPathComponent("LinkLabSample.ipa"))
        await document.settled()
        document.addAndroidApp(at: folder.appendingPathComponent("LinkLabSample.apk"))
        await document.settled()
        for host in WorkbenchDocumentAndroidTests.androidHosts {
            let file = folder.appendingPathComponent("assetlinks/\(host).json")
            try document.useFile(Data(contentsOf: file), name: file.path, forHost: host, on: .android)
        }
        document.setURLLines(try String(contentsOf: folder.appendingPathComponent("urls-both.txt"), encoding: .utf8))
        #expect(document.currentCrossPlatform != nil)
        for format in ExportFormat.allCases where format != .session {
            let data = try document.export(format)
            #expect(Self.leaks(data, folder: folder).isEmpty, "\(format): \(Self.leaks(data, folder: folder))")
            if format == .pdf, let text = try TwoPlatformReportTests.pdfText(data) {
                #expect(Self.leaks(Data(text.utf8), folder: folder).isEmpty, "PDF text")
            }
        }
    }

    /// What `linklab scan COPY.ipa COPY.apk --offline --aasa DIR --assetlinks DIR` writes.
    @Test func aScanOfCopiesNamesFilesOnly() async throws {
        let folder = try Self.copies()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try String(contentsOf: folder.appendingPathComponent("urls-both.txt"), encoding: .utf8)
        let entries = URLListLine.lines(of: text, schemes: .webOrCustom).compactMap { line -> URLListEntry? in
            if case .entry(let entry) = line { return entry }
            return nil
        }
        var aasa: [String: String] = [:]
        var assetLinks: [String: String] = [:]
        for host in ["example.com", "example.org", "shop.example.com", "go.example.net"] {
            aasa[host] = folder.appendingPathComponent("aasa/\(host).json").path
        }
        for host in WorkbenchDocumentAndroidTests.androidHosts {
            assetLinks[host] = folder.appendingPathComponent("assetlinks/\(host).json").path
        }
        let product = try await ProductScan.run(
            ProductScanRequest(
                ios: ScanRequest(
                    input: folder.appendingPathComponent("LinkLabSample.ipa"), suppliedFiles: aasa,
                    offline: true, now: SampleScan.now),
                android: AndroidScanRequest(
                    input: folder.appendingPathComponent("LinkLabSample.apk"), offline: true,
                    suppliedFiles: assetLinks),
                entries: entries))
        guard case .both(let both) = product else {
            Issue.record("a scan of both apps is a two-platform product")
            return
        }
        for format in ExportFormat.allCases where format != .session {
            let data = try both.report(format)
            #expect(Self.leaks(data, folder: folder).isEmpty, "\(format): \(Self.leaks(data, folder: folder))")
        }
    }
}
