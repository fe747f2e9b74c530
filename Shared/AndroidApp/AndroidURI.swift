import Foundation

/// A URL read as Android reads the data of a link intent: `android.net.Uri.parse`, which never
/// refuses a string and follows neither RFC 3986 nor the WHATWG URL standard
/// (`docs/android.md` §4a, U1–U9). The parts are found where Java finds them in UTF-16 units
/// (the delimiters are ASCII, so splitting the UTF-8 bytes finds the same places):
///
/// - the scheme ends at the **first** `:` anywhere (`/a:b` has the scheme `/a`);
/// - an authority exists only when `//` follows that `:`; it ends at the first `/`, `\`, `?`
///   or `#`, so `https://a.example\@b.example/` has the host `a.example`;
/// - the host is what follows the **last** `@` of the authority, up to the port separator: the
///   last `:` when only ASCII digits follow it (`a:1:2` is host `a:1`, port 2; `a:b` is host
///   `a:b`); an empty or out-of-range port reads as −1; the host is percent-decoded;
/// - a scheme not followed by `/` makes the URI opaque: no host and no path (`https:x`);
/// - host, path, query and fragment are percent-decoded as `Uri.decode` does
///   (`JavaText.decodeUnits`).
public struct AndroidURI: Sendable, Equatable {
    /// The string as given.
    public let text: String
    /// Everything before the first `:`; nil when there is none (a relative reference).
    public let scheme: String?
    /// The authority as written (`user@host:port`), nil when no `//` follows the scheme.
    public let encodedAuthority: String?
    /// Percent-decoded (`Uri.getHost()`); nil without an authority, empty for `https:///p`.
    public let host: String?
    /// The explicit port, −1 when absent, empty or not a 32-bit number (`Uri.getPort()`).
    public let port: Int
    /// Percent-decoded (`Uri.getPath()`); nil for an opaque URI such as `https:x`.
    public let path: String?
    /// Percent-decoded (`Uri.getQuery()`); nil when absent, or when a `#` comes before the `?`.
    public let query: String?
    /// Percent-decoded (`Uri.getFragment()`).
    public let fragment: String?

    /// Everything between the scheme's `:` and the fragment, percent-decoded
    /// (`Uri.getSchemeSpecificPart()`): what `ssp*` attributes match. Read when asked (only a
    /// filter with `ssp*` attributes asks), not on every parse.
    public var schemeSpecificPart: String { schemeSpecific.text }
    var schemeSpecificUnits: [UInt16] { schemeSpecific.units }

    private var schemeSpecific: (text: String, units: [UInt16]) {
        let bytes = Array(text.utf8)
        let start = (bytes.firstIndex(of: 58) ?? -1) + 1
        let end = bytes[max(start - 1, 0)...].firstIndex(of: 35) ?? bytes.count
        return Self.decoded(bytes[start..<max(start, end)])
    }

    /// The host as `compareToIgnoreCase` compares it (`JavaText.caseKey`), and its index key.
    let hostKeyUnits: [UInt16]?
    let hostKey: String?
    let pathUnits: [UInt16]?

