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

    /// The bytes of one export of the current state: a report (triage included), the session
    /// (`save()`), or the test-link page.
    public func export(_ format: ExportFormat) throws(WorkbenchDocumentError) -> Data {
        if format == .session { return try save() }
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
        case let report?: return try TriagedReports.render(analysis, format: report, triage: triage, engagement: engagement)
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
    public func jsonDocument() throws(WorkbenchDocumentError) -> Data {
        guard let analysis else { throw .notReady }
        return try jsonDocument(of: analysis)
    }

    private func jsonDocument(of analysis: Analysis) throws(WorkbenchDocumentError) -> Data {
        let states = Dictionary(domains.compactMap { entry in entry.report.map { ($0.host, entry.state.rawValue) } },
                                uniquingKeysWith: { first, _ in first })
        let records: Any, hostList: Any
        do {
            records = try JSONSerialization.jsonObject(with: JSONOutput.encode(deviceState))
            hostList = try JSONSerialization.jsonObject(with: JSONOutput.encode(hostStatuses))
        } catch {
            throw .exportFailed("could not encode the device state and hosts: \(error)")
        }
        return try TriagedReports.scanJSON(analysis, triage: triage) { root in
            root["phase"] = phase.name
            root["deviceState"] = records
            root["hosts"] = hostList
            root["urlLineProblems"] = urlLineProblems
            if var list = root["domains"] as? [[String: Any]] {
                for index in list.indices {
                    let host = list[index]["host"] as? String ?? ""
                    list[index]["state"] = states[host] ?? "done"
                }
                root["domains"] = list
            }
        }
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
    public static func render(_ analysis: Analysis, format: ReportFormat, triage: [String: Triage],
                              toolVersion: String = Workbench.version,
                              generatedAt: Date? = nil,
                              engagement: Engagement = Engagement()) throws(WorkbenchDocumentError) -> Data {
        do {
            return try analysis.report(format.export, toolVersion: toolVersion, generatedAt: generatedAt, triage: triage,
                                       engagement: engagement)
        } catch {
            throw .exportFailed(error.description)
        }
    }

    /// The scan JSON document (each finding with `fingerprint` and `triage`); `adjust` may add keys.
    public static func scanJSON(_ analysis: Analysis, triage: [String: Triage],
                                adjust: (inout [String: Any]) -> Void) throws(WorkbenchDocumentError) -> Data {
        do {
            let data = try analysis.scanDocument(triage: triage)
            guard var root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw WorkbenchDocumentError.exportFailed("the scan document is not an object")
            }
            adjust(&root)
            return try jsonLine(root)
        } catch let error as WorkbenchDocumentError {
            throw error
        } catch {
            throw .exportFailed(String(describing: error))
        }
    }

    /// A JSON object as the documents print it: pretty, sorted keys, slashes unescaped, one
    /// trailing newline.
    static func jsonLine(_ object: Any) throws(WorkbenchDocumentError) -> Data {
        do {
            var out = try JSONSerialization.data(withJSONObject: object,
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
