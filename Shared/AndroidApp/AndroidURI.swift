import Foundation

/// A URL split as `android.net.Uri` splits a hierarchical URI: scheme, host, explicit port
/// (−1 when absent), and the decoded path, query and fragment that intent filters compare.
public struct AndroidURI: Sendable, Equatable {
    public private(set) var scheme: String?
    public private(set) var host: String?
    public private(set) var port: Int
    /// Percent-decoded (`Uri.getPath()`).
    public private(set) var path: String
    public private(set) var query: String?
    public private(set) var fragment: String?
    /// Lower-cased host and UTF-16 path, split once for matching.
    let hostKey: String?
    let pathUnits: [UInt16]

    public init?(_ text: String) {
        // Split on ASCII delimiters over UTF-8 (as Java splits over UTF-16 code units: a combining
        // mark after a delimiter does not hide it, and no grapheme breaking is paid for).
        var rest = Substring(text)
        if let hashIndex = rest.utf8.firstIndex(of: UInt8(ascii: "#")) {
            fragment = Self.decode(rest[rest.utf8.index(after: hashIndex)...])
            rest = rest[..<hashIndex]
        }
        if let colon = rest.utf8.firstIndex(of: UInt8(ascii: ":")), colon != rest.startIndex,
           !rest.utf8[..<colon].contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") }) {
            scheme = String(rest[..<colon])
            rest = rest[rest.utf8.index(after: colon)...]
        }
        if let questionIndex = rest.utf8.firstIndex(of: UInt8(ascii: "?")) {
            query = Self.decode(rest[rest.utf8.index(after: questionIndex)...])
            rest = rest[..<questionIndex]
        }
        port = -1
        if rest.utf8.starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) {
            rest = rest[rest.utf8.index(rest.startIndex, offsetBy: 2)...]
            let slash = rest.utf8.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
            var authority = rest[..<slash]
            rest = rest[slash...]
            if let at = authority.utf8.lastIndex(of: UInt8(ascii: "@")) {
                authority = authority[authority.utf8.index(after: at)...]
            }
            if let colon = authority.utf8.lastIndex(of: UInt8(ascii: ":")),
               !authority.utf8[colon...].contains(UInt8(ascii: "]")) {
                let digits = authority.utf8[authority.utf8.index(after: colon)...]
                if !digits.isEmpty, digits.allSatisfy({ (48...57).contains($0) }) {
                    port = digits.prefix(9).reduce(0) { $0 * 10 + Int($1 - 48) }
                }
                authority = authority[..<colon]
            }
            host = String(authority)
        }
        path = Self.decode(rest)
        hostKey = host.map(Self.lowercased)
        pathUnits = Array(path.utf16)
        guard scheme != nil || host != nil || !path.isEmpty else { return nil }
    }

    /// Lower case as `String.lowercased()`, with an ASCII fast path (hosts nearly always are).
    static func lowercased(_ text: String) -> String {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return text.lowercased() }
        guard text.utf8.contains(where: { (65...90).contains($0) }) else { return text }
        return String(decoding: text.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }

    /// Percent-decoding as `Uri.decode`: UTF-8 sequences; a malformed escape stays as written.
    static func decode(_ text: Substring) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return String(text) }
        var bytes: [UInt8] = []
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%"),
               let first = utf8.index(index, offsetBy: 1, limitedBy: utf8.endIndex), first < utf8.endIndex,
               let second = utf8.index(first, offsetBy: 1, limitedBy: utf8.endIndex), second < utf8.endIndex,
               let high = hex(utf8[first]), let low = hex(utf8[second]) {
                bytes.append(high << 4 | low)
                index = utf8.index(after: second)
            } else {
                bytes.append(byte)
                index = utf8.index(after: index)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
