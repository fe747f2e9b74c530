import Findings
import Foundation

/// A face-neutral report: what every renderer (Markdown, HTML, PDF, SARIF) draws from.
///
/// The Workbench builds one from an analysis; renderers never look at the engine's models.
/// Nothing here reads the clock: `generatedAt` is printed only when the caller passes it.
public struct ReportDocument: Sendable, Hashable {
    /// Report title ("Universal links assessment: Example").
    public var title: String
    /// What kind of assessment the report is: its title up to the first ": " ("Universal links
    /// assessment", "Android App Links assessment", "Universal links and App Links assessment"),
    /// the whole title when it has none. The PDF's cover and running header and the HTML cover print it.
    public var kind: String {
        title.range(of: ": ").map { String(title[..<$0.lowerBound]) } ?? title
    }
    /// Optional line under the title (the input file name, the engagement).
    public var subtitle: String?
    /// App identity as label/value pairs (bundle ID, app ID, team, version, input SHA-256).
    public var identity: [KeyValue]
    /// Client, tester, scope and dates, printed on the first page when set.
    public var engagement: Engagement
    /// Who made it ("UniversalLinkLab 0.1 — linklab scan").
    public var generatedBy: String
    /// When it was made; nil prints no date (deterministic output).
    public var generatedAt: Date?
    /// Every finding of the analysis, kept in report order.
    public var findings: [Finding] {
        didSet { findings = findings.sortedForReport() }
    }
    /// The body, in order.
    public var sections: [ReportSection]
    /// Signed entitlements per bundle, printed as an appendix.
    public var entitlements: [EntitlementsListing]
    /// The tester's triage per finding fingerprint (`Finding.fingerprint`). Findings marked
    /// false-positive or accepted-risk leave the findings list and the summary for the
    /// "Triaged" section (SARIF: `suppressions`); other statuses are shown on the finding.
    public var triage: [String: Triage]
    /// What was audited and how the report was made, for machine readers (SARIF's `artifacts`,
    /// `invocations` and `automationDetails`); the human formats do not print it.
    public var run = ReportRun()

    /// A report; findings are sorted into report order.
    public init(
        title: String, subtitle: String? = nil, identity: [KeyValue] = [],
        generatedBy: String, generatedAt: Date? = nil, findings: [Finding] = [],
        sections: [ReportSection] = [], entitlements: [EntitlementsListing] = [],
        triage: [String: Triage] = [:], engagement: Engagement = Engagement()
    ) {
        self.title = title
        self.engagement = engagement
        self.subtitle = subtitle
        self.identity = identity
        self.generatedBy = generatedBy
        self.generatedAt = generatedAt
        self.findings = findings.sortedForReport()
        self.sections = sections
        self.entitlements = entitlements
        self.triage = triage
    }

    /// Counts by severity of the findings still listed (triaged-away ones are not counted).
    public var summary: FindingsSummary {
        FindingsSummary(findings: listedFindings)
    }

    /// The triage of `finding`, nil when it was never triaged.
    public func triage(of finding: Finding) -> Triage? {
        triage.isEmpty ? nil : triage[finding.fingerprint]
    }

    /// The findings in report order with their triage.
    public var triagedFindings: [TriagedFinding] {
        findings.map { TriagedFinding(finding: $0, triage: triage(of: $0)) }
    }

    /// The findings the report lists: all but those marked false-positive or accepted-risk.
    public var listedFindings: [Finding] { listed(findings) }

    /// `findings` without those marked false-positive or accepted-risk.
    public func listed(_ findings: [Finding]) -> [Finding] {
        Self.listed(findings, triage: triage)
    }

    /// `findings` without those `triage` marks false-positive or accepted-risk: what every
    /// format lists and counts (`FindingCounts` too).
    public static func listed(_ findings: [Finding], triage: [String: Triage]) -> [Finding] {
        triage.isEmpty ? findings : findings.filter { triage[$0.fingerprint]?.status.isSuppressed != true }
    }

    /// The findings marked false-positive or accepted-risk, in report order.
    public var suppressedFindings: [TriagedFinding] {
        triage.isEmpty ? [] : triagedFindings.filter { $0.status.isSuppressed }
    }

