import AndroidApp
import Findings
import Foundation
import Reports

/// The bytes of a report of a face-neutral document (Markdown, HTML, PDF, SARIF) or of a scan
/// document (`.json`); the caller answers `.links.html` itself.
enum ReportRendering {
    /// Why a scan writes no `.linklab`: a session is the workbench's document.
    static let sessionIsSaved = "a session is saved by scan --save FILE.linklab, the web workbench or the Mac app"

    static func bytes(_ kind: ExportFormat, toolVersion: String, invocation: ReportInvocation? = nil,
                      json: () throws -> Data, document: () -> ReportDocument) throws(WorkbenchError) -> Data {
        let format: ReportFormat
        switch kind {
        case .json:
            do { return try json() } catch {
                throw .invalidArgument("json", reason: "could not encode the scan document: \(error)")
            }
        case .testLinks:
            throw .invalidArgument("links.html",
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
/// the tester's URLs and the findings of all three, as one report (`scan app.ipa app.apk`).
/// Everything a face shows is computed here.
public struct CrossPlatformAnalysis: Sendable {
    public var ios: Analysis
    public var android: AndroidAnalysis
    public var table: CrossPlatformTable

    /// The table for `entries` (the iOS analysis decided their http(s) ones; Android decides
    /// them all against the same files its findings used).
    public init(ios: Analysis, android: AndroidAnalysis, entries: [URLListEntry]) {
        self.ios = ios
        self.android = android
        let facts = android.facts
        let decider = AndroidLinkDecider(manifest: facts.snapshot.manifest, signing: facts.snapshot.signing,
                                         files: AndroidFacts.files(facts.assetLinks), sdk: facts.sdk,
                                         suppliedOnly: facts.offline)
        table = ios.crossPlatformTable(android: decider, entries: entries)
    }

    /// Every finding: iOS, Android (AND-…) and cross-platform (XPL-…), in report order.
    public var findings: [Finding] { (ios.findings + android.findings + table.findings).sortedForReport() }

    /// The table as a report section: one row per URL, then each side's reason.
    var tableSection: ReportSection {
        let rows = table.rows.map { row in
            [row.url, row.verdict.text, row.ios.outcomeText, row.ios.reason, row.android.outcomeText,
             row.android.reason]
        }
        let counts = table.counts
        let summary = "\(table.rows.count) URLs decided for the iOS app \(table.iosApp) and the Android app "
            + "\(table.androidApp) (Android API \(table.androidSDK)): \(counts["both"] ?? 0) open both apps, "
            + "\(counts["ios_only"] ?? 0) the iOS app only, \(counts["android_only"] ?? 0) the Android app only, "
            + "\(counts["neither"] ?? 0) neither. Asymmetries on paths a tester cares about are XPL-001 findings."
        return ReportSection(title: "Both platforms: one verdict per URL", blocks: [
            .paragraph(summary),
            .table(ReportTable(columns: ["URL", "Verdict", "iOS", "iOS reason", "Android", "Android reason"],
                               rows: rows)),
        ])
    }

    /// The face-neutral report: both identities, both scopes, every finding, the verdict table,
    /// then both platforms' evidence as appendices.
    public func reportDocument(toolVersion: String, generatedAt: Date? = nil,
                               engagement: Engagement = Engagement()) -> ReportDocument {
        let iosDocument = ios.reportDocument(toolVersion: toolVersion, generatedAt: generatedAt, engagement: engagement)
        let androidDocument = android.reportDocument(toolVersion: toolVersion, generatedAt: generatedAt,
                                                     engagement: engagement)
        func parts(_ document: ReportDocument, prefix: String) -> (body: [ReportSection], appendix: [ReportSection]) {
            let kept = document.sections.filter { $0.title != "Findings" }.map { section in
                ReportSection(title: "\(prefix): \(section.title)", blocks: section.blocks,
                              isAppendix: section.isAppendix)
            }
            return (kept.filter { !$0.isAppendix }, kept.filter(\.isAppendix))
        }
        let iosParts = parts(iosDocument, prefix: "iOS"), androidParts = parts(androidDocument, prefix: "Android")
        let all = findings
        var document = ReportDocument(
            title: "Universal links and App Links assessment: \(ios.appName) / "
                + android.snapshot.manifest.packageName,
            subtitle: "\(iosDocument.subtitle ?? "") and \(androidDocument.subtitle ?? "")",
            identity: iosDocument.identity.map { KeyValue("iOS \($0.key.lowercasedFirst)", $0.value) }
                + androidDocument.identity.map { KeyValue("Android \($0.key.lowercasedFirst)", $0.value) },
            generatedBy: "UniversalLinkLab \(toolVersion) (linklab scan, both platforms)",
            generatedAt: generatedAt,
            findings: all,
            sections: iosParts.body + androidParts.body
                + [ReportSection(title: "Findings", blocks: [.findings(all)]), tableSection]
                + iosParts.appendix + androidParts.appendix,
            entitlements: iosDocument.entitlements,
            engagement: engagement)
        document.run = ReportRun(artifacts: iosDocument.run.artifacts + androidDocument.run.artifacts,
                                 subject: [iosDocument.run.subject, androidDocument.run.subject].compactMap { $0 }
                                    .joined(separator: "+"))
        return document
    }

    /// The bytes of one report file; `.json` is the two-platform scan document, `.links.html`
    /// the iOS test-link page.
    public func report(_ kind: ExportFormat, toolVersion: String = Workbench.version, generatedAt: Date? = nil,
                       engagement: Engagement = Engagement(),
                       invocation: ReportInvocation? = nil) throws(WorkbenchError) -> Data {
        if kind == .testLinks { return try ios.report(.testLinks, toolVersion: toolVersion) }
        return try ReportRendering.bytes(kind, toolVersion: toolVersion, invocation: invocation, json: scanDocument) {
            reportDocument(toolVersion: toolVersion, generatedAt: generatedAt, engagement: engagement)
        }
    }

    /// The `scan app.ipa app.apk` JSON document (`docs/cli.md`): both platforms' scan documents
    /// as they are alone, the verdict table, and every finding with the counts. Pretty, sorted
    /// keys, ending with a newline; deterministic.
    public func scanDocument() throws -> Data {
        let decoder = JSONDecoder()
        let iosValue = try decoder.decode(JSONValue.self, from: ios.scanDocument())
        let androidValue = try decoder.decode(JSONValue.self, from: android.scanDocument())
        let tableValue = try decoder.decode(JSONValue.self, from: JSONOutput.encode(table))
        let all = findings
        let findingsValue = try decoder.decode(JSONValue.self, from: JSONOutput.encode(all))
        // No triage reaches a two-platform scan: every finding is counted (`FindingCounts`).
        let counts = FindingCounts(all, triage: [:])
        let bySeverity = counts.bySeverity.mapValues { JSONValue.int(Int64($0)) }
        let byCategory = counts.byCategory.mapValues { JSONValue.object($0.mapValues { .int(Int64($0)) }) }
        let document: JSONValue = .object([
            "schemaVersion": .int(Int64(Workbench.schemaVersion)),
            "platform": .string("both"),
            "ios": iosValue,
            "android": androidValue,
            "crossPlatform": tableValue,
            "findings": findingsValue,
            "findingCounts": .object(bySeverity),
            "findingCountsByCategory": .object(byCategory),
            "suppressedFindings": .int(Int64(counts.suppressed)),
        ])
        return try JSONOutput.encode(document) + Data("\n".utf8)
    }
}

extension String {
    /// "Bundle identifier" → "bundle identifier" (an acronym such as "SDK" is kept).
    var lowercasedFirst: String {
        guard let first, first.isUppercase, !(dropFirst().first?.isUppercase ?? false) else { return self }
        return first.lowercased() + dropFirst()
    }
}
