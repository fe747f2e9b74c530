import AndroidApp
import Findings
import Foundation
import Reports

/// The bytes of a report of a face-neutral document (Markdown, HTML, PDF, SARIF) or of a scan
/// document (`.json`); the caller answers `.links.html` itself.
enum ReportRendering {
    /// Why a scan writes no `.linklab`: a session is the workbench's document.
    static let sessionIsSaved = "a session is saved by scan --save FILE.linklab, the web workbench or the Mac app"

    static func bytes(
        _ kind: ExportFormat, toolVersion: String, invocation: ReportInvocation? = nil,
        json: () throws -> Data, document: () -> ReportDocument
    ) throws(WorkbenchError) -> Data {
        let format: ReportFormat
        switch kind {
        case .json:
            do { return try json() } catch {
                throw .invalidArgument("json", reason: "could not encode the scan document: \(error)")
            }
        case .testLinks:
            throw .invalidArgument(
                "links.html",
                reason: "the test-link page is for iOS scans; not available for an APK")
        case .session:
            throw .invalidArgument(kind.fileExtension, reason: sessionIsSaved)
        case .markdown, .html, .pdf, .sarif:
            format = kind.report ?? .markdown
        }
        do {
            var made = document()
            made.run.invocation = invocation
            return try made.rendered(as: format, toolVersion: toolVersion)
        } catch {
            throw .invalidArgument(kind.rawValue, reason: "could not render the report: \(error.description)")
        }
    }
}

/// One product, both platforms: the iOS analysis, the Android analysis, the verdict table of
/// the tester's URLs and the findings of all three, as one report. `scan app.ipa app.apk` and a
/// workbench document holding both apps render their reports here (`report(_:…)`,
/// `scanDocument(triage:)`); everything a face shows is computed here.
public struct CrossPlatformAnalysis: Sendable {
    public var ios: Analysis
    public var android: AndroidAnalysis
    public var table: CrossPlatformTable
    /// Android file hosts whose `assetlinks.json` is the tester's edit (what-if); the iOS
    /// hosts edited are `ios.whatIfHosts`.
    public var androidWhatIfHosts: [String] = []

    /// The table for `entries` (the iOS analysis decided their http(s) ones; Android decides
    /// them all against the same files its findings used).
    public init(ios: Analysis, android: AndroidAnalysis, entries: [URLListEntry]) {
        self.ios = ios
        self.android = android
        table = ios.crossPlatformTable(android: Self.decider(android), entries: entries)
    }

    static func decider(_ android: AndroidAnalysis) -> AndroidLinkDecider {
        let facts = android.facts
        return AndroidLinkDecider(
            manifest: facts.snapshot.manifest, signing: facts.snapshot.signing,
            files: AndroidFacts.files(facts.assetLinks), sdk: facts.sdk,
            suppliedOnly: facts.offline)
    }

    /// Every finding: iOS, Android (AND-…) and cross-platform (XPL-…), in report order.
    public var findings: [Finding] { (ios.findings + android.findings + table.findings).sortedForReport() }

    // MARK: What-if

    /// Every edited host, iOS first (a host edited on both platforms once).
    public var whatIfHosts: [String] {
        ios.whatIfHosts + androidWhatIfHosts.filter { !ios.whatIfHosts.contains($0) }
    }

    /// What every report says first while a host of either platform holds an edit.
    public var whatIfNotice: String? {
        guard !whatIfHosts.isEmpty else { return nil }
        var files: [String] = []
        if !ios.whatIfHosts.isEmpty {
            files.append("apple-app-site-association of " + ios.whatIfHosts.joined(separator: ", "))
        }
        if !androidWhatIfHosts.isEmpty {
            files.append("assetlinks.json of " + androidWhatIfHosts.joined(separator: ", "))
        }
        return "Hypothetical edit — not what the domain serves: " + whatIfHosts.joined(separator: ", ")
            + ". The " + files.joined(separator: " and the ") + " "
            + (files.count == 1 && whatIfHosts.count == 1
                ? "was" : "were") + " edited in the workbench (what-if); findings and verdicts marked [what-if] "
            + "describe the edited files."
    }