    /// The "Triaged" section every document format prints after the body, nil when no finding
    /// is suppressed: rule, severity, title, subject, status, note and when it was set.
    public var triagedSection: ReportSection? {
        let suppressed = suppressedFindings
        guard !suppressed.isEmpty else { return nil }
        let rows = suppressed.map { item in
            [
                item.finding.id, item.finding.severity.displayName, item.finding.title, item.finding.subject,
                item.status.rawValue, item.triage?.note ?? "", item.triage.map { ReportDate.text($0.setAt) } ?? "",
            ]
        }
        return ReportSection(
            title: "Triaged",
            blocks: [
                .paragraph(
                    """
                    The tester marked these findings as false positives or accepted risks; they are not counted above.
                    """),
                .table(
                    ReportTable(columns: ["ID", "Severity", "Title", "Subject", "Status", "Note", "Set"], rows: rows)),
            ])
    }

    /// "Triage: confirmed (note)" for a listed finding triaged with another status than open,
    /// nil otherwise.
    func inlineTriage(_ finding: Finding) -> String? {
        guard let triage = triage(of: finding), triage.status != .open else { return nil }
        return triage.status.rawValue + (triage.note.isEmpty ? "" : " — " + triage.note)
    }

    /// `generatedAt` as ISO 8601 UTC (`2026-11-21T08:00:00Z`), nil when absent.
    public var generatedAtText: String? {
        generatedAt.map(ReportDate.text)
    }
}

/// One label and its value.
public struct KeyValue: Sendable, Hashable, Codable {
    /// The label ("Bundle identifier").
    public var key: String
    /// The value ("com.example.app").
    public var value: String

    /// A label/value pair.
    public init(_ key: String, _ value: String) {
        self.key = key
        self.value = value
    }
}

/// A titled part of the report body.
public struct ReportSection: Sendable, Hashable {
    /// Section title ("Associated domains").
    public var title: String
    /// Its content, in order.
    public var blocks: [ReportBlock]
    /// True for raw material after the findings (tables, traces): printed under "Appendix".
    public var isAppendix: Bool

    /// A section with a title and blocks.
    public init(title: String, blocks: [ReportBlock], isAppendix: Bool = false) {
        self.title = title
        self.blocks = blocks
        self.isAppendix = isAppendix
    }
}

/// One piece of content inside a section.
public enum ReportBlock: Sendable, Hashable {
    /// A sub-heading inside the section.
    case heading(String)
    /// Running text; blank lines are paragraph breaks, single newlines are line breaks.
    case paragraph(String)
    /// Label/value pairs (two columns).
    case keyValues([KeyValue])
    /// A table with a header row.
    case table(ReportTable)
    /// Monospaced text kept as is (a matcher trace, a JSON excerpt).
    case code(CodeBlock)
    /// Findings, grouped by severity, with evidence.
    case findings([Finding])
}

/// A table: column titles and rows of cell text.
public struct ReportTable: Sendable, Hashable {
    /// Column titles.
    public var columns: [String]
    /// Rows; a short row is padded with empty cells, extra cells are dropped.
    public var rows: [[String]]
    /// A shorter form for paged output (the PDF prints it instead); Markdown and HTML print
    /// the full table.
    public var compact: CompactForm?

    /// A table with column titles and rows.
    public init(columns: [String], rows: [[String]], compact: CompactForm? = nil) {
        self.columns = columns
        self.rows = rows
        self.compact = compact
    }

    /// Rows padded or cut to the column count.
    public var normalizedRows: [[String]] {
        rows.map { row in
            Array((row + Array(repeating: "", count: max(0, columns.count - row.count))).prefix(columns.count))
        }
    }
}

/// Monospaced text with an optional caption.
public struct CodeBlock: Sendable, Hashable {
    /// Caption ("Trace for https://example.com/buy/42").
    public var caption: String?
    /// The text, lines separated by `\n`.
    public var text: String
    /// True when each line is a shell command: a PDF wraps it between arguments only, with a
    /// trailing ` \` so that the copied lines still run.
    public var isShell: Bool
    /// A shorter form for paged output (a trace's deciding step): the PDF prints it instead,
    /// consecutive blocks' forms as one table; Markdown and HTML print the full text.
    public var compact: CompactForm?

