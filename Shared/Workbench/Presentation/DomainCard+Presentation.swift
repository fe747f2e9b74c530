import AssociationFetch
import Foundation
import SiteAssociation

/// A host card as the web page renders it (JSON): the Domains tab's values, every word
/// written and every choice (which columns, whether two copies differ, what the editor holds)
/// already made by `DomainCard`.
public struct DomainPresentation: Sendable, Equatable, Codable {
    /// A table: its column titles and rows of cells, empty columns dropped.
    public struct Table: Sendable, Equatable, Codable {
        public struct Row: Sendable, Equatable, Codable {
            /// `cdn`, `origin`, `legacy`, `local` (`data-route`).
            public var route: String
            /// The URL asked (`file://…` for a supplied file).
            public var url: String
            /// The `curl` that repeats the request as a device does (nil for a supplied file).
            public var curl: String?
            public var cells: [String]
            /// This route's answer is the one that decides.
            public var decides: Bool
            /// `ok`, `warn` or `bad`.
            public var tone: String
            /// The error in one sentence, nil when the route answered.
            public var error: String?
        }

        public var columns: [String]
        public var rows: [Row]
    }

    /// A titled block of lines (response headers of a route, a difference).
    public struct Block: Sendable, Equatable, Codable {
        public var title: String
        public var lines: [String]
    }

    /// A file shown read-only with line numbers and lint markers on its own lines.
    public struct File: Sendable, Equatable, Codable {
        /// "Served by Apple's CDN", "Edited (what-if): decides now", "Served before the edit".
        public var title: String
        public var text: String
        public var isExact: Bool
        public var note: String?
        /// Lint markers by line (only for the text lint read; line numbers are the text's own).
        public var markers: [Marker]
    }

    /// The lint diagnostics of one line.
    public struct Marker: Sendable, Equatable, Codable {
        public var line: Int
        public var severity: String
        public var ids: [String]
        public var message: String
    }

    /// One lint diagnostic.
    public struct Lint: Sendable, Equatable, Codable {
        public var id: String
        public var severity: String
        public var message: String
        /// "line 3:5", or "" when the diagnostic is about the whole file.
        public var place: String
        /// The JSON pointer, or "".
        public var location: String
    }

    public var host: String
    /// `data-state`.
    public var state: String
    public var stateText: String
    public var tone: String
    public var isEdited: Bool
    /// "applinks:example.com, webcredentials:example.com".
    public var claims: String
    /// Lines under the title: developer mode, the fetched authority, why nothing decides.
    public var notes: [String]
    public var routes: Table?
    public var headers: [Block]
    /// Only when the CDN's and the origin's copies mean different things.
    public var cdnOriginDiff: Block?
    /// Only after a refetch: what changed since the previous fetch.
    public var refetchDiff: Block?
    /// The answer that decides now (the edited text once edited).
    public var file: File?
    /// While edited: what was served.
    public var served: File?
    /// The deciding text's lint: errors first (a parse error), then warnings, then notes.
    public var lint: [Lint]
    /// "No lint diagnostics.", "2 errors, 1 warning".
    public var lintSummary: String
    /// The what-if editor's starting text: the text that decides, byte for byte.
    public var editorText: String
    /// Why the editor's text is not exactly the bytes that decide, nil when it is.
    public var editorNote: String?
    public var canRevert: Bool
    /// False while a fetch runs (offline, a refetch says "not fetched").
    public var canRefetch: Bool
}

