import AssociationFetch
import Foundation
import SiteAssociation

/// One claimed host in depth, as the Domains tab shows it beside its card: the file exactly as
/// it was served (numbered lines, lint markers on their lines), every route's answer with
/// Apple's headers and the `curl` that repeats it, CDN versus origin, what changed since the
/// previous fetch, and the what-if text apart from what was served. Codable for the web face.
public struct DomainDetail: Sendable, Equatable, Codable, Identifiable {
    /// Lines of a served file shown at most (a device reads 128 KiB; the rest is cut anyway).
    public static let maximumLines = 20_000

    public var id: String { host }
    public var host: String
    /// "Served by Apple CDN: HTTP 200, 1,234 bytes" (or why nothing can be shown).
    public var servedTitle: String
    /// The served file, one entry per line.
    public var servedLines: [NumberedLine]
    /// Lint of the served file that names no line.
    public var servedLint: [String]
    /// Every route tried, in fetch order.
    public var routes: [RouteRow]
    /// "Apple's CDN and the origin serve the same rules" / what differs; nil unless both served a file.
    public var cdnVersusOrigin: [String]?
    /// What changed since the previous fetch; nil when the host was fetched once.
    public var refetchChanges: [String]?
    /// The what-if text when the tester edited the file (decides instead of the served one).
    public var whatIfText: String?
    /// Lint of the what-if text, `line N: ID: message`.
    public var whatIfLint: [String]

    public init(_ entry: DomainEntry) {
        host = entry.host
        let served = entry.fetched ?? (entry.state == .edited ? nil : entry.report)
        let shown = served.flatMap(Self.servedRoute)
        if let shown {
            let text = String(decoding: shown.body, as: UTF8.self)
            servedTitle = "Served by \(DomainCard.routeName(shown.route)): "
                + (shown.status.map { "HTTP \($0), " } ?? "") + "\(shown.bytes) bytes"
                + (shown.truncated ? " (cut at the device's 128 KiB limit)" : "")
            let byLine = Dictionary(grouping: shown.diagnostics.filter { $0.line != nil }, by: { $0.line ?? 0 })
            servedLines = text.split(separator: "\n", omittingEmptySubsequences: false)
                .prefix(Self.maximumLines).enumerated().map { index, line in
                    NumberedLine(number: index + 1, text: String(line),
                                 markers: (byLine[index + 1] ?? []).map { "\($0.id): \($0.message)" })
                }
            servedLint = shown.diagnostics.filter { $0.line == nil }.map { "\($0.id): \($0.message)" }
        } else {
            servedTitle = served == nil ? "Not fetched yet." : "No route served a file."
            servedLines = []
            servedLint = []
        }
        routes = (served?.routes ?? []).map { RouteRow($0, host: entry.host) }
        if let comparison = served?.cdnOriginDiff {
            cdnVersusOrigin = comparison.isEquivalent
                ? ["Apple's CDN and the origin serve the same rules."]
                : ["Apple's CDN serves another file than the origin (the CDN copy may be stale):"] + comparison.changes
        } else {
            cdnVersusOrigin = nil
        }
        if let previous = entry.previous, let now = served {
            var before = entry
            before.report = previous
            var after = entry
            after.report = now
            after.state = before.state
            let changes = Retest.hostDetails(before, after)
            refetchChanges = changes.isEmpty ? ["Nothing changed since the previous fetch."] : changes
        } else {
            refetchChanges = nil
        }
        whatIfText = entry.state == .edited ? entry.editedText : nil
        whatIfLint = entry.state == .edited
            ? entry.lint.map { ($0.line.map { "line \($0): " } ?? "") + "\($0.id): \($0.message)" } : []
    }

    /// The route whose body a device would read: the supplied file, else the CDN's, the
    /// origin's, the legacy path's.
    static func servedRoute(_ report: DomainReport) -> RouteResult? {
        for route in [FetchRoute.local, .cdn, .origin, .legacy] {
            if let result = report.result(for: route), !result.body.isEmpty { return result }
        }
        return nil
    }
}

/// One line of a file, numbered from 1, with the lint that points at it.
public struct NumberedLine: Sendable, Equatable, Codable, Identifiable {
    public var id: Int { number }
    public var number: Int
    public var text: String
    public var markers: [String]
}

/// One route's answer: status or error, Apple's headers, and the command that repeats it.
public struct RouteRow: Sendable, Equatable, Codable, Identifiable {
    public var id: String { route }
    /// `cdn`, `origin`, `legacy`, `local`.
    public var route: String
    /// "Apple CDN", "Origin", …
    public var name: String
    public var url: String
    /// "HTTP 200, 1234 bytes, 85 ms" or the error.
    public var answer: String
    /// `Apple-Failure-Reason`, `Apple-Failure-Details`, `Apple-From`, `Apple-Try-Direct`, when sent.
    public var appleHeaders: [LabeledText]
    /// Every response header, as received.
    public var headers: [LabeledText]
    /// `curl` fetching the same URL (nil for a supplied file).
    public var curl: String?

    init(_ result: RouteResult, host: String) {
        route = result.route.rawValue
        name = DomainCard.routeName(result.route)
        url = result.url
        if let error = result.error {
            answer = "\(error)"
        } else {
            var parts = [result.status.map { "HTTP \($0)" } ?? "no answer", "\(result.bytes) bytes"]
            if let total = result.totalMs { parts.append("\(total) ms") }
            if let location = result.redirectLocation { parts.append("redirect to \(location)") }
            answer = parts.joined(separator: ", ")
        }
        let apple: [(String, String?)] = [
            ("Apple-Failure-Reason", result.appleFailureReason), ("Apple-Failure-Details", result.appleFailureDetails),
            ("Apple-From", result.appleFrom), ("Apple-Try-Direct", result.appleTryDirect),
        ]
        appleHeaders = apple.compactMap { label, value in value.map { LabeledText(label: label, text: $0) } }
        headers = result.headers.map { LabeledText(label: $0.name, text: $0.value) }
        curl = CopyText.curl(host: host, route: result.route)
    }
}
