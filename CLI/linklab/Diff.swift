import ArgumentParser
import Foundation
import Workbench

/// `linklab diff OLD NEW`: the retest of two saved sessions.
struct DiffCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "The retest: compare two saved sessions (.linklab) re-evaluated with this engine.",
        discussion: """
            Findings new, fixed (gone, or triaged fixed) and still open; triage changes; per host, \
            what changed in the served file (semantic, not bytes) and in the fetch; per URL, the \
            verdicts that changed. --report FILE writes a retest report (a report of NEW with a \
            "Changes since" section) in \(ExportFormat.extensions(ExportFormat.retestReports)).

            Examples:
              linklab diff before.linklab after.linklab
              linklab diff before.linklab after.linklab --fail-on critical \\
                  --report out/retest.pdf
              linklab diff before.linklab after.linklab --format json > retest.json

            Exit 0 when done; 1 when --fail-on is given and a new or still-open finding (not \
            triaged false-positive or accepted-risk) is at or above it; 2 on a usage error; 3 when \
            a session file cannot be read.
            """
    )

    @Argument(help: "The earlier session (.linklab).")
    var old: String

    @Argument(help: "The later session (.linklab).")
    var new: String

    @Option(help: "Output format: text (for people) or json (the diff document of docs/workbench.md).")
    var format: ScanCommand.Format = .text

    @Option(
        name: .customLong("report"),
        help: ArgumentHelp(
            "Write a retest report; the format follows the name: "
                + ExportFormat.extensions(ExportFormat.retestReports) + " (repeatable).",
            valueName: "FILE"))
    var reports: [String] = []

    @Option(
        name: .customLong("fail-on"),
        help: ArgumentHelp(
            """
            Exit 1 when a new or still-open finding is at or above SEVERITY, or, written CATEGORY:SEVERITY \
            (security:medium), one of that category is. Repeatable.
            """, valueName: "[CATEGORY:]SEVERITY"))
    var failOn: [String] = []

    func validate() throws {
        try SessionCLI.validate(failOn: failOn, reports: reports, allowed: ExportFormat.retestReports)
    }

    func run() async throws {
        try SessionCLI.checkWritable(reports)
        let oldData = try SessionCLI.readSession(old)
        let newData = try SessionCLI.readSession(new)
        try await MainActor.run {
            let before = WorkbenchDocument()
            let after = WorkbenchDocument()
            for (document, data, path) in [(before, oldData, old), (after, newData, new)] {
                document.noteAudience = .commandLine
                do throws(WorkbenchDocumentError) {
                    try document.openSession(data)
                } catch {
                    throw failUnreadable(path, InspectTextRenderer.terminalSafe(error.description))
                }
            }
            guard after.currentAnalysis != nil || after.androidAnalysis != nil else {
                throw failUnreadable(new, "the session holds nothing to compare")
            }
            let retest = Retest(old: before, new: after)
            for report in reports {
                try SessionCLI.write(report) { () throws(WorkbenchDocumentError) -> Data in
                    let kind: ExportFormat
                    do {
                        kind = try ExportFormat(path: report, allowed: ExportFormat.retestReports)
                    } catch {
                        throw .exportFailed(String(describing: error))
                    }
                    guard let format = kind.report else { throw .exportFailed("\(kind.label) is no retest report") }
                    return try retest.report(of: after, format: format)
                }
            }
            switch format {
            case .json:
                FileHandle.standardOutput.write(
                    try SessionCLI.orExit { () throws(WorkbenchDocumentError) -> Data in
                        try retest.jsonDocument()
                    })
            case .text:
                FileHandle.standardOutput.write(Data(retest.text().utf8))
            }
            try SessionCLI.failIfTripped(failOn, by: retest.failing(try SessionCLI.thresholds(failOn)).map(\.finding))
        }
    }
}

extension Retest {
    /// What `diff` prints for people.
    func text() -> String {
        var lines: [String] = []
        lines.append("Retest: \(Self.label(new)) against \(Self.label(old))")
        lines.append("")
        lines.append(
            """
            Findings: \(newFindings.count) new, \(fixedFindings.count) fixed, \(openFindings.count) still open
            """)
        for (title, list) in [("new", newFindings), ("fixed", fixedFindings), ("still open", openFindings)] {
            for item in list {
                let status = item.triage.map { " [\($0.status.rawValue)]" } ?? ""
                lines.append(
                    """
                      \(title): \(item.finding.severity.rawValue) \(item.finding.id) \
                    \(InspectTextRenderer.terminalSafe(item.finding.subject)): \
                    \(InspectTextRenderer.terminalSafe(item.finding.title))\(status)
                    """)
            }
        }
        if !triageChanges.isEmpty {
            lines.append("")
            lines.append("Triage changes:")
            for change in triageChanges {
                lines.append(
                    """
                      \(change.fingerprint): \(change.old?.status.rawValue ?? "none") \
                    → \(change.new?.status.rawValue ?? "none")
                    """)
            }
        }
        lines.append("")
        lines.append("Domains:")
        for domain in domains {
            lines.append("  \(InspectTextRenderer.terminalSafe(domain.host)): \(domain.change)")
            for detail in domain.details { lines.append("    \(InspectTextRenderer.terminalSafe(detail))") }
        }
        if !urls.isEmpty {
            lines.append("")
            lines.append("URL verdicts that changed:")
            for change in urls {
                lines.append(
                    """
                      \(InspectTextRenderer.terminalSafe(change.url)) \
                    (\(InspectTextRenderer.terminalSafe(change.appID))): \(change.old) → \(change.new)
                    """)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func label(_ side: Side) -> String {
        let when = side.savedAt.map(WorkbenchDocument.iso8601) ?? "unsaved"
        return "\(InspectTextRenderer.terminalSafe(side.name)) (saved \(when))"
    }

}
