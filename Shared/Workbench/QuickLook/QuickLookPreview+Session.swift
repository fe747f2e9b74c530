import Findings
import Foundation

extension QuickLookPreview {
    /// A session's preview: its app, hosts with their state, findings by severity, triage counts.
    public static func session(_ session: SessionFile, name: String) -> QuickLookPreview {
        let main = session.app?.mainBundle
        var preview = QuickLookPreview(
            kind: .session, title: clean(name),
            subtitle: clean(main.map { $0.bundleIdentifier ?? $0.path } ?? "no app"))
        if let main {
            preview.sections.append(
                Section(
                    "App",
                    [
                        Row("Bundle ID", clean(main.bundleIdentifier ?? "—")),
                        Row("Application identifier", clean(main.applicationIdentifier ?? "—")),
                        Row("Version", clean(main.shortVersion ?? main.version ?? "—")),
                    ]))
        }
        let hosts = session.hosts.map { host in
            Row(
                clean(host.host), host.state.label,
                tone: host.state == .failed ? .error : host.state == .pending ? .warning : .plain,
                details: host.services.isEmpty ? [] : [clean(host.services.joined(separator: ", "))])
        }
        preview.sections.append(Section("Hosts", hosts.isEmpty ? [Row("None", "no hosts")] : capped(hosts)))
        var bySeverity: [Severity: Int] = [:]
        for finding in session.findings { bySeverity[finding.finding.severity, default: 0] += 1 }
        let severities: [Severity] = [.critical, .high, .medium, .low, .info]
        preview.sections.append(
            Section(
                "Findings",
                severities.map { severity in
                    let count = bySeverity[severity, default: 0]
                    let tone: Tone =
                        count == 0 ? .plain : severity >= .high ? .error : severity >= .medium ? .warning : .plain
                    return Row(severity.rawValue, String(count), tone: tone)
                }))
        var byStatus: [TriageStatus: Int] = [:]
        for finding in session.findings { byStatus[finding.triage?.status ?? .open, default: 0] += 1 }
        preview.sections.append(
            Section(
                "Triage",
                TriageStatus.allCases.map {
                    Row($0.rawValue, String(byStatus[$0, default: 0]))
                }))
        return preview
    }
}

extension HostState {
    /// The state for people.
    public var label: String {
        switch self {
        case .pending: "Waiting"
        case .fetching: "Fetching…"
        case .done: "Fetched"
        case .failed: "Not fetched"
        case .supplied: "Supplied file"
        case .edited: "Edited (what-if)"
        }
    }
}
