/// Where an association file is fetched from.
public enum FetchRoute: String, Sendable, Codable, CaseIterable, Hashable {
    /// Apple's CDN (`/a/v1/<host>`), what normal installs use.
    case cdn
    /// The site itself, `/.well-known/apple-app-site-association`.
    case origin
    /// The site root, `/apple-app-site-association` (iOS 9–10 fallback).
    case legacy
    /// A file the tester supplied instead of fetching (offline use).
    case local
}

/// Which routes a run fetches (`--route cdn|origin|legacy|all`).
public enum RouteSelection: String, Sendable, CaseIterable {
    case cdn, origin, legacy, all

    /// The routes, in report order.
    public var routes: [FetchRoute] {
        switch self {
        case .cdn: return [.cdn]
        case .origin: return [.origin]
        case .legacy: return [.legacy]
        case .all: return [.cdn, .origin, .legacy]
        }
    }
}
