/// A URL as a browser reads it: the basic URL parser of the WHATWG URL Standard, run on an
/// absolute URL without a base (`new URL(text)`), and its serialisation (`href`). What it does
/// (`docs/link-confusion.md` §2 lists the steps and what is left out):
///
/// - strips leading and trailing C0 controls and spaces, and removes every tab, CR and LF;
/// - in a special scheme (`http`, `https`, `ws`, `wss`, `ftp`) reads `\` as `/`, skips any run of
///   slashes after the `:` (`https:example.com` and `https:\\\example.com` have the host
///   `example.com`), ends the authority at the first `/`, `\`, `?` or `#`, takes the userinfo up to
///   the **last** `@` before that, and drops the scheme's default port;
/// - parses a special host: percent-decodes it, maps it as IDNA does (a subset:
///   `DomainToASCII`), refuses forbidden code points, and reads a host ending in a number as
///   IPv4 (`0x7f.1` is `127.0.0.1`); `[…]` as IPv6;
/// - removes `.` and `..` segments (also written `%2e`), and percent-encodes each part with its
///   set;
/// - a non-special scheme keeps an opaque host (percent-encoded, not decoded) or an opaque path.
///
/// `file:` URLs are not modelled (a `.unsupported` failure). Input is bounded by the caller
/// (`LinkReadings.maximumLength`): the parser is linear in the input but for the Punycode of a
/// non-ASCII label, quadratic in that label's length; it never traps.
public struct BrowserURL: Sendable, Equatable {
    /// Lower-cased scheme, without `:`.
    public let scheme: String
    /// Percent-encoded user name (empty when none).
    public let username: String
    /// Percent-encoded password (empty when none).
    public let password: String
    /// The serialised host (ASCII domain, IPv4 dotted quad, `[IPv6]`, or an opaque host); nil
    /// when the URL has no authority.
    public let host: String?
    /// The explicit port, nil when absent or the scheme's default.
    public let port: Int?
    /// The path as serialised (`/a/b`, or the opaque path of `mailto:x`).
    public let path: String
    /// The query without `?`; nil when absent.
    public let query: String?
    /// The fragment without `#`; nil when absent.
    public let fragment: String?

    /// What `href` shows.
    public var href: String {
        var out = scheme + ":"
        if let host {
            out += "//"
            if !username.isEmpty || !password.isEmpty {
                out += username + (password.isEmpty ? "" : ":" + password) + "@"
            }
            out += host
            if let port { out += ":\(port)" }
        } else if path.hasPrefix("//") {
            out += "/."
        }
        out += path
        if let query { out += "?" + query }
        if let fragment { out += "#" + fragment }
        return out
    }

    /// Why the parser returns failure.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// No scheme: a browser resolves such a string against the page, there is no base here.
        case noScheme
        /// A special URL with an empty host (`https://user@/x`, `https://:80/`).
        case missingHost
        /// The host holds a forbidden code point (after percent-decoding, for a special host).
        case forbiddenHostCodePoint(String)
        /// IPv4, IPv6 or IDNA refused the host.
        case invalidHost(String)
        /// A port that is not digits, or over 65535.
        case invalidPort
        /// A scheme this model does not read (`file:`).
        case unsupported(String)

        public var description: String {
            switch self {
            case .noScheme: return "no scheme (a browser needs a base URL)"
            case .missingHost: return "empty host in a special scheme"
            case .forbiddenHostCodePoint(let point): return "forbidden code point \(point) in the host"
            case .invalidHost(let why): return "invalid host: \(why)"
            case .invalidPort: return "invalid port"
            case .unsupported(let scheme): return "\(scheme): URLs are not modelled"
            }
        }
    }

    /// The special schemes and their default ports (`file` has none and is not modelled).
    static let specialPorts: [String: Int?] = ["http": 80, "https": 443, "ws": 80, "wss": 443, "ftp": 21, "file": nil]

    /// Parses `text` as `new URL(text)` does without a base.
    public static func parse(_ text: String) -> Result<BrowserURL, Failure> {
        do throws(Failure) {
            return .success(try Parser(text).run())
        } catch {
            return .failure(error)
        }
    }

    init(
        scheme: String, username: String, password: String, host: String?, port: Int?, path: String,
        query: String?, fragment: String?
    ) {
        self.scheme = scheme
        self.username = username
        self.password = password
        self.host = host
        self.port = port
        self.path = path
        self.query = query
        self.fragment = fragment
    }
}

