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
        var rest = Substring(text)
        if let hashIndex = rest.firstIndex(of: "#") {
            fragment = Self.decode(rest[rest.index(after: hashIndex)...])
            rest = rest[..<hashIndex]
        }
        if let colon = rest.firstIndex(of: ":"),
           !rest[..<colon].contains(where: { $0 == "/" || $0 == "?" }), colon != rest.startIndex {
            scheme = String(rest[..<colon])
            rest = rest[rest.index(after: colon)...]
        }
        if let questionIndex = rest.firstIndex(of: "?") {
            query = Self.decode(rest[rest.index(after: questionIndex)...])
            rest = rest[..<questionIndex]
        }
        port = -1
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let slash = rest.firstIndex(of: "/") ?? rest.endIndex
            var authority = rest[..<slash]
            rest = rest[slash...]
            if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
            if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
                let digits = authority[authority.index(after: colon)...]
                if !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), let number = Int(digits.prefix(9)) {
                    port = number
                }
                authority = authority[..<colon]
            }
            host = String(authority)
        }
        path = Self.decode(rest)
        hostKey = host?.lowercased()
        pathUnits = Array(path.utf16)
        guard scheme != nil || host != nil || !path.isEmpty else { return nil }
    }

    /// Percent-decoding as `Uri.decode`: UTF-8 sequences; a malformed escape stays as written.
    static func decode(_ text: Substring) -> String {
        guard text.contains("%") else { return String(text) }
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

extension Character {
    var isASCIIDigit: Bool { asciiValue.map { (48...57).contains($0) } ?? false }
}
