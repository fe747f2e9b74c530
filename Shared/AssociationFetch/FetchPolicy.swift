import Foundation

/// The URLs a host's files are fetched from. Pure: tests drive it directly.
public struct RoutePlanner: Sendable, Equatable {
    /// Apple's CDN prefix.
    public static let appleCDNBase = "https://app-site-association.cdn-apple.com/a/v1/"

    /// The CDN prefix in use, always ending in `/`.
    public let cdnBase: String

    /// Validates `cdnBase` (an `https://` URL; a missing trailing `/` is added).
    public init(cdnBase: String = RoutePlanner.appleCDNBase) throws(FetchError) {
        guard let components = URLComponents(string: cdnBase),
            components.scheme?.lowercased() == "https",
            let host = components.host, !host.isEmpty
        else {
            throw .invalidCDNBase(cdnBase, reason: "must be an https:// URL")
        }
        guard components.query == nil, components.fragment == nil else {
            throw .invalidCDNBase(cdnBase, reason: "must not carry a query or fragment")
        }
        self.cdnBase = cdnBase.hasSuffix("/") ? cdnBase : cdnBase + "/"
    }

    /// The URL of an association file for `route` (nil for `.local`, which is not fetched, and
    /// for Android's routes, whose URLs `AssetLinksPolicy` builds).
    public func url(for route: FetchRoute, host: FetchHost) -> String? {
        switch route {
        case .cdn: return cdnBase + host.authority
        case .origin: return "https://\(host.authority)/.well-known/apple-app-site-association"
        case .legacy: return "https://\(host.authority)/apple-app-site-association"
        case .local, .assetLinks, .googleAPI: return nil
        }
    }
}

/// Counts body bytes against the 128 KiB cap and says when to stop reading.
/// `truncated` becomes true only when the body has more bytes than the cap.
public struct BodyCap: Sendable, Equatable {
    /// The device limit: 128 KiB.
    public static let deviceLimit = 131_072

    /// The cap in bytes.
    public let limit: Int
    /// Bytes kept so far (never above `limit`).
    public private(set) var bytes = 0
    /// True once a chunk went past the cap; reading must stop.
    public private(set) var truncated = false

    public init(limit: Int = BodyCap.deviceLimit) {
        self.limit = max(0, limit)
    }

    /// Records a chunk of `count` bytes; returns how many of them to keep.
    public mutating func accept(_ count: Int) -> Int {
        guard !truncated, count > 0 else { return 0 }
        let room = limit - bytes
        let keep = min(count, room)
        bytes += keep
        if keep < count { truncated = true }
        return keep
    }
}

/// A 3xx answer, recorded and never followed.
public struct RedirectRecord: Sendable, Equatable, Codable {
    /// The status (301, 302, 307, 308…).
    public var status: Int
    /// `Location` verbatim.
    public var location: String
    /// `Location` resolved against the request URL (nil when unparseable).
    public var resolved: String?
    /// True when the target is plain `http://` (devices refuse such downgrades).
    public var isDowngrade: Bool
    /// True when the target is on another host.
    public var isCrossHost: Bool

    /// A record for a redirect answer, or nil when `status` is not 3xx or has no `Location`.
    public static func make(status: Int, location: String?, requestURL: String) -> RedirectRecord? {
        guard (300...399).contains(status), let location, !location.isEmpty else { return nil }
        let base = URL(string: requestURL)
        let target = URL(string: location, relativeTo: base)?.absoluteURL
        let scheme = target?.scheme?.lowercased()
        return RedirectRecord(
            status: status,
            location: location,
            resolved: target?.absoluteString,
            isDowngrade: scheme == "http",
            isCrossHost: target.map { $0.host?.lowercased() != base?.host?.lowercased() } ?? false
        )
    }
}

/// What a route's fetch amounts to, in one word.
public enum RouteOutcome: String, Sendable, Codable, Equatable {
    /// 200 and a body the parser could read.
    case ok
    /// 200 but the body is not a file a device accepts (not JSON, bad CMS…).
    case unparseable
    /// 200 but the body is over 128 KiB.
    case oversized
    /// 3xx: not followed.
    case redirect
    /// Any other status.
    case httpError = "http-error"
    /// Headers arrived but the body did not finish (timeout or reset).
    case incomplete
    /// No HTTP answer (DNS, TCP, TLS, timeout).
    case unreachable
    /// A file supplied by the tester.
    case supplied

    /// Classifies a finished fetch. `usable`: the body parsed into a file a device accepts.
    public static func classify(status: Int?, truncated: Bool, usable: Bool, error: FetchError?) -> RouteOutcome {
        guard let status else { return .unreachable }
        if error != nil { return .incomplete }
        switch status {
        case 200: return truncated ? .oversized : (usable ? .ok : .unparseable)
        case 300...399: return .redirect
        default: return .httpError
        }
    }
}
