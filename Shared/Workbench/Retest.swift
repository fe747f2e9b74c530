import AndroidApp
import AssociationFetch
import Foundation

/// The retest (`linklab diff OLD NEW`, docs/workbench.md): what changed between two saved
/// sessions, both re-evaluated with this engine — findings new, fixed (gone, or triaged
/// fixed) and still open, triage changes, per-host semantic changes, per-URL verdict changes.
public struct Retest: Sendable, Equatable {
    /// Which session (when saved, what app).
    public struct Side: Sendable, Equatable {
        public var savedAt: Date?
        public var name: String
        public var sha256: String
    }

    /// One host's change (as the diff JSON writes it: `host`, `change`, `details`).
    public struct DomainChange: Sendable, Equatable, Encodable {
        public var host: String
        /// `added`, `removed`, `changed` or `same`.
        public var change: String
        public var details: [String]
    }

    /// One URL × app whose verdict changed (as the diff JSON writes it: `url`, `appID`, `old`, `new`).
    public struct URLChange: Sendable, Equatable, Encodable {
        public var url: String
        public var appID: String
        /// `match`, `exclude`, `no_match`, or `none` (not decided on that side).
        public var old: String
        public var new: String
    }

    /// A triage that changed between the sessions.
    public struct TriageChange: Sendable, Equatable {
        public var fingerprint: String
        public var old: Triage?
        public var new: Triage?
    }

    public var old: Side
    public var new: Side
    /// In NEW, not in OLD.
    public var newFindings: [TriagedFinding]
    /// In OLD and gone from NEW (with NEW's triage, if any), or triaged `fixed` in NEW.
    public var fixedFindings: [TriagedFinding]
    /// In both and not triaged fixed.
    public var openFindings: [TriagedFinding]
    public var triageChanges: [TriageChange]
    public var domains: [DomainChange]
    public var urls: [URLChange]

    /// Compares two opened documents (each already re-evaluated with this engine).
    @MainActor
    public init(old: WorkbenchDocument, new: WorkbenchDocument) {
        self.old = Side(old)
        self.new = Side(new)
        let oldPrints = Set(old.findings.map(\.fingerprint))
        let newPrints = Set(new.findings.map(\.fingerprint))
        newFindings = new.findings.filter { !oldPrints.contains($0.fingerprint) && $0.status != .fixed }
        let gone = old.findings.filter { !newPrints.contains($0.fingerprint) }
            .map { TriagedFinding(finding: $0.finding, triage: new.triage[$0.fingerprint] ?? $0.triage) }
        fixedFindings = gone + new.findings.filter { $0.status == .fixed }
        openFindings = new.findings.filter { oldPrints.contains($0.fingerprint) && $0.status != .fixed }
        let prints = Set(old.triage.keys).union(new.triage.keys).sorted()
        triageChanges = prints.compactMap { print in
            let before = old.triage[print]
            let after = new.triage[print]
            guard before?.status != after?.status || before?.note != after?.note else { return nil }
            return TriageChange(fingerprint: print, old: before, new: after)
        }
        domains =
            Self.domainChanges(old.domains, new.domains)
            + Self.androidHostChanges(old.android, new.android)
        urls =
            Self.urlChanges(old.urlTests, new.urlTests)
            + Self.androidURLChanges(old.androidAnalysis, new.androidAnalysis)
    }

    /// Findings that fail `--fail-on severity`: new or still open, not suppressed by triage.
    public func failing(atLeast severity: Severity) -> [TriagedFinding] {
        failing([FindingThreshold(severity: severity)])
    }

    /// The new or still-open findings (not suppressed) that trip any of `thresholds`
    /// (`diff --fail-on`, repeatable, `CATEGORY:SEVERITY` allowed).
    public func failing(_ thresholds: [FindingThreshold]) -> [TriagedFinding] {
        (newFindings + openFindings).filter { item in
            !item.status.isSuppressed && thresholds.contains { $0.isTripped(by: item.finding) }
        }
    }

