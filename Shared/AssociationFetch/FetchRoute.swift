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
    /// Android's route: the site's `/.well-known/assetlinks.json`, fetched as Android's verifier does.
    case assetLinks = "assetlinks"
    /// Google's Digital Asset Links API (`statements:list`), asked as a second opinion (`--google`).
    case googleAPI = "google-api"

    /// The routes iOS fetches an association file from (what `--route all` means).
    public static let apple: [FetchRoute] = [.cdn, .origin, .legacy]
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
        case .all: return FetchRoute.apple
        }
    }
}