    /// True when `finding` rests on an edited file: an iOS finding on an edited iOS host's file, an
    /// Android (AND-…) one on an edited Android host's, a cross-platform (XPL-…) one on a URL of an
    /// edited host (XPL-002: any URL of the table).
    public func dependsOnWhatIf(_ finding: Finding) -> Bool {
        guard !whatIfHosts.isEmpty else { return false }
        if finding.id.hasPrefix("AND-") { return androidWhatIfHosts.contains { finding.mentions(host: $0) } }
        if finding.id.hasPrefix("XPL-") {
            let urls = finding.id == "XPL-001" ? [finding.subject] : table.rows.map(\.url)
            return urls.contains { url in Self.host(of: url).map(whatIfHosts.contains) ?? false }
        }
        return ios.dependsOnWhatIf(finding)
    }

    /// The lowercased host of a URL, nil when it has none.
    static func host(of url: String) -> String? {
        URLComponents(string: url)?.host?.lowercased()
    }

    // MARK: Reports

    /// The table as a report section: one row per URL, then each side's reason.
    var tableSection: ReportSection {
        let edited = Set(whatIfHosts)
        let rows = table.rows.map { row in
            let mark = Self.host(of: row.url).map(edited.contains) == true ? " [what-if]" : ""
            return [
                row.url + mark, row.verdict.text, row.ios.outcome.text, row.ios.reason, row.android.outcome.text,
                row.android.reason,
            ]
        }
        let counts = table.counts
        let summary =
            "\(table.rows.count) URLs decided for the iOS app \(table.iosApp) and the Android app "
            + "\(table.androidApp) (Android API \(table.androidSDK)): \(counts["both"] ?? 0) open both apps, "
            + "\(counts["ios_only"] ?? 0) the iOS app only, \(counts["android_only"] ?? 0) the Android app only, "
            + "\(counts["neither"] ?? 0) neither. Asymmetries on paths a tester cares about are XPL-001 findings."
        return ReportSection(
            title: "Both platforms: one verdict per URL",
            blocks: [
                .paragraph(summary),
                // The PDF's form sets each side's outcome and reason in one cell, so the cells are wider.
                .table(
                    ReportTable(
                        columns: ["URL", "Verdict", "iOS", "iOS reason", "Android", "Android reason"],
                        rows: rows,
                        compact: CompactForm(
                            columns: [
                                "URL", "Verdict", "iOS: outcome — reason",
                                "Android: outcome — reason",
                            ],
                            rows: rows.map { row in
                                [
                                    row[0], row[1], row[2] + " — " + row[3],
                                    row[4] + " — " + row[5],
                                ]
                            },
                            note: "Each side's outcome, then why."))),
            ])
    }

    /// The face-neutral report: both identities, both scopes, every finding (with `triage`,
    /// keyed by fingerprint: false positives and accepted risks move to "Triaged"), the verdict
    /// table, then both platforms' evidence as appendices. While a host of either platform holds
    /// an edit, the report is marked hypothetical as the iOS report is (`markWhatIf`).
    public func reportDocument(
        toolVersion: String, generatedAt: Date? = nil, triage: [String: Triage] = [:],
        engagement: Engagement = Engagement()
    ) -> ReportDocument {
        let iosDocument = ios.reportDocument(toolVersion: toolVersion, generatedAt: generatedAt, engagement: engagement)
        let androidDocument = android.reportDocument(
            toolVersion: toolVersion, generatedAt: generatedAt,
            engagement: engagement)
        // Each half's findings and what-if notice are the two-platform report's own (it marks
        // itself once, below); the iOS appendices keep their [what-if] domain marks.
        func parts(_ document: ReportDocument, prefix: String) -> (body: [ReportSection], appendix: [ReportSection]) {
            let own = ["Findings", "Hypothetical edit"]
            let kept = document.sections.filter { !own.contains($0.title) }.map { section in
                ReportSection(
                    title: "\(prefix): \(section.title)", blocks: section.blocks,
                    isAppendix: section.isAppendix)
            }
            return (kept.filter { !$0.isAppendix }, kept.filter(\.isAppendix))
        }
        let iosParts = parts(iosDocument, prefix: "iOS")
        let androidParts = parts(androidDocument, prefix: "Android")
        let all = findings
        var document = ReportDocument(
            title: "Universal links and App Links assessment: \(ios.appName) / "
                + android.snapshot.manifest.packageName,
            subtitle: URL(fileURLWithPath: ios.snapshot.source.path).lastPathComponent + " and " + android.inputName,
            identity: iosDocument.identity.map { KeyValue("iOS \($0.key.lowercasedFirst)", $0.value) }
                + androidDocument.identity.map { KeyValue("Android \($0.key.lowercasedFirst)", $0.value) },
            generatedBy: "UniversalLinkLab \(toolVersion) (linklab scan, both platforms)",
            generatedAt: generatedAt,
            findings: all,
            sections: iosParts.body + androidParts.body
                + [ReportSection(title: "Findings", blocks: [.findings(all)]), tableSection]
                + iosParts.appendix + androidParts.appendix,
            entitlements: iosDocument.entitlements,
            triage: triage,
            engagement: engagement)
        if let notice = whatIfNotice {
            document.markWhatIf(notice: notice, hosts: whatIfHosts, dependsOnEdit: dependsOnWhatIf)
        }
        document.run = ReportRun(
            artifacts: iosDocument.run.artifacts + androidDocument.run.artifacts,
            subject: [iosDocument.run.subject, androidDocument.run.subject].compactMap { $0 }
                .joined(separator: "+"),
            whatIfHosts: whatIfHosts)
        return document
    }