    static func domainChanges(_ old: [DomainEntry], _ new: [DomainEntry]) -> [DomainChange] {
        var changes: [DomainChange] = []
        let oldByHost = Dictionary(old.map { ($0.host, $0) }, uniquingKeysWith: { first, _ in first })
        let newHosts = Set(new.map(\.host))
        for entry in new {
            guard let before = oldByHost[entry.host] else {
                changes.append(
                    DomainChange(
                        host: entry.host, change: "added",
                        details: ["the app now claims \(entry.entries.joined(separator: ", "))"]))
                continue
            }
            let details = hostDetails(before, entry)
            changes.append(
                DomainChange(
                    host: entry.host, change: details.isEmpty ? "same" : "changed",
                    details: details))
        }
        for entry in old where !newHosts.contains(entry.host) {
            changes.append(
                DomainChange(
                    host: entry.host, change: "removed",
                    details: ["the app no longer claims \(entry.entries.joined(separator: ", "))"]))
        }
        return changes
    }

    /// What changed for one host: its state, each route's answer, and the deciding file's meaning.
    static func hostDetails(_ old: DomainEntry, _ new: DomainEntry) -> [String] {
        var details: [String] = []
        if old.state != new.state { details.append("state: \(old.state.rawValue) → \(new.state.rawValue)") }
        let routes = (old.report?.routes.map(\.route) ?? []) + (new.report?.routes.map(\.route) ?? [])
        var seen: Set<FetchRoute> = []
        for route in routes where seen.insert(route).inserted {
            let before = old.report?.result(for: route)
            let after = new.report?.result(for: route)
            let was = answer(before)
            let now = answer(after)
            if was != now { details.append("\(route.rawValue): \(was) → \(now)") }
        }
        switch (old.report?.effectiveFile, new.report?.effectiveFile) {
        case (let before?, let after?):
            details += AssociationDiff(old: before, new: after).changes
        case (nil, _?):
            details.append("a usable association file is now served")
        case (_?, nil):
            details.append("no usable association file is served any more")
        case (nil, nil):
            break
        }
        return details
    }

    static func answer(_ result: RouteResult?) -> String {
        guard let result else { return "not fetched" }
        if let error = result.error { return "error (\(error.kind))" }
        guard let status = result.status else { return result.route == .local ? "supplied file" : "no answer" }
        return "HTTP \(status)"
    }

    static func urlChanges(_ old: [URLTest], _ new: [URLTest]) -> [URLChange] {
        var oldByURL: [String: URLTest] = [:]
        for test in old where oldByURL[test.url] == nil { oldByURL[test.url] = test }
        var changes: [URLChange] = []
        var seen: Set<String> = []
        for test in new where seen.insert(test.url).inserted {
            let before = oldByURL[test.url]
            var appIDs = test.verdicts.map(\.appID)
            for id in before?.verdicts.map(\.appID) ?? [] where !appIDs.contains(id) { appIDs.append(id) }
            for appID in appIDs {
                let was = before?.verdict(for: appID)?.decision.rawValue ?? "none"
                let now = test.verdict(for: appID)?.decision.rawValue ?? "none"
                if was != now { changes.append(URLChange(url: test.url, appID: appID, old: was, new: now)) }
            }
        }
        for test in old where !seen.contains(test.url) {
            seen.insert(test.url)
            for verdict in test.verdicts {
                changes.append(
                    URLChange(
                        url: test.url, appID: verdict.appID, old: verdict.decision.rawValue,
                        new: "none"))
            }
        }
        return changes
    }
}

// The Android half of the retest: each host's assetlinks.json and each URL's Android outcome.
extension Retest {
    /// How a host of the Android app is named among the domains (`example.com (assetlinks.json)`).
    static func androidLabel(_ host: String) -> String { host + " (assetlinks.json)" }

