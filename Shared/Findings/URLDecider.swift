import AppInspection
import AssociationFetch
import Foundation
import SiteAssociation

/// Which verdicts of a URL list carry their trace.
public enum URLTraces: Sendable, Equatable {
    /// Every verdict (reports, `scan`, one URL in the URL tester).
    case all
    /// Only the tests whose verdicts contradict the tester's expectation (the traces URL-002
    /// cites); every other verdict has its decision and deciding rule and an empty trace, which
    /// `URLDecider.traced(_:)` fills on demand. A trace names every rule tried (500 rules give
    /// 500 lines), so this is how a live document re-decides a long list on every keystroke.
    case contradictionsOnly
}

/// Decides URL tests against domain reports as iOS would: the URL's host picks the report (an
/// exact entry before a wildcard), the report's effective file (the one a device uses; a file
/// the device rejects decides nothing) gives one verdict per app ID — `appIDs` first, then the
/// other app IDs the file names. Each report's file is compiled once, on first use, and shared
/// by every copy of the decider (a document keeps one until a host changes).
public struct URLDecider: Sendable {
    /// The reports URLs are decided against (one per applinks entry).
    public let domains: [DomainReport]
    /// The app IDs judged as "the app", decided first for every URL.
    public let appIDs: [String]
    /// The app's associated-domains entries (every service), when an app is known: a URL on a
    /// host without an `applinks:` entry is then explained as such (a file supplied or fetched
    /// for a `webcredentials:` host is never consulted for links); nil when no app.
    public let claims: [AssociatedDomain]?
    private let facts: AnalysisFacts
    private let compiled = CompiledFiles()

    /// A decider over `domains` for `appIDs`.
    public init(domains: [DomainReport], appIDs: [String], claims: [AssociatedDomain]? = nil) {
        self.domains = domains
        self.appIDs = appIDs
        self.claims = claims
        facts = AnalysisFacts(domains: domains)
    }

    /// The URL tests for `entries`, in order, with the traces `traces` asks for.
    public func decide(_ entries: [URLListEntry], traces: URLTraces = .all) -> [URLTest] {
        entries.map { entry in
            let test = decide(entry, traced: traces == .all)
            return traces == .contradictionsOnly && test.contradictsExpectation ? decide(entry, traced: true) : test
        }
    }

    /// `test` decided again with every trace (what `decide(_:traces: .all)` gives for it).
    public func traced(_ test: URLTest) -> URLTest {
        decide(URLListEntry(url: test.url, expectation: test.expectation, line: test.line), traced: true)
    }

    private func decide(_ entry: URLListEntry, traced: Bool) -> URLTest {
        let components = URLComponents(string: entry.url)
        let host = components?.host?.lowercased() ?? ""
        let port = components?.port == 443 && components?.scheme?.lowercased() == "https" ? nil : components?.port
        // Reasons that are the whole explanation (no file for the host) are one line: always given.
        guard let report = facts.report(forURLHost: host, port: port) else {
            let reason = URLTest.noFileReason(host: host, port: port, claims: claims)
            let verdicts = appIDs.map { AppVerdict(appID: $0, decision: .noMatch, trace: [reason]) }
            return URLTest(url: entry.url, expectation: entry.expectation, domain: nil, verdicts: verdicts, line: entry.line)
        }
        guard let file = compiled.file(for: report) else {
            let reason = "\(report.host) served no usable association file (see the AASA findings): iOS opens the URL in the browser"
            let verdicts = appIDs.map { AppVerdict(appID: $0, decision: .noMatch, trace: [reason]) }
            return URLTest(url: entry.url, expectation: entry.expectation, domain: report.host, verdicts: verdicts, line: entry.line)
        }
        var ids = appIDs
        for id in file.appIDs where !ids.contains(id) { ids.append(id) }
        let verdicts = ids.map {
            traced ? file.matcher.decide(url: entry.url, appID: $0) : file.matcher.verdict(url: entry.url, appID: $0)
        }
        return URLTest(url: entry.url, expectation: entry.expectation, domain: report.host, verdicts: verdicts, line: entry.line)
    }
}

/// The compiled file of each report, made on first use (nil when the report has no file that
/// decides). Shared by copies of a decider; a lock guards the table, and a matcher is a
/// value safe to use from any thread.
private final class CompiledFiles: @unchecked Sendable {
    struct File {
        let matcher: AssociationMatcher
        let appIDs: [String]
    }

    private let lock = NSLock()
    private var files: [String: File?] = [:]

    func file(for report: DomainReport) -> File? {
        lock.lock()
        if let known = files[report.host] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let made = Self.compile(report)
        lock.lock()
        defer { lock.unlock() }
        if let known = files[report.host] { return known }
        files[report.host] = .some(made)
        return made
    }

    private static func compile(_ report: DomainReport) -> File? {
        guard let result = report.effectiveResult else { return nil }
        let document = AssociationDocument(
            file: result.file, diagnostics: result.diagnostics, deviceAccepts: result.deviceAccepts ?? true,
            isCMSSigned: result.isCMSSigned ?? false, byteCount: result.bytes)
        return File(matcher: AssociationMatcher(document: document, domain: report.host),
                    appIDs: result.file?.applinksAppIDs ?? [])
    }
}