    /// The bytes of one report file, with `triage` (by fingerprint) applied to every platform's
    /// findings: `.json` is the two-platform scan document (`scanDocument(triage:)`),
    /// `.links.html` the test-link page with each URL's expected outcome per platform.
    public func report(
        _ kind: ExportFormat, toolVersion: String = Workbench.version, generatedAt: Date? = nil,
        engagement: Engagement = Engagement(), invocation: ReportInvocation? = nil,
        triage: [String: Triage] = [:]
    ) throws(WorkbenchError) -> Data {
        if kind == .testLinks { return Data(testLinkPage(toolVersion: toolVersion).html().utf8) }
        return try ReportRendering.bytes(
            kind, toolVersion: toolVersion, invocation: invocation,
            json: { try scanDocument(triage: triage) }
        ) {
            reportDocument(toolVersion: toolVersion, generatedAt: generatedAt, triage: triage, engagement: engagement)
        }
    }

    /// The `scan app.ipa app.apk` JSON document (`docs/cli.md`): both platforms' scan documents
    /// as they are alone (each with `triage` applied), the verdict table, every finding with its
    /// `fingerprint` and `triage`, the counts (triaged-away findings left out, as every format
    /// counts) and, while a host holds an edit, `whatIf`. Pretty, sorted keys, ending with a
    /// newline; deterministic.
    public func scanDocument(triage: [String: Triage] = [:]) throws -> Data {
        try JSONOutput.encode(CrossPlatformScanDocument(self, triage: triage)) + Data("\n".utf8)
    }

    // MARK: Test links

    /// The test-link page of both apps: the iOS app's claimed-path samples, then the tester's
    /// URLs (custom schemes too), each with what the tester should see on each platform (the
    /// tester's expectation, else the verdicts predicted here).
    public func testLinkPage(toolVersion: String) -> TestLinkPage {
        let samples = ios.claimedPathLinks
        let sampleEntries = samples.map { URLListEntry(url: $0.url) }
        let sampleTests = URLDecisions(hosts: ios.hosts, reports: ios.domains, snapshot: ios.snapshot)
            .decide(sampleEntries)
        let decider = Self.decider(android)
        let sampleTable = CrossPlatformTable(
            iosTests: sampleTests, iosAppID: table.iosApp, iosURLSchemes: ios.snapshot.mainBundle?.urlSchemes ?? [],
            android: sampleEntries.map { decider.decide($0.url) }, androidPackage: table.androidApp,
            androidSDK: table.androidSDK, entries: sampleEntries)
        var links = zip(samples, sampleTable.rows).map { link, row in
            TestLinkPage.Link(
                url: link.url, expectation: link.expectation, note: link.note,
                outcomes: Self.outcomes(row))
        }
        links += table.rows.map { row in
            let source = row.line.map { "URL list line \($0)" } ?? "--url"
            let expectation: TestLinkPage.Expectation
            let said: String
            switch row.expectation {
            case .mustOpen?: (expectation, said) = (.opensApp, "; must open the app")
            case .mustNotOpen?: (expectation, said) = (.staysInBrowser, "; must not open the app")
            default:
                expectation =
                    row.verdict == .both
                    ? .opensApp
                    : row.verdict == .neither ? .staysInBrowser : .unspecified
                said = ""
            }
            return TestLinkPage.Link(
                url: row.url, expectation: expectation, note: source + said,
                outcomes: Self.outcomes(row))
        }
        return TestLinkPage(
            title: "Test links: \(ios.appName) / \(android.snapshot.manifest.packageName)",
            introduction: "Links for the iOS app \(table.iosApp) and the Android app \(table.androidApp) "
                + "(modelled on API \(table.androidSDK)). Each link says what should happen on each platform; a "
                + "link that does otherwise on a device is a finding to confirm.",
            links: links,
            generatedBy: "UniversalLinkLab \(toolVersion) (linklab scan, both platforms)")
    }

