/// `linklab match --batch`: one JSON line in, one JSON line out (`docs/cli.md`).
///
/// Input: `{"id": ANY, "aasa": {…file…}, "domain": "example.com", "appId": "…", "url": "https://…"}`.
/// `aasa` may also be a string holding a body as served (then the device's strict reading
/// applies: a body it rejects decides no_match). `domain` is optional (the URL's host is
/// used). Output: `{"decision": "…", "id": ANY}` or `{"error": "…", "id": ANY}`; `id` is
/// echoed exactly as written (null when the line cannot be read). Compiled matchers are kept
/// for repeated files, so long URL lists against one file stay fast.
public struct MatchBatch: Sendable {
    private var cache: [String: AssociationMatcher] = [:]
    private var cacheOrder: [String] = []
    private static let cacheLimit = 32

    /// Creates a batch session with an empty cache.
    public init() {}

    /// Answers one input line (without its newline) with one output line (without newline).
    public mutating func answer(_ line: String) -> String {
        // One answer per line in, so a blank line gets one too (the caller's line count holds).
        if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { return MatchBatch.error("blank line", id: nil) }
        var parser = TolerantJSONParser(bytes: Array(line.utf8))
        let root = parser.parseDocument()
        guard let root, parser.strictlyValid, root.members != nil else {
            let reason = parser.issues.first.map { ": \($0.message)" } ?? ""
            return MatchBatch.error(
                "the line is not a JSON object\(reason)",
                id: parser.strictlyValid ? root?["id"] : nil)
        }
        let id = root["id"]
        guard let url = root["url"]?.string else { return MatchBatch.error("\"url\" must be a string", id: id) }
        guard let appID = root["appId"]?.string else { return MatchBatch.error("\"appId\" must be a string", id: id) }
        guard let aasa = root["aasa"] else { return MatchBatch.error("\"aasa\" is missing", id: id) }
        var domain: String
        if let given = root["domain"] {
            guard let text = given.string, !text.isEmpty else {
                return MatchBatch.error("\"domain\" must be a non-empty string", id: id)
            }
            domain = text
        } else {
            guard case .success(let parsed) = ParsedURL.parse(url) else {
                return MatchBatch.error("no \"domain\" and the URL has no host", id: id)
            }
            domain = parsed.host + (parsed.port.map { ":\($0)" } ?? "")
        }
        let key: String
        switch aasa.kind {
        case .object: key = "o" + aasa.compactText + "\u{0}" + domain
        case .string(let body):
            // A body must look like a JSON object: a path or a URL here is a caller's mistake,
            // not a file iOS would reject (which would hide it behind a no_match).
            guard
                body.drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{FEFF}" }).hasPrefix(
                    "{")
            else {
                return MatchBatch.error(
                    """
                    \"aasa\" must be an association file (an object) or its body as a string starting with {
                    """, id: id)
            }
            key = "s" + body + "\u{0}" + domain
        default:
            return MatchBatch.error(
                "\"aasa\" must be an association file (an object) or its body as a string starting with {", id: id)
        }
        let matcher: AssociationMatcher
        if let cached = cache[key] {
            matcher = cached
        } else {
            switch aasa.kind {
            case .string(let body):
                let document = AssociationDocument.parse(bytes: Array(body.utf8))
                matcher = AssociationMatcher(document: document, domain: domain)
            default:
                var reader = AssociationReader(lines: LineTable(bytes: []))
                guard let file = reader.read(aasa) else {
                    return MatchBatch.error("\"aasa\" is not an association file", id: id)
                }
                matcher = AssociationMatcher(file: file, domain: domain)
            }
            remember(matcher, for: key)
        }
        guard MatchBatch.isURL(url) else {
            return MatchBatch.error(
                "\"url\" is not a URL: give an absolute http(s) URL with a host, or a path starting with /", id: id)
        }
        let decision = matcher.decision(url: url, appID: appID)
        return "{\"decision\":\(JSONValue.quoted(decision.rawValue)),\"id\":\(id?.compactText ?? "null")}"
    }

    /// An absolute `http(s)` URL with a host, or a path on the domain (`/…`).
    private static func isURL(_ text: String) -> Bool {
        if text.hasPrefix("/") { return !text.hasPrefix("//") }
        guard case .success(let parsed) = ParsedURL.parse(text) else { return false }
        let lowered = text.lowercased()
        return !parsed.host.isEmpty && (lowered.hasPrefix("https://") || lowered.hasPrefix("http://"))
    }

    private mutating func remember(_ matcher: AssociationMatcher, for key: String) {
        if cache.count >= MatchBatch.cacheLimit, let oldest = cacheOrder.first {
            cache[oldest] = nil
            cacheOrder.removeFirst()
        }
        cache[key] = matcher
        cacheOrder.append(key)
    }

    private static func error(_ message: String, id: JSONValue?) -> String {
        "{\"error\":\(JSONValue.quoted(message)),\"id\":\(id?.compactText ?? "null")}"
    }
}
