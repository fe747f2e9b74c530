/// What can stop the findings stage: a URL list that cannot be read as one.
///
/// (The module's one public error type; rules never throw — a problem they find is a `Finding`.)
public enum FindingsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A line of a URL list (or a `--url` value) that is not an absolute `https://` URL with a host.
    case invalidURL(line: Int?, text: String, reason: String)
    /// A URL list line longer than the limit.
    case lineTooLong(line: Int, limit: Int)
    /// A URL list with more URLs than the limit.
    case tooManyURLs(limit: Int)

    public var description: String {
        switch self {
        case .invalidURL(let line, let text, let reason):
            let place = line.map { "line \($0): " } ?? ""
            let shown = text.count > 80 ? String(text.prefix(77)) + "..." : text
            return "\(place)\"\(shown)\" is not a URL to test: \(reason)"
        case .lineTooLong(let line, let limit):
            return "line \(line): longer than \(limit) characters"
        case .tooManyURLs(let limit):
            return "the URL list holds more than \(limit) URLs"
        }
    }
}
