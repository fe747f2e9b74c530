import Foundation
import TestSupport
import Testing

@testable import Workbench

/// A document's reports name what their reader can do (`WorkbenchDocument.noteAudience`): the
/// workbench's controls in what the web page and the Mac app export, the command line's flags in
/// what `linklab report` writes from the same session.
@MainActor @Suite struct NoteAudienceReportTests {
    /// The command line's ways of supplying files and URLs, which a workbench report never names.
    static let flags = ["--aasa", "--assetlinks", "--url", "--report"]

    /// The sample offline with a file also supplied for a host the app does not name, and no URL
    /// lines (or `urlLines`): its reports carry the offline scope paragraph, the unused file's
    /// note, and "No URL was given". The two planted hosts without a file get one too: a host
    /// not fetched offline raises AASA-001, whose text (the findings') is not this suite's.
    static func sample(_ audience: NoteAudience, urlLines: String = "") async -> WorkbenchDocument {
        var supplied = SampleScan.supplied
        for host in ["unused.example.com", "linklab.page.link", "links.linklab.invalid"] {
            supplied[host] = SampleScan.aasa("example.com")
        }
        let document = WorkbenchDocument(
            settings: WorkbenchSettings(offline: true, suppliedFiles: supplied),
            now: { SampleScan.now })
        document.noteAudience = audience
        document.openApp(at: SampleScan.ipa)
        await document.settled()
        if !urlLines.isEmpty { document.setURLLines(urlLines) }
        return document
    }

    static func text(_ document: WorkbenchDocument, _ format: ExportFormat) throws -> String {
        String(decoding: try document.export(format), as: UTF8.self)
    }

