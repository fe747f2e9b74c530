import Foundation

/// A URL split into the parts the matcher compares, exactly as written (percent-encoded).
///
/// Our own splitter (no `URLComponents`: on Linux it neither lower-cases the host nor keeps
/// `%2F` in `.path`). Characters a URL cannot carry raw (space, non-ASCII, `"<>\^`{|}`) are
/// percent-encoded first, as a browser or `NSURL` would before the URL reaches iOS.
struct ParsedURL: Sendable, Equatable {
    var scheme: String
    /// Lower-cased host (IPv6 literals keep their brackets).
    var host: String
    var port: Int?
    /// Raw (percent-encoded) path, possibly empty.
    var path: String
    /// Raw query without the `?`; nil when the URL has none.
    var query: String?
    /// Raw fragment without the `#`; nil when the URL has none.
    var fragment: String?
    /// True when the input needed percent-encoding (the trace says so).
    var wasReencoded: Bool

    enum Failure: Error, Equatable {
        case empty
        case noScheme
        case noHost
        case badPort(String)
    }

    /// Splits `text`. A text starting with `/` is taken as a path on `defaultHost` when given.
    static func parse(_ text: String, defaultHost: String? = nil) -> Result<ParsedURL, Failure> {
        // A Unicode host becomes its IDNA ASCII form (as a device does), not percent-escapes.
        var text = IDNA.asciiHostInURL(text)
        return text.withUTF8 { buffer in
            var low = 0
            var high = buffer.count
            while low < high, isSpace(buffer[low]) { low += 1 }
            while high > low, isSpace(buffer[high - 1]) { high -= 1 }
            guard low < high else { return .failure(.empty) }
            let trimmed = UnsafeBufferPointer(rebasing: buffer[low..<high])
            var needsEscaping = false
            for byte in trimmed where URLPartEncoding.mustEscape(byte) {
                needsEscaping = true
                break
            }
            if needsEscaping {
                let encoded = encodeDisallowed(Array(trimmed))
                return encoded.withUnsafeBufferPointer { parse(bytes: $0, reencoded: true, defaultHost: defaultHost) }
            }
            return parse(bytes: trimmed, reencoded: false, defaultHost: defaultHost)
        }
    }

