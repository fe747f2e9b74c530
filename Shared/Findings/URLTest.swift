import Foundation
import SiteAssociation

/// What the tester expects a URL to do to the app.
public enum URLExpectation: String, Sendable, Codable, Equatable, CaseIterable {
    /// The URL must open the app (`=` prefix in a URL list).
    case mustOpen
    /// The URL must not open the app (`!` prefix).
    case mustNotOpen
    /// No expectation: the verdict is only reported (no prefix).
    case none
}

/// One URL the tester tried: the expectation and what iOS would do for each app ID.
public struct URLTest: Sendable, Equatable {
    /// The URL as given.
    public var url: String
    /// What the tester expects.
    public var expectation: URLExpectation
    /// The domain report (host entry, e.g. `*.example.org`) whose file decided; nil when no
    /// fetched or supplied file covers the URL's host.
    public var domain: String?
    /// One verdict per app ID: the analysed app's first, then the other app IDs the file names.
    public var verdicts: [AppVerdict]
    /// Line in the URL list it came from (1-based), nil for `--url` arguments.
    public var line: Int?

    /// A URL test with its verdicts.
    public init(
        url: String, expectation: URLExpectation = .none, domain: String? = nil,
        verdicts: [AppVerdict] = [], line: Int? = nil
    ) {
        self.url = url
        self.expectation = expectation
        self.domain = domain
        self.verdicts = verdicts
        self.line = line
    }

    /// The verdict for `appID`, if one was computed.
    public func verdict(for appID: String) -> AppVerdict? {
        verdicts.first { $0.appID == appID }
    }
}
