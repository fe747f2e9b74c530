import Foundation

/// A host to fetch for, as an associated-domain entry names it: `HOST`, `HOST:PORT`, or
/// `*.HOST` (a wildcard entry: the file is fetched from `HOST`).
public struct FetchHost: Sendable, Hashable, CustomStringConvertible {
    /// The entry as given (lowercased), e.g. `*.example.com` or `example.com:8443`.
    public let entry: String
    /// The name requests go to (wildcard prefix removed).
    public let hostname: String
    /// An explicit port, if the entry has one.
    public let port: Int?
    /// True for `*.` entries.
    public let isWildcard: Bool

    /// `hostname[:port]`: what URLs and the CDN path use.
    public var authority: String {
        port.map { "\(hostname):\($0)" } ?? hostname
    }

    public var description: String { entry }

    /// Parses `HOST[:PORT]` or `*.HOST[:PORT]`.
    public static func parse(_ text: String) throws(FetchError) -> FetchHost {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !trimmed.isEmpty else { throw .invalidHost(text, reason: "empty") }
        guard !trimmed.contains("/") else {
            throw .invalidHost(text, reason: "give a host name, not a URL (no scheme or path)")
        }
        var rest = Substring(trimmed)
        var port: Int?
        if let colon = rest.lastIndex(of: ":") {
            let portText = rest[rest.index(after: colon)...]
            guard let value = Int(portText), (1...65_535).contains(value), portText.allSatisfy(\.isASCII) else {
                throw .invalidHost(text, reason: "port must be a number from 1 to 65535")
            }
            port = value
            rest = rest[..<colon]
        }
        var wildcard = false
        if rest.hasPrefix("*.") {
            wildcard = true
            rest = rest.dropFirst(2)
        }
        let name = String(rest.hasSuffix(".") ? rest.dropLast() : rest)
        guard !name.isEmpty, name.count <= 253 else {
            throw .invalidHost(text, reason: "host name is empty or longer than 253 characters")
        }
        for label in name.split(separator: ".", omittingEmptySubsequences: false) {
            guard !label.isEmpty, label.count <= 63 else {
                throw .invalidHost(text, reason: "empty or over-long label in host name")
            }
            guard label.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
                throw .invalidHost(
                    text,
                    reason: "host names may hold letters, digits, '-' and '.' only (use punycode for IDNs)")
            }
            guard !label.hasPrefix("-"), !label.hasSuffix("-") else {
                throw .invalidHost(text, reason: "a label may not start or end with '-'")
            }
        }
        return FetchHost(entry: trimmed, hostname: name, port: port, isWildcard: wildcard)
    }
}
