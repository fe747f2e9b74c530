/// The one tolerant reader of a URL list (`URLList`'s format), for every face that reads one
/// line by line: `match` and `match --android` (their URL arguments, then `--urls FILE` or
/// standard input) and the workbench's export. A list may come whole or in pieces as it
/// arrives (`match` answers each line before the next is read); either way its lines are
/// split and numbered as `URLList.numberedLines` does, and each is read by `URLListLine.read`.
public struct URLListReader: Sendable {
    /// Which URLs the list takes.
    public let schemes: URLSchemes
    /// The domain of `/path` lines (`match --domain`), or nil when a list holds only URLs.
    public let pathDomain: String?
    /// How many lines of the list were read: the next line's number is one more.
    public private(set) var lineCount = 0

    /// A reader of a list of `schemes` URLs (and paths on `pathDomain`, when given).
    public init(schemes: URLSchemes = .web, pathDomain: String? = nil) {
        self.schemes = schemes
        self.pathDomain = pathDomain
    }

    /// A URL given on its own (a `match URL` argument): no line number; nil when blank or a
    /// comment.
    public func read(argument: String) -> URLListLine? {
        URLListLine.read(argument, line: nil, schemes: schemes, pathDomain: pathDomain)
    }

    /// The URL lines of `piece`, in order (blank and comment lines left out): `piece` is the
    /// whole list, or its next piece ending where a line ends (its line ending left off) or
    /// at the list's end. Lines are numbered on from the pieces read before; a byte-order mark
    /// is dropped at the start of the list; a line over `URLList.maxLineLength` bytes is an
    /// invalid one showing its first 80 characters.
    public mutating func read(_ piece: some StringProtocol) -> [URLListLine] {
        URLList.lines(of: Substring(piece), atStart: lineCount == 0).compactMap { line in
            guard line.utf8.count <= URLList.maxLineLength else { return readTooLong(shown: String(line.prefix(80))) }
            lineCount += 1
            return URLListLine.read(String(line), line: lineCount, schemes: schemes, pathDomain: pathDomain)
        }
    }

    /// The next line, when it is over `URLList.maxLineLength` bytes: an invalid one showing
    /// `shown` (a reader that skipped the line without keeping it shows nothing).
    public mutating func readTooLong(shown: String = "") -> URLListLine {
        lineCount += 1
        return .invalid(
            text: shown, line: lineCount, problem: "the line is longer than \(URLList.maxLineLength) bytes")
    }
}
