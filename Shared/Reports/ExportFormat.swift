/// Every kind of file the tool writes for a tester: the five report formats, the session and the
/// test-link page. The one list of them: `scan --report` picks one by file name, the web server by
/// its `id` in `…/export/ID` (and serves its `mediaType`), the web page and the Mac app offer
/// `documentExports` with their `label`, and the Mac app maps each to a file type.
public enum ExportFormat: String, Sendable, CaseIterable, Codable {
    case markdown = "md"
    case html
    case pdf
    case json
    case sarif
    /// The workbench's own document (`.linklab`): the app, each host's file, triage, edits.
    case session = "linklab"
    /// A page of the URLs to try on a device, a QR code each (`.links.html`).
    case testLinks = "links"

    /// The name faces and the web API use (`md`, `linklab`, `links`, …): the raw value.
    public var id: String { rawValue }

    /// The extension of the file it writes, without the dot (`links.html` for the test-link page).
    public var fileExtension: String {
        switch self {
        case .testLinks: "links.html"
        default: rawValue
        }
    }

    /// The media type a server sends it with.
    public var mediaType: String {
        switch self {
        case .markdown: "text/markdown; charset=utf-8"
        case .html, .testLinks: "text/html; charset=utf-8"
        case .pdf: "application/pdf"
        case .json: "application/json; charset=utf-8"
        case .sarif: "application/sarif+json"
        case .session: "application/vnd.linklab+json"
        }
    }

    /// Its name in a menu or a button's accessible name ("Markdown", "Session (.linklab)").
    public var label: String {
        switch self {
        case .markdown: "Markdown"
        case .html: "HTML"
        case .pdf: "PDF"
        case .json: "JSON"
        case .sarif: "SARIF"
        case .session: "Session (.linklab)"
        case .testLinks: "Test-link page"
        }
    }

    /// The short caption of an export button ("MD", ".linklab").
    public var shortLabel: String {
        switch self {
        case .session: ".linklab"
        case .testLinks: "Links"
        default: rawValue.uppercased()
        }
    }

    /// The stable hook of its export control (`export-md`, `export-session`, `export-links`).
    public var hook: String {
        switch self {
        case .session: "export-session"
        default: "export-\(rawValue)"
        }
    }

    /// The report renderer's format, for the five report formats; nil for the session and the
    /// test-link page.
    public var report: ReportFormat? {
        ReportFormat(rawValue: rawValue)
    }

    /// What a document's export controls offer (the web page's buttons, the Mac app's sheet); the
    /// test-link page has its own control beside the URL tester.
    public static let documentExports: [ExportFormat] = [.markdown, .html, .pdf, .json, .sarif, .session]

    /// What `scan --report FILE` (and `report --report FILE`) writes.
    public static let scanReports: [ExportFormat] = [.markdown, .html, .pdf, .json, .sarif, .testLinks]

    /// What `diff --report FILE` writes: the reports with a "Changes since" section.
    public static let retestReports: [ExportFormat] = [.markdown, .html, .pdf, .json, .sarif]

    /// The formats' extensions as a command's help prints them: ".md .html .pdf .json .sarif .links.html".
    public static func extensions(_ formats: [ExportFormat]) -> String {
        formats.map { ".\($0.fileExtension)" }.joined(separator: " ")
    }

    /// The format a file name asks for, among `allowed`: by its extension, case-insensitively
    /// (`.markdown` and `.htm` too), `.links.html` before `.html`.
    public init(fileName: String, allowed: [ExportFormat] = ExportFormat.scanReports) throws(ReportsError) {
        let name = fileName.split(separator: "/").last.map(String.init)?.lowercased() ?? ""
        let ext = name.lastIndex(of: ".").map { String(name[name.index(after: $0)...]) } ?? ""
        let found: ExportFormat?
        if name.hasSuffix(".links.html") || name.hasSuffix(".links.htm") {
            found = .testLinks
        } else {
            switch ext {
            case "md", "markdown": found = .markdown
            case "html", "htm": found = .html
            case "pdf": found = .pdf
            case "json": found = .json
            case "sarif": found = .sarif
            case "linklab": found = .session
            default: found = nil
            }
        }
        guard let found, allowed.contains(found) else {
            throw .unknownFormat(ext, allowed: Self.extensions(allowed))
        }
        self = found
    }
}

extension ReportFormat {
    /// The export this report format is: the one of the same name (`FormatTests` holds that
    /// every report format has one).
    public var export: ExportFormat {
        ExportFormat(rawValue: rawValue) ?? .json
    }
}
