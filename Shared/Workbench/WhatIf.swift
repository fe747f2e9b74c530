import AssociationFetch
import Foundation
import SiteAssociation

// The what-if editor's two ends: the text a face shows as "the file" (the answer that decides,
// CMS unwrapped, byte for byte), and the report an edit of it decides with.

extension DomainReport {
    /// The route whose answer a face shows as the file and the what-if editor edits: the first
    /// whose file a device would use (a supplied file, then the CDN's, then the origin's; only
    /// the origin's for a developer-mode host), else the first that answered with a body a
    /// tester would fix (a 200 that does not parse), else the legacy path's.
    public func shownRoute(developerMode: Bool) -> RouteResult? {
        let order: [FetchRoute] = developerMode ? [.local, .origin] : [.local, .cdn, .origin]
        let candidates = order.compactMap { result(for: $0) }
        return candidates.first { $0.isUsable }
            ?? candidates.first { ($0.status == 200 || $0.route == .local) && !$0.body.isEmpty }
            ?? result(for: .legacy).flatMap { $0.body.isEmpty ? nil : $0 }
    }
}

/// The file as a face shows it: the text of an answer, and whether that text is its bytes.
public struct ServedText: Sendable, Equatable, Codable {
    /// The text (a CMS-signed body's JSON content; invalid UTF-8 shown as U+FFFD).
    public var text: String
    /// True when `text` encodes back to exactly the bytes that decide: applying it unchanged
    /// changes nothing. False for bytes that are not UTF-8 or a CMS body that cannot be unwrapped.
    public var isExact: Bool
    /// Why the text is not the bytes, or what it is (CMS content, cut at the size cap); nil otherwise.
    public var note: String?

    public init(text: String, isExact: Bool, note: String?) {
        self.text = text
        self.isExact = isExact
        self.note = note
    }

    /// The text of `result`'s body.
    public init(_ result: RouteResult) {
        guard let content = AssociationDocument.content(of: result.body) else {
            self.init(
                text: String(decoding: result.body, as: UTF8.self), isExact: false,
                note: "The body looks CMS-signed but could not be unwrapped: shown as read, not editable as is.")
            return
        }
        let text = String(decoding: content, as: UTF8.self)
        let exact = Data(text.utf8) == content
        var notes: [String] = []
        if content.count != result.body.count { notes.append("The JSON inside a CMS-signed body.") }
        if result.truncated { notes.append("Cut at the \(result.body.count)-byte read limit.") }
        if !exact {
            notes.append(
                "Not valid UTF-8: invalid bytes are shown as \u{FFFD}, so applying this text changes the file.")
        }
        self.init(text: text, isExact: exact, note: notes.isEmpty ? nil : notes.joined(separator: " "))
    }

    /// `edited` as a browser's text area gives it back (every CRLF and lone CR turned LF) put
    /// back to `served`'s line breaks: the served text itself when nothing else changed (an
    /// unchanged Apply is byte for byte, whatever mix of line breaks the file has), CRLF
    /// throughout when every line break of `served` is CRLF, else as typed.
    public static func restoringLineBreaks(_ edited: String, like served: String) -> String {
        if asTextAreaGivesIt(edited) == asTextAreaGivesIt(served) { return served }
        let crlf = served.utf8.count - served.replacingOccurrences(of: "\r\n", with: "\n").utf8.count
        let lf = served.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        guard crlf > 0, crlf == lf, !edited.utf8.contains(0x0D) else { return edited }
        return edited.replacingOccurrences(of: "\n", with: "\r\n")
    }

    /// `text` with its line breaks as an HTML text area's value has them: CRLF and CR become LF.
    public static func asTextAreaGivesIt(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }
}

extension WorkbenchDocument {
    /// The iOS half of `editFromTextArea(_:forHost:on:)`: `text` put back to the line breaks of
    /// the file it was edited from, then decided as `editIOS` decides it.
    func editIOSFromTextArea(_ text: String, forHost host: String) throws(WorkbenchDocumentError) {
        let index = try self.index(of: host)
        let before = domainCards[index]
        let restored =
            (before.served ?? before.file).map { ServedText.restoringLineBreaks(text, like: $0.text) } ?? text
        try editIOS(restored, forHost: domains[index].host)
    }

    /// The report `host` decides with when the copy that decides serves `data` instead: that
    /// route's answer keeps its URL, status, headers and timings, its body is `data`, parsed as
    /// a fetched one; with no such route (nothing answered, or only the legacy path), `data` is
    /// a supplied file beside what was served. `data` equal to what that route serves (its CMS
    /// content included; nothing, when nothing decides) leaves the report as it is. The CDN/origin
    /// comparison stays the served one's: an edit is a what-if of the file, not a serving problem.
    nonisolated static func whatIf(
        _ data: Data, on base: DomainReport?, host: FetchHost, developerMode: Bool,
        limit: Int
    ) -> DomainReport {
        guard var report = base else {
            return DomainReport(host: host, routes: [localResult(data, name: "edited", limit: limit)])
        }
        let shown = report.shownRoute(developerMode: developerMode)
        // The text as served (nothing, when nothing that decides was served): nothing changes.
        if AssociationDocument.content(of: shown?.body ?? Data()) == data { return report }
        guard let shown, shown.route != .legacy,
            let index = report.routes.firstIndex(where: { $0.route == shown.route })
        else {
            report.routes.removeAll { $0.route == .local }
            report.routes.insert(localResult(data, name: "edited", limit: limit), at: 0)
            return report
        }
        report.routes[index] =
            shown.route == .local
            ? localResult(data, name: "edited", limit: limit)
            : answer(shown, withBody: data, limit: limit)
        return report
    }
}

extension DomainEntry {
    /// True for an entry with `?mode=developer`: decisions use the origin's copy.
    public var isDeveloperMode: Bool { route == "origin" }

    /// The answer that decides (see `DomainReport.shownRoute(developerMode:)`), or nil.
    public var shownRoute: RouteResult? { report?.shownRoute(developerMode: isDeveloperMode) }

    /// What was served before the what-if edit: the supplied or used file it started from,
    /// else the fetched report; nil when the host is not edited.
    public var servedReport: DomainReport? {
        state == .edited ? served ?? fetched : nil
    }

    /// Lint of the answer that decides (its line numbers are that text's own).
    var shownLint: [LintDiagnostic] { shownRoute?.diagnostics ?? [] }
}