/// The state machine, over Unicode scalars.
private struct Parser {
    let input: [Unicode.Scalar]

    init(_ text: String) {
        let scalars = Array(text.unicodeScalars)
        let start = scalars.firstIndex { $0.value > 0x20 } ?? scalars.count
        let end = (scalars.lastIndex { $0.value > 0x20 } ?? -1) + 1
        input = scalars[start..<max(start, end)].filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
    }

    func run() throws(BrowserURL.Failure) -> BrowserURL {
        // Scheme.
        guard let first = input.first, Self.isAlpha(first) else { throw .noScheme }
        var index = 1
        while index < input.count,
            Self.isAlpha(input[index]) || Self.isDigit(input[index])
                || input[index] == "+" || input[index] == "-" || input[index] == "."
        {
            index += 1
        }
        guard index < input.count, input[index] == ":" else { throw .noScheme }
        let scheme = String(String.UnicodeScalarView(input[..<index])).lowercased()
        index += 1
        if scheme == "file" { throw .unsupported("file") }
        let special = BrowserURL.specialPorts[scheme] != nil
        var username = ""
        var password = ""
        var host: String?
        var port: Int?
        var pathSegments: [String] = []
        var opaquePath: String?
        var hasAuthority = false
        if special {
            while index < input.count, input[index] == "/" || input[index] == "\\" { index += 1 }
            hasAuthority = true
        } else if index + 1 < input.count, input[index] == "/", input[index + 1] == "/" {
            index += 2
            hasAuthority = true
        }
        if hasAuthority {
            // The authority ends at the first / ? # (and \ in a special scheme).
            var end = index
            while end < input.count, !Self.endsAuthority(input[end], special: special) { end += 1 }
            let authority = Array(input[index..<end])
            var hostStart = 0
            if let at = authority.lastIndex(of: "@") {
                let userinfo = authority[..<at]
                if let colon = userinfo.firstIndex(of: ":") {
                    username = Self.encode(userinfo[..<colon], set: .userinfo)
                    password = Self.encode(userinfo[(colon + 1)...], set: .userinfo)
                } else {
                    username = Self.encode(userinfo, set: .userinfo)
                }
                hostStart = at + 1
                if hostStart == authority.count { throw .missingHost }
            }
            // Host and port: the first `:` outside brackets.
            var bracket = false
            var portColon: Int?
            for position in hostStart..<authority.count {
                let scalar = authority[position]
                if scalar == "[" { bracket = true } else if scalar == "]" { bracket = false }
                if scalar == ":", !bracket {
                    portColon = position
                    break
                }
            }
            let hostScalars = Array(authority[hostStart..<(portColon ?? authority.count)])
            if portColon != nil, hostScalars.isEmpty { throw .missingHost }
            if special, hostScalars.isEmpty { throw .missingHost }
            host = try HostParser.parse(hostScalars, special: special)
            if let portColon {
                let digits = authority[(portColon + 1)...]
                guard digits.allSatisfy(Self.isDigit) else { throw .invalidPort }
                if !digits.isEmpty {
                    var value = 0
                    for digit in digits {
                        value = value * 10 + Int(digit.value - 48)
                        if value > 65535 { throw .invalidPort }
                    }
                    port = BrowserURL.specialPorts[scheme] == .some(value) ? nil : value
                }
            }
            index = end
        }
        // Path.
        var query: String?
        var fragment: String?
        let pathEnd = input[index...].firstIndex { $0 == "?" || $0 == "#" } ?? input.count
        let pathScalars = Array(input[index..<pathEnd])
        if !special && !hasAuthority && pathScalars.first != "/" {
            opaquePath = Self.encode(pathScalars[...], set: .c0Control)
        } else {
            pathSegments = Self.segments(pathScalars, special: special)
            if special && pathSegments.isEmpty { pathSegments = [""] }
        }
        index = pathEnd
        if index < input.count, input[index] == "?" {
            let end = input[(index + 1)...].firstIndex(of: "#") ?? input.count
            query = Self.encode(input[(index + 1)..<end], set: special ? .specialQuery : .query)
            index = end
        }
        if index < input.count, input[index] == "#" {
            fragment = Self.encode(input[(index + 1)...], set: .fragment)
        }
        let path = opaquePath ?? pathSegments.map { "/" + $0 }.joined()
        return BrowserURL(
            scheme: scheme, username: username, password: password, host: host, port: port,
            path: path, query: query, fragment: fragment)
    }

