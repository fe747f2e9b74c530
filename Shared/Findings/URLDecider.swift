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
    private let compiled: CompiledFiles
    /// The list this decider decided last with `decideList` (a replacing decider reuses it).
    private let kept = KeptList()
    /// The replaced decider's list, when this one was made with `previous:`, until this one
    /// decided its own list (then it is let go: the document holds two lists, not three).
    private let priorTests = KeptList()

    /// A decider over `domains` for `appIDs`. `previous` is the decider this one replaces after
    /// a host changed: when this one decides the list `previous` decided last (`decideList`),
    /// a line's verdict for an app whose rules did not change (the same domain and the same
    /// compiled detail at the same index: `AssociationMatcher.verdictSource(appID:)`) is taken
    /// from `previous` instead of being decided again, so a keystroke in one detail of a large
    /// file re-decides only that detail's apps. Nothing of `previous` is retained but its list
    /// and its compiled files (no chain of deciders builds up).
    public init(
        domains: [DomainReport], appIDs: [String], claims: [AssociatedDomain]? = nil,
        previous: URLDecider? = nil
    ) {
        self.domains = domains
        self.appIDs = appIDs
        self.claims = claims
        facts = AnalysisFacts(domains: domains)
        compiled = CompiledFiles(appIDs: appIDs, prior: previous?.compiled.snapshot() ?? [:])
        priorTests.tests = previous?.kept.tests ?? []
    }

    /// The URL tests for `entries`, in order, with the traces `traces` asks for.
    public func decide(_ entries: [URLListEntry], traces: URLTraces = .all) -> [URLTest] {
        let priorTests = traces == .all ? [] : self.priorTests.tests
        @Sendable func test(_ index: Int) -> URLTest {
            let entry = entries[index]
            let prior = index < priorTests.count ? priorTests[index] : nil
            let test = decide(entry, traced: traces == .all, prior: prior)
            return traces == .contradictionsOnly && test.contradictsExpectation ? decide(entry, traced: true) : test
        }
        guard entries.count >= Self.parallelThreshold else { return entries.indices.map(test) }
        // A long list on every core, in chunks of consecutive lines. The first line alone first:
        // it compiles the file most lines use, once (the workers then find it made).
        let first = test(0)
        let chunkSize = Self.chunkSize
        let chunkCount = (entries.count - 1 + chunkSize - 1) / chunkSize
        let chunks = ChunkResults(count: chunkCount)
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            let start = 1 + chunk * chunkSize
            chunks[chunk] = (start..<min(start + chunkSize, entries.count)).map(test)
        }
        return [first] + chunks.joined()
    }

    /// From this many lines on, a list is decided on every core.
    static let parallelThreshold = 128
    /// Lines per unit of parallel work (a few dozen units per list keep both cores busy).
    static let chunkSize = 32

    /// `decide(_:traces:)` for the document's URL list: the result is kept, so the decider made
    /// to replace this one after a host changes can reuse its verdicts (`previous:`).
    public func decideList(_ entries: [URLListEntry], traces: URLTraces = .contradictionsOnly) -> [URLTest] {
        let tests = decide(entries, traces: traces)
        kept.tests = tests
        priorTests.tests = []
        compiled.forgetPrior()
        return tests
    }

    /// `test` decided again with every trace (what `decide(_:traces: .all)` gives for it).
    public func traced(_ test: URLTest) -> URLTest {
        decide(URLListEntry(url: test.url, expectation: test.expectation, line: test.line), traced: true)
    }

    /// Per app of the file compiled for `host` (once a URL on it was decided): whether its
    /// verdicts could be taken from the replaced decider (tests).
    func unchangedApps(host: String) -> [Bool]? {
        compiled.snapshot()[host]??.unchanged
    }

    private func decide(_ entry: URLListEntry, traced: Bool, prior: URLTest? = nil) -> URLTest {
        let (host, port) = entry.hostAndPort
        // Reasons that are the whole explanation (no file for the host) are one line: always given.
        guard let report = facts.report(forURLHost: host, port: port) else {
            let (reason, kind) = URLTest.noFileReason(host: host, port: port, claims: claims)
            let verdicts = appIDs.map { AppVerdict.noMatch($0, kind, trace: [reason]) }
            return URLTest(
                url: entry.url, expectation: entry.expectation, domain: nil, verdicts: verdicts,
                line: entry.line)
        }
        guard let file = compiled.file(for: report) else {
            let reason = """
                \(report.host) served no usable association file (see the AASA findings): iOS opens the URL in the \
                browser
                """
            let verdicts = appIDs.map { AppVerdict.noMatch($0, .unusableFile, trace: [reason]) }
            return URLTest(
                url: entry.url, expectation: entry.expectation, domain: report.host, verdicts: verdicts,
                line: entry.line)
        }
        if traced {
            let verdicts = file.ids.map { file.matcher.decide(url: entry.url, appID: $0) }
            return URLTest(
                url: entry.url, expectation: entry.expectation, domain: report.host, verdicts: verdicts,
                line: entry.line)
        }
        // The replaced decider's verdicts for this line, when it decided the same URL with the
        // same app IDs against the same host (`file.unchanged` says which apps kept their rules).
        let reusable = prior.flatMap { prior -> [AppVerdict]? in
            guard file.unchanged != nil, prior.url == entry.url, prior.domain == report.host,
                prior.verdicts.count == file.ids.count
            else { return nil }
            return prior.verdicts
        }
        // Apps that keep their verdict; the others decided with the URL prepared once for all.
        let kept = reusable.map { reusable in
            file.ids.indices.map { file.unchanged?[$0] == true && reusable[$0].appID == file.ids[$0] }
        }
        var verdicts = file.matcher.verdicts(url: entry.url, appIDs: file.ids, skip: kept)
        if let reusable, let kept {
            for index in verdicts.indices where kept[index] {
                verdicts[index] = reusable[index]
                verdicts[index].trace = []
            }
        }
        return URLTest(
            url: entry.url, expectation: entry.expectation, domain: report.host, verdicts: verdicts,
            line: entry.line)
    }
}

