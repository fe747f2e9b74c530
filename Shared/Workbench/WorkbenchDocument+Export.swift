import DeviceTools
import Foundation
import Reports

// Reports of the document's current state, with triage.
extension WorkbenchDocument {
    /// The facts of the current state as the scan's `Analysis` (what every report renders), every
    /// URL verdict with its trace, as `scan` gives them (made once per state, when asked for).
    public var currentAnalysis: Analysis? {
        if let tracedAnalysis { return tracedAnalysis }
        guard var value = analysis else { return nil }
        let decisions = currentDecisions()
        value.urlTests = value.urlTests.map(decisions.traced)
        tracedAnalysis = value
        return value
    }

    /// Both halves of a document holding an iOS app (or association files) and an Android app,
    /// as one two-platform analysis of the current state: what `scan app.ipa app.apk` reports,
    /// the URL lines decided on both sides (custom schemes too), every edited host of either
    /// platform marked what-if. Nil unless the document holds both.
    public var currentCrossPlatform: CrossPlatformAnalysis? {
        guard let ios = currentAnalysis, let androidAnalysis, let part = android else { return nil }
        var both = CrossPlatformAnalysis(ios: ios, android: androidAnalysis, entries: productEntries())
        both.androidWhatIfHosts = part.hosts.filter { part.states[$0] == .edited }
        return both
    }

    /// The current state as the product `linklab scan` would have made of the same apps: with
    /// both apps `currentCrossPlatform` (its edited hosts marked what-if), else the one app the
    /// document holds (`currentAnalysis` or `androidAnalysis`); nil while it holds neither.
    public var currentProduct: ProductAnalysis? {
        currentCrossPlatform.map(ProductAnalysis.both)
            ?? ProductAnalysis(ios: currentAnalysis, android: androidAnalysis, entries: [])
    }

    /// The URL lines as both platforms read them (custom schemes too), at most `URLList.maxURLs`.
    func productEntries() -> [URLListEntry] {
        var entries: [URLListEntry] = []
        for line in URLListLine.lines(of: urlLines, schemes: .webOrCustom) {
            guard entries.count < URLList.maxURLs else { break }
            if case .entry(let entry) = line { entries.append(entry) }
        }
        return entries
    }

    /// The cross-platform (XPL) findings of the current lines: the table `currentCrossPlatform`
    /// reports, made from the decisions `ios` and the Android analysis already hold. Empty
    /// unless the document holds both.
    func crossPlatformFindings(_ ios: Analysis) -> [Finding] {
        guard let androidAnalysis else { return [] }
        return ios.crossPlatformTable(
            androidDecisions: androidAnalysis.decisions,
            package: androidAnalysis.facts.packageName, sdk: androidAnalysis.facts.sdk,
            entries: productEntries()
        ).findings
    }

    /// The bytes of one export of the current state: a report (triage included), the session
    /// (`save()`), or the test-link page. A document holding both apps exports the two-platform
    /// report (`CrossPlatformAnalysis`, as `scan app.ipa app.apk` does) with its triage and
    /// what-if marking; an Android-only document the Android report.
    public func export(_ format: ExportFormat) throws(WorkbenchDocumentError) -> Data {
        if format == .session { return try save() }
        if let both = currentCrossPlatform {
            if format == .json { return try jsonDocument(of: both) }
            do {
                return try both.report(format, engagement: engagement, triage: triage)
            } catch {
                throw .exportFailed(error.description)
            }
        }
        guard let analysis = currentAnalysis else {
            // An Android-only document: the Android report, with its triage.
            guard let androidAnalysis, format.report != nil else { throw .notReady }
            do {
                return try androidAnalysis.report(format, engagement: engagement, triage: triage)
            } catch {
                throw .exportFailed(error.description)
            }
        }
        switch format.report {
        case .json: return try jsonDocument(of: analysis)
        case let report?:
            return try TriagedReports.render(analysis, format: report, triage: triage, engagement: engagement)
        case nil:
            do {
                return try analysis.report(format, toolVersion: Workbench.version)
            } catch {
                throw .exportFailed(error.description)
            }
        }
    }

    /// The scan JSON document (docs/cli.md) of the current state, plus `phase`, each domain's
    /// `state`, a `hosts` list (every host, also those without a report yet) and each finding's
    /// `fingerprint` and `triage`, and `deviceState` (imported device records, maybe empty): what
    /// `GET /api/documents/ID` answers. URL verdicts are as in `urlTests` (traces where an
    /// expectation is contradicted; the rest on demand); `export(.json)` carries every trace.
    /// With both apps it is the two-platform document (`export(.json)`'s), and with the Android
    /// app alone the Android scan document with `phase`, so the API never shows one half of two;
    /// while an app is still being read, `notReady`. Printed by `TriagedReports.jsonLine`.
    public func jsonDocument() throws(WorkbenchDocumentError) -> Data {
        if let both = currentCrossPlatform { return try jsonDocument(of: both) }
        if app == nil, domains.isEmpty, let androidAnalysis, !readingIOSApp {
            let scan = AndroidScanDocument(androidAnalysis, triage: triage)
            return try TriagedReports.jsonLine(JSONMerged(scan, DocumentKeys(phase: phase.name)))
        }
        guard let analysis else { throw .notReady }
        return try jsonDocument(of: analysis)
    }