    /// Each platform's predicted outcome of a table row, for the test-link page.
    static func outcomes(_ row: CrossPlatformTable.Row) -> [TestLinkPage.Outcome] {
        [("iOS", row.ios), ("Android", row.android)].map { platform, side in
            // A chooser or another app is neither "opens the app" nor "stays in the browser".
            let expectation: TestLinkPage.Expectation =
                side.opensApp
                ? .opensApp
                : side.outcome == .browser ? .staysInBrowser : .unspecified
            return TestLinkPage.Outcome(
                platform: platform, expectation: expectation,
                text: side.outcome.text + " — " + side.reason)
        }
    }
}

extension String {
    /// "Bundle identifier" → "bundle identifier" (an acronym such as "SDK" is kept).
    var lowercasedFirst: String {
        guard let first, first.isUppercase, !(dropFirst().first?.isUppercase ?? false) else { return self }
        return first.lowercased() + dropFirst()
    }
}

/// The JSON shape of `scan app.ipa app.apk` (`CrossPlatformAnalysis.scanDocument(triage:)`):
/// each platform's scan document as it is alone (`ios`, `android`), the verdict table
/// (`crossPlatform`), every finding with its `fingerprint` and `triage`, the counts, and
/// `whatIf` while a host holds an edit. The workbench sets the halves' optional fields
/// (`ScanDocument.domainStates`, `AndroidScanDocument.deviceState`, each host's `state`).
struct CrossPlatformScanDocument: Encodable {
    struct WhatIf: Encodable {
        var hosts: [String]
        var iosHosts: [String]
        var androidHosts: [String]
        var notice: String
        /// Fingerprints of the findings that rest on an edited file.
        var findings: [String]
    }

    var ios: ScanDocument
    var android: AndroidScanDocument
    var crossPlatform: CrossPlatformTable
    var findings: [FindingJSON]
    /// As in each platform's document (`FindingCounts`), over every finding.
    var counts: FindingCounts
    var whatIf: WhatIf?

    /// The document of `both`, with `triage` (by fingerprint) applied to every platform's findings.
    init(_ both: CrossPlatformAnalysis, triage: [String: Triage]) {
        ios = ScanDocument(analysis: both.ios, triage: triage)
        android = AndroidScanDocument(both.android, triage: triage)
        crossPlatform = both.table
        let all = both.findings
        findings = FindingsJSON.entries(all, triage: triage)
        counts = FindingCounts(all, triage: triage)
        whatIf = both.whatIfNotice.map { notice in
            WhatIf(
                hosts: both.whatIfHosts, iosHosts: both.ios.whatIfHosts, androidHosts: both.androidWhatIfHosts,
                notice: notice, findings: all.filter(both.dependsOnWhatIf).map(\.fingerprint))
        }
    }

    private enum Key: String, CodingKey {
        case schemaVersion, platform, ios, android, crossPlatform, findings, findingCounts,
            findingCountsByCategory, suppressedFindings, whatIf
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(Workbench.schemaVersion, forKey: .schemaVersion)
        try container.encode("both", forKey: .platform)
        try container.encode(ios, forKey: .ios)
        try container.encode(android, forKey: .android)
        try container.encode(crossPlatform, forKey: .crossPlatform)
        try container.encode(findings, forKey: .findings)
        try container.encode(counts.bySeverity, forKey: .findingCounts)
        try container.encode(counts.byCategory, forKey: .findingCountsByCategory)
        try container.encode(counts.suppressed, forKey: .suppressedFindings)
        try container.encodeIfPresent(whatIf, forKey: .whatIf)
    }
}