/// The tests of each chunk of a list decided on several cores, one slot per chunk.
private final class ChunkResults: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [[URLTest]]

    init(count: Int) { slots = Array(repeating: [], count: count) }

    subscript(index: Int) -> [URLTest] {
        get {
            lock.lock()
            defer { lock.unlock() }
            return slots[index]
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            slots[index] = newValue
        }
    }

    /// Every chunk's tests, in chunk order.
    func joined() -> [URLTest] {
        lock.lock()
        defer { lock.unlock() }
        return Array(slots.joined())
    }
}

/// A list of URL tests behind a lock: the one a decider decided last with `decideList`, or
/// the replaced decider's.
private final class KeptList: @unchecked Sendable {
    private let lock = NSLock()
    private var value: [URLTest] = []

    var tests: [URLTest] {
        get {
            lock.lock()
            defer { lock.unlock() }
            return value
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            value = newValue
        }
    }
}

/// The compiled file of each report, made on first use (nil when the report has no file that
/// decides). Shared by copies of a decider; a lock guards the table, and a matcher is a
/// value safe to use from any thread.
private final class CompiledFiles: @unchecked Sendable {
    struct File {
        let matcher: AssociationMatcher
        /// The decider's app IDs, then the other app IDs the file names: one verdict each.
        let ids: [String]
        /// What decides each of `ids` (same order).
        let sources: [VerdictSource]
        /// Per app of `ids`: whether the replaced decider's file for this host had the same
        /// app IDs and decided this one from the same source (nil: no such file, or other IDs).
        let unchanged: [Bool]?
    }

    private let appIDs: [String]
    /// The replaced decider's compiled files, by host (until `forgetPrior`).
    private var prior: [String: File?]
    private let lock = NSLock()
    private var files: [String: File?] = [:]

    init(appIDs: [String], prior: [String: File?]) {
        self.appIDs = appIDs
        self.prior = prior
    }

    private func priorFile(_ host: String) -> File? {
        lock.lock()
        defer { lock.unlock() }
        return prior[host] ?? nil
    }

    /// Lets the replaced decider's files go (the hosts compiled since made their comparison).
    func forgetPrior() {
        lock.lock()
        defer { lock.unlock() }
        prior = [:]
    }

    /// The files compiled so far.
    func snapshot() -> [String: File?] {
        lock.lock()
        defer { lock.unlock() }
        return files
    }

    func file(for report: DomainReport) -> File? {
        lock.lock()
        if let known = files[report.host] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let made = Self.compile(report, appIDs: appIDs, prior: priorFile(report.host))
        lock.lock()
        defer { lock.unlock() }
        if let known = files[report.host] { return known }
        files[report.host] = .some(made)
        return made
    }

    private static func compile(_ report: DomainReport, appIDs: [String], prior: File?) -> File? {
        guard let result = report.effectiveResult else { return nil }
        let document = AssociationDocument(
            file: result.file, diagnostics: result.diagnostics, deviceAccepts: result.deviceAccepts ?? true,
            isCMSSigned: result.isCMSSigned ?? false, byteCount: result.bytes)
        let matcher = AssociationMatcher(document: document, domain: report.host)
        var ids = appIDs
        for id in result.file?.applinksAppIDs ?? [] where !ids.contains(id) { ids.append(id) }
        let sources = ids.map { matcher.verdictSource(appID: $0) }
        let unchanged = prior.flatMap { prior in
            prior.ids == ids ? zip(prior.sources, sources).map { $0 == $1 } : nil
        }
        return File(matcher: matcher, ids: ids, sources: sources, unchanged: unchanged)
    }
}
