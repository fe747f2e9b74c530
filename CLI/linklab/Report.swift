import ArgumentParser
import Foundation
import Reports
import Workbench

/// `linklab report FILE.linklab`: re-renders a saved session with this engine (no app, no network).
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Re-render a saved session (.linklab) with this engine: reports, JSON, --fail-on.",
        discussion: """
            Opens FILE.linklab (written by scan --save, the web workbench or the Mac app) without the \
            app and without the network, re-evaluates verdicts and findings with this linklab, and \
            writes the reports asked for with --report (\(ExportFormat.extensions(ExportFormat.scanReports))). \
            Triage recorded in the session is part of every report. --save writes the session again \
            (identical bytes when nothing changed). --client, --tester, --scope, --start-date and \
            --end-date replace the session's engagement fields (the others are kept).

            Examples:
              linklab scan App.ipa --urls urls.txt --save before.linklab
              linklab report before.linklab --report out/report.pdf --report \\
                  out/report.sarif
              linklab report before.linklab --fail-on high --format json > findings.json

            Exit 0 when done; 1 when --fail-on is given and an untriaged or confirmed finding is at \
            or above it; 2 on a usage error; 3 when the session file cannot be read.
            """
    )

    @Argument(help: "A session file (.linklab).")
    var session: String

    @Option(
        name: .customLong("report"),
        help: ArgumentHelp(
            """
            Write a report; the format follows the name: \(ExportFormat.extensions(ExportFormat.scanReports)) \
            (repeatable).
            """, valueName: "FILE"))
    var reports: [String] = []

    @Option(
        name: .customLong("save"),
        help: ArgumentHelp("Write the session again, re-evaluated with this engine.", valueName: "FILE.linklab"))
    var save: String?

    @Option(
        name: .customLong("fail-on"),
        help: ArgumentHelp(
            """
            Exit 1 when a finding (not triaged false-positive, accepted-risk or fixed) is at or above SEVERITY, or, \
            written CATEGORY:SEVERITY (security:medium), one of that category is. Repeatable.
            """, valueName: "[CATEGORY:]SEVERITY"))
    var failOn: [String] = []

    @Option(
        help: """
            Output format: text (for people) or json (the scan document of docs/cli.md, with fingerprint and triage).
            """)
    var format: ScanCommand.Format = .text

    @OptionGroup(title: "Engagement (overrides the session's; --save keeps it)")
    var engagement: EngagementOptions

    func validate() throws {
        try SessionCLI.validate(failOn: failOn, reports: reports)
    }

    func run() async throws {
        try SessionCLI.checkWritable(reports + (save.map { [$0] } ?? []))
        let data = try SessionCLI.readSession(session)
        try await MainActor.run {
            let document = WorkbenchDocument()
            document.noteAudience = .commandLine
            do throws(WorkbenchDocumentError) {
                try document.openSession(data)
            } catch {
                throw failUnreadable(session, InspectTextRenderer.terminalSafe(error.description))
            }
            document.engagement = document.engagement.overridden(by: engagement.engagement)
            try report(document)
        }
    }
}

extension ReportCommand {
    /// One path for every session, whatever apps it holds (`WorkbenchDocument.currentProduct`): each `--report` file
    /// is the document's own export (`WorkbenchDocument.export`: the iOS report, the Android
    /// report, or the two-platform report for both apps, triage included) except `.json`, which,
    /// like `--format json`, is the product's scan document with each finding's fingerprint and
    /// triage (what `scan --format json` prints for the same apps); the text is what `scan`
    /// prints for the same apps followed by `noteLines` and `triagedLine`; and `--fail-on`
    /// counts every finding of either platform that is not triaged false-positive, accepted-risk
    /// or fixed.
    @MainActor
    func report(_ document: WorkbenchDocument) throws {
        guard let product = document.currentProduct else {
            throw failUnreadable(session, "the session holds nothing to report")
        }
        func scanDocument() throws(WorkbenchDocumentError) -> Data {
            do { return try product.scanDocument(triage: document.triage) } catch {
                throw .exportFailed(String(describing: error))
            }
        }
        for report in reports {
            try SessionCLI.write(report) { () throws(WorkbenchDocumentError) -> Data in
                let kind: ExportFormat
                do { kind = try ExportFormat(path: report) } catch { throw .exportFailed(String(describing: error)) }
                return kind == .json ? try scanDocument() : try document.export(kind)
            }
        }
        if let save {
            try SessionCLI.write(save) { () throws(WorkbenchDocumentError) -> Data in try document.save() }
        }
        switch format {
        case .json:
            writeJSON(try SessionCLI.orExit(scanDocument))
            if let save { SessionCLI.confirmSaved(save) }
        case .text:
            let text = scanText(of: document) + Self.noteLines(document) + Self.triagedLine(document)
            FileHandle.standardOutput.write(Data(text.utf8))
        }
        let counted = document.findings.filter { !$0.status.isSuppressed && $0.status != .fixed }.map(\.finding)
        try SessionCLI.failIfTripped(failOn, by: counted)
    }

    /// The text `scan` prints for the session's apps (`ScanTextRenderer`), with the reports
    /// written and the session saved; empty when the session holds no app.
    @MainActor
    func scanText(of document: WorkbenchDocument) -> String {
        guard let product = document.currentProduct else { return "" }
        return ScanTextRenderer(style: ScanStyle.forStandardOutput()).render(
            product, reports: reports,
            savedSession: save)
    }

