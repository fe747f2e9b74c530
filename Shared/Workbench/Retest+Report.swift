import Foundation

// The retest's outputs: the `diff --format json` document of docs/workbench.md, the text for
// people, and the retest report (a report of NEW with a "Changes since …" section first).
extension Retest {
    /// The `diff --format json` document (docs/workbench.md), plus `triageChanges`.
    public func jsonDocument() throws(WorkbenchDocumentError) -> Data {
        try TriagedReports.jsonLine(RetestJSON(self))
    }

    /// The "Changes since …" section of a retest report.
    public var changesSection: ReportSection {
        func rows(_ list: [TriagedFinding], _ label: String) -> [[String]] {
            list.map {
                [
                    label, $0.finding.severity.rawValue, $0.finding.id, $0.finding.subject, $0.finding.title,
                    $0.triage.map { $0.note.isEmpty ? $0.status.rawValue : "\($0.status.rawValue): \($0.note)" }
                        ?? "open",
                ]
            }
        }
        var blocks: [ReportBlock] = [
            .paragraph(
                """
                This retest compares the session saved \(old.savedAt.map(WorkbenchDocument.iso8601) ?? "unsaved") \
                (\(old.name)) with the session saved \(new.savedAt.map(WorkbenchDocument.iso8601) ?? "unsaved") \
                (\(new.name)). Both were re-evaluated with UniversalLinkLab \(Workbench.version).
                """),
            .keyValues([
                KeyValue("New findings", String(newFindings.count)),
                KeyValue("Fixed findings", String(fixedFindings.count)),
                KeyValue("Still open", String(openFindings.count)),
                KeyValue("Triage changes", String(triageChanges.count)),
            ]),
        ]
        let findingRows = rows(newFindings, "new") + rows(fixedFindings, "fixed") + rows(openFindings, "still open")
        if !findingRows.isEmpty {
            blocks.append(.heading("Findings"))
            blocks.append(
                .table(
                    ReportTable(
                        columns: ["Change", "Severity", "ID", "Subject", "Title", "Triage"],
                        rows: findingRows)))
        }
        if !triageChanges.isEmpty {
            blocks.append(.heading("Triage changes"))
            blocks.append(
                .table(
                    ReportTable(
                        columns: ["Fingerprint", "Before", "After", "Note"],
                        rows: triageChanges.map {
                            [
                                $0.fingerprint, $0.old?.status.rawValue ?? "none", $0.new?.status.rawValue ?? "none",
                                $0.new?.note ?? "",
                            ]
                        })))
        }
        blocks.append(.heading("Domains"))
        blocks.append(
            .table(
                ReportTable(
                    columns: ["Host", "Change", "Details"],
                    rows: domains.map {
                        [$0.host, $0.change, $0.details.isEmpty ? "—" : $0.details.joined(separator: "\n")]
                    })))
        if !urls.isEmpty {
            blocks.append(.heading("URL verdicts that changed"))
            blocks.append(
                .table(
                    ReportTable(
                        columns: ["URL", "App ID", "Before", "After"],
                        rows: urls.map {
                            [$0.url, $0.appID, $0.old, $0.new]
                        })))
        }
        let when = old.savedAt.map(WorkbenchDocument.iso8601) ?? "the previous session"
        return ReportSection(title: "Changes since \(when)", blocks: blocks)
    }

    /// The retest report of `analysis` (NEW's facts) in `format`: the report with the
    /// "Changes since" section first, its maker `linklab diff` for the command line
    /// (`NoteAudience.generatedBy`, the workbench for the workbench); JSON carries
    /// `changesSince` (the diff document), SARIF carries it in the run's `properties` and each
    /// result's `baselineState`.
    public func report(
        _ analysis: Analysis, format: ReportFormat, triage: [String: Triage],
        toolVersion: String = Workbench.version
    ) throws(WorkbenchDocumentError) -> Data {
        switch format {
        case .json:
            let scan = ScanDocument(analysis: analysis, triage: triage)
            return try TriagedReports.jsonLine(JSONMerged(scan, ChangesSince(changesSince: RetestJSON(self))))
        case .sarif:
            let data = try TriagedReports.render(analysis, format: .sarif, triage: triage, toolVersion: toolVersion)
            return try withBaseline(sarif: data)
        case .markdown, .html, .pdf:
            var document = analysis.reportDocument(toolVersion: toolVersion, triage: triage)
            document.title = "Universal links retest: \(analysis.appName)"
            document.generatedBy = analysis.noteAudience.generatedBy(toolVersion: toolVersion, command: "diff")
            document.sections.insert(changesSection, at: 0)
            do {
                return try document.rendered(as: format, toolVersion: toolVersion)
            } catch {
                throw .exportFailed(error.description)
            }
        }
    }