    public init(_ text: String) {
        self.text = text
        // Every delimiter is ASCII, so splitting the UTF-8 bytes finds the places Java finds in
        // UTF-16 units (a multi-byte character never contains an ASCII byte).
        let bytes = Array(text.utf8)
        let count = bytes.count
        let colon = bytes.firstIndex(of: 58)
        let schemeEnd = colon ?? -1
        scheme = colon.map { String(decoding: bytes[..<$0], as: UTF8.self) }
        let searchStart = max(schemeEnd, 0)
        let hash = bytes[searchStart...].firstIndex(of: 35)
        fragment = hash.map { Self.decodedText(bytes[($0 + 1)...]) }
        let question = bytes[searchStart...].firstIndex(of: 63)
        if let question, hash.map({ $0 >= question }) ?? true {
            query = Self.decodedText(bytes[(question + 1)..<(hash ?? count)])
        } else {
            query = nil
        }

        func isSlash(_ index: Int) -> Bool { index < count && bytes[index] == 47 }
        var hostDecoded: (text: String, units: [UInt16])?
        var asciiHostKey: (text: String, units: [UInt16])?
        let hasAuthority = count > schemeEnd + 2 && isSlash(schemeEnd + 1) && isSlash(schemeEnd + 2)
        var pathStart: Int?
        if hasAuthority {
            let start = schemeEnd + 3
            var end = start
            scan: while end < count {
                switch bytes[end] {
                case 47, 92, 63, 35: break scan  // / \ ? #
                default: end += 1
                }
            }
            let authority = bytes[start..<end]
            // The path starts at a `/` or `\`; a `?` or `#` first, or the end, means an empty path.
            pathStart = end < count && (bytes[end] == 47 || bytes[end] == 92) ? end : nil
            encodedAuthority = String(decoding: authority, as: UTF8.self)
            let at = authority.lastIndex(of: 64)
            let portColon = Self.portSeparator(authority)
            let hostBytes = authority[(at.map { $0 + 1 } ?? start)..<(portColon ?? end)]
            if hostBytes.allSatisfy({ $0 < 0x80 && $0 != 37 }) {
                // ASCII without escapes (nearly every host): the case key is the ASCII lower case.
                let lowered = hostBytes.map { (65...90).contains($0) ? $0 + 32 : $0 }
                asciiHostKey = (String(decoding: lowered, as: UTF8.self), lowered.map(UInt16.init))
                hostDecoded = (String(decoding: hostBytes, as: UTF8.self), [])
            } else {
                hostDecoded = Self.decoded(hostBytes)
            }
            port = portColon.flatMap { Self.portNumber(authority[($0 + 1)...]) } ?? -1
        } else {
            if colon == nil || isSlash(schemeEnd + 1) { pathStart = schemeEnd + 1 }
            encodedAuthority = nil
            hostDecoded = nil
            port = -1
        }
        var pathDecoded: (text: String, units: [UInt16])?
        if let pathStart {
            var end = pathStart
            while end < count, bytes[end] != 63, bytes[end] != 35 { end += 1 }
            pathDecoded = Self.decoded(bytes[pathStart..<end])
        } else if hasAuthority {
            pathDecoded = ("", [])
        }
        path = pathDecoded?.text
        pathUnits = pathDecoded?.units
        host = hostDecoded?.text
        if let asciiHostKey {
            hostKey = asciiHostKey.text
            hostKeyUnits = asciiHostKey.units
        } else {
            hostKeyUnits = hostDecoded.map { JavaText.caseKey($0.units) }
            hostKey = hostKeyUnits.map { String(decoding: $0, as: UTF16.self) }
        }
    }

    /// A part percent-decoded (`JavaText.decodeUnits`): the units as Java holds them (an unpaired
    /// surrogate kept, for matching) and the text (such a half shown as U+FFFD).
    static func decoded(_ bytes: ArraySlice<UInt8>) -> (text: String, units: [UInt16]) {
        guard bytes.contains(37) else {
            let text = String(decoding: bytes, as: UTF8.self)
            return (text, Array(text.utf16))
        }
        let units = JavaText.decodeUnits(bytes)
        return (String(decoding: units, as: UTF16.self), units)
    }

    /// A part percent-decoded, as text only (the query and fragment, matched as strings).
    static func decodedText(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(37) else { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: JavaText.decodeUnits(bytes), as: UTF16.self)
    }

    /// `Integer.parseInt` of a port's ASCII digits (`findPortSeparator` let nothing else through):
    /// nil when empty or over 32 bits.
    static func portNumber(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty else { return nil }
        var value = 0
        for digit in digits {
            value = value * 10 + Int(digit - 48)
            if value > Int(Int32.max) { return nil }
        }
        return value
    }

    /// The `:` before a port: scanning back from the end over ASCII digits only, the first `:`
    /// met; nil as soon as anything else is met (so an IPv6 literal without a port has none).
    static func portSeparator(_ authority: ArraySlice<UInt8>) -> Int? {
        var index = authority.endIndex
        while index > authority.startIndex {
            index -= 1
            let unit = authority[index]
            if unit == 58 { return index }
            if unit < 48 || unit > 57 { return nil }
        }
        return nil
    }

    /// False for an opaque URI (`https:x`, `mailto:a@b`): Android gives it no host and no path.
    public var isHierarchical: Bool { path != nil }

    /// What a browser would do to this string before Android sees it, when it differs from
    /// what Android reads (nil when it would hand it on as it is, as far as these checks go):
    /// a browser normalises a link it navigates, while an app or a page calling `startActivity`
    /// with the raw string reaches `Uri.parse` unchanged.
    public var browserNote: String? {
        guard let scheme, ["http", "https"].contains(scheme.lowercased()) else { return nil }
        var notes: [String] = []
        if scheme != scheme.lowercased() { notes.append("lower-cases the scheme") }
        if encodedAuthority == nil { notes.append("reads \(scheme): without // as \(scheme.lowercased())://") }
        if text.utf16.contains(92) { notes.append("reads \\ as /") }
        if text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }) {
            notes.append("removes or percent-encodes spaces and control characters")
        }
        if let host,
            host != host.lowercased() || host.unicodeScalars.contains(where: { !$0.isASCII })
                || encodedAuthority?.contains("%") == true
        {
            notes.append("lower-cases, decodes and IDNA-maps the host")
        }
        guard !notes.isEmpty else { return nil }
        return "decided as Android's Uri.parse reads this exact string; a browser navigating it first "
            + notes.joined(separator: ", ") + ", so a tapped link may reach Android in another form"
    }
}