    private static func parse(
        bytes: UnsafeBufferPointer<UInt8>, reencoded: Bool,
        defaultHost: String?
    ) -> Result<ParsedURL, Failure> {
        let slash = UInt8(ascii: "/")
        let question = UInt8(ascii: "?")
        let hash = UInt8(ascii: "#")
        var scheme = "https"
        var authority: Slice<UnsafeBufferPointer<UInt8>>
        var rest: Slice<UnsafeBufferPointer<UInt8>>
        if let separator = schemeSeparator(bytes) {
            let schemeBytes = bytes[0..<separator]
            guard !schemeBytes.isEmpty, schemeBytes.allSatisfy(isSchemeByte) else { return .failure(.noScheme) }
            scheme = asciiLowercasedString(schemeBytes)
            let after = separator + 3
            var end = after
            while end < bytes.count, bytes[end] != slash, bytes[end] != question, bytes[end] != hash { end += 1 }
            authority = bytes[after..<end]
            rest = bytes[end...]
        } else if bytes.first == slash, let defaultHost {
            var host = defaultHost
            return host.withUTF8 { hostBytes in
                var combined = Array(hostBytes)
                combined.append(contentsOf: bytes)
                var url = "https://"
                url += String(decoding: combined, as: UTF8.self)
                var copy = url
                return copy.withUTF8 { parse(bytes: $0, reencoded: reencoded, defaultHost: nil) }
            }
        } else {
            return .failure(.noScheme)
        }
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) { authority = authority[(at + 1)...] }
        var hostPart = authority
        var port: Int?
        func readPort(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Result<Int?, Failure> {
            guard !digits.isEmpty else { return .success(nil) }
            guard digits.count <= 5, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                return .failure(.badPort(String(decoding: digits, as: UTF8.self)))
            }
            let value = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
            guard value <= 65535 else { return .failure(.badPort(String(decoding: digits, as: UTF8.self))) }
            return .success(value)
        }
        if authority.first == UInt8(ascii: "[") {
            if let close = authority.firstIndex(of: UInt8(ascii: "]")) {
                hostPart = authority[authority.startIndex...close]
                let after = authority[(close + 1)...]
                if after.first == UInt8(ascii: ":") {
                    switch readPort(after.dropFirst()) {
                    case .success(let value): port = value
                    case .failure(let failure): return .failure(failure)
                    }
                }
            }
        } else if let colon = authority.lastIndex(of: UInt8(ascii: ":")) {
            hostPart = authority[authority.startIndex..<colon]
            switch readPort(authority[(colon + 1)...]) {
            case .success(let value): port = value
            case .failure(let failure): return .failure(failure)
            }
        }
        guard !hostPart.isEmpty else { return .failure(.noHost) }
        var fragment: String?
        if let hashIndex = rest.firstIndex(of: hash) {
            fragment = String(decoding: rest[(hashIndex + 1)...], as: UTF8.self)
            rest = rest[rest.startIndex..<hashIndex]
        }
        var query: String?
        if let questionIndex = rest.firstIndex(of: question) {
            query = String(decoding: rest[(questionIndex + 1)...], as: UTF8.self)
            rest = rest[rest.startIndex..<questionIndex]
        }
        return .success(
            ParsedURL(
                scheme: scheme, host: asciiLowercasedString(hostPart), port: port,
                path: String(decoding: rest, as: UTF8.self), query: query, fragment: fragment, wasReencoded: reencoded
            ))
    }

    /// The bytes as a string with ASCII letters lower-cased (one pass over the buffer; no
    /// copy when there is nothing to lower).
    private static func asciiLowercasedString(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        guard bytes.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    /// The index of the first `://`, unless a `/`, `?` or `#` comes before it.
    private static func schemeSeparator(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let colon = UInt8(ascii: ":")
        let slash = UInt8(ascii: "/")
        var index = 0
        while index + 3 <= bytes.count {
            if bytes[index] == colon, bytes[index + 1] == slash, bytes[index + 2] == slash { return index }
            // A scheme ends at the first ":", "/", "?" or "#": stop looking past them.
            if bytes[index] == UInt8(ascii: "/") || bytes[index] == UInt8(ascii: "?")
                || bytes[index] == UInt8(ascii: "#")
            {
                return nil
            }
            index += 1
        }
        return nil
    }

    /// Percent-encodes every byte a URL cannot carry raw.
    static func encodeDisallowed(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        for unit in bytes {
            if URLPartEncoding.mustEscape(unit) {
                out.append(UInt8(ascii: "%"))
                out.append(URLPartEncoding.hexDigit(unit >> 4))
                out.append(URLPartEncoding.hexDigit(unit & 0x0F))
            } else {
                out.append(unit)
            }
        }
        return out
    }
}

/// The one place that decides how a URL part is turned into the text a pattern is compared
/// with (an uncertain reading: `SiteAssociationOverview`).
enum URLPartEncoding {
    /// `?` in the spec: Apple was once seen decoding `%2c` under the default setting. When this
    /// is true, escapes of characters that need no escaping in a URL (sub-delimiters,
    /// unreserved characters) are decoded even when `percentEncoded` is true. The stated
    /// reading (false) compares the part exactly as encoded.
    static let decodesNeedlessEscapesWhenEncoded = false

    /// The text compared with a pattern: the raw part when `percentEncoded` is true, the
    /// percent-decoded part when false. Malformed escapes stay literal; a decoding that is not
    /// UTF-8 leaves the part as written.
    static func comparable(_ raw: String, percentEncoded: Bool) -> String {
        if percentEncoded {
            return decodesNeedlessEscapesWhenEncoded ? decode(raw, only: isNeedlessEscape) : raw
        }
        return decode(raw, only: { _ in true })
    }

    private static func isNeedlessEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
            UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"),
            UInt8(ascii: "@"):
            return true
        default:
            return false
        }
    }

    private static func decode(_ raw: String, only shouldDecode: (UInt8) -> Bool) -> String {
        let hasEscape =
            raw.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: "%")) }
            ?? raw.utf8.contains(UInt8(ascii: "%"))
        guard hasEscape else { return raw }
        let bytes = Array(raw.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
                let low = hexValue(bytes[index + 2])
            {
                let byte = high << 4 | low
                if shouldDecode(byte) {
                    out.append(byte)
                    index += 3
                    continue
                }
            }
            out.append(bytes[index])
            index += 1
        }
        return String(validating: out, as: UTF8.self) ?? raw
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }

    /// Bits of the printable ASCII characters a URL cannot carry raw: `"` `<` `>` (0–63) and
    /// `\` `^` `` ` `` `{` `|` `}` (64–127, bit = byte − 64).
    private static let escapeBitsLow: UInt64 = (1 << 34) | (1 << 60) | (1 << 62)
    private static let escapeBitsHigh: UInt64 = (1 << 28) | (1 << 30) | (1 << 32) | (1 << 59) | (1 << 60) | (1 << 61)

    @inline(__always)
    static func mustEscape(_ byte: UInt8) -> Bool {
        if byte >= 0x80 || byte <= 0x20 || byte == 0x7F { return true }
        let bit = UInt64(1) << UInt64(byte & 63)
        return (byte < 64 ? escapeBitsLow : escapeBitsHigh) & bit != 0
    }
}

