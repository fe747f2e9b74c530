import Foundation

/// A slice of the tester's decided URL list as a face shows it: a page fetches the list in
/// slices (the first one at once, the rest after it), so a list of thousands of lines is never
/// one answer of megabytes and the first verdicts are on screen before the last are written.
/// Every item is the `URLTestPresentation` the whole list would carry at its place.
public struct URLListPage: Sendable, Equatable, Codable {
    /// Names the decided list this slice belongs to: slices with the same version are of the
    /// same list; another version means the list (or a verdict in it) changed since.
    public var version: String
    /// The whole list's summary (`WorkbenchDocument.listSummary`: iOS's, and Android's with an APK).
    public var summary: String
    /// Lines of the whole list: decided URLs plus lines that are not URLs.
    public var total: Int
    /// The index of the first item in the whole list (0-based).
    public var offset: Int
    /// The lines `offset ..< offset + items.count`, in line order, each problem in its place.
    public var items: [URLTestPresentation]

    public init(version: String, summary: String, total: Int, offset: Int, items: [URLTestPresentation]) {
        self.version = version
        self.summary = summary
        self.total = total
        self.offset = offset
        self.items = items
    }
}

extension WorkbenchDocument {
    /// The lines `offset ..< offset + limit` of the decided URL list (fewer at its end), merged
    /// and ordered as `URLListPresentation` merges them; `version` is the caller's name for the
    /// list's current state. Only the slice's lines are presented (with an Android app, with
    /// their Android rows and cross-platform cells).
    public func urlListPage(offset: Int, limit: Int, version: String) -> URLListPage {
        let apps = AuditedApps(app)
        let tests = listTests
        let issues = urlLineIssues
        let total = tests.count + issues.count
        let start = max(0, min(offset, total))
        let end = min(total, start + max(0, limit))
        var items: [URLTestPresentation] = []
        items.reserveCapacity(end - start)
        var sliceTests: [URLTest] = []
        for line in URLListPresentation.merged(tests, issues, in: start..<end) {
            switch line {
            case .test(let test):
                items.append(URLTestPresentation(test, apps: apps))
                sliceTests.append(test)
            case .problem(let issue):
                items.append(URLTestPresentation(problem: issue))
            }
        }
        if androidAnalysis != nil {
            items = Self.merging(presented(sliceTests, apps: apps, byURL: androidDecisionsByURL()), into: items)
        }
        return URLListPage(
            version: version, summary: listSummary(apps: apps), total: total, offset: start,
            items: items)
    }

    /// `{"urlTests": […], "urlLineProblems": […]}`: the decided list in the shape of the scan
    /// JSON's `urlTests` (what `POST …/urls` answers scripts), written without the rest of the
    /// document. `notReady` while nothing has been read, as `jsonDocument()`.
    public func urlTestsDocument() throws(WorkbenchDocumentError) -> Data {
        guard analysis != nil else { throw .notReady }
        do {
            return try JSONOutput.encodeLine(
                URLTestsDocument(
                    urlTests: urlTests.map(URLTestJSON.init),
                    urlLineProblems: urlLineProblems))
        } catch {
            throw .exportFailed(String(describing: error))
        }
    }
}

private struct URLTestsDocument: Encodable {
    var urlTests: [URLTestJSON]
    var urlLineProblems: [String]
}
