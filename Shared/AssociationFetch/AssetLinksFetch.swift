import Foundation
import SiteAssociation

/// How Android fetches `assetlinks.json` (`docs/android.md` §3, L1 and L7–L10).
public enum AssetLinksPolicy {
    /// The statement list's path on every host (documented, L1).
    public static let path = "/.well-known/assetlinks.json"
    /// Bytes Android's verifier reads at most: 1 MiB (AOSP StatementService,
    /// `HTTP_CONTENT_SIZE_LIMIT_IN_BYTES`). A longer body is refused.
    public static let bodyLimit = 1 << 20
    /// Android's verifier gives a connection 5 s (AOSP StatementService,
    /// `HTTP_CONNECTION_TIMEOUT_MILLIS`); `assetlinks fetch` uses it by default.
    public static let timeout: Duration = .seconds(5)
    /// The agent sent: Android's HTTP stack announces itself as Dalvik (assumed form).
    public static let userAgent = "Dalvik/2.1.0 (Linux; U; Android 15)"
    /// `include` statements followed: one level (AOSP StatementService, `MAX_INCLUDE_LEVEL = 1`);
    /// at most this many per file (ours).
    public static let maxIncludes = 10
    /// Google's Digital Asset Links statement-list endpoint (the second opinion).
    public static let googleAPIBase = "https://digitalassetlinks.googleapis.com/v1/statements:list"

    /// `https://HOST[:PORT]/.well-known/assetlinks.json`.
    public static func url(for host: FetchHost) -> String {
        url(forHostName: host.authority)
    }

    /// The same for a host given as text (`example.com`, `example.com:8443`).
    public static func url(forHostName host: String) -> String {
        "https://\(host)\(path)"
    }

    /// The statement-list API query for `host` (`source.web.site` and the App Links relation),
    /// or nil when `base` is not an `https://` URL.
    public static func googleURL(for host: FetchHost, base: String = googleAPIBase) -> String? {
        guard var components = URLComponents(string: base), components.scheme?.lowercased() == "https",
            components.host?.isEmpty == false
        else { return nil }
        components.queryItems =
            (components.queryItems ?? []) + [
                URLQueryItem(name: "source.web.site", value: "https://\(host.authority)"),
                URLQueryItem(name: "relation", value: AssetLinksFile.handleAllURLs),
            ]
        return components.url?.absoluteString
    }
}

/// What one host's `assetlinks.json` amounts to, in one word.
public enum AssetLinksOutcome: String, Sendable, Codable, Equatable {
    /// 200, within 1 MiB, and a statement list Android can read.
    case ok
    /// A file the tester supplied (`--assetlinks HOST=FILE`), readable.
    case supplied
    /// 200 (or supplied) but not a statement list Android can read (not JSON, BOM, not an array).
    case unusable
    /// 200 but over 1 MiB.
    case oversized
    /// 3xx: Android does not follow redirects.
    case redirect
    /// Any other status.
    case httpError = "http-error"
    /// Headers arrived but the body did not finish.
    case incomplete
    /// No HTTP answer (DNS, TCP, TLS, timeout).
    case unreachable
    /// Offline and no file supplied: nothing is known about the host.
    case notFetched = "not-fetched"

    /// True when Android has a statement list to read.
    public var hasFile: Bool { self == .ok || self == .supplied }
}

/// Everything known about one host's `assetlinks.json`: the transport facts, the parsed file
/// and, when asked, Google's statement-list API for comparison.
public struct AssetLinksReport: Sendable, Equatable {
    /// The host the file belongs to, `HOST[:PORT]` (a wildcard's root).
    public var host: String
    /// The request (status, headers, redirect, timings, error); nil when not fetched.
    public var result: RouteResult?
    /// The parsed file (complete 200 answers and supplied files only).
    public var file: AssetLinksFile?
    /// Google's statement-list API, when asked.
    public var google: GoogleStatementList?
    public var outcome: AssetLinksOutcome
    /// Why the file cannot be used, in one line (nil when it can).
    public var problem: String?
    /// The statement lists the file's `include` statements name, fetched one level deep as
    /// Android does (empty offline: they are listed in `file.includes` but not read).
    public var included: [AssetLinksInclude] = []

    /// What Android verifies against: the file's statements and those of every readable
    /// included list (nil when the file itself is unusable or absent).
    public var effectiveFile: AssetLinksFile? {
        guard var merged = file, outcome.hasFile else { return nil }
        for include in included {
            if let statements = include.file?.statements, include.problem == nil { merged.statements += statements }
        }
        return merged
    }

    /// `include` targets that were not read (offline, not https, or failed), for explanations.
    public var unreadIncludes: [String] {
        guard let file else { return [] }
        return file.includes.filter { url in !included.contains { $0.url == url && $0.problem == nil } }
    }