    /// The document's notes on how the session was evaluated (`re-evaluated with linklab …`,
    /// `findings differ from those saved: …`), one `note:` line each, made terminal-safe.
    @MainActor
    static func noteLines(_ document: WorkbenchDocument) -> String {
        document.notes.filter { $0.hasPrefix("re-evaluated") || $0.hasPrefix("findings differ") }
            .map { "note: \(InspectTextRenderer.terminalSafe($0))\n" }.joined()
    }

    /// `Triaged: ID status, …` for every finding of either platform that carries a triage, in
    /// the document's finding order; empty when none does.
    @MainActor
    static func triagedLine(_ document: WorkbenchDocument) -> String {
        let triaged = document.findings.filter { $0.triage != nil }
        guard !triaged.isEmpty else { return "" }
        return "Triaged: " + triaged.map { "\($0.finding.id) \($0.status.rawValue)" }.joined(separator: ", ") + "\n"
    }
}

/// What `report`, `diff` and `scan --save` share: reading a session, writing outputs.
enum SessionCLI {
    /// Usage errors for `--fail-on` values and `--report` names (the formats among `allowed`).
    static func validate(
        failOn: [String], reports: [String],
        allowed: [ExportFormat] = ExportFormat.scanReports
    ) throws {
        _ = try thresholds(failOn)
        for report in reports {
            do { _ = try ExportFormat(path: report, allowed: allowed) } catch {
                throw ValidationError(error.description)
            }
        }
    }

    /// Exit 1 (`LinkLabExit.findingsAtOrAboveThreshold`) when a `--fail-on` threshold is tripped,
    /// after a line on standard error naming the findings that tripped it.
    static func failIfTripped(_ failOn: [String], by findings: [Finding]) throws {
        guard let line = try thresholds(failOn).failureLine(findings) else { return }
        printError("linklab: " + TerminalText.safe(line))
        throw LinkLabExit.findingsAtOrAboveThreshold
    }

    /// The `--fail-on` values as thresholds; a usage error names the first malformed one.
    static func thresholds(_ values: [String]) throws -> [FindingThreshold] {
        try values.map { value in
            guard let threshold = FindingThreshold(parsing: value) else {
                throw ValidationError(FindingThreshold.usage(value))
            }
            return threshold
        }
    }

    /// With `--format json` standard output is the document alone, so the confirmation that
    /// `--save` wrote the session is one line on standard error (text output carries it).
    static func confirmSaved(_ path: String) {
        printError("linklab: session saved: \(path)")
    }

    /// Makes each output's folder (with its parents) before any work; exit 3 when it cannot be
    /// made or a file stands where a folder is needed.
    static func checkWritable(_ paths: [String]) throws {
        for path in paths {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
                guard isDirectory.boolValue else {
                    throw failUnreadable(path, "cannot be written: \(folder.path) is a file")
                }
                continue
            }
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw failUnreadable(
                    path,
                    "cannot be written: the folder \(folder.path) cannot be made "
                        + "(\((error as NSError).localizedDescription))")
            }
        }
    }

    /// The bytes of a session file, at most the size limit (+1 so "too large" is seen).
    static func readSession(_ path: String) throws -> Data {
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            let data = try handle.read(upToCount: SessionLimits.maxBytes + 1) ?? Data()
            if data.count > SessionLimits.maxBytes {
                throw failUnreadable(
                    path,
                    SessionFileError.tooLarge(bytes: data.count, limit: SessionLimits.maxBytes).description
                        .replacingOccurrences(
                            of: "is \(data.count) bytes",
                            with: "is larger than \(SessionLimits.maxBytes) bytes"))
            }
            return data
        } catch let exit as ExitCode {
            throw exit
        } catch {
            let nsError = error as NSError
            let missing =
                nsError.domain == NSCocoaErrorDomain
                && (nsError.code == NSFileReadNoSuchFileError || nsError.code == NSFileNoSuchFileError)
            throw failUnreadable(path, missing ? "no such file" : "cannot be read (\(nsError.localizedDescription))")
        }
    }

    /// Writes `path`; exit 3 with one line when it cannot be made or written.
    static func write(_ path: String, _ make: () throws(WorkbenchDocumentError) -> Data) throws {
        let data: Data
        do {
            data = try make()
        } catch {
            throw failUnreadable(path, error.description)
        }
        do {
            try data.write(to: URL(fileURLWithPath: path))
        } catch {
            throw failUnreadable(path, "cannot be written (\((error as NSError).localizedDescription))")
        }
    }

    static func orExit(_ make: () throws(WorkbenchDocumentError) -> Data) throws -> Data {
        do {
            return try make()
        } catch {
            printError("linklab: \(error.description)")
            throw ExitCode(3)
        }
    }

    /// `scan --save`: the session of a finished product scan (`WorkbenchDocument.adopt(_:urls:)`),
    /// with the scan's settings and engagement.
    @MainActor
    static func saveScan(
        _ product: ProductAnalysis, urls: [URLListEntry], settings: WorkbenchSettings,
        engagement: Engagement = Engagement(), to path: String
    ) throws {
        let document = WorkbenchDocument(settings: settings, now: { product.ios?.now ?? Date() })
        document.noteAudience = .commandLine
        document.adopt(product, urls: urls)
        document.engagement = engagement
        try write(path) { () throws(WorkbenchDocumentError) -> Data in try document.save() }
    }
}