    /// What changed for each host the Android app verifies: added, removed, or its state, the
    /// answer and the statements its file makes.
    static func androidHostChanges(_ old: AndroidDocumentApp?, _ new: AndroidDocumentApp?) -> [DomainChange] {
        guard old != nil || new != nil else { return [] }
        let before = Dictionary((old?.assetLinks ?? []).map { ($0.host, $0) }, uniquingKeysWith: { first, _ in first })
        let after = Set(new?.hosts ?? [])
        var changes: [DomainChange] = []
        for report in new?.assetLinks ?? [] {
            guard let previous = before[report.host] else {
                changes.append(
                    DomainChange(
                        host: androidLabel(report.host), change: "added",
                        details: ["the Android app now verifies \(report.host)"]))
                continue
            }
            var details: [String] = []
            let was = old?.states[report.host]
            let now = new?.states[report.host]
            if was != now { details.append("state: \(was?.rawValue ?? "none") → \(now?.rawValue ?? "none")") }
            let answerBefore = answer(previous.result)
            let answerAfter = answer(report.result)
            if answerBefore != answerAfter { details.append("assetlinks: \(answerBefore) → \(answerAfter)") }
            let statementsBefore = statements(previous)
            let statementsAfter = statements(report)
            for line in statementsAfter where !statementsBefore.contains(line) {
                details.append("statement added: \(line)")
            }
            for line in statementsBefore where !statementsAfter.contains(line) {
                details.append("statement removed: \(line)")
            }
            changes.append(
                DomainChange(
                    host: androidLabel(report.host), change: details.isEmpty ? "same" : "changed",
                    details: details))
        }
        for report in old?.assetLinks ?? [] where !after.contains(report.host) {
            changes.append(
                DomainChange(
                    host: androidLabel(report.host), change: "removed",
                    details: ["the Android app no longer verifies \(report.host)"]))
        }
        return changes
    }

    /// The statements a host's file makes, one line each (`delegate_permission/common.handle_all_urls
    /// → com.example.app [FINGERPRINT…]`), in file order.
    static func statements(_ report: AssetLinksReport) -> [String] {
        (report.effectiveFile?.statements ?? []).map { statement in
            let target: String
            switch statement.target {
            case .androidApp(let package, let fingerprints):
                target = package + " [" + fingerprints.joined(separator: ", ") + "]"
            case .web(let site): target = site
            case .other(let namespace): target = namespace
            }
            return statement.relations.joined(separator: ", ") + " → " + target
        }
    }

    /// Each URL whose Android outcome changed (`opens_app`, `opens_app_unverified`, `chooser`,
    /// `browser`, or `none` when not decided on that side), named by the package.
    static func androidURLChanges(_ old: AndroidAnalysis?, _ new: AndroidAnalysis?) -> [URLChange] {
        guard old != nil || new != nil else { return [] }
        let package = new?.facts.packageName ?? old?.facts.packageName ?? ""
        var before: [String: String] = [:]
        for decision in old?.decisions ?? [] where before[decision.url] == nil {
            before[decision.url] = decision.outcome.rawValue
        }
        var changes: [URLChange] = []
        var seen: Set<String> = []
        for decision in new?.decisions ?? [] where seen.insert(decision.url).inserted {
            let was = before[decision.url] ?? "none"
            let now = decision.outcome.rawValue
            if was != now { changes.append(URLChange(url: decision.url, appID: package, old: was, new: now)) }
        }
        for decision in old?.decisions ?? [] where seen.insert(decision.url).inserted {
            changes.append(URLChange(url: decision.url, appID: package, old: decision.outcome.rawValue, new: "none"))
        }
        return changes
    }
}

extension Retest.Side {
    @MainActor
    init(_ document: WorkbenchDocument) {
        savedAt = document.openedSession?.savedAt
        name = document.source?.name ?? ""
        sha256 = document.source?.sha256 ?? ""
    }
}
