import Foundation
import SiteAssociation

/// What one route of one host answered: status, headers, timing, body facts, the parsed
/// file and its diagnostics, or the transport error.
public struct RouteResult: Sendable, Equatable {
    /// The route.
    public var route: FetchRoute
    /// The URL requested (or `file://` and the file's name as the tester gave it, `ShownFileName`,
    /// for a supplied file: never an absolute path of their machine).
    public var url: String
    /// The `User-Agent` sent (nil for a supplied file).
    public var userAgent: String?
    /// HTTP status, nil when no answer came.
    public var status: Int?
    /// All response headers in arrival order, verbatim.
    public var headers: [HeaderField] = []
    /// Body bytes read (at most the cap).
    public var bytes = 0
    /// True when the body went past the cap and reading stopped there.
    public var truncated = false
    /// The body as read (at most the cap). Not part of the JSON document.
    public var body = Data()
    /// The 3xx answer, when there was one.
    public var redirect: RedirectRecord?
    /// Milliseconds from the start of the request to the response headers.
    public var timeToHeadersMs: Int?
    /// Milliseconds from the start of the request to the end of the body (or the failure).
    public var totalMs: Int?
    /// Why no (complete) answer came.
    public var error: FetchError?
    /// The parsed file (200 answers within the cap only).
    public var file: AssociationFile?
    /// Parser and lint diagnostics for the body.
    public var diagnostics: [LintDiagnostic] = []
    /// Whether a device's strict parser would accept the body (nil when not parsed).
    public var deviceAccepts: Bool?
    /// Whether the body was CMS-wrapped (nil when not parsed).
    public var isCMSSigned: Bool?

    public init(route: FetchRoute, url: String, userAgent: String?) {
        self.route = route
        self.url = url
        self.userAgent = userAgent
    }

    /// First value of a header (case-insensitive name).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// `Content-Type` verbatim.
    public var contentType: String? { header("Content-Type") }
    /// `Location` of a 3xx answer.
    public var redirectLocation: String? { redirect?.location }
    /// CDN failure headers, verbatim.
    public var appleFailureReason: String? { header("Apple-Failure-Reason") }
    public var appleFailureDetails: String? { header("Apple-Failure-Details") }
    public var appleFrom: String? { header("Apple-From") }
    public var appleTryDirect: String? { header("Apple-Try-Direct") }

    /// Time to headers above which an origin counts as slow (AASA-009). Not an Apple limit:
    /// the often-quoted 2 s is folklore, but slow origins do collect CDN crawler timeouts.
    public static let slowThresholdMs = 2000

    /// True when the headers took longer than `slowThresholdMs`.
    public var isSlow: Bool {
        (timeToHeadersMs ?? 0) > Self.slowThresholdMs
    }

    /// True when the content type is not `application/json` (AASA-008; informational).
    public var hasUnexpectedContentType: Bool {
        guard status == 200 else { return false }
        guard let type = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        else {
            return true
        }
        return type != "application/json"
    }

    /// The first bytes of the body as text (evidence for odd content types and parse errors).
    public var bodyPrefix: String? {
        guard !body.isEmpty else { return nil }
        let prefix = body.prefix(160)
        if isCMSSigned == true { return "<CMS, \(bytes) bytes>" }
        return String(decoding: prefix, as: UTF8.self)
            .map { $0.isASCII && ($0.asciiValue ?? 0) < 0x20 && $0 != "\n" ? "." : String($0) }
            .joined()
    }

    /// The route's outcome in one word.
    public var outcome: RouteOutcome {
        if route == .local { return isUsable ? .supplied : .unparseable }
        return RouteOutcome.classify(status: status, truncated: truncated, usable: isUsable, error: error)
    }

    /// True when the body parsed into a file a device's strict parser accepts.
    public var isUsable: Bool {
        file != nil && deviceAccepts != false
    }
}

/// A response header, verbatim.
public struct HeaderField: Sendable, Equatable, Codable {
    public var name: String
    public var value: String
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

extension RouteResult {
    /// Parses the body when it is a complete 200 answer, filling `file`, `diagnostics`,
    /// `deviceAccepts` and `isCMSSigned`.
    mutating func parseBody() {
        guard status == 200 || route == .local, !truncated, error == nil else { return }
        let document = AssociationDocument.parse(body)
        file = document.file
        diagnostics = document.diagnostics
        deviceAccepts = document.deviceAccepts
        isCMSSigned = document.isCMSSigned
    }
}
