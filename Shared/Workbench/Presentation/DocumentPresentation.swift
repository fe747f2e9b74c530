import AppInspection
import Findings
import Foundation
import Reports
import SiteAssociation

/// The whole document as a face shows it: what the web page renders from one JSON answer
/// (`GET /api/documents/ID/view`) and what the Mac views read through the same types. Every
/// value is the document's own; nothing is re-serialised or guessed.
public struct DocumentPresentation: Sendable, Equatable, Codable {
    /// +1 on every change of the document: a face that saw this revision is up to date.
    public var revision: Int
    /// The tester's name for what was opened ("LinkLabSample.ipa", a host).
    public var title: String
    /// "com.example.app · ABCDE12345.com.example.app", or "".
    public var subtitle: String
    /// `app`, `session`, `aasa`, `domain`, or "" before anything is known.
    public var kind: String
    public var phase: PhaseStatus
    /// What the document could not use and how it was evaluated (the CLI's notes, e.g. no
    /// path to Apple), shown on the page and in every export.
    public var notes: [String]
    /// False while nothing has been read (or the open failed): a face offers no export.
    public var canExport: Bool
    /// The file name a face suggests for each export format, by `ExportFormat.id` (`md`, …,
    /// `linklab`, and `links`: the test-link page).
    public var exportNames: [String: String]
    /// The document's export controls, in order (`ExportFormat.documentExports`).
    public var exports: [ExportChoice]
    /// What a face shows beside its export controls while a host's file is edited (what-if):
    /// every export is then hypothetical. Nil when nothing is edited.
    public var exportWarning: String?
    public var findings: FindingListPresentation
    /// The App tab, one section per platform the document can hold (iOS first): what every face
    /// renders, card by card (`Panel`), without knowing the platform.
    public var apps: [AppSection]
    /// The App tab's control that adds the product's app for another platform.
    public var addApp = AddAppPresentation.standard
    public var domains: [DomainPresentation]
    public var urls: URLListPresentation
    /// The Domains tab with an Android app: the hosts both apps claim, each with a slot per
    /// platform (`ProductHostPresentation`). Empty without an Android app.
    public var hosts: [ProductHostPresentation] = []
}

/// One export control: what it exports, what it says, and the file name it suggests.
public struct ExportChoice: Sendable, Equatable, Codable {
    /// `ExportFormat.id` (`md`, …, `linklab`): the last segment of `…/export/FORMAT`.
    public var format: String
    /// "Markdown", "Session (.linklab)": the control's accessible name follows "Export ".
    public var label: String
    /// "MD", ".linklab": the control's caption.
    public var caption: String
    /// The control's stable hook (`export-md`, `export-session`).
    public var hook: String
    public var fileName: String

    public init(_ format: ExportFormat, fileName: String) {
        self.format = format.id
        label = format.label
        caption = format.shortLabel
        hook = format.hook
        self.fileName = fileName
    }
}

/// The tester's URL list, decided, in line order, each line that is not a URL in its place.
public struct URLListPresentation: Sendable, Equatable, Codable {
    /// The list as typed.
    public var lines: String
    /// "17 URLs: 12 open the app, 5 stay in the browser; 2 expectations not met; 1 line is not a URL".
    public var summary: String
    /// The first `URLListPresentation.maximumShown` lines (tests and problems).
    public var items: [URLTestPresentation]
    /// "… and 98,000 more lines: the exports list every one", nil when all are shown.
    public var more: String?
    /// The verdict table of both platforms (counts and rows) when the document holds an iOS app
    /// and an Android app, else nil; each item then carries its own cell (`crossPlatform`).
    public var crossPlatform: CrossPlatformPresentation?

    /// A page shows at most this many lines (the exports carry them all).
    public static let maximumShown = 2_000

    public init(lines: String, tests: [URLTest], issues: [URLLineIssue], apps: AuditedApps) {
        self.lines = lines
        let items = Self.merged(tests, issues, in: 0..<Self.maximumShown).map { line in
            switch line {
            case .test(let test): URLTestPresentation(test, apps: apps)
            case .problem(let issue): URLTestPresentation(problem: issue)
            }
        }
        self.items = items
        let hidden = tests.count + issues.count - items.count
        more = hidden > 0 ? "… and \(hidden) more lines: the exports list every one." : nil
        summary = Self.summary(tests, issues: issues, apps: apps)
    }

    /// One line of the decided list: a decided URL or a line that is not a URL.
    enum Line {
        case test(URLTest)
        case problem(URLLineIssue)
    }

