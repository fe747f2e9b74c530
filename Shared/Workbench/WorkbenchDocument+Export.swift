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
    /// while an app is still being read, `notReady`.
    public func jsonDocument() throws(WorkbenchDocumentError) -> Data {
        if let both = currentCrossPlatform { return try jsonDocument(of: both) }
        if app == nil, domains.isEmpty, let androidAnalysis, !readingIOSApp {
            let data: Data
            do { data = try androidAnalysis.scanDocument(triage: triage) } catch {
                throw .exportFailed(String(describing: error))
            }
            return try TriagedReports.adjusted(data) { root in root["phase"] = phase.name }
        }
        guard let analysis else { throw .notReady }
        return try jsonDocument(of: analysis)
    }

    private func jsonDocument(of analysis: Analysis) throws(WorkbenchDocumentError) -> Data {
        let (records, hostList) = try documentParts()
        return try TriagedReports.scanJSON(analysis, triage: triage) { root in
            root["phase"] = phase.name
            root["deviceState"] = records
            root["hosts"] = hostList
            root["urlLineProblems"] = urlLineProblems
            root["domains"] = withStates(root["domains"])
        }
    }

    /// The two-platform scan document (`CrossPlatformAnalysis.scanDocument(triage:)`: `ios`,
    /// `android`, `crossPlatform`, every finding with `fingerprint` and `triage`) plus the
    /// document's keys: `phase`, `hosts`, `deviceState`, `urlLineProblems`, each iOS domain's
    /// and each Android host's `state`, and the Android device record (`android.deviceState`)
    /// when one was read.
    private func jsonDocument(of both: CrossPlatformAnalysis) throws(WorkbenchDocumentError) -> Data {
        let (records, hostList) = try documentParts()
        let androidStates = android?.states ?? [:]
        let data: Data
        do {
            data = try both.scanDocument(triage: triage)
        } catch {
            throw .exportFailed("could not encode the scan document: \(error)")
        }
        return try TriagedReports.adjusted(data) { root in
            root["phase"] = phase.name
            root["deviceState"] = records
            root["hosts"] = hostList
            root["urlLineProblems"] = urlLineProblems
            if var ios = root["ios"] as? [String: Any] {
                ios["domains"] = withStates(ios["domains"])
                root["ios"] = ios
            }
            if var half = root["android"] as? [String: Any], var list = half["hosts"] as? [[String: Any]] {
                for index in list.indices {
                    let host = list[index]["fileHost"] as? String ?? ""
                    list[index]["state"] = androidStates[host]?.rawValue ?? "done"
                }
                half["hosts"] = list
                root["android"] = half
            }
            // What a device recorded for the Android app (`importAndroidDeviceState`), when read:
            // the two-platform JSON export (`export(.json)`) carries it.
            if let record = android?.deviceRecord, var half = root["android"] as? [String: Any],
                let object = try? JSONSerialization.jsonObject(with: JSONOutput.encode(record))
            {
                half["deviceState"] = object
                root["android"] = half
            }
        }
    }

    /// The device records and the host list as JSON objects.
    private func documentParts() throws(WorkbenchDocumentError) -> (records: Any, hosts: Any) {
        do {
            return (
                try JSONSerialization.jsonObject(with: JSONOutput.encode(deviceState)),
                try JSONSerialization.jsonObject(with: JSONOutput.encode(hostStatuses))
            )
        } catch {
            throw .exportFailed("could not encode the device state and hosts: \(error)")
        }
    }

    /// A scan document's `domains` list with each domain's `state` added.
    private func withStates(_ domains: Any?) -> Any? {
        guard var list = domains as? [[String: Any]] else { return domains }
        let pairs = self.domains.compactMap { entry in entry.report.map { ($0.host, entry.state.rawValue) } }
        let states = Dictionary(pairs, uniquingKeysWith: { first, _ in first })
        for index in list.indices {
            let host = list[index]["host"] as? String ?? ""
            list[index]["state"] = states[host] ?? "done"
        }
        return list
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

    /// The scan JSON document (each finding with `fingerprint` and `triage`); `adjust` may add keys.
    public static func scanJSON(
        _ analysis: Analysis, triage: [String: Triage],
        adjust: (inout [String: Any]) -> Void
    ) throws(WorkbenchDocumentError) -> Data {
        let data: Data
        do {
            data = try analysis.scanDocument(triage: triage)
        } catch {
            throw .exportFailed(String(describing: error))
        }
        return try adjusted(data, adjust)
    }

    /// A JSON object document with keys added by `adjust`, printed as the documents print it.
    static func adjusted(_ data: Data, _ adjust: (inout [String: Any]) -> Void) throws(WorkbenchDocumentError) -> Data {
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .exportFailed(String(describing: error))
        }
        guard var root = parsed as? [String: Any] else { throw .exportFailed("the scan document is not an object") }
        adjust(&root)
        return try jsonLine(root)
    }

    /// A JSON object as the documents print it: pretty, sorted keys, slashes unescaped, one
    /// trailing newline.
    static func jsonLine(_ object: Any) throws(WorkbenchDocumentError) -> Data {
        do {
            var out = try JSONSerialization.data(
                withJSONObject: object,
                options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            out.append(0x0A)
            return out
        } catch {
            throw .exportFailed(String(describing: error))
        }
    }

    static func triageObject(_ value: Triage) -> [String: Any] {
        ["status": value.status.rawValue, "note": value.note, "setAt": WorkbenchDocument.iso8601(value.setAt)]
    }
}
