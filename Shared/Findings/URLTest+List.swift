import AndroidApp
import Foundation

/// One line of a URL list: the URL and what the tester expects.
public struct URLListEntry: Sendable, Equatable {
    /// The URL (prefix and surrounding spaces removed).
    public var url: String
    /// What the tester expects.
    public var expectation: URLExpectation
    /// 1-based line in the list; nil for a `--url` argument.
    public var line: Int?

    /// The URL's host (lower-cased) and port as deciding reads them (443 on https is no port),
    /// read once when the entry is made rather than at every decision of every keystroke;
    /// `read` is the text they were read from (`url` may be changed later).
    private let read: String
    private let readHost: String
    private let readPort: Int?

    /// An entry.
    public init(url: String, expectation: URLExpectation = .none, line: Int? = nil) {
        self.init(url: url, expectation: expectation, line: line, components: URLComponents(string: url))
    }

    /// An entry whose URL was already read into `components`.
    init(url: String, expectation: URLExpectation, line: Int?, components: URLComponents?) {
        self.url = url
        self.expectation = expectation
        self.line = line
        read = url
        (readHost, readPort) = Self.hostAndPort(components)
    }

    /// The URL's host and port as deciding reads them.
    var hostAndPort: (host: String, port: Int?) {
        read == url ? (readHost, readPort) : Self.hostAndPort(URLComponents(string: url))
    }

    private static func hostAndPort(_ components: URLComponents?) -> (host: String, port: Int?) {
        let host = components?.host?.lowercased() ?? ""
        let port = components?.port == 443 && components?.scheme?.lowercased() == "https" ? nil : components?.port
        return (host, port)
    }

    public static func == (lhs: URLListEntry, rhs: URLListEntry) -> Bool {
        lhs.url == rhs.url && lhs.expectation == rhs.expectation && lhs.line == rhs.line
    }
}

/// Which URLs a list takes.
public enum URLSchemes: Sendable, Equatable {
    /// `http(s)://` URLs with a host, as universal links are: any other line is an error.
    case web
    /// Any absolute URL with a scheme, read as Android's `Uri.parse` reads it (spaces inside
    /// are kept): custom schemes are what deep links use.
    case any
    /// A list decided for both platforms: a custom scheme as `.any` reads it, an `http(s)` URL
    /// with `.web`'s checks.
    case webOrCustom
}

/// The URL-list format of `--urls FILE` and `--url URL` (Samples/urls.txt), for every platform:
///
/// - one URL per line; blank lines and lines whose first non-space character is `#` are skipped
///   (a `#` later in a line is the URL's fragment);
/// - `!` before the URL (then optional spaces): the URL must **not** open the app;
/// - `=` before the URL: the URL **must** open the app;
/// - no prefix: no expectation — the verdict is reported (URL-001) but never judged (URL-002).
///   Plain lines are not "must open" because lists mix URLs that should and should not open;
///   the file says which ones must, with `=`.
///
/// A line that is not a URL of the list's `URLSchemes` is an error (the tester mistyped it),
/// not a silent skip, except a `/path` line read with a path domain (`match --domain`): a path
/// on that domain. `URLListReader` reads a list line by line; `parse` reads it whole, strictly.
public enum URLList {
    /// Most URLs in one list.
    public static let maxURLs = 100_000
    /// Longest line read.
    public static let maxLineLength = 8_192

    /// Parses a whole list; the first line that is not a URL is an error.
    public static func parse(_ text: String, schemes: URLSchemes = .web) throws(FindingsError) -> [URLListEntry] {
        var entries: [URLListEntry] = []
        for (number, line) in numberedLines(text) {
            guard line.count <= maxLineLength else { throw .lineTooLong(line: number, limit: maxLineLength) }
            guard let entry = try entry(String(line), line: number, schemes: schemes) else { continue }
            guard entries.count < maxURLs else { throw .tooManyURLs(limit: maxURLs) }
            entries.append(entry)
        }
        return entries
    }

    /// A list's lines with their 1-based numbers (a byte-order mark dropped): the one split of a
    /// list's text every reader of a list uses.
    public static func numberedLines(_ text: String) -> [(number: Int, text: Substring)] {
        lines(of: Substring(text), atStart: true).enumerated().map { ($0.offset + 1, $0.element) }
    }

    /// The lines of `text`, a whole list or a piece of one that ends where a line ends: every
    /// newline (`\n`, `\r\n`, a lone `\r`, U+2028, …) ends a line, and a byte-order mark is
    /// dropped when `text` is the `atStart` of the list.
    static func lines(of text: Substring, atStart: Bool) -> [Substring] {
        let body = atStart && text.hasPrefix("\u{FEFF}") ? text.dropFirst() : text
        return body.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    }

