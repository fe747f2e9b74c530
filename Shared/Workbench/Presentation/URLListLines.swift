import AndroidApp
import Foundation

/// The decided URL list line by line, for a face that builds only the rows on screen (the Mac
/// app's list, up to `URLList.maxURLs` lines): the lines in the order `urlListPage` gives them
/// (by line number, a problem without a line last), each presented only when asked for, as a
/// page presents it: with an Android app its Android rows and Android expectation, with both apps
/// its cross-platform cell. A snapshot of the document when it was made; make another after a
/// change.
@MainActor
public struct URLListLines {
    let lines: [URLListPresentation.Line]
    let apps: AuditedApps
    let byURL: [String: AndroidLinkDecision]
    let document: WorkbenchDocument?

    /// Lines of the list: decided URLs plus lines that are not URLs.
    public var count: Int { lines.count }
    /// The list's summary (`listSummary`: iOS's, and Android's with an APK), as a page carries it.
    public let summary: String

    /// The lines of `document`'s list.
    public init(_ document: WorkbenchDocument) {
        let tests = document.listTests
        let issues = document.urlLineIssues
        let lines = URLListPresentation.merged(tests, issues, in: 0..<(tests.count + issues.count))
        self.lines = lines
        apps = AuditedApps(document.app)
        byURL = document.androidAnalysis == nil ? [:] : document.androidDecisionsByURL()
        self.document = document.androidAnalysis == nil ? nil : document
        summary = document.listSummary(apps: apps)
    }

    /// Line `index` (0 ..< `count`) as `urlListPage` presents it.
    public func line(at index: Int) -> URLTestPresentation {
        switch lines[index] {
        case .problem(let issue):
            return URLTestPresentation(problem: issue)
        case .test(let test):
            guard let document else { return URLTestPresentation(test, apps: apps) }
            return document.presented([test], apps: apps, byURL: byURL).first ?? URLTestPresentation(test, apps: apps)
        }
    }

    /// The decided URL test of line `index` (nil for a line that is not a URL): what a trace is
    /// asked of.
    public func test(at index: Int) -> URLTest? {
        if case .test(let test) = lines[index] { return test }
        return nil
    }
}

extension WorkbenchDocument {
    /// The decided URL list line by line (`URLListLines`).
    public var urlListLines: URLListLines { URLListLines(self) }
}