    /// A report from a finished request (or a supplied file's bytes when `result.route == .local`).
    public init(host: String, result: RouteResult?, google: GoogleStatementList? = nil) {
        self.host = host
        self.result = result
        self.google = google
        guard let result else {
            outcome = .notFetched
            problem = "not fetched (offline, and no file was supplied)"
            return
        }
        let supplied = result.route == .local
        if let error = result.error {
            outcome = supplied ? .unusable : result.status == nil ? .unreachable : .incomplete
            problem = error.description
            return
        }
        if !supplied, let status = result.status, status != 200 {
            if (300...399).contains(status) {
                outcome = .redirect
                let target = result.redirect?.resolved ?? result.redirect?.location ?? "no Location"
                problem = "\(result.url) answered \(status) → \(target); Android does not follow redirects"
            } else {
                outcome = .httpError
                problem = "\(result.url) answered HTTP \(status)"
            }
            return
        }
        if result.truncated {
            outcome = .oversized
            problem = "the body is over \(AssetLinksPolicy.bodyLimit) bytes (1 MiB); Android's verifier refuses it"
            return
        }
        let parsed = AssetLinksFile(data: result.body)
        file = parsed
        if let reason = parsed.unusableReason {
            outcome = .unusable
            problem = reason
        } else {
            outcome = supplied ? .supplied : .ok
        }
    }

    /// What is wrong with the `Content-Type` of a 200 answer (Google asks for `application/json`,
    /// L1), or nil when nothing is (or there was no 200 answer).
    public var contentTypeProblem: String? {
        guard let result, result.route != .local, result.status == 200, result.hasUnexpectedContentType else {
            return nil
        }
        return result.contentType.map { "served as \($0), not application/json" }
            ?? "served without a Content-Type (Google asks for application/json)"
    }

    /// The host's own file compared with Google's answer (nil unless both are known).
    public var comparison: AssetLinksComparison? {
        guard let google, google.problem == nil, google.error == nil, google.status == 200 else { return nil }
        return AssetLinksComparison(file: (effectiveFile ?? file)?.linkGrants ?? [], google: google.grants)
    }
}

/// One statement list an `include` statement names, as fetched.
public struct AssetLinksInclude: Sendable, Equatable {
    public var url: String
    /// The request; nil when the URL was not fetched (not https).
    public var result: RouteResult?
    public var file: AssetLinksFile?
    /// Why it adds nothing (not https, no 200 answer, too large, unreadable), or nil.
    public var problem: String?

    /// The include as fetched (or refused before fetching: `result` nil and a `problem`).
    public init(url: String, result: RouteResult?, problem: String? = nil) {
        self.url = url
        self.result = result
        self.problem = problem
        guard let result, problem == nil else { return }
        let report = AssetLinksReport(host: URLComponents(string: url)?.host ?? url, result: result)
        file = report.file
        if !report.outcome.hasFile { self.problem = report.problem ?? report.outcome.rawValue }
    }
}

/// Google's statement-list API answer for one host (the second opinion).
public struct GoogleStatementList: Sendable, Equatable {
    public var url: String
    public var status: Int?
    public var error: FetchError?
    /// The App Links grants Google lists (one per package and fingerprint), sorted.
    public var grants: [AssetLinksGrant]
    /// `debugString`: Google's own words on what it found (errors fetching the file, …).
    public var debugString: String?
    /// `errorCode`: e.g. `ERROR_CODE_FETCH_ERROR`, `ERROR_CODE_PARSE_ERROR`.
    public var errorCodes: [String]
    /// The answer could not be read as a `ListResponse`.
    public var problem: String?

    /// Reads a finished request to the API.
    public init(result: RouteResult) {
        url = result.url
        status = result.status
        error = result.error
        grants = []
        errorCodes = []
        guard result.error == nil, result.status != nil else { return }
        guard !result.truncated else {
            problem = "the answer is over \(AssetLinksPolicy.bodyLimit) bytes"
            return
        }
        guard let object = try? JSONSerialization.jsonObject(with: result.body) as? [String: Any] else {
            problem = "the answer is not a JSON object"
            return
        }
        debugString = object["debugString"] as? String
        errorCodes = (object["errorCode"] as? [Any] ?? []).compactMap { $0 as? String }
        if result.status != 200, let message = (object["error"] as? [String: Any])?["message"] as? String {
            problem = "HTTP \(result.status ?? 0): \(message)"
        }
        var found = Set<AssetLinksGrant>()
        for case let statement as [String: Any] in object["statements"] as? [Any] ?? [] {
            guard statement["relation"] as? String == AssetLinksFile.handleAllURLs,
                let app = (statement["target"] as? [String: Any])?["androidApp"] as? [String: Any],
                let package = app["packageName"] as? String,
                let fingerprint = (app["certificate"] as? [String: Any])?["sha256Fingerprint"] as? String
            else { continue }
            found.insert(AssetLinksGrant(packageName: package, fingerprint: fingerprint))
        }
        grants = found.sorted()
    }
}

/// The host's file against Google's answer: the grants only one of them has.
public struct AssetLinksComparison: Sendable, Equatable, Codable {
    public var agree: Bool
    public var onlyInFile: [AssetLinksGrant]
    public var onlyInGoogle: [AssetLinksGrant]

    public init(file: [AssetLinksGrant], google: [AssetLinksGrant]) {
        let mine = Set(file)
        let theirs = Set(google)
        onlyInFile = mine.subtracting(theirs).sorted()
        onlyInGoogle = theirs.subtracting(mine).sorted()
        agree = onlyInFile.isEmpty && onlyInGoogle.isEmpty
    }
}