    /// Reads one line (or a `--url` value); nil for a blank or comment line. With a
    /// `pathDomain` (`match --domain`), a line whose URL starts with `/` and holds no space or
    /// tab is a path on that domain: the entry keeps the path as its URL, and its host is the
    /// domain's.
    public static func entry(
        _ text: String, line: Int? = nil, schemes: URLSchemes = .web, pathDomain: String? = nil
    )
        throws(FindingsError) -> URLListEntry?
    {
        guard let split = splitExpectation(text) else { return nil }
        let (url, expectation) = (split.url, split.expectation)
        guard !url.isEmpty else { throw .invalidURL(line: line, text: text, reason: "no URL after the prefix") }
        if let pathDomain, url.hasPrefix("/"), !url.contains(where: { $0 == " " || $0 == "\t" }) {
            return URLListEntry(
                url: url, expectation: expectation, line: line,
                components: URLComponents(string: "https://" + pathDomain + url))
        }
        if schemes != .web {
            // Spaces inside are kept: Android's Uri.parse reads them as part of the URL.
            guard let scheme = AndroidURI(url).scheme, !scheme.isEmpty else {
                throw .invalidURL(line: line, text: text, reason: "not an absolute URL (no scheme)")
            }
            let web = ["http", "https"].contains(scheme.lowercased())
            if schemes == .any || !web { return URLListEntry(url: url, expectation: expectation, line: line) }
        }
        guard !url.contains(where: { $0 == " " || $0 == "\t" }) else {
            throw .invalidURL(
                line: line, text: text,
                reason: "a URL cannot contain spaces (percent-encode them as %20)")
        }
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased() else {
            throw .invalidURL(line: line, text: text, reason: "not an absolute URL")
        }
        guard scheme == "https" || scheme == "http" else {
            throw .invalidURL(line: line, text: text, reason: "universal links are https:// URLs (scheme \(scheme))")
        }
        guard let host = components.host, !host.isEmpty else {
            throw .invalidURL(line: line, text: text, reason: "the URL has no host")
        }
        return URLListEntry(url: url, expectation: expectation, line: line, components: components)
    }

    /// An entry written back as a list line (`!https://…`, `=app://…`, or the bare URL).
    public static func line(_ entry: URLListEntry) -> String {
        switch entry.expectation {
        case .mustNotOpen: "!" + entry.url
        case .mustOpen: "=" + entry.url
        case .none: entry.url
        }
    }

    /// A list line split into its URL and the expectation its prefix says (`!` must not open,
    /// `=` must); nil for a blank or `#` comment line.
    static func splitExpectation(_ text: String) -> (url: String, expectation: URLExpectation)? {
        var rest = Substring(text).trimmingCharacters(in: .whitespacesAndNewlines)[...]
        if rest.isEmpty || rest.hasPrefix("#") { return nil }
        var expectation = URLExpectation.none
        if let first = rest.first, first == "!" || first == "=" {
            expectation = first == "!" ? .mustNotOpen : .mustOpen
            rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
        }
        return (String(rest), expectation)
    }
}

/// One line of a URL list as the `match` faces read it: a URL entry, or a line that is not a
/// URL (reported in place; the run goes on).
public enum URLListLine: Sendable, Equatable {
    case entry(URLListEntry)
    case invalid(text: String, line: Int?, problem: String)

    /// Reads one line (nil for a blank or comment line), as `URLList.entry` does; a line that is
    /// not a URL of `schemes` (nor a path on `pathDomain`) is an invalid one, with the reason.
    public static func read(
        _ text: String, line: Int?, schemes: URLSchemes, pathDomain: String? = nil
    ) -> URLListLine? {
        do {
            return try URLList.entry(text, line: line, schemes: schemes, pathDomain: pathDomain).map { .entry($0) }
        } catch {
            let problem: String
            if case .invalidURL(_, _, let reason) = error {
                problem = "not a URL: \(reason)"
            } else {
                problem = error.description
            }
            return .invalid(text: text.trimmingCharacters(in: .whitespaces), line: line, problem: problem)
        }
    }
}

extension URLListLine {
    /// Every line of a list, in order (a byte-order mark dropped; blank and comment lines left
    /// out; a line over `URLList.maxLineLength` bytes is an invalid one): `URLListReader`'s.
    public static func lines(of text: String, schemes: URLSchemes, pathDomain: String? = nil) -> [URLListLine] {
        var reader = URLListReader(schemes: schemes, pathDomain: pathDomain)
        return reader.read(text)
    }
}
