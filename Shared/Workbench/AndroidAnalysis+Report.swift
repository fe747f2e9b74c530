import AndroidApp
import AssociationFetch
import Findings
import Foundation
import Reports

extension AndroidAnalysis {
    /// The face-neutral report (Markdown, HTML, PDF, SARIF): identity, scope, findings, then the
    /// hosts, URL decisions and intent filters as appendices. Deterministic: `generatedAt` is
    /// printed only when given.
    public func reportDocument(
        toolVersion: String, generatedAt: Date? = nil, triage: [String: Triage] = [:],
        engagement: Engagement = Engagement()
    ) -> ReportDocument {
        var document = ReportDocument(
            title: "Android App Links assessment: \(snapshot.manifest.packageName)",
            subtitle: inputName,
            identity: identity,
            generatedBy: noteAudience.generatedBy(toolVersion: toolVersion),
            generatedAt: generatedAt,
            findings: findings,
            sections: [scopeSection, ReportSection(title: "Findings", blocks: [.findings(findings)])]
                + [ProbeFacts.reportSection(probeObservations)].compactMap { $0 }
                + [hostsSection, urlsSection, filtersSection].map { section in
                    ReportSection(title: section.title, blocks: section.blocks, isAppendix: true)
                },
            triage: triage,
            engagement: engagement)
        document.run = ReportRun(
            artifacts: [ReportRun.Artifact(name: inputName, sha256: nil)],
            subject: snapshot.manifest.packageName)
        return document
    }

    /// The bytes of one report file (`.md .html .pdf .json .sarif`; `.json` is the scan document),
    /// with `triage` (by fingerprint) applied as the iOS reports apply it.
    public func report(
        _ kind: ExportFormat, toolVersion: String = Workbench.version, generatedAt: Date? = nil,
        engagement: Engagement = Engagement(), invocation: ReportInvocation? = nil,
        triage: [String: Triage] = [:]
    ) throws(WorkbenchError) -> Data {
        try ReportRendering.bytes(
            kind, toolVersion: toolVersion, invocation: invocation,
            json: { try scanDocument(triage: triage) }
        ) {
            reportDocument(toolVersion: toolVersion, generatedAt: generatedAt, triage: triage, engagement: engagement)
        }
    }

    private var identity: [KeyValue] {
        let manifest = snapshot.manifest
        return [
            KeyValue("Package", manifest.packageName),
            KeyValue("Version", "\(manifest.versionName ?? "unknown") (\(Self.number(manifest.versionCode)))"),
            KeyValue("SDK", "min \(Self.number(manifest.minSDK)), target \(Self.number(manifest.targetSDK))"),
            KeyValue(
                "Signing certificate SHA-256",
                facts.signingFingerprints.isEmpty
                    ? "unsigned"
                    : facts.signingFingerprints.joined(separator: "\n")),
            KeyValue("Input", inputName + (snapshot.baseEntry.map { " (base APK: \($0))" } ?? "")),
        ]
    }

    private static func number(_ value: Int?) -> String {
        value.map(String.init) ?? "unknown"
    }

    private var scopeSection: ReportSection {
        let network =
            facts.offline
            ? """
            Offline: no network was used. \(noteAudience.suppliedFiles(android: true)) stand in for what the \
            hosts serve; other hosts were not fetched and count as not verified.
            """
            : """
            Each verified host's assetlinks.json was fetched as Android does: \
            https://HOST/.well-known/assetlinks.json, HTTPS only, without following redirects, at most 1 MiB.
            """
        let facts = [
            KeyValue(
                "Android version modelled",
                "API \(self.facts.sdk)"
                    + (self.facts.verification.allOrNothing
                        ? " (Android 11 or lower: all hosts verify or none)" : "")),
            KeyValue(
                "Hosts Android verifies",
                self.facts.candidateHosts.isEmpty
                    ? "none"
                    : self.facts.candidateHosts.joined(separator: ", ")),
            KeyValue("URLs decided", String(decisions.count)),
        ]
        return ReportSection(
            title: "Scope and method",
            blocks: [
                .paragraph(
                    """
                    This report covers the Android App Links and deep links of the APK: the intent filters its \
                    manifest declares, what each host Android verifies serves, how Android decides the URLs the \
                    tester supplied, and the findings drawn from these facts.

                    \(network)
                    """),
                .keyValues(facts),
            ])
    }

    private var hostsSection: ReportSection {
        guard !facts.verification.hosts.isEmpty else {
            return ReportSection(
                title: "Verified hosts",
                blocks: [.paragraph("No intent filter asks Android to verify a host.")])
        }
        let rows = facts.verification.hosts.map { host -> [String] in
            let report = facts.report(forFileHost: host.fileHost)
            return [
                host.host, report?.outcome.rawValue ?? "not-fetched",
                report?.result?.status.map(String.init) ?? "—", host.verified ? "yes" : "no", host.reason,
            ]
        }
        return ReportSection(
            title: "Verified hosts",
            blocks: [
                .table(ReportTable(columns: ["Host", "File", "Status", "Verifies", "Why"], rows: rows))
            ])
    }

    private var urlsSection: ReportSection {
        guard !decisions.isEmpty else {
            return ReportSection(
                title: "URLs",
                blocks: [.paragraph("No URL was given (\(noteAudience.givingURLs)).")])
        }
        let rows = decisions.map {
            [
                $0.url, $0.outcome.text, $0.activities.joined(separator: "\n"),
                $0.trace.joined(separator: "\n"),
            ]
        }
        return ReportSection(
            title: "URLs",
            blocks: [
                .table(
                    ReportTable(
                        columns: ["URL", "Outcome", "Activities", "Trace"], rows: rows,
                        compact: CompactForm(
                            columns: TraceDigest.androidColumns,
                            rows: decisions.map(TraceDigest.androidRow),
                            note: TraceDigest.androidNote(noteAudience))))
            ])
    }

    private var filtersSection: ReportSection {
        let rows = snapshot.manifest.activities.flatMap { activity in
            activity.intentFilters.filter { !$0.data.isEmpty }.map { filter -> [String] in
                [
                    activity.name, activity.isEffectivelyExported ? "yes" : "no", filter.autoVerify ? "yes" : "no",
                    filter.data.map { AndroidReport.dataText($0) }.joined(separator: "\n"), String(filter.line),
                ]
            }
        }
        let blocks: [ReportBlock] =
            rows.isEmpty
            ? [.paragraph("No activity declares an intent filter with <data>: the app receives no links.")]
            : [.table(ReportTable(columns: ["Activity", "Exported", "autoVerify", "<data>", "Line"], rows: rows))]
        return ReportSection(title: "Intent filters", blocks: blocks)
    }
}
