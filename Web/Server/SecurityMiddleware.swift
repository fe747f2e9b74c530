import HTTPTypes
import Hummingbird

/// The first thing every request meets: the access policy, then the route, then the security
/// headers on whatever comes back (errors and 404 included). Any error becomes `{"error": …}`.
struct SecurityMiddleware<Context: RequestContext>: RouterMiddleware {
    let identity: ServerIdentity

    /// The page's Content Security Policy (docs/web-security.md): no inline code, no foreign origin, and
    /// Trusted Types, so no string can reach `innerHTML`.
    static var contentSecurityPolicy: String {
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
            + "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; "
            + "require-trusted-types-for 'script'"
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        var response: Response
        switch identity.policy.decide(Self.accessRequest(request)) {
        case .deny(let status, let message):
            response = WebAPIError.response(status: .init(code: status), message: message)
        case .allow:
            do {
                response = try await next(request, context)
            } catch {
                let apiError = WebAPIError.from(error)
                response = WebAPIError.response(status: apiError.status, message: apiError.message)
            }
        }
        Self.addSecurityHeaders(to: &response.headers)
        return response
    }

    static func addSecurityHeaders(to headers: inout HTTPFields) {
        headers[.contentSecurityPolicy] = contentSecurityPolicy
        headers[.xContentTypeOptions] = "nosniff"
        headers[.referrerPolicy] = "no-referrer"
        headers[.cacheControl] = "no-store"
        headers[.xFrameOptions] = "DENY"
        headers[.crossOriginOpenerPolicy] = "same-origin"
        headers[.crossOriginResourcePolicy] = "same-origin"
    }

    /// The facts the policy decides on. A `Cookie` header is never read: no cookie is a credential.
    static func accessRequest(_ request: Request) -> AccessRequest {
        let headers = request.headers
        var bearer: String?
        if let authorization = headers[.authorization] {
            let parts = authorization.split(separator: " ", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "bearer" {
                bearer = String(parts[1]).trimmingSpaces
            } else {
                bearer = ""  // a malformed Authorization is a wrong token, never "no credential"
            }
        }
        return AccessRequest(
            method: request.method.rawValue,
            path: request.uri.path,
            // The target as sent, recorded by `RequestTargetRecorder` on a socket (HummingbirdTesting's
            // router client has no socket and no such header: its target is the path).
            target: headers[.linkLabRequestTarget] ?? request.head.path ?? "",
            authority: request.head.authority,
            extraHostHeaders: headers[values: .hostHeader].count,
            bearerToken: bearer,
            origin: headers[.origin],
            secFetchSite: headers[.secFetchSite])
    }
}

extension HTTPField.Name {
    static let linkLabRequestTarget = Self(RequestTargetRecorder.header)!
    static let linkLabFilename = Self("X-LinkLab-Filename")!
    static let linkLabDomain = Self("X-LinkLab-Domain")!
    static let secFetchSite = Self("Sec-Fetch-Site")!
    static let xFrameOptions = Self("X-Frame-Options")!
    static let referrerPolicy = Self("Referrer-Policy")!
    static let crossOriginOpenerPolicy = Self("Cross-Origin-Opener-Policy")!
    /// `Host` is normally moved to the request's authority; a second one stays a header field.
    static let hostHeader = Self("Host")!
}

extension String {
    var trimmingSpaces: String {
        var view = Substring(self)
        while view.first == " " || view.first == "\t" { view = view.dropFirst() }
        while view.last == " " || view.last == "\t" { view = view.dropLast() }
        return String(view)
    }
}
