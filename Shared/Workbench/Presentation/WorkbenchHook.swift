/// The stable test hooks both faces share (`docs/verification.md`, the Mac app): the web workbench's
/// `data-testid` values and the Mac app's accessibility identifiers. A Linux test checks that
/// every identifier the Mac app and its UI tests use is one of these.
public enum WorkbenchHook: String, Sendable, CaseIterable {
    case dropZone = "drop-zone"
    case fileInput = "file-input"
    case documentStatus = "document-status"
    case finding
    case findingFilter = "finding-filter"
    case tabApp = "tab-app"
    case tabDomains = "tab-domains"
    case tabURLs = "tab-urls"
    case bundle, domain
    case urlInput = "url-input"
    case verdict
    case triageStatus = "triage-status"
    case triageNote = "triage-note"
    case triageSave = "triage-save"
    case exportMarkdown = "export-md"
    case exportHTML = "export-html"
    case exportPDF = "export-pdf"
    case exportJSON = "export-json"
    case exportSARIF = "export-sarif"
    case exportSession = "export-session"
    case editAASA = "edit-aasa"
    case editAASAApply = "edit-aasa-apply"
    case androidApp = "android-app"
    case androidHost = "android-host"
    case listVerdicts = "list-verdicts"
    case urlListSummary = "url-list-summary"
    case crossPlatformTable = "cross-platform-table"
    case crossPlatformCounts = "cross-platform-counts"
    case crossPlatformRow = "cross-platform-row"
    case crossPlatformVerdict = "cross-platform-verdict"
}
