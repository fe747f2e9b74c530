import Foundation

// The `aasa fetch` JSON of docs/cli.md. Contract fields always appear, with explicit
// nulls; the extra fields (headers, outcome, Apple headers, browserProbe, …) are additions.

extension RouteResult: Encodable {
    private enum Key: String, CodingKey {
        case route, url, status, contentType, bytes, truncated, redirectLocation, timeToHeadersMs,
            totalMs, error, appleFailureReason, file, diagnostics
        case userAgent, headers, outcome, errorKind, redirect, appleFailureDetails, appleFrom,
            appleTryDirect, deviceAccepts, isCMSSigned, bodyPrefix
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(route, forKey: .route)
        try container.encode(url, forKey: .url)
        try encodeOrNull(status, .status, &container)
        try encodeOrNull(contentType, .contentType, &container)
        try container.encode(bytes, forKey: .bytes)
        try container.encode(truncated, forKey: .truncated)
        try encodeOrNull(redirectLocation, .redirectLocation, &container)
        try encodeOrNull(timeToHeadersMs, .timeToHeadersMs, &container)
        try encodeOrNull(totalMs, .totalMs, &container)
        try encodeOrNull(error?.description, .error, &container)
        try encodeOrNull(appleFailureReason, .appleFailureReason, &container)
        try encodeOrNull(file, .file, &container)
        try container.encode(diagnostics, forKey: .diagnostics)
        try encodeOrNull(userAgent, .userAgent, &container)
        try container.encode(headers, forKey: .headers)
        try container.encode(outcome, forKey: .outcome)
        try encodeOrNull(error?.kind, .errorKind, &container)
        try encodeOrNull(redirect, .redirect, &container)
        try encodeOrNull(appleFailureDetails, .appleFailureDetails, &container)
        try encodeOrNull(appleFrom, .appleFrom, &container)
        try encodeOrNull(appleTryDirect, .appleTryDirect, &container)
        try encodeOrNull(deviceAccepts, .deviceAccepts, &container)
        try encodeOrNull(isCMSSigned, .isCMSSigned, &container)
        try encodeOrNull(outcome == .ok || outcome == .supplied ? nil : bodyPrefix, .bodyPrefix, &container)
    }

    private func encodeOrNull<T: Encodable>(
        _ value: T?, _ key: Key,
        _ container: inout KeyedEncodingContainer<Key>
    ) throws {
        if let value { try container.encode(value, forKey: key) } else { try container.encodeNil(forKey: key) }
    }
}

extension DomainReport: Encodable {
    private enum Key: String, CodingKey {
        case host, routes, fetchedHost, port, browserProbe, cdnOriginDiff
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(host, forKey: .host)
        try container.encode(routes, forKey: .routes)
        try container.encode(fetchedHost, forKey: .fetchedHost)
        if let port { try container.encode(port, forKey: .port) } else { try container.encodeNil(forKey: .port) }
        if let browserProbe {
            try container.encode(browserProbe, forKey: .browserProbe)
        } else {
            try container.encodeNil(forKey: .browserProbe)
        }
        if let cdnOriginDiff {
            try container.encode(cdnOriginDiff, forKey: .cdnOriginDiff)
        } else {
            try container.encodeNil(forKey: .cdnOriginDiff)
        }
    }
}

extension BrowserProbe: Encodable {
    private enum Key: String, CodingKey { case differs, summary, result }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(differs, forKey: .differs)
        try container.encode(summary, forKey: .summary)
        try container.encode(result, forKey: .result)
    }
}

extension CDNOriginComparison: Encodable {
    private enum Key: String, CodingKey { case equivalent, changes, note }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(isEquivalent, forKey: .equivalent)
        try container.encode(changes, forKey: .changes)
        try container.encode(Self.stalenessNote, forKey: .note)
    }
}

/// The whole `aasa fetch` document: `{"schemaVersion": 1, "domains": [...]}`.
public struct FetchDocument: Sendable, Encodable {
    public var schemaVersion = 1
    public var domains: [DomainReport]

    public init(domains: [DomainReport]) {
        self.domains = domains
    }
}
