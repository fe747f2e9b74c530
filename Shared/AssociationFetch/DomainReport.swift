import Foundation
import SiteAssociation

/// Everything fetched for one host: each route, the browser-agent probe and the CDN-vs-origin
/// comparison.
public struct DomainReport: Sendable, Equatable {
    /// The host entry as asked (`example.com`, `*.example.com`, `example.com:8443`).
    public var host: String
    /// The name requests went to (wildcard removed).
    public var fetchedHost: String
    /// Explicit port, if any.
    public var port: Int?
    /// One result per route, in route order.
    public var routes: [RouteResult]
    /// The origin fetched again with a browser agent (nil when not asked or no origin route).
    public var browserProbe: BrowserProbe?
    /// CDN copy vs origin copy (nil unless both parsed).
    public var cdnOriginDiff: CDNOriginComparison?

    public init(host: FetchHost, routes: [RouteResult], browserProbe: BrowserProbe? = nil) {
        self.host = host.entry
        self.fetchedHost = host.hostname
        self.port = host.port
        self.routes = routes
        self.browserProbe = browserProbe
        self.cdnOriginDiff = CDNOriginComparison(
            cdn: routes.first { $0.route == .cdn },
            origin: routes.first { $0.route == .origin }
        )
    }

    /// The result for `route`, if fetched.
    public func result(for route: FetchRoute) -> RouteResult? {
        routes.first { $0.route == route }
    }

    /// The file a device would use: a supplied one, else the CDN's, else the origin's
    /// (only files a device's strict parser accepts).
    public var effectiveFile: AssociationFile? {
        for route in [FetchRoute.local, .cdn, .origin] {
            if let result = result(for: route), result.isUsable, let file = result.file { return file }
        }
        return nil
    }

    /// True when the file exists only at the legacy root path (AASA-011).
    public var isLegacyOnly: Bool {
        guard let legacy = result(for: .legacy), legacy.isUsable else { return false }
        return result(for: .origin)?.isUsable != true
    }
}

/// The origin fetched a second time with a browser agent.
public struct BrowserProbe: Sendable, Equatable {
    /// The browser-agent fetch.
    public var result: RouteResult
    /// True when the answer differs from the crawler-agent fetch (AASA-012).
    public var differs: Bool
    /// What differs, for people.
    public var summary: String

    /// Compares the crawler's origin answer with the browser's.
    public init(crawler: RouteResult, browser: RouteResult) {
        result = browser
        var notes: [String] = []
        if crawler.status != browser.status {
            notes.append(
                """
                status \(Self.text(crawler.status)) for \(crawler.userAgent ?? "the crawler") \
                but \(Self.text(browser.status)) for a browser
                """)
        } else if crawler.error?.kind != browser.error?.kind {
            notes.append(
                """
                error '\(crawler.error?.kind ?? "none")' for the crawler but '\(browser.error?.kind ?? "none")' for a \
                browser
                """)
        } else if crawler.status == 200, crawler.body != browser.body {
            if let a = crawler.file, let b = browser.file, AssociationDiff(old: a, new: b).isEquivalent {
                // Same meaning, different bytes: not a bot-protection problem.
            } else {
                notes.append("different bodies (\(crawler.bytes) vs \(browser.bytes) bytes)")
            }
        }
        differs = !notes.isEmpty
        if differs {
            summary = notes.joined(separator: "; ")
        } else if crawler.status == nil {
            summary = "no answer for either agent"
        } else {
            summary = "same answer for the crawler and a browser"
        }
    }

    private static func text(_ status: Int?) -> String { status.map(String.init) ?? "no answer" }
}

/// CDN copy vs origin copy, compared semantically (AASA-010).
public struct CDNOriginComparison: Sendable, Equatable {
    /// True when both files mean the same.
    public var isEquivalent: Bool
    /// What changed, from the CDN copy (old) to the origin copy (new).
    public var changes: [String]

    /// nil unless both routes produced a file.
    public init?(cdn: RouteResult?, origin: RouteResult?) {
        guard let old = cdn?.file, let new = origin?.file else { return nil }
        let diff = AssociationDiff(old: old, new: new)
        isEquivalent = diff.isEquivalent
        changes = diff.changes
    }

    /// Why the copies may differ, for the finding text.
    public static let stalenessNote =
        """
        Apple's CDN caches a file about 6 h after a success and 30–60 min after a failure; devices re-check about \
        weekly, and reinstalling the app forces a fresh download.
        """
}