    @Test(arguments: [ExportFormat.markdown, .html])
    func aWorkbenchReportNamesNoFlag(_ format: ExportFormat) async throws {
        let text = try Self.text(await Self.sample(.workbench), format)
        #expect(text.contains("Offline: no network was used. Files used for hosts (“Use a file…” on a host"))
        #expect(text.contains("No URL was given (the URL lines of the URL tester tab)."))
        #expect(text.contains("unused.example.com: no associated domain of the app names this host; the file supplied"))
        #expect(text.contains("or the test-link page the workbench exports)"))
        #expect(text.contains("(workbench)") && !text.contains("(linklab scan)"))
        for flag in Self.flags { #expect(!text.contains(flag), "\(format): \(flag)") }
    }

    @Test(arguments: [ExportFormat.markdown, .html])
    func aCommandLineReportNamesTheFlags(_ format: ExportFormat) async throws {
        let text = try Self.text(await Self.sample(.commandLine), format)
        #expect(
            text.contains(
                "Offline: no network was used. Files supplied with --aasa stand in for what the "
                    + "domains serve; other domains were not fetched."))
        #expect(text.contains("No URL was given (--url, --urls)."))
        #expect(text.contains("(linklab scan)"))
        #expect(
            text.contains(
                "--aasa unused.example.com: no associated domain of the app names this host; "
                    + "the file was not used"))
        #expect(text.contains("the test-link page that linklab scan writes with --report FILE.links.html"))
    }

    /// The URLs past the report's table are in the JSON report: named as each reader gets it.
    @Test func theURLsPastTheTableAreInTheJSONReportInEachReadersWords() async throws {
        let lines = (0...Analysis.maxURLRows).map { "https://example.com/n/\($0)" }.joined(separator: "\n") + "\n"
        let workbench = try Self.text(await Self.sample(.workbench, urlLines: lines), .markdown)
        #expect(workbench.contains("1 more URLs are not listed here; the JSON report (exported as JSON) has every"))
        for flag in Self.flags { #expect(!workbench.contains(flag), "\(flag)") }
        let commandLine = try Self.text(await Self.sample(.commandLine, urlLines: lines), .markdown)
        #expect(commandLine.contains("1 more URLs are not listed here; the JSON report (--report FILE.json) has"))
    }

    /// A document in the command line's words (`linklab report` reading a session) exports what
    /// the scan of the same facts writes, byte for byte.
    @Test func aCommandLineDocumentExportsTheScansReport() async throws {
        let document = WorkbenchDocument(settings: WorkbenchDocumentTests.settings(), now: { SampleScan.now })
        document.noteAudience = .commandLine
        document.openApp(at: SampleScan.ipa)
        await document.settled()
        document.setURLLines(
            try String(
                contentsOf: SampleScan.root.appendingPathComponent("Samples/urls.txt"),
                encoding: .utf8))
        let scan = try await SampleScan.analysis()
        for format in [ReportFormat.markdown, .html] {
            #expect(
                try document.export(format.export) == TriagedReports.render(scan, format: format, triage: [:]),
                "\(format)")
        }
    }

    /// The sample APK (after the sample app when `ios`) offline, a file used for every host it
    /// verifies (the planted two get example.com's: a host not checked raises AND-002, whose
    /// text is the findings'), no URL lines.
    static func androidSample(_ audience: NoteAudience, ios: Bool) async throws -> WorkbenchDocument {
        let document =
            ios
            ? await sample(audience)
            : WorkbenchDocument(settings: WorkbenchSettings(offline: true), now: { SampleScan.now })
        document.noteAudience = audience
        let samples = WorkbenchDocumentAndroidTests.samples
        document.addAndroidApp(at: samples.appendingPathComponent("LinkLabSample.apk"))
        await document.settled()
        for host in WorkbenchDocumentAndroidTests.apkHosts {
            let file = WorkbenchDocumentAndroidTests.androidHosts.contains(host) ? host : "example.com"
            try document.useFile(
                Data(contentsOf: samples.appendingPathComponent("assetlinks/\(file).json")),
                name: "\(host).json", forHost: host, on: .android)
        }
        return document
    }

    /// The Android report, alone or in the two-platform report, in each reader's words.
    @Test(arguments: [false, true], [ExportFormat.markdown, .html])
    func anAndroidReportNamesFlagsOnlyOnTheCommandLine(_ ios: Bool, _ format: ExportFormat) async throws {
        let workbench = try Self.text(await Self.androidSample(.workbench, ios: ios), format)
        #expect(
            workbench.contains(
                "Offline: no network was used. The assetlinks.json files supplied with the "
                    + "session stand in for what the hosts serve"))
        #expect(workbench.contains("No URL was given (the URL lines of the URL tester tab)."))
        for flag in Self.flags { #expect(!workbench.contains(flag), "\(format): \(flag)") }
        let commandLine = try Self.text(await Self.androidSample(.commandLine, ios: ios), format)
        #expect(
            commandLine.contains(
                "Offline: no network was used. Files supplied with --assetlinks stand in for "
                    + "what the hosts serve; other hosts were not fetched and count as not verified."))
        #expect(commandLine.contains("No URL was given (--url, --urls)."))
    }

    /// The scan's reports (`linklab scan`) keep the command line's words.
    @Test func aScanReportKeepsTheCommandLinesWords() async throws {
        let analysis = try await SampleScan.pipeline(urls: []).run()
        #expect(analysis.noteAudience == .commandLine)
        let text = String(decoding: try analysis.report(.markdown, toolVersion: "test"), as: UTF8.self)
        #expect(text.contains("Files supplied with --aasa stand in"))
        #expect(text.contains("No URL was given (--url, --urls)."))
    }

    /// The PDF's shortened traces say where the full ones are, in each reader's words.
    @Test func theTraceNotesNameTheReportsInEachReadersWords() {
        #expect(TraceDigest.iosNote(.workbench).contains("JSON and HTML exports"))
        #expect(TraceDigest.androidNote(.commandLine).contains("--report FILE.json, FILE.html"))
        for audience in NoteAudience.allCases {
            #expect(TraceDigest.iosNote(audience).contains(audience.reportsWithEveryTrace))
            #expect(TraceDigest.androidNote(audience).contains(audience.reportsWithEveryTrace))
        }
        #expect(!TraceDigest.iosNote(.workbench).contains("--"))
    }
}
