/// What the access policy needs to know about one request (taken from the HTTP head by the
/// middleware; a plain value so the policy is tested as a table).
public struct AccessRequest: Sendable, Equatable {
    public var method: String
    /// The path, as the router matches it.
    public var path: String
    /// The request target exactly as sent (`/api/documents?x=1`; `http://evil.example/…` in
    /// absolute form).
    public var target: String
    /// `Host` (HTTP/1) or `:authority` (HTTP/2); nil when absent.
    public var authority: String?
    /// `Host` headers beyond the first (a request smuggling two is refused).
    public var extraHostHeaders: Int
    /// The token of `Authorization: Bearer TOKEN`, if sent (`""` for a malformed header).
    public var bearerToken: String?
    public var origin: String?
    public var secFetchSite: String?

    public init(
        method: String, path: String, target: String? = nil, authority: String?, extraHostHeaders: Int = 0,
        bearerToken: String? = nil, origin: String? = nil, secFetchSite: String? = nil
    ) {
        self.method = method
        self.path = path
        self.target = target ?? path
        self.authority = authority
        self.extraHostHeaders = extraHostHeaders
        self.bearerToken = bearerToken
        self.origin = origin
        self.secFetchSite = secFetchSite
    }
}

/// The policy's answer.
public enum AccessDecision: Sendable, Equatable {
    /// Serve it.
    case allow
    /// Refuse with this status and one sentence (no data).
    case deny(status: Int, message: String)
}

/// Who may talk to `linklab serve` (docs/web-security.md says what each
/// rule stops), in this order: Host allow-list (DNS rebinding) → origin-form target → Fetch
/// Metadata → Origin → the bearer token.
///
/// There is no cookie and no other credential: browsers send a host's cookies to every port of
/// it, so a cookie would be handed to any other local server. The token travels only in
/// `Authorization: Bearer`, which a browser never adds by itself. Without it only the page's
/// shell and static files are served (`GET`/`HEAD` of `publicPaths`): they carry no data and no
/// secret.
public struct AccessPolicy: Sendable {
    public let token: AccessToken
    /// Accepted `Host` values, lowercased and matched exactly (never by prefix or "contains":
    /// `localhost.evil.test` must not pass).
    public let allowedHosts: Set<String>
    /// Paths served without the token, matched exactly (an encoded or unknown path is not public).
    public let publicPaths: Set<String>

    public init(token: AccessToken, allowedHosts: some Sequence<String>, publicPaths: Set<String> = []) {
        self.token = token
        self.allowedHosts = Set(allowedHosts.map { $0.lowercased() })
        self.publicPaths = publicPaths
    }

    /// The loopback names a browser may use for a server on `port`.
    public static func loopbackHosts(port: Int) -> [String] {
        ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"]
    }

    public func decide(_ request: AccessRequest) -> AccessDecision {
        guard let authority = request.authority?.lowercased(), allowedHosts.contains(authority),
            request.extraHostHeaders == 0
        else {
            return .deny(status: 421, message: "This server answers only on its loopback address.")
        }
        // Only origin form (`/path?query`): an absolute target names another server, and `//x`
        // would be read as one by a lenient parser.
        guard request.target.hasPrefix("/"), !request.target.hasPrefix("//") else {
            return .deny(status: 400, message: "The request target must be a path on this server.")
        }
        if let site = request.secFetchSite?.lowercased(), site == "cross-site" || site == "same-site" {
            return .deny(status: 403, message: "Requests from other sites are refused.")
        }
        if let origin = request.origin, origin.lowercased() != "http://" + authority {
            return .deny(status: 403, message: "Requests from other origins are refused.")
        }
        if let bearer = request.bearerToken {
            return token.matches(bearer) ? .allow : Self.unauthorised
        }
        if request.method == "GET" || request.method == "HEAD", publicPaths.contains(request.path) {
            return .allow
        }
        return Self.unauthorised
    }

    private static let unauthorised = AccessDecision.deny(
        status: 401,
        message: "Send Authorization: Bearer TOKEN (the token of the address linklab serve printed).")
}