extension DomainCard {
    /// The card as the web page renders it.
    public var presentation: DomainPresentation {
        // Errors first (a parse error is why nothing else reads as expected), then warnings,
        // then notes; in file order within each.
        let rank = ["error": 0, "warning": 1]
        let ordered = entry.lint.enumerated().sorted { lhs, rhs in
            let left = rank[lhs.element.severity] ?? 2
            let right = rank[rhs.element.severity] ?? 2
            return left != right ? left < right : lhs.offset < rhs.offset
        }.map(\.element)
        let lintRows = ordered.map { diagnostic in
            DomainPresentation.Lint(
                id: diagnostic.id, severity: diagnostic.severity, message: diagnostic.message,
                place: diagnostic.line.map { line in
                    "line \(line)" + (diagnostic.column.map { ":\($0)" } ?? "")
                } ?? "",
                location: diagnostic.location)
        }
        let decidingFile = file
        return DomainPresentation(
            host: host, state: hookState, stateText: stateText, tone: tone, isEdited: isEdited, claims: claims,
            notes: notes, routes: routeTable, headers: headerBlocks, cdnOriginDiff: cdnOriginBlock,
            refetchDiff: refetchBlock,
            file: decidingFile.map { fileView($0, title: fileTitle, lint: entry.lint) },
            served: served.map { fileView($0, title: "As served, before the edit", lint: servedLint) },
            lint: lintRows, lintSummary: Self.lintSummary(entry.lint),
            editorText: decidingFile?.text ?? "", editorNote: decidingFile?.note,
            canRevert: isEdited || entry.state == .supplied && entry.fetched != nil,
            canRefetch: hookState != "fetching")
    }

    /// "No lint diagnostics.", "1 error, 2 warnings".
    static func lintSummary(_ lint: [LintDiagnostic]) -> String {
        guard !lint.isEmpty else { return "No lint diagnostics." }
        var parts: [String] = []
        for severity in ["error", "warning", "info"] {
            let count = lint.filter { $0.severity == severity }.count
            if count > 0 { parts.append("\(count) \(severity)\(count == 1 ? "" : "s")") }
        }
        let others = lint.count - lint.filter { ["error", "warning", "info"].contains($0.severity) }.count
        if others > 0 { parts.append("\(others) other") }
        return parts.joined(separator: ", ") + "."
    }

    var notes: [String] {
        var notes: [String] = []
        if entry.isDeveloperMode { notes.append("Developer mode: decided with the origin's copy, not Apple's CDN.") }
        if let report = entry.report, report.fetchedHost != host.split(separator: ":").first.map(String.init) {
            notes.append("Fetched from \(report.fetchedHost).")
        }
        if entry.report != nil, entry.report?.effectiveFile == nil, !isUnanswered {
            notes.append("No file a device would accept: every URL of this host opens in the browser.")
        }
        if isUnanswered, !offline, !noPathToApple {
            notes.append("No route answered: " + unreachableReason + ".")
        }
        return notes
    }

    var fileTitle: String {
        if isEdited { return "Edited (what-if): decides now" }
        guard let route = entry.shownRoute else { return "File" }
        if route.route == .local { return "Supplied file" }
        return "As served by "
            + (route.route == .cdn
                ? "Apple's CDN"
                : route.route == .origin
                    ? "the origin"
                    : "the legacy path")
    }

    /// Lint of what was served before the edit (for its markers).
    var servedLint: [LintDiagnostic] {
        entry.servedReport?.shownRoute(developerMode: entry.isDeveloperMode)?.diagnostics ?? []
    }

    func fileView(_ text: ServedText, title: String, lint: [LintDiagnostic]) -> DomainPresentation.File {
        let markers = DomainPresentation.Marker.markers(lint)
        return DomainPresentation.File(
            title: title, text: text.text, isExact: text.isExact, note: text.note,
            markers: markers)
    }

