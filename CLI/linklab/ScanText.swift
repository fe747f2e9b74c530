import Foundation
import Workbench

/// ANSI styling for `scan` text output: only on a terminal, never with `NO_COLOR` set.
struct ScanStyle: Sendable {
    let enabled: Bool

    static func forStandardOutput() -> ScanStyle {
        let environment = ProcessInfo.processInfo.environment
        return ScanStyle(
            enabled: isatty(STDOUT_FILENO) == 1 && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb")
    }

    func paint(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    func severity(_ severity: Severity, width: Int) -> String {
        let padded = severity.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)
        switch severity {
        case .critical: return paint(padded, "1;35")
        case .high: return paint(padded, "1;31")
        case .medium: return paint(padded, "33")
        case .low: return paint(padded, "36")
        case .info: return paint(padded, "2")
        }
    }

    func bold(_ text: String) -> String { paint(text, "1") }
    func dim(_ text: String) -> String { paint(text, "2") }
}

/// The people-facing summary of a scan, whichever apps it read: each part of
/// `ProductAnalysis.textSections` in turn (its heading, its title line, summary and notes, a
/// table of findings by severity, then one line per finding: ID, severity, subject, title), then
/// the files written (reports, and the session when `--save` wrote one). The package gives the
/// words; this renderer owns the terminal: emphasis, colours and `TerminalText.safe`.
struct ScanTextRenderer {
    let style: ScanStyle

    /// A scan's text (and `report`'s for a saved session).
    func render(_ product: ProductAnalysis, reports: [String], savedSession: String? = nil) -> String {
        let safe = { (text: String) in TerminalText.safe(text) }
        var lines: [String] = []
        for (index, section) in product.textSections.enumerated() {
            if index > 0 { lines.append("") }
            if let heading = section.heading { lines.append(style.bold(safe(heading))) }
            if let title = section.title { lines.append(style.bold(safe(title.emphasized)) + safe(title.rest)) }
            lines += section.summary.map(safe)
            lines += section.notes.map { style.dim("note: " + safe($0)) }
            lines.append("")
            lines += findingLines(section.findings)
        }
        lines += trailer(reports: reports, savedSession: savedSession)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The lines naming the reports written and the session saved (none when neither).
    func trailer(reports: [String], savedSession: String?) -> [String] {
        var lines: [String] = []
        if !reports.isEmpty {
            lines += ["", "Reports: " + reports.map { TerminalText.safe($0) }.joined(separator: ", ")]
        }
        if let savedSession {
            lines += (reports.isEmpty ? [""] : []) + ["Session saved: " + TerminalText.safe(savedSession)]
        }
        return lines
    }

    /// The findings' counts by severity and category, then one line per finding grouped by
    /// category (every scan's text face: iOS, Android and both platforms).
    func findingLines(_ findings: [Finding]) -> [String] {
        let safe = { (text: String) in TerminalText.safe(text) }
        var lines = [style.bold("Findings") + "   security  reliability"]
        let counts = findings.countsByCategory()
        for severity in Severity.descending {
            lines.append(
                "  " + style.severity(severity, width: 9)
                    + String(
                        format: "%8d%13d", counts[.security]?[severity] ?? 0,
                        counts[.reliability]?[severity] ?? 0))
        }
        let totals = FindingCategory.ordered.map { category in findings.filter { $0.category == category }.count }
        lines.append(
            "  " + "total".padding(toLength: 9, withPad: " ", startingAt: 0)
                + String(format: "%8d%13d", totals[0], totals[1]))

        if !findings.isEmpty {
            let idWidth = findings.map(\.id.count).max() ?? 8
            let subjectWidth = min(40, findings.map { safe($0.subject).count }.max() ?? 10)
            for category in FindingCategory.ordered {
                let group = findings.filter { $0.category == category }
                guard !group.isEmpty else { continue }
                lines.append("")
                lines.append(style.bold(category.displayName))
                for finding in group {
                    let shown = safe(finding.subject)
                    let subject = shown.count > subjectWidth ? String(shown.prefix(subjectWidth - 1)) + "…" : shown
                    lines.append(
                        finding.id.padding(toLength: idWidth, withPad: " ", startingAt: 0) + "  "
                            + style.severity(finding.severity, width: 8) + "  "
                            + subject.padding(toLength: subjectWidth, withPad: " ", startingAt: 0) + "  "
                            + safe(finding.title))
                }
            }
        }
        return lines
    }
}

/// Progress on standard error ("fetch 3/10 hosts"), only when standard error is a terminal.
final class ScanProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var planned = 0
    private var hostsDone = 0
    private var urlsDone = 0
    private var shown = false

    static func makeIfTerminal() -> ScanProgress? {
        isatty(STDERR_FILENO) == 1 ? ScanProgress() : nil
    }

    /// One line for `event`: a stage begun, the hosts fetched so far of every platform's planned
    /// hosts, every 100th URL decided.
    func show(_ event: ProductScanEvent) {
        lock.withLock {
            let line: String?
            switch event {
            case .stageStarted(let platform, let stage):
                line = "\(platform.name) \(stage.rawValue)…"
            case .hostsPlanned(_, let count):
                planned += count
                line = "fetch \(hostsDone)/\(planned) hosts"
            case .hostDone(_, let host):
                hostsDone += 1
                line = "fetch \(hostsDone)/\(planned) hosts (\(TerminalText.safe(host)))"
            case .urlDecided:
                urlsDone += 1
                line = urlsDone % 100 == 1 ? "match \(urlsDone) URLs" : nil
            }
            guard let line else { return }
            shown = true
            FileHandle.standardError.write(Data("\r\u{1B}[K\(line)".utf8))
        }
    }

    func clear() {
        lock.withLock {
            if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            shown = false
        }
    }
}