extension PathNormalisation {
    /// `normaliseUnits` over ASCII bytes (each byte is one UTF-16 unit).
    static func normaliseASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt16] {
        if bytes.isEmpty { return [0x2F] }
        if bytes.count == 1 { return [UInt16(bytes[0])] }
        let slash = UInt8(ascii: "/")
        let star = UInt8(ascii: "*")
        var out: [UInt16] = []
        out.reserveCapacity(bytes.count + 2)
        if bytes[0] != slash, bytes[0] != star { out.append(UInt16(slash)) }
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == slash || byte == star, previous == byte { continue }
            out.append(UInt16(byte))
            previous = byte
        }
        if previous != slash, previous != star { out.append(UInt16(slash)) }
        return out
    }
}

/// Apple's path normalisation (`docs/commands/match.md`), applied alike to path patterns and URL paths:
/// empty → `/`; runs of `*` and of `/` collapse; a leading `/` is added unless the text starts
/// with `*`; a trailing `/` is added unless it ends with `*`; one-character texts stay as they are.
enum PathNormalisation {
    /// The normalised text (for lint, display and rule compilation; the matcher compares
    /// `normaliseUnits` directly). One implementation of the rules, so the two cannot drift.
    static func normalise(_ text: String) -> String {
        let units = normaliseUnits(text)
        // ASCII units are UTF-8 bytes too: no transcoding (the common case, once per rule).
        if units.allSatisfy({ $0 < 0x80 }) {
            return String(unsafeUninitializedCapacity: units.count) { buffer in
                for (index, unit) in units.enumerated() { buffer[index] = UInt8(truncatingIfNeeded: unit) }
                return units.count
            }
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// The same normalisation, straight to the UTF-16 units the matcher compares.
    static func normaliseUnits(_ text: String) -> [UInt16] {
        // Fast path: ASCII text in contiguous UTF-8 (every URL part before decoding), where a
        // byte is a UTF-16 unit.
        if let ascii = text.utf8.withContiguousStorageIfAvailable({ bytes -> [UInt16]? in
            var high: UInt8 = 0
            for byte in bytes { high |= byte }
            guard high < 0x80 else { return nil }
            return normaliseASCII(bytes)
        }), let ascii {
            return ascii
        }
        let view = text.utf16
        if view.isEmpty { return [0x2F] }
        // "One character" as NSString counts it: one UTF-16 unit.
        if view.count == 1 { return Array(view) }
        let slash: UInt16 = 0x2F
        let star: UInt16 = 0x2A
        var out: [UInt16] = []
        out.reserveCapacity(view.count + 2)
        if let first = view.first, first != slash, first != star { out.append(slash) }
        var previous: UInt16 = 0
        for unit in view {
            if unit == slash || unit == star, previous == unit { continue }
            out.append(unit)
            previous = unit
        }
        if let last = out.last, last != slash, last != star { out.append(slash) }
        return out
    }
}

extension String {
    /// True when the text holds `$(` (a substitution reference), without Foundation.
    /// (Read for every pattern of every rule at every keystroke: over the contiguous bytes when
    /// the text has them, not through the view's iterator.)
    var containsVariableReference: Bool {
        if let found = utf8.withContiguousStorageIfAvailable(Self.hasVariableReference) { return found }
        return Self.hasVariableReference(Array(utf8))
    }

    private static func hasVariableReference<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            if previous == UInt8(ascii: "$"), byte == UInt8(ascii: "(") { return true }
            previous = byte
        }
        return false
    }

    func asciiLowercased() -> String {
        guard utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return self }
        return String(decoding: utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    func trimmingASCIIWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[start...end])
    }
}