    /// The path's segments after dot-segment removal (the path state, `\` a separator when special).
    static func segments(_ scalars: [Unicode.Scalar], special: Bool) -> [String] {
        // Nothing between the authority and `?`, `#` or the end: no segment (a special URL gets
        // its one empty segment from the caller).
        guard !scalars.isEmpty else { return [] }
        var segments: [String] = []
        var start = 0
        // The path start state consumes one leading separator.
        if let first = scalars.first, first == "/" || (special && first == "\\") { start = 1 }
        var buffer: [Unicode.Scalar] = []
        var position = start
        while true {
            let atEnd = position >= scalars.count
            let scalar = atEnd ? nil : scalars[position]
            let separator = scalar == "/" || (special && scalar == "\\")
            if atEnd || separator {
                let text = String(String.UnicodeScalarView(buffer)).lowercased()
                if ["..", ".%2e", "%2e.", "%2e%2e"].contains(text) {
                    if !segments.isEmpty { segments.removeLast() }
                    if !separator { segments.append("") }
                } else if [".", "%2e"].contains(text) {
                    if !separator { segments.append("") }
                } else {
                    segments.append(encode(buffer[...], set: .path))
                }
                buffer = []
                if atEnd { break }
            } else if let scalar {
                buffer.append(scalar)
            }
            position += 1
        }
        return segments
    }

    static func endsAuthority(_ scalar: Unicode.Scalar, special: Bool) -> Bool {
        scalar == "/" || scalar == "?" || scalar == "#" || (special && scalar == "\\")
    }

    static func isAlpha(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    /// UTF-8 percent-encodes the scalars in `set`.
    static func encode(_ scalars: ArraySlice<Unicode.Scalar>, set: EncodeSet) -> String {
        var out = ""
        for scalar in scalars {
            if set.contains(scalar) {
                for byte in String(scalar).utf8 { out += PercentCoding.escape(byte) }
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// The percent-encode sets of the URL Standard (§1.3).
enum EncodeSet {
    case c0Control, fragment, query, specialQuery, path, userinfo

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || value > 0x7E { return true }
        let character = Character(scalar)
        switch self {
        case .c0Control: return false
        case .fragment: return " \"<>`".contains(character)
        case .query: return " \"#<>".contains(character)
        case .specialQuery: return " \"#<>'".contains(character)
        case .path: return " \"#<>?^`{}".contains(character)
        case .userinfo: return " \"#<>?^`{}/:;=@[\\]|".contains(character)
        }
    }
}

/// Percent-escapes and their decoding, shared by the readings.
enum PercentCoding {
    static let hexDigits = Array("0123456789ABCDEF".unicodeScalars)

    static func escape(_ byte: UInt8) -> String {
        "%" + String(hexDigits[Int(byte >> 4)]) + String(hexDigits[Int(byte & 0xF)])
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 48...57: return byte - 48
        case 65...70: return byte - 55
        case 97...102: return byte - 87
        default: return nil
        }
    }

    /// The URL Standard's percent-decode of bytes: `%` and two hex digits become the byte; any
    /// other `%` stays.
    static func decode(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == 37, index + 2 < bytes.count,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return out
    }
}