    /// The retest report of `document` (NEW, opened), whatever apps it holds: the report of its
    /// product (the iOS report, the Android report, or the two-platform one) with the "Changes
    /// since" section first; its JSON is the product's scan document (`currentProduct`, with
    /// triage) with `changesSince`, its SARIF the document's with each result's `baselineState`.
    /// `linklab diff` writes every retest report here, and its reports name it as their maker
    /// (a workbench document's name the workbench).
    @MainActor
    public func report(
        of document: WorkbenchDocument, format: ReportFormat,
        toolVersion: String = Workbench.version
    ) throws(WorkbenchDocumentError) -> Data {
        switch format {
        case .json:
            guard let product = document.currentProduct else { throw .notReady }
            let changes = ChangesSince(changesSince: RetestJSON(self))
            switch product {
            case .ios(let analysis):
                let scan = ScanDocument(analysis: analysis, triage: document.triage)
                return try TriagedReports.jsonLine(JSONMerged(scan, changes))
            case .android(let analysis):
                let scan = AndroidScanDocument(analysis, triage: document.triage)
                return try TriagedReports.jsonLine(JSONMerged(scan, changes))
            case .both(let both):
                let scan = CrossPlatformScanDocument(both, triage: document.triage)
                return try TriagedReports.jsonLine(JSONMerged(scan, changes))
            }
        case .sarif:
            return try withBaseline(sarif: try document.export(.sarif))
        case .markdown, .html, .pdf:
            var report: ReportDocument
            if let both = document.currentCrossPlatform {
                report = both.reportDocument(
                    toolVersion: toolVersion, triage: document.triage,
                    engagement: document.engagement)
                report.title =
                    "Universal links and App Links retest: \(both.ios.appName) / "
                    + both.android.facts.packageName
            } else if let android = document.androidAnalysis {
                report = android.reportDocument(
                    toolVersion: toolVersion, triage: document.triage,
                    engagement: document.engagement)
                report.title = "Android App Links retest: \(android.facts.packageName)"
            } else if let analysis = document.currentAnalysis {
                return try self.report(analysis, format: format, triage: document.triage, toolVersion: toolVersion)
            } else {
                throw .notReady
            }
            report.sections.insert(changesSection, at: 0)
            report.generatedBy = document.noteAudience.generatedBy(toolVersion: toolVersion, command: "diff")
            do {
                return try report.rendered(as: format, toolVersion: toolVersion)
            } catch {
                throw .exportFailed(error.description)
            }
        }
    }

    /// SARIF `baselineState` (`new`/`unchanged`) on each result, and the diff in the run's
    /// properties (`linklabRetest`). The log is `Reports`' (`SARIFReport`, whose types are its
    /// own), so it is read back as a `JSONValue` and edited there; `data` as it is when it holds
    /// no run.
    func withBaseline(sarif data: Data) throws(WorkbenchDocumentError) -> Data {
        let fresh = Set(newFindings.map(\.fingerprint))
        let root: JSONValue
        let retest: JSONValue
        do {
            root = try JSONValue(json: data)
            retest = try JSONValue(encoding: RetestJSON(self))
        } catch {
            throw .exportFailed(String(describing: error))
        }
        guard case .object(var log) = root, case .array(var runs)? = log["runs"], case .object(var run)? = runs.first
        else { return data }
        // Each result names its finding by fingerprint (SARIFReport.fingerprintKey), whatever its order.
        if case .array(var results)? = run["results"] {
            for index in results.indices {
                guard case .object(var result) = results[index],
                    case .object(let prints)? = result["partialFingerprints"],
                    case .string(let print)? = prints[SARIFReport.fingerprintKey]
                else { continue }
                result["baselineState"] = .string(fresh.contains(print) ? "new" : "unchanged")
                results[index] = .object(result)
            }
            run["results"] = .array(results)
        }
        var properties: [String: JSONValue] = [:]
        if case .object(let present)? = run["properties"] { properties = present }
        properties["linklabRetest"] = retest
        run["properties"] = .object(properties)
        runs[0] = .object(run)
        log["runs"] = .array(runs)
        return try TriagedReports.jsonLine(JSONValue.object(log))
    }
}

/// The key a retest report adds to its scan document: `changesSince`, the diff document.
private struct ChangesSince: Encodable {
    var changesSince: RetestJSON
}

/// The `diff --format json` document of docs/workbench.md (`Retest.jsonDocument()`), also
/// embedded in the retest's JSON report (`changesSince`) and SARIF (`linklabRetest`): both
/// sides (`savedAt`, null when never saved, and the `source` name and digest), the findings
/// new, fixed and open (each as in the scan document, with `fingerprint` and `triage`), the
/// triage changes (`old` and `new`, null for none), and the domain and URL changes.
struct RetestJSON: Encodable {
    var retest: Retest

    init(_ retest: Retest) {
        self.retest = retest
    }

    private enum Key: String, CodingKey { case schemaVersion, old, new, findings, triageChanges, domains, urls }

    private struct Side: Encodable {
        var side: Retest.Side

        private enum Key: String, CodingKey { case savedAt, source }
        private enum SourceKey: String, CodingKey { case name, sha256 }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(side.savedAt.map(WorkbenchDocument.iso8601), forKey: .savedAt)
            var source = container.nestedContainer(keyedBy: SourceKey.self, forKey: .source)
            try source.encode(side.name, forKey: .name)
            try source.encode(side.sha256, forKey: .sha256)
        }
    }

    private struct Findings: Encodable {
        var new: [FindingJSON]
        var fixed: [FindingJSON]
        var open: [FindingJSON]
    }

    private struct TriageChange: Encodable {
        var change: Retest.TriageChange

        private enum Key: String, CodingKey { case fingerprint, old, new }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(change.fingerprint, forKey: .fingerprint)
            try container.encode(change.old.map(TriageJSON.init), forKey: .old)
            try container.encode(change.new.map(TriageJSON.init), forKey: .new)
        }
    }

    func encode(to encoder: any Encoder) throws {
        func entries(_ list: [TriagedFinding]) -> [FindingJSON] {
            list.map { FindingJSON($0.finding, triage: $0.triage) }
        }
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(Workbench.schemaVersion, forKey: .schemaVersion)
        try container.encode(Side(side: retest.old), forKey: .old)
        try container.encode(Side(side: retest.new), forKey: .new)
        try container.encode(
            Findings(
                new: entries(retest.newFindings), fixed: entries(retest.fixedFindings),
                open: entries(retest.openFindings)),
            forKey: .findings)
        try container.encode(retest.triageChanges.map(TriageChange.init), forKey: .triageChanges)
        try container.encode(retest.domains, forKey: .domains)
        try container.encode(retest.urls, forKey: .urls)
    }
}
