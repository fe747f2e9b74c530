import Foundation
import Reports

extension Workbench {
    /// The version faces print (`--version`, report footers).
    public static let version = "0.1.0"
}

/// What `scan --report FILE` writes, chosen by the file name: `.md`, `.html`, `.pdf`,
/// `.json` (the full `scan` document), `.sarif`, and `.links.html` (the test-link page with
/// QR codes; checked before `.html`).
public enum ScanReportKind: String, Sendable, CaseIterable {
    case markdown, html, pdf, json, sarif, testLinks

    /// The kind a file name asks for.
    public init(path: String) throws(WorkbenchError) {
        let name = URL(fileURLWithPath: path).lastPathComponent.lowercased()
        if name.hasSuffix(".links.html") || name.hasSuffix(".links.htm") {
            self = .testLinks
            return
        }
        let ext = URL(fileURLWithPath: path).pathExtension
        do {
            switch try ReportFormat(fileExtension: ext) {
            case .markdown: self = .markdown
            case .html: self = .html
            case .pdf: self = .pdf
            case .json: self = .json
            case .sarif: self = .sarif
            }
        } catch {
            throw .invalidArgument(path, reason: "unknown report format '.\(ext)': use .md, .html, .pdf, .json, .sarif or .links.html")
        }
    }
}

extension Analysis {
    /// The bytes of one report file. `generatedAt` nil prints no date; stage timings are
    /// written only when `timings` is true (so `.md`, `.json` and `.sarif` of the same input
    /// are byte-identical); `triage` is keyed by `Finding.fingerprint`; `engagement` (client,
    /// tester, scope, dates) is printed on the Markdown, HTML and PDF reports.
    public func report(_ kind: ScanReportKind, toolVersion: String = Workbench.version, generatedAt: Date? = nil,
                       triage: [String: Triage] = [:], timings: Bool = false,
                       engagement: Engagement = Engagement(),
                       invocation: ReportInvocation? = nil) throws(WorkbenchError) -> Data {
        switch kind {
        case .json:
            do {
                return try scanDocument(triage: triage, timings: timings) + Data("\n".utf8)
            } catch {
                throw .invalidArgument("json", reason: "could not encode the scan document: \(error)")
            }
        case .testLinks:
            return Data(testLinkPage(toolVersion: toolVersion).html().utf8)
        case .markdown, .html, .pdf, .sarif:
            let format: ReportFormat = kind == .markdown ? .markdown : kind == .html ? .html : kind == .pdf ? .pdf : .sarif
            do {
                var document = reportDocument(toolVersion: toolVersion, generatedAt: generatedAt, triage: triage,
                                              timings: timings, engagement: engagement)
                document.run.invocation = invocation
                return try document.rendered(as: format, toolVersion: toolVersion)
            } catch {
                throw .invalidArgument(kind.rawValue, reason: error.description)
            }
        }
    }
}
