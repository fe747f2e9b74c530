import DeviceTools
import Foundation
import Reports

/// Limits of a session file read (hostile input).
public enum SessionLimits {
    /// Largest session file read by default (64 MiB).
    public static let maxBytes = 64 << 20
    /// Deepest nesting of arrays and objects.
    public static let maxDepth = 64
    /// Most elements in one array or object.
    public static let maxCount = 100_000
    /// Longest string field (characters), other than bodies, edited text and URL lines.
    public static let maxFieldLength = 65_536
    /// Largest body (decoded bytes): the fetcher's cap.
    public static let maxBodyBytes = AssociationDocument.deviceSizeLimit
    /// Longest URL-lines text.
    public static let maxURLLinesLength = 8 << 20
    /// Most triage drafts, and most what-if drafts, one session keeps.
    public static let maxDrafts = 1_000
    /// Longest what-if draft (UTF-8 bytes): the longest edited text a session holds.
    public static let maxWhatIfDraftLength = maxBodyBytes * 2
    /// Most bytes of what-if drafts one window keeps, every platform's together (`DraftStore`):
    /// a quarter of `maxBytes`, so drafts alone never make a session too large to open.
    public static let maxWhatIfDraftBytes = maxBytes / 4
}

/// The `.linklab` session file (`docs/workbench.md`): the saved document as evidence.
/// Written with sorted keys and fixed formatting, so save → open → save gives the same bytes.
public struct SessionFile: Sendable, Equatable, Codable {
    /// The session file marker.
    public static let formatName = "linklab-session"
    /// The newest schema this build reads and writes: 2 adds the Android half (`android`). A
    /// session without one is written as schema 1, so an older linklab still opens it.
    public static let currentSchemaVersion = 2

    /// Always `linklab-session`.
    public var format: String
    /// 1, or 2 when the session holds an Android app; a newer number is refused.
    public var schemaVersion: Int
    /// The tool that wrote it.
    public var tool: SessionTool
    /// When it was written (unchanged by a re-save of an unchanged session).
    public var savedAt: Date
    /// "Now" as its findings were judged (profile expiry): recomputation uses the same instant.
    public var judgedAt: Date
    /// What was opened (never the app itself).
    public var source: DocumentSource?
    /// The settings of every fetch.
    public var settings: WorkbenchSettings
    /// The full app snapshot (nil in association-file-only mode).
    public var app: AppSnapshot?
    /// Every host with every route's answer, and supplied or edited files.
    public var hosts: [SessionHost]
    /// The tester's URL lines as typed.
    public var urlLines: String
    /// Triage by fingerprint (also of findings that disappeared).
    public var triage: [String: Triage]
    /// Verdicts as saved (for readers without linklab; recomputed on open).
    public var urlTests: [URLTest]
    /// Findings as saved, with fingerprint and triage (for readers without linklab; recomputed on open).
    public var findings: [SessionFinding]
    /// Notes at save time.
    public var notes: [String]
    /// The imported device records (`swcutil show`) for this app's domains; absent when none
    /// were imported, so sessions without them keep their bytes.
    public var deviceState: [DeviceStateEntry]? = nil
    /// Client, tester, scope and dates (`scan --client …`); absent when none were given, so
    /// older sessions keep their bytes.
    public var engagement: Engagement? = nil
    /// What the tester typed and has not applied (the Mac app's triage and what-if drafts);
    /// absent when there is none, so sessions without drafts, and every session written before
    /// drafts were saved, keep their bytes.
    public var drafts: SessionDrafts? = nil
    /// The Android app of the product (schema 2); absent when the session holds none.
    public var android: SessionAndroidApp? = nil
    /// The probe kit's attacker host and the outcomes the tester recorded per probe (current and
    /// stale); absent when there is neither, so older sessions keep their bytes.
    public var probes: SessionProbes? = nil
}

