import Foundation
@_exported import Reports

/// Where a workbench document is (`docs/workbench.md`, phase).
public enum DocumentPhase: Sendable, Equatable {
    /// Nothing open.
    case idle
    /// Reading the app: bytes processed so far of the total once it is known (the input hashed,
    /// then the main executable read: `InspectionProgress`).
    case inspecting(bytesDone: Int64, bytesTotal: Int64?)
    /// Fetching the claimed hosts.
    case fetching(hostsDone: Int, hostsTotal: Int)
    /// Every fact is in; findings are final for these facts.
    case ready
    /// The open failed (one clear sentence).
    case failed(String)

    /// `idle`, `inspecting`, `fetching`, `ready` or `failed` (the web face's `data-phase`).
    public var name: String {
        switch self {
        case .idle: return "idle"
        case .inspecting: return "inspecting"
        case .fetching: return "fetching"
        case .ready: return "ready"
        case .failed: return "failed"
        }
    }
}

extension DocumentPhase: Encodable {
    private enum Key: String, CodingKey { case phase, bytesDone, bytesTotal, hostsDone, hostsTotal, message }

    /// `{"phase": NAME}` with the phase's values: `bytesDone` and `bytesTotal` (null until
    /// known) while inspecting, `hostsDone` and `hostsTotal` while fetching, `message` when failed.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(name, forKey: .phase)
        switch self {
        case .inspecting(let done, let total):
            try container.encode(done, forKey: .bytesDone)
            try container.encode(total, forKey: .bytesTotal)
        case .fetching(let done, let total):
            try container.encode(done, forKey: .hostsDone)
            try container.encode(total, forKey: .hostsTotal)
        case .failed(let message):
            try container.encode(message, forKey: .message)
        case .idle, .ready:
            break
        }
    }
}

/// The state of one host of the document.
public enum HostState: String, Sendable, Codable {
    /// Not fetched yet.
    case pending
    /// A fetch is running.
    case fetching
    /// Fetched (or marked "not fetched" offline).
    case done
    /// The fetch could not even start (configuration refused).
    case failed
    /// Decided against a file the tester supplied.
    case supplied
    /// Decided against the tester's edited text (what-if).
    case edited
}

/// What was opened, and when.
public struct DocumentSource: Sendable, Equatable, Codable {
    /// File name (no folder).
    public var name: String
    /// Size in bytes.
    public var size: Int64
    /// SHA-256 of the input, lowercase hex (empty when unknown).
    public var sha256: String
    /// `ipa`, `app`, `macho`, `session`, `aasa`, `domain`, or `apk` for an Android-only document.
    public var kind: String
    /// When it was opened.
    public var openedAt: Date
    /// Where the app file was when the tester opened it (absolute path), when a face recorded it
    /// to find the file again (`recordAppLocation`); absent otherwise, so older sessions and
    /// documents opened by upload keep their bytes and show no server path.
    public var path: String? = nil
    /// A bookmark to the app file (a security-scoped bookmark made by the Mac app), which finds
    /// it again after it was moved or renamed; absent like `path`.
    public var bookmark: Data? = nil

    /// A source.
    public init(name: String, size: Int64, sha256: String, kind: String, openedAt: Date) {
        self.name = name
        self.size = size
        self.sha256 = sha256
        self.kind = kind
        self.openedAt = openedAt
    }
}

/// One host the app claims (or the tester opened in association-file-only mode).
public struct DomainEntry: Sendable, Equatable, Identifiable {
    /// `host`.
    public var id: String { host }
    /// The authority as fetched (the apex for a wildcard entry; `host:port` with a port).
    public var host: String
    /// The entitlement entries it serves (`*.example.org`, `example.org`), first seen first.
    public var entries: [String]
    /// Services naming it, sorted.
    public var services: [String]
    /// Where it is.
    public var state: HostState
    /// What decides: the fetched, supplied or edited report.
    public var report: DomainReport?
    /// The report before the last refetch (for the diff view).
    public var previous: DomainReport?
    /// The fetched original, kept while a file is supplied or edited.
    public var fetched: DomainReport?
    /// The live what-if text, when edited.
    public var editedText: String?
    /// While edited: the supplied or used file the edit started from (a fetched host's is
    /// `fetched`), so what decided before the edit stays visible beside the edited text.
    public var served: DomainReport?
    /// Lint of the file that decides (the deciding route's diagnostics).
    public var lint: [LintDiagnostic]
    /// When it was last fetched.
    public var fetchedAt: Date?
    /// `cdn` (default) or `origin` (an entry with `?mode=developer`): the copy decisions use.
    public var route: String

    /// An entry.
    public init(
        host: String, entries: [String], services: [String], state: HostState, report: DomainReport? = nil,
        previous: DomainReport? = nil, fetched: DomainReport? = nil, editedText: String? = nil,
        lint: [LintDiagnostic] = [], fetchedAt: Date? = nil, route: String = "cdn"
    ) {
        self.host = host
        self.entries = entries
        self.services = services
        self.state = state
        self.report = report
        self.previous = previous
        self.fetched = fetched
        self.editedText = editedText
        self.lint = lint
        self.fetchedAt = fetchedAt
        self.route = route
    }
}

/// Why an intent was refused.
public enum WorkbenchDocumentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An operation on a host the app does not claim.
    case hostNotClaimed(String)
    /// Nothing is open yet (or it is still being read).
    case notReady
    /// A session file that cannot be used (one clear message).
    case unreadableSession(String)
    /// An input (file, text) that cannot be used.
    case unreadableInput(String)
    /// A report could not be rendered.
    case exportFailed(String)

    public var description: String {
        switch self {
        case .hostNotClaimed(let host): return "the app does not claim \(host)"
        case .notReady: return "nothing is open yet"
        case .unreadableSession(let reason): return reason
        case .unreadableInput(let reason): return reason
        case .exportFailed(let reason): return "the report could not be written: \(reason)"
        }
    }
}

extension WorkbenchDocumentError {
    /// `hostNotClaimed` for a host as the tester typed it, clipped to the longest DNS name (253
    /// characters) so a hostile argument never comes back whole in a message.
    static func notClaimed(_ host: String) -> WorkbenchDocumentError {
        .hostNotClaimed(host.count > 253 ? String(host.prefix(253)) + "…" : host)
    }
}

/// One change of a document's state, for faces that do not use Observation (SSE) and tests.
public enum DocumentChange: Sendable, Equatable {
    /// The phase changed.
    case phase(DocumentPhase)
    /// That host's entry changed.
    case host(String)
    /// Findings (or their triage) changed.
    case findings
    /// The URL tests changed.
    case urlTests
    /// The app snapshot (or the source) changed.
    case app
    /// The probe kit's recorded outcomes or attacker host changed (`ProbeKitPresentation`).
    case probes
}
