import AndroidApp
import Foundation
import Reports
import SiteAssociation

/// The deciding step of a matcher trace, for the PDF's compact trace tables: the step that
/// decided and the decision (with its reason), the steps that were skipped counted, not shown.
/// The full traces stay in the JSON and HTML reports and in the session.
enum TraceDigest {
    /// Said above the iOS compact trace table, in `audience`'s words.
    static func iosNote(_ audience: NoteAudience) -> String {
        "Traces are shortened here to the step that decided and the decision; the rules skipped before it are "
            + "counted, not shown. Every step of every trace is in the \(audience.reportsWithEveryTrace) and in the "
            + "session."
    }

    /// Said above the Android compact URL table, in `audience`'s words.
    static func androidNote(_ audience: NoteAudience) -> String {
        "Traces are shortened here to the filters that match and the verification step; the filters that do not "
            + "match are counted, not shown, and why a host is not verified is under Verified hosts. Every "
            + "filter's answer is in the \(audience.reportsWithEveryTrace) and in the session."
    }

    /// For each app ID but `except` that every list of verdicts holds: the text (`text` of its
    /// verdict) the most lists give it, with how many, when more than half of them and at least
    /// two do. In order of first appearance.
    static func usualTexts(
        _ lists: [[AppVerdict]], except: String?, text: (AppVerdict) -> String
    )
        -> [(appID: String, text: String, count: Int)]
    {
        guard let first = lists.first else { return [] }
        var result: [(appID: String, text: String, count: Int)] = []
        for appID in first.map(\.appID) where appID != except && !result.contains(where: { $0.appID == appID }) {
            let texts = lists.compactMap { list in list.first { $0.appID == appID }.map(text) }
            guard texts.count == lists.count else { continue }
            let counts = Dictionary(texts.map { ($0, 1) }, uniquingKeysWith: +)
            guard let best = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }),
                best.value >= 2, best.value * 2 > lists.count
            else { continue }
            result.append((appID, best.key, best.value))
        }
        return result
    }

    /// Columns of the iOS compact trace table.
    static let iosColumns = ["#", "URL", "App", "Decision — deciding step"]

    /// One row per decision: number and URL on the first row only, then the apps decided the
    /// same way (one per line), and the decision (the trace's `decision:` line) with the deciding
    /// step (the last step that was not skipped).
    static func iosRows(number: Int, url: String, verdicts: [AppVerdict]) -> [[String]] {
        guard !verdicts.isEmpty else { return [[String(number), url, "—", "no verdict"]] }
        var groups: [(apps: [String], decision: String, step: String)] = []
        for verdict in verdicts {
            let (decision, step) = iosDecidingStep(verdict)
            if let index = groups.firstIndex(where: { $0.decision == decision && $0.step == step }) {
                groups[index].apps.append(verdict.appID)
            } else {
                groups.append(([verdict.appID], decision, step))
            }
        }
        return groups.enumerated().map { index, group in
            [
                index == 0 ? String(number) : "", index == 0 ? url : "", group.apps.joined(separator: "\n"),
                group.step.isEmpty ? group.decision : group.decision + " — " + group.step,
            ]
        }
    }

    /// The decision (without `decision:`) and the deciding step of one iOS verdict's trace.
    static func iosDecidingStep(_ verdict: AppVerdict) -> (decision: String, step: String) {
        let trace = verdict.trace
        let decisionIndex = trace.lastIndex { $0.hasPrefix("decision:") }
        let decision =
            decisionIndex.map {
                String(trace[$0].dropFirst("decision:".count)).trimmingCharacters(in: .whitespaces)
            } ?? verdict.decision.rawValue
        let steps = Array(trace[..<(decisionIndex ?? trace.endIndex)])
        let skipped = steps.filter(isSkip).count
        guard let last = steps.last else { return (decision, "") }
        if isSkip(last) {
            return (decision, skipped == 1 ? "the only rule was skipped" : "all \(skipped) rules were skipped")
        }
        return (decision, last + (skipped > 0 ? " (\(skipped) skipped before)" : ""))
    }

    private static func isSkip(_ step: String) -> Bool {
        step.contains("→ skip")
    }

    /// Columns of the Android compact URL table.
    static let androidColumns = ["URL", "Outcome", "Deciding step"]

    /// One row per URL: the URL, the outcome, and the trace without the filters that do not
    /// match (counted).
    static func androidRow(_ decision: AndroidLinkDecision) -> [String] {
        let others = decision.trace.filter { $0.contains("): no — ") }.count
        // Why a host is not verified is in the "Verified hosts" appendix, next to this one.
        var lines = decision.trace.filter { !$0.contains("): no — ") }.map { line in
            guard let reason = line.range(of: ": not verified — ") else { return line }
            return line[..<reason.lowerBound] + ": not verified (why: see Verified hosts)"
        }
        if others > 0, !lines.isEmpty {
            lines[lines.count - 1] +=
                others == 1
                ? " (1 other filter does not match)"
                : " (\(others) other filters do not match)"
        } else if others > 0 {
            lines.append("\(others) filters do not match")
        }
        return [decision.url, decision.outcome.text, lines.joined(separator: "\n")]
    }
}