/// The drafts part of a session: triage drafts by finding fingerprint and what-if texts by
/// host (`whatIf` the iOS hosts', `androidWhatIf` the Android hosts'), as `DraftStore` keeps
/// them. Neither is evidence: findings, verdicts and reports never read them. Any map may be
/// absent in the file (read as empty); an empty map is not written.
public struct SessionDrafts: Sendable, Equatable, Codable {
    /// Triage drafts by finding fingerprint (also of findings that disappeared).
    public var triage: [String: TriageDraft]
    /// What-if texts of `apple-app-site-association` files by iOS host (a host of the session).
    public var whatIf: [String: String]
    /// What-if texts of `assetlinks.json` files by Android host (absent from sessions written
    /// before Android drafts were kept).
    public var androidWhatIf: [String: String]

    public init(
        triage: [String: TriageDraft] = [:], whatIf: [String: String] = [:],
        androidWhatIf: [String: String] = [:]
    ) {
        self.triage = triage
        self.whatIf = whatIf
        self.androidWhatIf = androidWhatIf
    }

    /// No draft.
    public var isEmpty: Bool { triage.isEmpty && whatIf.isEmpty && androidWhatIf.isEmpty }

    private enum Key: String, CodingKey { case triage, whatIf, androidWhatIf }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        triage = try container.decodeIfPresent([String: TriageDraft].self, forKey: .triage) ?? [:]
        whatIf = try container.decodeIfPresent([String: String].self, forKey: .whatIf) ?? [:]
        androidWhatIf = try container.decodeIfPresent([String: String].self, forKey: .androidWhatIf) ?? [:]
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        if !triage.isEmpty { try container.encode(triage, forKey: .triage) }
        if !whatIf.isEmpty { try container.encode(whatIf, forKey: .whatIf) }
        if !androidWhatIf.isEmpty { try container.encode(androidWhatIf, forKey: .androidWhatIf) }
    }
}

/// The tool that wrote a session, and the rule set its stored findings came from.
public struct SessionTool: Sendable, Equatable, Codable {
    /// `UniversalLinkLab`.
    public var name: String
    /// `Workbench.version`.
    public var version: String
    /// The rule set (`rules-N-HASH`): a session evaluated by another rule set says so on open.
    public var ruleSet: String

    /// This build.
    public static var current: SessionTool {
        SessionTool(name: "UniversalLinkLab", version: Workbench.version, ruleSet: ruleSetIdentifier)
    }

    /// `rules-<count>-<FNV-1a of the sorted rule IDs>`.
    public static let ruleSetIdentifier: String = {
        let ids = FindingRules.all.map(\.id).sorted().joined(separator: ",")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in ids.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return "rules-\(FindingRules.all.count)-\(String(hash, radix: 16))"
    }()
}

/// A finding as a session stores it: the finding, its fingerprint and triage.
public struct SessionFinding: Sendable, Equatable, Codable {
    public var finding: Finding
    public var fingerprint: String
    public var triage: Triage?

    public init(_ value: TriagedFinding) {
        finding = value.finding
        fingerprint = value.fingerprint
        triage = value.triage
    }

    private enum Key: String, CodingKey { case finding, fingerprint, triage }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        finding = try container.decode(Finding.self, forKey: .finding)
        fingerprint = try container.decode(String.self, forKey: .fingerprint)
        triage = try container.decodeIfPresent(Triage.self, forKey: .triage)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(finding, forKey: .finding)
        try container.encode(fingerprint, forKey: .fingerprint)
        if let triage {
            try container.encode(triage, forKey: .triage)
        } else {
            try container.encodeNil(forKey: .triage)
        }
    }
}

/// One host of a session.
public struct SessionHost: Sendable, Equatable, Codable {
    public var host: String
    public var entries: [String]
    public var services: [String]
    /// `cdn` or `origin` (developer mode).
    public var route: String
    /// `pending`, `done`, `failed`, `supplied` or `edited` (a fetch in flight is saved as `pending`).
    public var state: HostState
    public var fetchedAt: Date?
    /// The fetched report (kept beside a supplied or edited file).
    public var fetched: SessionReport?
    /// The report before the last refetch.
    public var previous: SessionReport?
    /// The supplied or edited report that decides (nil when the fetched one decides).
    public var decided: SessionReport?
    /// The edited text (state `edited`).
    public var editedText: String?
    /// An edited host's supplied or used file the edit started from (absent in older sessions
    /// and for a fetched host, whose `fetched` is what was served).
    public var served: SessionReport?

