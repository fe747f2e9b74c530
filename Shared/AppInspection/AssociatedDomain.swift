/// One `com.apple.developer.associated-domains` entry, parsed the way iOS reads it
/// (`<service>:<host>[:port][?mode=developer|managed|developer+managed]`, docs/glossary.md).
///
/// Parsing never throws: an entry iOS would reject or ignore keeps what could be read and
/// lists what is wrong in `problems`.
public struct AssociatedDomain: Sendable, Equatable, Hashable {
    /// The entry exactly as it appears in the entitlements.
    public var raw: String
    /// `applinks`, `webcredentials`, `activitycontinuation`, `appclips` (or what was written).
    public var service: String
    /// Lower-cased host without the `*.` wildcard prefix and without the port.
    public var host: String
    /// True for `*.host`: the host itself and any deeper subdomain (file fetched from `host`).
    public var wildcard: Bool
    /// The port, when the entry names one.
    public var port: Int?
    /// Known modes (`developer`, `managed`) in the order written.
    public var modes: [String]
    /// What iOS would reject (`error`) or what is doubtful (`warning`), in order found.
    public var problems: [DomainProblem]

    /// Services iOS understands in associated-domain entries.
    public static let knownServices: Set<String> = ["applinks", "webcredentials", "activitycontinuation", "appclips"]
    /// Modes iOS understands after `?mode=`.
    public static let knownModes: Set<String> = ["developer", "managed"]

    /// True when iOS would use this entry (no `error` problem).
    public var isAccepted: Bool { !problems.contains { $0.severity == .error } }
    /// True when the entry carries `?mode=developer`.
    public var isDeveloperMode: Bool { modes.contains("developer") }
}

/// Something wrong or doubtful about one associated-domain entry.
public struct DomainProblem: Sendable, Equatable, Hashable, Codable {
    /// Stable identifier of the kind of problem.
    public var kind: Kind
    /// `error`: iOS rejects or ignores the entry; `warning`: accepted but doubtful.
    public var severity: Severity
    /// A sentence a tester understands.
    public var message: String

    /// Kinds of associated-domain problems (raw values are stable identifiers).
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case missingService = "missing-service"
        case unknownService = "unknown-service"
        case schemeOrPath = "scheme-or-path"
        case emptyHost = "empty-host"
        case invalidCharacters = "invalid-characters"
        case leadingDot = "leading-dot"
        /// The host ends with "." (a fully qualified name); how iOS treats it is unverified.
        case trailingDot = "trailing-dot"
        case emptyLabel = "empty-label"
        case bareName = "no-dot"
        case invalidPort = "invalid-port"
        case portPresent = "port-present"
        case ipLiteral = "ip-literal"
        case localhost = "localhost"
        case unknownMode = "unknown-mode"
        case malformedQuery = "malformed-query"
        case appClipWildcard = "appclip-wildcard"
        case punycode = "punycode"
    }

    /// How bad a problem is.
    public enum Severity: String, Sendable, Codable {
        case error, warning
    }

    /// Creates a problem.
    public init(kind: Kind, severity: Severity, message: String) {
        self.kind = kind
        self.severity = severity
        self.message = message
    }
}
