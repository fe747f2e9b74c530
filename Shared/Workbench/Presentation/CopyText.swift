import AssociationFetch
import Findings
import Foundation
import SiteAssociation

/// What ⌘C and "Copy" put on the pasteboard, in every face: a finding as Markdown, a verdict,
/// the `curl` that fetches a host's file as a device (or Apple's CDN) would. The faces copy
/// these strings and build none of their own.
public enum CopyText {
    /// A finding as Markdown (heading, subject, explanation, evidence, remediation, triage), to
    /// paste into a ticket or a report.
    public static func finding(_ item: TriagedFinding) -> String {
        let finding = item.finding
        var lines = [
            "### \(finding.severity.displayName): \(finding.title) (\(finding.id))", "",
            "**Subject:** `\(finding.subject)`", "", finding.explanation,
        ]
        if !finding.evidence.isEmpty {
            lines += ["", "**Evidence**"] + finding.evidence.map { "- \($0.summary)" }
        }
        lines += ["", "**Remediation:** \(finding.remediation)"]
        if item.status != .open || !(item.triage?.note ?? "").isEmpty {
            let note = item.triage?.note ?? ""
            lines += ["", "**Triage:** \(item.status.badge)" + (note.isEmpty ? "" : " — \(note)")]
        }
        if !finding.references.isEmpty {
            lines += ["", "**References**"] + finding.references.map { "- [\($0.title)](\($0.url))" }
        }
        return lines.joined(separator: "\n")
    }

    /// One verdict on one line: "URL → APPID: headline (rule)".
    public static func verdict(url: String, _ row: URLTestPresentation.Verdict) -> String {
        "\(url) → \(row.appID): \(row.headline) (\(row.ruleText ?? row.ruleLocation))"
    }

    /// The `curl` command that fetches `host`'s association file by `route` (`cdn`, `origin`,
    /// `legacy`), printing the response headers; nil for a host that is not a host name or a
    /// route that is not fetched.
    public static func curl(host: String, route: FetchRoute, cdnBase: String = RoutePlanner.appleCDNBase) -> String? {
        guard let fetchHost = try? FetchHost.parse(host),
            let planner = try? RoutePlanner(cdnBase: cdnBase),
            let url = planner.url(for: route, host: fetchHost)
        else { return nil }
        // iOS follows no redirects for the file; -L is left out on purpose.
        return "curl -sS -D - -H \(Analysis.shellQuoted("Accept: application/json")) \(Analysis.shellQuoted(url))"
    }
}

/// Apple's own matcher's answers (`swcutil verify`), each kept with the association file it
/// was asked about: an answer is shown only while the host's deciding file is still that
/// file, so an edit, a supplied file or a refetch clears it instead of leaving Apple's word
/// about another file beside ours.
public struct AppleAnswerBook<Answer: Sendable & Equatable>: Sendable, Equatable {
    struct Kept: Sendable, Equatable {
        var host: String
        var file: Data?
        var answer: Answer
    }

    private var kept: [String: Kept] = [:]

    public init() {}

    /// Records `answer` for `url`, asked about `host` with `file` (the deciding file's bytes).
    public mutating func record(_ answer: Answer, url: String, host: String, file: Data?) {
        kept[url] = Kept(host: host, file: file, answer: answer)
    }

    /// The answer for `url`, or nil when none was asked or the host's file has changed since.
    public func answer(for url: String, currentFile: (String) -> Data?) -> Answer? {
        guard let entry = kept[url], currentFile(entry.host) == entry.file else { return nil }
        return entry.answer
    }

    /// Drops every answer whose host's file is no longer the one it was asked about.
    public mutating func prune(currentFile: (String) -> Data?) {
        kept = kept.filter { currentFile($0.value.host) == $0.value.file }
    }

    /// True when nothing is kept.
    public var isEmpty: Bool { kept.isEmpty }
}
