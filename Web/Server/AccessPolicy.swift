/// What the access policy needs to know about one request (taken from the HTTP head by the
/// middleware; a plain value so the policy is tested as a table).
public struct AccessRequest: Sendable, Equatable {
    public var method: String
    public var path: String
    /// `?token=` of the page address, if any.
    public var queryToken: String?
    /// `Host` (HTTP/1) or `:authority` (HTTP/2); nil when absent.
    public var authority: String?
    /// `Host` headers beyond the first (a request smuggling two is refused).
    public var extraHostHeaders: Int
    /// Value of this run's cookie, if sent.
    public var cookieToken: String?
    /// The token of `Authorization: Bearer TOKEN`, if sent.
    public var bearerToken: String?
    /// `X-LinkLab-CSRF`, if sent.
    public var csrfToken: String?
    public var origin: String?
    public var secFetchSite: String?

    public init(
        method: String, path: String, queryToken: String? = nil, authority: String?, extraHostHeaders: Int = 0,
        cookieToken: String? = nil, bearerToken: String? = nil, csrfToken: String? = nil,
        origin: String? = nil, secFetchSite: String? = nil
    ) {
        self.method = method
        self.path = path
        self.queryToken = queryToken
        self.authority = authority
        self.extraHostHeaders = extraHostHeaders
        self.cookieToken = cookieToken
        self.bearerToken = bearerToken
        self.csrfToken = csrfToken
        self.origin = origin
        self.secFetchSite = secFetchSite
    }
}

/// The policy's answer.
public enum AccessDecision: Sendable, Equatable {
    /// Serve it; `grantCookie` when a valid `?token=` page load should receive the cookie.
    case allow(grantCookie: Bool)
    /// Refuse with this status and one sentence (no data).
    case deny(status: Int, message: String)
}

/// Who may talk to `linklab serve` (spec/web.md, "Security"), in the order the research notes
/// give: Host allow-list (DNS rebinding) → Fetch Metadata → Origin → token (cookie, bearer, or
/// `?token=` on the page) → `X-LinkLab-CSRF` on every cookie-authenticated API request.
public struct AccessPolicy: Sendable {
    public let token: AccessToken
    /// Accepted `Host` values, lowercased and matched exactly (never by prefix or "contains":
    /// `localhost.evil.test` must not pass).
    public let allowedHosts: Set<String>

    public init(token: AccessToken, allowedHosts: some Sequence<String>) {
        self.token = token
        self.allowedHosts = Set(allowedHosts.map { $0.lowercased() })
    }

    /// The loopback names a browser may use for a server on `port`.
    public static func loopbackHosts(port: Int) -> [String] {
        ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"]
    }

    /// Paths that answer the page itself (where `?token=` is accepted).
    static let pagePaths: Set<String> = ["/", "/index.html"]

    public func decide(_ request: AccessRequest) -> AccessDecision {
        guard let authority = request.authority?.lowercased(), allowedHosts.contains(authority),
              request.extraHostHeaders == 0 else {
            return .deny(status: 421, message: "This server answers only on its loopback address.")
        }
        if let site = request.secFetchSite?.lowercased(), site == "cross-site" || site == "same-site" {
            return .deny(status: 403, message: "Requests from other sites are refused.")
        }
        if let origin = request.origin, origin.lowercased() != "http://" + authority {
            return .deny(status: 403, message: "Requests from other origins are refused.")
        }
        if let bearer = request.bearerToken {
            return token.matches(bearer) ? .allow(grantCookie: false) : Self.unauthorised
        }
        if request.queryToken != nil, request.method == "GET", Self.pagePaths.contains(request.path) {
            return token.matches(request.queryToken) ? .allow(grantCookie: true) : Self.unauthorised
        }
        guard token.matches(request.cookieToken) else { return Self.unauthorised }
        if request.path.hasPrefix("/api/"), !token.matches(request.csrfToken) {
            return .deny(status: 403, message: "API requests from the page need the X-LinkLab-CSRF header.")
        }
        return .allow(grantCookie: false)
    }

    private static let unauthorised = AccessDecision.deny(
        status: 401, message: "Open the address linklab serve printed (with its token) first.")
}
