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

    /// The problem without the line and text it is about ("a URL cannot contain spaces …"),
    /// for a face that shows it beside the line.
    public var reason: String {
        switch self {
        case .invalidURL(_, _, let reason): reason
        case .lineTooLong(_, let limit): "longer than \(limit) characters"
        case .tooManyURLs(let limit): "more than \(limit) URLs"
        }
    }

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