    public init(
        host: String, entries: [String], services: [String], route: String, state: HostState,
        fetchedAt: Date?, fetched: SessionReport?, previous: SessionReport?, decided: SessionReport?,
        editedText: String?, served: SessionReport? = nil
    ) {
        self.host = host
        self.entries = entries
        self.services = services
        self.route = route
        self.state = state
        self.fetchedAt = fetchedAt
        self.fetched = fetched
        self.previous = previous
        self.decided = decided
        self.editedText = editedText
        self.served = served
    }
}

/// A domain report as stored: every route's answer with its raw body (base64).
public struct SessionReport: Sendable, Equatable, Codable {
    /// The entry as asked (`*.example.org`).
    public var host: String
    public var routes: [SessionRoute]
    /// The origin fetched again with a browser agent.
    public var browserProbe: SessionRoute?
}

/// One route's answer as stored. The parsed file, diagnostics and verdicts are not stored:
/// they are recomputed from `body` with the engine that opens the file.
public struct SessionRoute: Sendable, Equatable, Codable {
    public var route: FetchRoute
    public var url: String
    public var userAgent: String?
    public var status: Int?
    public var headers: [HeaderField]
    public var bytes: Int
    public var truncated: Bool
    /// The body as read (base64 in the file), at most 128 KiB.
    public var body: Data
    public var redirect: RedirectRecord?
    public var timeToHeadersMs: Int?
    public var totalMs: Int?
    public var error: SessionFetchError?
}

/// A `FetchError` as stored: its case and values.
public struct SessionFetchError: Sendable, Equatable, Codable {
    public var kind: String
    public var host: String?
    public var url: String?
    public var path: String?
    public var detail: String?
    public var port: Int?
    public var seconds: Double?
    /// Bytes received before the connection ended (`uncleanClose`).
    public var bytes: Int?

    init(_ error: FetchError) {
        switch error {
        case .invalidHost(let value, let reason): self.init(kind: "invalidHost", host: value, detail: reason)
        case .invalidResolve(let value, let reason): self.init(kind: "invalidResolve", host: value, detail: reason)
        case .invalidCDNBase(let value, let reason): self.init(kind: "invalidCDNBase", url: value, detail: reason)
        case .invalidCAFile(let path, let reason): self.init(kind: "invalidCAFile", path: path, detail: reason)
        case .unreadableLocalFile(let path, let reason):
            self.init(kind: "unreadableLocalFile", path: path, detail: reason)
        case .dnsFailure(let host, let detail): self.init(kind: "dnsFailure", host: host, detail: detail)
        case .connectionRefused(let host, let port): self.init(kind: "connectionRefused", host: host, port: port)
        case .connectFailed(let host, let port, let detail):
            self.init(kind: "connectFailed", host: host, detail: detail, port: port)
        case .tlsUntrusted(let host, let detail): self.init(kind: "tlsUntrusted", host: host, detail: detail)
        case .tlsNameMismatch(let host): self.init(kind: "tlsNameMismatch", host: host)
        case .notHTTPS(let host, let port): self.init(kind: "notHTTPS", host: host, port: port)
        case .tlsFailed(let host, let detail): self.init(kind: "tlsFailed", host: host, detail: detail)
        case .uncleanClose(let url, let bytes): self.init(kind: "uncleanClose", url: url, port: nil, bytes: bytes)
        case .timeout(let url, let seconds): self.init(kind: "timeout", url: url, seconds: seconds)
        case .deadlineExceeded(let url): self.init(kind: "deadlineExceeded", url: url)
        case .transport(let url, let detail): self.init(kind: "transport", url: url, detail: detail)
        }
    }

    init(
        kind: String, host: String? = nil, url: String? = nil, path: String? = nil, detail: String? = nil,
        port: Int? = nil, bytes: Int? = nil, seconds: Double? = nil
    ) {
        self.kind = kind
        self.bytes = bytes
        self.host = host
        self.url = url
        self.path = path
        self.detail = detail
        self.port = port
        self.seconds = seconds
    }