    var routeTable: DomainPresentation.Table? {
        guard let report = entry.report, !report.routes.isEmpty else { return nil }
        let deciding = entry.shownRoute?.route
        let titles = ["Route", "Outcome", "HTTP", "Content type", "Bytes", "Headers in", "Total", "Apple failure"]
        let rows = report.routes.map { result -> DomainPresentation.Table.Row in
            let name =
                result.route == .local && result.url == "file://edited"
                ? "Edited text"
                : Self.routeName(result.route)
            let edited = isEdited && result.route == deciding && result.route != .local
            let answered = result.status != nil || result.route == .local
            let bytes: String = answered ? String(result.bytes) + (result.truncated ? " (cut)" : "") : ""
            let apple: [String?] = [
                result.appleFailureReason, result.appleFailureDetails,
                result.appleFrom.map { "from \($0)" },
                result.appleTryDirect.map { "try direct: \($0)" },
            ]
            let cells: [String] = [
                edited ? name + " (edited)" : name,
                result.outcome.rawValue,
                result.status.map { String($0) } ?? "",
                result.contentType ?? "",
                bytes,
                result.timeToHeadersMs.map { "\($0) ms" } ?? "",
                result.totalMs.map { "\($0) ms" } ?? "",
                apple.compactMap { $0 }.joined(separator: " · "),
            ]
            let failed = result.error != nil || (result.status ?? 200) != 200
            let tone = result.isUsable ? "ok" : failed ? "bad" : "warn"
            return .init(
                route: result.route.rawValue, url: result.url,
                curl: CopyText.curl(host: entry.host, route: result.route), cells: cells,
                decides: result.route == deciding, tone: tone, error: result.error.map { "\($0)" })
        }
        // A column no route has a value in is left out (the route and outcome always stay).
        let kept = titles.indices.filter { index in index < 2 || rows.contains { !$0.cells[index].isEmpty } }
        return .init(
            columns: kept.map { titles[$0] },
            rows: rows.map { row in
                var row = row
                row.cells = kept.map { row.cells[$0] }
                return row
            })
    }

    var headerBlocks: [DomainPresentation.Block] {
        (entry.report?.routes ?? []).filter { !$0.headers.isEmpty }.map { result in
            .init(title: Self.routeName(result.route), lines: result.headers.map { "\($0.name): \($0.value)" })
        }
    }

    var cdnOriginBlock: DomainPresentation.Block? {
        guard let diff = (entry.servedReport ?? entry.report)?.cdnOriginDiff, !diff.isEquivalent else { return nil }
        return .init(title: "Apple's CDN and the origin serve different files", lines: diff.changes)
    }

    /// What changed since the previous fetch, worded as `linklab diff` words it.
    var refetchBlock: DomainPresentation.Block? {
        guard let previous = entry.previous, let now = entry.fetched ?? entry.report else { return nil }
        var before = entry
        before.report = previous
        var after = entry
        after.report = now
        after.state = before.state
        let changes = Retest.hostDetails(before, after)
        return .init(title: "Since the previous fetch", lines: changes.isEmpty ? ["Nothing changed."] : changes)
    }
}

extension DomainPresentation.File {
    /// The text's lines numbered from 1, each with the lint that points at it (for a face that
    /// lists lines lazily).
    public var numberedLines: [NumberedLine] {
        let byLine = Dictionary(grouping: markers, by: \.line)
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
            NumberedLine(
                number: index + 1, text: String(line),
                markers: (byLine[index + 1] ?? []).flatMap { $0.message.components(separatedBy: "\n") })
        }
    }
}

/// One line of a file, numbered from 1, with the lint that points at it.
public struct NumberedLine: Sendable, Equatable, Identifiable {
    public var id: Int { number }
    public var number: Int
    public var text: String
    public var markers: [String]
}

extension DomainPresentation.Marker {
    /// One marker per line that has diagnostics, in line order: the worst severity of the line
    /// (error, warning, else info), every ID and every message (the Apple and the Android file alike).
    static func markers(_ lint: [LintDiagnostic]) -> [DomainPresentation.Marker] {
        var byLine: [Int: [LintDiagnostic]] = [:]
        for diagnostic in lint { if let line = diagnostic.line { byLine[line, default: []].append(diagnostic) } }
        return byLine.keys.sorted().map { line in
            let items = byLine[line] ?? []
            let worst = ["error", "warning"].first { level in items.contains { $0.severity == level } } ?? "info"
            return DomainPresentation.Marker(
                line: line, severity: worst, ids: items.map(\.id),
                message: items.map { "\($0.id): \($0.message)" }.joined(separator: "\n"))
        }
    }
}