    /// The lines at `range` of the list of `tests` and `issues` merged by line number (a
    /// problem without a line number last): what every face lists, whole or in pages.
    static func merged(_ tests: [URLTest], _ issues: [URLLineIssue], in range: Range<Int>) -> [Line] {
        var lines: [Line] = []
        var testIndex = 0
        var issueIndex = 0
        var index = 0
        while index < range.upperBound, testIndex < tests.count || issueIndex < issues.count {
            let issueLine = issueIndex < issues.count ? issues[issueIndex].line ?? Int.max : Int.max
            let testLine = testIndex < tests.count ? tests[testIndex].line ?? 0 : Int.max
            if testIndex < tests.count, testLine <= issueLine {
                if index >= range.lowerBound { lines.append(.test(tests[testIndex])) }
                testIndex += 1
            } else {
                if index >= range.lowerBound { lines.append(.problem(issues[issueIndex])) }
                issueIndex += 1
            }
            index += 1
        }
        return lines
    }

    static func summary(_ tests: [URLTest], issues: [URLLineIssue], apps: AuditedApps) -> String {
        guard !tests.isEmpty || !issues.isEmpty else { return "No URL list yet." }
        let opens = tests.filter { test in
            test.verdicts.contains { $0.decision == .match && (apps.roles.isEmpty || apps.roles[$0.appID] != nil) }
        }.count
        var parts = [
            "\(tests.count) URL\(tests.count == 1 ? "" : "s"): \(opens) open the app, "
                + "\(tests.count - opens) stay in the browser"
        ]
        let unmet = tests.filter { URLTestPresentation($0, apps: apps).expectationMet == false }.count
        if unmet > 0 { parts.append("\(unmet) expectation\(unmet == 1 ? "" : "s") not met") }
        if !issues.isEmpty { parts.append("\(issues.count) line\(issues.count == 1 ? " is" : "s are") not a URL") }
        return parts.joined(separator: "; ")
    }
}

extension WorkbenchDocument {
    /// The document as a face shows it; `query` and `severities` filter the findings list
    /// (`FindingList`).
    public func presentation(query: String = "", severities: Set<Severity>? = nil) -> DocumentPresentation {
        let apps = AuditedApps(app)
        let main = app?.mainBundle
        // An Android-only document is subtitled with its package.
        let subtitle = [
            main?.bundleIdentifier ?? (app == nil ? android?.snapshot.manifest.packageName : nil),
            main?.applicationIdentifier,
        ].compactMap { $0 }.joined(separator: " · ")
        let readable = app != nil || !domains.isEmpty
        let domainPresentations = domainCards.map(\.presentation)
        return DocumentPresentation(
            revision: revision, title: source?.name ?? "Document", subtitle: subtitle, kind: source?.kind ?? "",
            phase: PhaseStatus(phase), notes: notes,
            canExport: (readable && analysis != nil) || androidAnalysis != nil,
            exportNames: exportNames,
            exports: ExportFormat.documentExports.map { ExportChoice($0, fileName: exportNames[$0.id] ?? "") },
            exportWarning: exportWarning,
            findings: FindingListPresentation(FindingList(findings, query: query, severities: severities)),
            apps: appSections, domains: domainPresentations,
            urls: urlListPresentation(apps: apps), hosts: productHosts(domains: domainPresentations))
    }

    /// The App tab's sections: the iOS app's bundles (or why there are none) and, with one, the
    /// Android app.
    public var appSections: [AppSection] {
        let android = androidAppCard
        let cards = bundles
        var sections = [
            AppSection(
                .ios, title: android == nil ? "Bundles" : "iOS app: bundles",
                panels: cards.map(\.panel), note: cards.isEmpty ? bundlesNote : nil,
                diagnostics: (app?.diagnostics ?? []).map { "\($0.severity): \($0.message)" })
        ]
        if let android {
            var panel = android.panel
            panel.blocks += androidDeviceStateCard?.noteBlocks ?? []
            sections.append(AppSection(.android, title: "Android app", panels: [panel]))
        }
        return sections
    }

    /// The URL list as the tester shows it; with an Android app each shown line carries its
    /// Android rows (and, with both apps, its cross-platform cell) and the list its verdict table.
    func urlListPresentation(apps: AuditedApps) -> URLListPresentation {
        let tests = listTests
        var urls = URLListPresentation(lines: urlLines, tests: tests, issues: urlLineIssues, apps: apps)
        guard androidAnalysis != nil else { return urls }
        urls.summary = listSummary(apps: apps)
        // The items shown are the first tests (and the problems between them), in order.
        let byURL = androidDecisionsByURL()
        let shownTests = urls.items.filter { $0.problem == nil }.count
        urls.items = Self.merging(
            presented(Array(tests.prefix(shownTests)), apps: apps, byURL: byURL),
            into: urls.items)
        urls.crossPlatform = crossPlatformTable(tests) { byURL[$0] }.map { CrossPlatformPresentation($0) }
        return urls
    }

