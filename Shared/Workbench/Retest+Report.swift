import Foundation

// The retest's outputs: the `diff --format json` document of docs/workbench.md, the text for
// people, and the retest report (a report of NEW with a "Changes since …" section first).
extension Retest {
    /// The `diff --format json` document (docs/workbench.md), plus `triageChanges`.
    public func jsonDocument() throws(WorkbenchDocumentError) -> Data {
        let object: [String: Any]
        do { object = try jsonObject() } catch { throw .exportFailed(String(describing: error)) }
        return try TriagedReports.jsonLine(object)
    }

    /// The document as a JSON tree (also embedded in the retest JSON and SARIF reports).
    public func jsonObject() throws -> [String: Any] {
        func side(_ value: Side) -> [String: Any] {
            [
                "savedAt": value.savedAt.map(WorkbenchDocument.iso8601) ?? NSNull(),
                "source": ["name": value.name, "sha256": value.sha256],
            ]
        }
        func triage(_ value: Triage?) -> Any { value.map(TriagedReports.triageObject) ?? NSNull() }
        return [
            "schemaVersion": Workbench.schemaVersion,
            "old": side(old),
            "new": side(new),
            "findings": [
                "new": try newFindings.map(Self.findingObject),
                "fixed": try fixedFindings.map(Self.findingObject),
                "open": try openFindings.map(Self.findingObject),
            ],
            "triageChanges": triageChanges.map {
                [
                    "fingerprint": $0.fingerprint, "old": triage($0.old),
                    "new": triage($0.new),
                ]
            },
            "domains": domains.map { ["host": $0.host, "change": $0.change, "details": $0.details] as [String: Any] },
            "urls": urls.map { ["url": $0.url, "appID": $0.appID, "old": $0.old, "new": $0.new] },
        ]
    }

    /// The scan JSON's finding object plus `fingerprint` and `triage`.
    static func findingObject(_ value: TriagedFinding) throws -> [String: Any] {
        let data = try JSONOutput.encode(value.finding)
        guard var object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [:] }
        object["fingerprint"] = value.fingerprint
        object["triage"] = value.triage.map(TriagedReports.triageObject) ?? NSNull()
        return object
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
    /// "Changes since" section first; JSON carries `changesSince` (the diff document), SARIF
    /// carries it in the run's `properties` and each result's `baselineState`.
    public func report(
        _ analysis: Analysis, format: ReportFormat, triage: [String: Triage],
        toolVersion: String = Workbench.version
    ) throws(WorkbenchDocumentError) -> Data {
        switch format {
        case .json:
            let diff: [String: Any]
            do { diff = try jsonObject() } catch { throw .exportFailed(String(describing: error)) }
            return try TriagedReports.scanJSON(analysis, triage: triage) { root in root["changesSince"] = diff }
        case .sarif:
            let data = try TriagedReports.render(analysis, format: .sarif, triage: triage, toolVersion: toolVersion)
            return try withBaseline(sarif: data)
        case .markdown, .html, .pdf:
            var document = analysis.reportDocument(toolVersion: toolVersion, triage: triage)
            document.title = "Universal links retest: \(analysis.appName)"
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
    /// `linklab diff` writes every retest report here.
    @MainActor
    public func report(
        of document: WorkbenchDocument, format: ReportFormat,
        toolVersion: String = Workbench.version
    ) throws(WorkbenchDocumentError) -> Data {
        switch format {
        case .json:
            let diff: [String: Any]
            do { diff = try jsonObject() } catch { throw .exportFailed(String(describing: error)) }
            guard let product = document.currentProduct else { throw .notReady }
            let data: Data
            do { data = try product.scanDocument(triage: document.triage) } catch {
                throw .exportFailed(String(describing: error))
            }
            return try TriagedReports.adjusted(data) { root in root["changesSince"] = diff }
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
            do {
                return try report.rendered(as: format, toolVersion: toolVersion)
            } catch {
                throw .exportFailed(error.description)
            }
        }
    }

    /// SARIF `baselineState` (`new`/`unchanged`) on each result, and the diff in the run's properties.
    func withBaseline(sarif data: Data) throws(WorkbenchDocumentError) -> Data {
        do {
            guard var root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                var runs = root["runs"] as? [[String: Any]], var run = runs.first
            else { return data }
            let fresh = Set(newFindings.map(\.fingerprint))
            // Each result names its finding by fingerprint (SARIFReport.fingerprintKey), whatever its order.
            if var results = run["results"] as? [[String: Any]] {
                for index in results.indices {
                    let prints = results[index]["partialFingerprints"] as? [String: Any]
                    guard let print = prints?[SARIFReport.fingerprintKey] as? String else { continue }
                    results[index]["baselineState"] = fresh.contains(print) ? "new" : "unchanged"
                }
                run["results"] = results
            }
            var properties = run["properties"] as? [String: Any] ?? [:]
            properties["linklabRetest"] = try jsonObject()
            run["properties"] = properties
            runs[0] = run
            root["runs"] = runs
            var out =
                try JSONSerialization.data(
                    withJSONObject: root,
                    options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            out.append(0x0A)
            return out
        } catch {
            throw .exportFailed(String(describing: error))
        }
    }
}
