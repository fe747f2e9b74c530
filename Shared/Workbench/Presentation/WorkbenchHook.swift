/// The stable test hooks both faces share (`docs/verification.md`, the Mac app): the web workbench's
/// `data-testid` values and the Mac app's accessibility identifiers. A Linux test checks that
/// every identifier the Mac app and its UI tests use is one of these.
public enum WorkbenchHook: String, Sendable, CaseIterable {
    case dropZone = "drop-zone", fileInput = "file-input", documentStatus = "document-status"
    case finding, findingFilter = "finding-filter"
    case tabApp = "tab-app", tabDomains = "tab-domains", tabURLs = "tab-urls"
    case bundle, domain, urlInput = "url-input", verdict
    case triageStatus = "triage-status", triageNote = "triage-note", triageSave = "triage-save"
    case exportMarkdown = "export-md", exportHTML = "export-html", exportPDF = "export-pdf"
    case exportJSON = "export-json", exportSARIF = "export-sarif", exportSession = "export-session"
    case editAASA = "edit-aasa", editAASAApply = "edit-aasa-apply"
    case androidApp = "android-app", androidHost = "android-host"
    case listVerdicts = "list-verdicts", urlListSummary = "url-list-summary"
    case crossPlatformTable = "cross-platform-table", crossPlatformCounts = "cross-platform-counts"
    case crossPlatformRow = "cross-platform-row", crossPlatformVerdict = "cross-platform-verdict"
}