    /// The error, or nil when the stored values do not make one.
    var fetchError: FetchError? {
        let host = self.host ?? ""
        let url = self.url ?? ""
        let path = self.path ?? ""
        let detail = self.detail ?? ""
        switch kind {
        case "invalidHost": return .invalidHost(host, reason: detail)
        case "invalidResolve": return .invalidResolve(host, reason: detail)
        case "invalidCDNBase": return .invalidCDNBase(url, reason: detail)
        case "invalidCAFile": return .invalidCAFile(path: path, reason: detail)
        case "unreadableLocalFile": return .unreadableLocalFile(path: path, reason: detail)
        case "dnsFailure": return .dnsFailure(host: host, detail: detail)
        case "connectionRefused": return port.map { .connectionRefused(host: host, port: $0) }
        case "connectFailed": return port.map { .connectFailed(host: host, port: $0, detail: detail) }
        case "tlsUntrusted": return .tlsUntrusted(host: host, detail: detail)
        case "tlsNameMismatch": return .tlsNameMismatch(host: host)
        case "notHTTPS": return port.map { .notHTTPS(host: host, port: $0) }
        case "tlsFailed": return .tlsFailed(host: host, detail: detail)
        case "uncleanClose": return bytes.map { .uncleanClose(url: url, bytes: $0) }
        case "timeout": return seconds.map { .timeout(url: url, seconds: $0) }
        case "deadlineExceeded": return .deadlineExceeded(url: url)
        case "transport": return .transport(url: url, detail: detail)
        default: return nil
        }
    }
}

// MARK: Conversions

extension SessionRoute {
    init(_ result: RouteResult) {
        route = result.route
        url = result.url
        userAgent = result.userAgent
        status = result.status
        headers = result.headers
        bytes = result.bytes
        truncated = result.truncated
        body = result.body
        redirect = result.redirect
        timeToHeadersMs = result.timeToHeadersMs
        totalMs = result.totalMs
        error = result.error.map(SessionFetchError.init)
    }

    /// The route result, its body parsed with this engine as an association file (unless
    /// `parsed` is false: an `assetlinks.json` answer, which `AssetLinksReport` reads itself).
    func routeResult(parsed: Bool = true) throws(SessionFileError) -> RouteResult {
        var result = RouteResult(route: route, url: url, userAgent: userAgent)
        result.status = status
        result.headers = headers
        result.bytes = bytes
        result.truncated = truncated
        result.body = body
        result.redirect = redirect
        result.timeToHeadersMs = timeToHeadersMs
        result.totalMs = totalMs
        if let error {
            guard let value = error.fetchError else { throw .invalidField("error.kind", "unknown error kind") }
            result.error = value
        }
        if parsed, status == 200 || route == .local, !truncated, result.error == nil {
            let document = AssociationDocument.parse(body)
            result.file = document.file
            result.diagnostics = document.diagnostics
            result.deviceAccepts = document.deviceAccepts
            result.isCMSSigned = document.isCMSSigned
        }
        return result
    }
}

extension SessionReport {
    init(_ report: DomainReport) {
        host = report.host
        routes = report.routes.map(SessionRoute.init)
        browserProbe = report.browserProbe.map { SessionRoute($0.result) }
    }

    /// The domain report, every body parsed with this engine.
    func domainReport() throws(SessionFileError) -> DomainReport {
        let fetchHost: FetchHost
        do {
            fetchHost = try FetchHost.parse(host)
        } catch {
            throw .invalidField("host", "'\(SessionFileError.clip(host))' is not a host (\(error.description))")
        }
        var results: [RouteResult] = []
        for route in routes { results.append(try route.routeResult()) }
        var probe: BrowserProbe?
        if let browserProbe, let crawler = results.first(where: { $0.route == .origin }) {
            probe = BrowserProbe(crawler: crawler, browser: try browserProbe.routeResult())
        }
        return DomainReport(host: fetchHost, routes: results, browserProbe: probe)
    }
}
