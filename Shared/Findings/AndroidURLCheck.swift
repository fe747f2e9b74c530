import AndroidApp
import Foundation

/// One URL the tester asked about on Android, with the expectation (`!` must not open the
/// app, `=` must) and Android's decision.
public struct AndroidURLCheck: Sendable, Equatable {
    public var url: String
    public var expectation: URLExpectation
    public var decision: AndroidLinkDecision

    public init(url: String, expectation: URLExpectation, decision: AndroidLinkDecision) {
        self.url = url
        self.expectation = expectation
        self.decision = decision
    }

    /// True when tapping the URL can land in the app: directly, or through a chooser.
    public var mayOpenApp: Bool { decision.outcome != .browser }
    /// True when tapping the URL opens the app without asking.
    public var opensApp: Bool { decision.outcome == .opensApp || decision.outcome == .opensAppUnverified }
}

/// URL lists for Android: the iOS list syntax (`#` comments, `!` and `=` prefixes, one URL a
/// line), but any absolute URL with a scheme — custom schemes are what deep links use.
public enum AndroidURLList {
    /// One line or `--url` value: the URL and its expectation; nil for a blank or comment line.
    public static func entry(_ text: String, line: Int? = nil)
        throws(FindingsError) -> (url: String, expectation: URLExpectation)? {
        guard let split = URLList.splitExpectation(text) else { return nil }
        let (url, expectation) = (split.url, split.expectation)
        // Spaces inside are kept: Android's Uri.parse reads them as part of the URL.
        guard !url.isEmpty else { throw .invalidURL(line: line, text: text, reason: "no URL after the prefix") }
        guard let scheme = AndroidURI(url).scheme, !scheme.isEmpty else {
            throw .invalidURL(line: line, text: text, reason: "not an absolute URL (no scheme)")
        }
        return (url, expectation)
    }

    /// An entry written back as a list line (`!https://…`, `=app://…`, or the bare URL).
    public static func line(_ entry: (url: String, expectation: URLExpectation)) -> String {
        switch entry.expectation {
        case .mustNotOpen: return "!" + entry.url
        case .mustOpen: return "=" + entry.url
        case .none: return entry.url
        }
    }

    /// Every entry of a list, in order; the first malformed line is an error.
    public static func parse(_ text: String) throws(FindingsError) -> [(url: String, expectation: URLExpectation)] {
        var entries: [(url: String, expectation: URLExpectation)] = []
        var body = Substring(text)
        if body.hasPrefix("\u{FEFF}") { body = body.dropFirst() }
        for (index, line) in body.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            guard line.count <= URLList.maxLineLength else { throw .lineTooLong(line: index + 1, limit: URLList.maxLineLength) }
            guard let entry = try entry(String(line), line: index + 1) else { continue }
            guard entries.count < URLList.maxURLs else { throw .tooManyURLs(limit: URLList.maxURLs) }
            entries.append(entry)
        }
        return entries
    }
}