    private func jsonDocument(of analysis: Analysis) throws(WorkbenchDocumentError) -> Data {
        var scan = ScanDocument(analysis: analysis, triage: triage)
        scan.domainStates = domainStates
        return try TriagedReports.jsonLine(JSONMerged(scan, documentKeys))
    }

    /// The two-platform scan document (`CrossPlatformAnalysis.scanDocument(triage:)`: `ios`,
    /// `android`, `crossPlatform`, every finding with `fingerprint` and `triage`) plus the
    /// document's keys: `phase`, `hosts`, `deviceState`, `urlLineProblems`, each iOS domain's
    /// and each Android host's `state` (`done` for a host without one), and the Android device
    /// record (`android.deviceState`) when one was read.
    private func jsonDocument(of both: CrossPlatformAnalysis) throws(WorkbenchDocumentError) -> Data {
        var scan = CrossPlatformScanDocument(both, triage: triage)
        scan.ios.domainStates = domainStates
        let androidStates = android?.states ?? [:]
        for index in scan.android.hosts.indices {
            scan.android.hosts[index].state = androidStates[scan.android.hosts[index].fileHost]?.rawValue ?? "done"
        }
        scan.android.deviceState = android?.deviceRecord
        return try TriagedReports.jsonLine(JSONMerged(scan, documentKeys))
    }

    /// The keys `jsonDocument()` adds beside an app's facts: the phase, the device records,
    /// every host's status and the URL lines' problems.
    private var documentKeys: DocumentKeys {
        DocumentKeys(
            phase: phase.name, deviceState: deviceState, hosts: hostStatuses, urlLineProblems: urlLineProblems)
    }

    /// Each reported domain's state by host (the first entry of a host wins), for its
    /// `domains` entry in the scan document.
    private var domainStates: [String: String] {
        let pairs = domains.compactMap { entry in entry.report.map { ($0.host, entry.state.rawValue) } }
        return Dictionary(pairs, uniquingKeysWith: { first, _ in first })
    }

    /// `date` as ISO 8601 (seconds, UTC), as every document of the workbench prints dates.
    public nonisolated static func iso8601(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }
}

/// The workbench's door to the report renderers: one place that maps a document's
/// `ReportFormat` to the scan's report entry points (`Analysis.report(_:…triage:)`,
/// `Analysis.scanDocument(triage:)`), which carry the Triaged section, SARIF suppressions and
/// each JSON finding's `fingerprint` and `triage`.
public enum TriagedReports {
    /// A report of `analysis` with `triage` applied. `generatedAt` nil prints no date.
    public static func render(
        _ analysis: Analysis, format: ReportFormat, triage: [String: Triage],
        toolVersion: String = Workbench.version,
        generatedAt: Date? = nil,
        engagement: Engagement = Engagement()
    ) throws(WorkbenchDocumentError) -> Data {
        do {
            return try analysis.report(
                format.export, toolVersion: toolVersion, generatedAt: generatedAt,
                triage: triage,
                engagement: engagement)
        } catch {
            throw .exportFailed(error.description)
        }
    }

    /// A workbench JSON document (`WorkbenchDocument.jsonDocument()`, the retest's documents):
    /// `value` as `JSONOutput` prints every document, and one trailing newline.
    static func jsonLine(_ value: some Encodable) throws(WorkbenchDocumentError) -> Data {
        do {
            var out = try JSONOutput.encode(value)
            out.append(0x0A)
            return out
        } catch {
            throw .exportFailed(String(describing: error))
        }
    }
}

/// A JSON object of `base`'s keys and `added`'s (keys `base` does not write): both encode
/// into the one keyed container of the encoder.
struct JSONMerged<Base: Encodable, Added: Encodable>: Encodable {
    var base: Base
    var added: Added

    init(_ base: Base, _ added: Added) {
        self.base = base
        self.added = added
    }

    func encode(to encoder: any Encoder) throws {
        try base.encode(to: encoder)
        try added.encode(to: encoder)
    }
}

/// The keys `WorkbenchDocument.jsonDocument()` adds to a scan document: `phase`, and beside an
/// app's facts `deviceState` (the imported device records), `hosts` (every host, also those
/// without a report yet) and `urlLineProblems`. A nil field writes no key.
struct DocumentKeys: Encodable {
    var phase: String
    var deviceState: [DeviceStateEntry]? = nil
    var hosts: [HostStatus]? = nil
    var urlLineProblems: [String]? = nil
}