    /// A code block.
    public init(caption: String? = nil, text: String, isShell: Bool = false, compact: CompactForm? = nil) {
        self.caption = caption
        self.text = text
        self.isShell = isShell
        self.compact = compact
    }
}

/// The short form of a block for paged output: rows of the deciding facts, and a note that
/// says what was shortened and where the full text is (printed once above the rows).
public struct CompactForm: Sendable, Hashable {
    /// Column titles.
    public var columns: [String]
    /// Rows. A row whose first cell is empty continues the item of the row above.
    public var rows: [[String]]
    /// What was left out and where the full text is ("Full traces: the JSON and HTML reports").
    public var note: String

    /// A compact form.
    public init(columns: [String], rows: [[String]], note: String) {
        self.columns = columns
        self.rows = rows
        self.note = note
    }
}

/// The signed entitlements of one bundle, already rendered as text (pretty JSON).
public struct EntitlementsListing: Sendable, Hashable {
    /// Bundle path or identifier.
    public var bundle: String
    /// The entitlements as text.
    public var text: String

    /// A listing for one bundle.
    public init(bundle: String, text: String) {
        self.bundle = bundle
        self.text = text
    }
}

/// How many findings there are at each severity.
public struct FindingsSummary: Sendable, Hashable {
    /// Count per severity, most severe first, zeros included.
    public var counts: [(severity: Severity, count: Int)]

    /// Counts the findings.
    public init(findings: [Finding]) {
        let bySeverity = findings.countsBySeverity()
        counts = Severity.descending.map { ($0, bySeverity[$0] ?? 0) }
    }

    /// All findings.
    public var total: Int { counts.reduce(0) { $0 + $1.count } }

    /// The most severe level present, nil when there are no findings.
    public var highest: Severity? { counts.first { $0.count > 0 }?.severity }

    /// "1 critical, 2 high, 0 medium, 0 low, 3 info" (severity words are not pluralised).
    public var line: String {
        counts.map { "\($0.count) \($0.severity.rawValue)" }.joined(separator: ", ")
    }

    public static func == (lhs: FindingsSummary, rhs: FindingsSummary) -> Bool {
        lhs.counts.elementsEqual(rhs.counts) { $0.severity == $1.severity && $0.count == $1.count }
    }

    public func hash(into hasher: inout Hasher) {
        for entry in counts {
            hasher.combine(entry.severity)
            hasher.combine(entry.count)
        }
    }
}

extension ReportDocument {
    /// Findings grouped by severity, most severe first, empty groups left out.
    static func grouped(_ findings: [Finding]) -> [(severity: Severity, findings: [Finding])] {
        let sorted = findings.sortedForReport()
        return Severity.descending.compactMap { severity in
            let group = sorted.filter { $0.severity == severity }
            return group.isEmpty ? nil : (severity, group)
        }
    }
}

/// What a report's findings are about and how it was made: the audited files (by the names the
/// tester gave them, with their SHA-256 when known), the app they are (a bundle ID or package:
/// the run's identity for dashboards), and the command that made the report.
public struct ReportRun: Sendable, Hashable {
    public struct Artifact: Sendable, Hashable {
        public var name: String
        /// Lower-case hex, when known.
        public var sha256: String?
        public init(name: String, sha256: String?) {
            self.name = name
            self.sha256 = sha256
        }
    }

    public var artifacts: [Artifact]
    /// The app's identity (`com.example.app`), or both apps' joined by `+`.
    public var subject: String?
    public var invocation: ReportInvocation?
    /// Hosts whose file the findings judged is a what-if edit, not what the domain serves.
    public var whatIfHosts: [String]

    public init(
        artifacts: [Artifact] = [], subject: String? = nil, invocation: ReportInvocation? = nil,
        whatIfHosts: [String] = []
    ) {
        self.artifacts = artifacts
        self.subject = subject
        self.invocation = invocation
        self.whatIfHosts = whatIfHosts
    }
}

/// The command that made a report and when it ran (SARIF `invocations`).
public struct ReportInvocation: Sendable, Hashable {
    /// As the tester typed it, files named as in reports (`ShownFileName`), never absolute paths.
    public var commandLine: String
    public var start: Date
    public var end: Date

    public init(commandLine: String, start: Date, end: Date) {
        self.commandLine = commandLine
        self.start = start
        self.end = end
    }
}