    /// The list's summary line: the iOS one (`URLListPresentation.summary`) and, with an Android
    /// app, Android's count of the URLs that open the app (alone for a document without iOS).
    func listSummary(apps: AuditedApps) -> String {
        let ios = URLListPresentation.summary(urlTests, issues: urlLineIssues, apps: apps)
        guard let decisions = androidAnalysis?.decisions, !decisions.isEmpty else { return ios }
        let opens = decisions.filter(\.opensApp).count
        let android =
            "Android: \(decisions.count) URL\(decisions.count == 1 ? "" : "s"), \(opens) open the app "
            + "(verified or not), \(decisions.count - opens) do not"
        return analysis == nil || urlTests.isEmpty ? android : ios + "; " + android
    }

    /// `items` with each decided line (every item without a problem, in order) replaced by the
    /// next of `tests`.
    static func merging(_ tests: [URLTestPresentation], into items: [URLTestPresentation]) -> [URLTestPresentation] {
        var next = tests.makeIterator()
        return items.map { item in item.problem == nil ? next.next() ?? item : item }
    }

    /// "What-if edit active on example.com: every export says so on its first page and marks
    /// what depends on the edited file." — nil when no host is edited.
    /// With an edited `assetlinks.json` it also says that the Android findings and verdicts are
    /// decided with the edited text.
    public var exportWarning: String? {
        let edited = editedHosts
        let android = editedAssetLinksHosts
        guard !edited.isEmpty || !android.isEmpty else { return nil }
        var parts: [String] = []
        if !edited.isEmpty {
            parts.append(
                "What-if edit active on \(edited.joined(separator: ", ")): every export says so on its first "
                    + "page and marks the findings and verdicts that depend on the edited file. "
                    + "Revert to export what the domain serves.")
        }
        if !android.isEmpty {
            parts.append(
                "What-if edit of assetlinks.json active on \(android.joined(separator: ", ")): the Android "
                    + "findings and verdicts are decided with the edited text. Revert to export what the host serves.")
        }
        return parts.joined(separator: " ")
    }

    /// The file name a face suggests for each export format (keyed by `ExportFormat.id`), after
    /// the tester's file.
    public var exportNames: [String: String] {
        Dictionary(
            uniqueKeysWithValues: ExportFormat.allCases.map { format in
                (format.id, ExportNaming.fileName(of: format, source: source?.name, date: judgedAt))
            })
    }

    /// Every bundle of the app as the App tab shows it (main app first).
    var bundles: [AppBundleCard] {
        guard let app else { return [] }
        return AppBundleCard.cards(for: app, now: judgedAt)
    }

    var bundlesNote: String {
        if android != nil, app == nil { return "No iOS app in this document: add its .ipa to see both apps." }
        return switch source?.kind {
        case "aasa", "domain": "Association-file mode: there is no app in this document."
        default: phase.name == "failed" ? "The app could not be read." : "No app inspected yet."
        }
    }

    /// Every host as a card, with the document's context (offline, no path to Apple).
    public var domainCards: [DomainCard] {
        let noPath = analysis?.facts.noPathToApple ?? false
        return domains.map { DomainCard($0, offline: describedSettings.offline, noPathToApple: noPath) }
    }

    /// A typed URL decided now (read-only), as the URL tester shows it: a line that is not a
    /// URL, or one longer than a list line may be (`URLList.maxLineLength`), gets its problem
    /// instead of verdicts.
    public func presentation(ofTyped url: String, traced: Bool = false) -> URLTestPresentation {
        guard url.count <= URLList.maxLineLength else {
            let error = FindingsError.lineTooLong(line: 1, limit: URLList.maxLineLength)
            return URLTestPresentation(
                problem: URLLineIssue(
                    line: nil, text: String(url.prefix(200)) + "…",
                    message: """
                        The URL is \(error.reason), as a line of the URL list \
                        may not be.
                        """))
        }
        do {
            guard try URLList.entry(url) != nil else {
                return URLTestPresentation(problem: URLLineIssue(line: nil, text: url, message: "Type a URL."))
            }
        } catch {
            return URLTestPresentation(problem: URLLineIssue(line: nil, text: url, message: error.reason))
        }
        let test = decide(url: url, traced: traced)
        guard let facts = androidAnalysis?.facts, let entry = try? URLList.entry(url) else {
            return URLTestPresentation(test, apps: AuditedApps(app))
        }
        // Android decides the same URL against the same files its list decisions use.
        let decision = facts.matcher.decide(
            entry.url, verification: facts.verification,
            files: AndroidFacts.files(facts.assetLinks))
        return presented([test], apps: AuditedApps(app), byURL: [test.url: decision], traced: traced)[0]
    }

    /// The inspector's content for the finding `fingerprint`, nil when it is not (or no longer) there.
    public func findingDetail(fingerprint: String) -> FindingDetailPresentation? {
        findings.first { $0.fingerprint == fingerprint }.map(FindingDetailPresentation.init)
    }
}
