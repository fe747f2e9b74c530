import Foundation

extension WorkbenchDocument {
    /// The URL list's one-line summary ("17 URLs: 12 open the app, 5 stay in the browser; 2
    /// expectations not met; 1 line is not a URL"), the same words as the web page's
    /// (`URLListPresentation.summary`), without building the list's rows: what the Mac app's URL
    /// tester shows above the list on every keystroke.
    public var urlListSummary: String {
        URLListPresentation.summary(urlTests, issues: urlLineIssues, apps: AuditedApps(app))
    }
}
