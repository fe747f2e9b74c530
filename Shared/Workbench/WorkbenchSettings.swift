import Foundation

/// Settings a document fetches with (the CLI flags, the web server's flags, the Mac Settings).
public struct WorkbenchSettings: Sendable, Equatable, Codable {
    /// No network: hosts without a supplied file are "not fetched".
    public var offline: Bool
    /// Routes, timeouts, pins, trust, CDN base and user agent of every fetch.
    public var fetch: FetchConfiguration
    /// host → file path (`--aasa`), applied to every document.
    public var suppliedFiles: [String: String]
    /// host name → file path (`--assetlinks`): each host's `assetlinks.json` for the Android app
    /// of every document. A session records it only when it is not empty.
    public var suppliedAssetLinks: [String: String]
    /// Also ask Google's Digital Asset Links API for each Android host (`--google`), shown beside
    /// the origin's file. Never when offline. A session records whether it was asked.
    public var askGoogle: Bool
    /// The API endpoint asked (`--google-base`, for staging and tests). Machine-local: a session
    /// does not record it, so a session file can never choose where a workbench connects.
    public var googleBase: String

    /// Settings; by default online, the default fetch configuration, nothing supplied, Google's
    /// API not asked.
    public init(
        offline: Bool = false, fetch: FetchConfiguration = FetchConfiguration(),
        suppliedFiles: [String: String] = [:], suppliedAssetLinks: [String: String] = [:],
        askGoogle: Bool = false, googleBase: String = AssetLinksPolicy.googleAPIBase
    ) {
        self.offline = offline
        self.fetch = fetch
        self.suppliedFiles = suppliedFiles
        self.suppliedAssetLinks = suppliedAssetLinks
        self.askGoogle = askGoogle
        self.googleBase = googleBase
    }

    /// The `assetlinks.json` options a document's Android fetch uses: Google's API only when
    /// asked and online.
    public var assetLinksOptions: AssetLinksFetchOptions {
        AssetLinksFetchOptions(askGoogle: askGoogle && !offline, googleBase: googleBase)
    }

    public static func == (lhs: WorkbenchSettings, rhs: WorkbenchSettings) -> Bool {
        lhs.offline == rhs.offline && lhs.suppliedFiles == rhs.suppliedFiles
            && lhs.suppliedAssetLinks == rhs.suppliedAssetLinks
            && lhs.askGoogle == rhs.askGoogle && lhs.googleBase == rhs.googleBase
            && FetchSettingsRecord(lhs.fetch) == FetchSettingsRecord(rhs.fetch)
            && lhs.fetch.resolve == rhs.fetch.resolve && lhs.fetch.caFile == rhs.fetch.caFile
    }

    private enum Key: String, CodingKey { case offline, fetch, suppliedFiles, suppliedAssetLinks, askGoogle }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        offline = try container.decode(Bool.self, forKey: .offline)
        fetch = try container.decode(FetchSettingsRecord.self, forKey: .fetch).configuration()
        suppliedFiles = try container.decode([String: String].self, forKey: .suppliedFiles)
        suppliedAssetLinks = try container.decodeIfPresent([String: String].self, forKey: .suppliedAssetLinks) ?? [:]
        askGoogle = try container.decodeIfPresent(Bool.self, forKey: .askGoogle) ?? false
        googleBase = AssetLinksPolicy.googleAPIBase
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(offline, forKey: .offline)
        try container.encode(FetchSettingsRecord(fetch), forKey: .fetch)
        try container.encode(suppliedFiles, forKey: .suppliedFiles)
        if !suppliedAssetLinks.isEmpty { try container.encode(suppliedAssetLinks, forKey: .suppliedAssetLinks) }
        if askGoogle { try container.encode(true, forKey: .askGoogle) }
    }
}

/// The fetch settings a session file records (routes, user agents, CDN base, limits): what
/// makes a refetch comparable. Pins and CA files are machine-local and are not recorded.
public struct FetchSettingsRecord: Sendable, Equatable, Codable {
    /// Routes fetched, in order (`cdn`, `origin`, `legacy`).
    public var routes: [FetchRoute]
    /// The crawler user agent.
    public var userAgent: String
    /// The browser agent of the probe.
    public var browserUserAgent: String
    /// Whether the origin is fetched again with a browser agent.
    public var browserProbe: Bool
    /// The CDN base URL.
    public var cdnBase: String
    /// The body cap in bytes.
    public var bodyLimit: Int
    /// Per-request timeout in milliseconds.
    public var timeoutMs: Int64

    /// The record of `configuration`.
    public init(_ configuration: FetchConfiguration) {
        routes = configuration.routes
        userAgent = configuration.userAgent
        browserUserAgent = configuration.browserUserAgent
        browserProbe = configuration.browserProbe
        cdnBase = configuration.cdnBase
        bodyLimit = configuration.bodyLimit
        let (seconds, attoseconds) = configuration.timeout.components
        timeoutMs = seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    /// A configuration with these settings (other fields default).
    public func configuration() -> FetchConfiguration {
        var configuration = FetchConfiguration()
        configuration.routes = routes
        configuration.userAgent = userAgent
        configuration.browserUserAgent = browserUserAgent
        configuration.browserProbe = browserProbe
        configuration.cdnBase = cdnBase
        configuration.bodyLimit = bodyLimit
        configuration.timeout = .milliseconds(timeoutMs)
        return configuration
    }
}
