import Findings
import Foundation

/// One part of a scan's text face (`ProductAnalysis.textSections`): the words of one app or of
/// the cross-platform verdict table, without styling. Every string is the raw text of the
/// analysis (input names, identifiers, URLs, reasons); a face that prints it to a terminal makes
/// each one safe (`TerminalText.safe`) and adds its own emphasis.
public struct ScanTextSection: Sendable, Equatable {
    /// The first line's emphasised start and the plain rest of that line (the iOS app's name,
    /// then its bundle identifier, application identifier and input file).
    public struct Title: Sendable, Equatable {
        public var emphasized: String
        public var rest: String

        public init(emphasized: String, rest: String) {
            self.emphasized = emphasized
            self.rest = rest
        }
    }

    /// The platform this part is about ("iOS", "Android") when the scan read both apps; nil for
    /// a scan of one app and for the cross-platform table.
    public var heading: String?
    /// The emphasised first line, when the part has one.
    public var title: Title?
    /// The summary's lines, in order, none containing a line feed.
    public var summary: [String]
    /// What the analysis notes (each printed as `note: …`).
    public var notes: [String]
    /// The part's findings, listed under its summary.
    public var findings: [Finding]

    public init(
        heading: String? = nil, title: Title? = nil, summary: [String], notes: [String] = [],
        findings: [Finding]
    ) {
        self.heading = heading
        self.title = title
        self.summary = summary
        self.notes = notes
        self.findings = findings
    }
}

extension ProductAnalysis {
    /// The scan's text face as parts, in order: the iOS app's, the Android app's, then (with both
    /// apps) the cross-platform table's. With both apps the two app parts are headed "iOS" and
    /// "Android"; a scan of one app has one part, unheaded.
    public var textSections: [ScanTextSection] {
        switch self {
        case .ios(let analysis):
            [Self.section(analysis)]
        case .android(let analysis):
            [Self.section(analysis)]
        case .both(let both):
            [
                Self.section(both.ios, heading: AppPlatform.ios.name),
                Self.section(both.android, heading: AppPlatform.android.name),
                ScanTextSection(summary: Self.lines(of: both.table.summaryText()), findings: both.table.findings),
            ]
        }
    }

    /// The iOS part: the app's name (emphasised) with its identity and input file, then one line
    /// counting the domains (how many were supplied or not fetched) and the URLs tested (with
    /// each decision's count when any URL was decided), the notes and the findings.
    static func section(_ analysis: Analysis, heading: String? = nil) -> ScanTextSection {
        let main = analysis.snapshot.mainBundle
        let input = URL(fileURLWithPath: analysis.snapshot.source.path).lastPathComponent
        let identity = "\(main?.bundleIdentifier ?? "?")  \(main?.applicationIdentifier ?? "no app ID")"
        let supplied = analysis.domains.filter { $0.routes.contains { $0.route == .local } }.count
        let fetched = analysis.domains.count - supplied
        var domainLine = "\(analysis.domains.count) domain\(analysis.domains.count == 1 ? "" : "s")"
        if analysis.offline {
            domainLine += " (offline: \(supplied) supplied, \(fetched) not fetched)"
        } else if supplied > 0 {
            domainLine += " (\(fetched) fetched, \(supplied) supplied)"
        }
        let firstVerdicts = analysis.urlTests.compactMap(analysis.appVerdict)
        var urlLine = "\(analysis.urlTests.count) URL\(analysis.urlTests.count == 1 ? "" : "s") tested"
        if !firstVerdicts.isEmpty {
            let counts = Dictionary(grouping: firstVerdicts, by: \.decision).mapValues(\.count)
            urlLine +=
                " (" + Decision.allCases.map { "\(counts[$0] ?? 0) \($0.rawValue)" }.joined(separator: ", ")
                + ")"
        }
        return ScanTextSection(
            heading: heading, title: .init(emphasized: analysis.appName, rest: "  \(identity)  (\(input))"),
            summary: ["\(domainLine), \(urlLine)"], notes: analysis.notes, findings: analysis.findings)
    }

    /// The Android part: `AndroidAnalysis.summaryText()` as lines, and the findings.
    static func section(_ analysis: AndroidAnalysis, heading: String? = nil) -> ScanTextSection {
        ScanTextSection(heading: heading, summary: lines(of: analysis.summaryText()), findings: analysis.findings)
    }

    /// `text` cut at each line feed (scalar by scalar, so a carriage return before one stays on
    /// its line), without the empty line after a final line feed; none for an empty text.
    static func lines(of text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }
        if text.unicodeScalars.last == "\n" { lines.removeLast() }
        return lines
    }
}
