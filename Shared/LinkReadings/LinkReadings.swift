import AndroidApp
import Foundation

/// One link read three ways (`docs/link-confusion.md`): as a browser navigates it
/// (`BrowserURL`, the WHATWG URL Standard), as Foundation's `URL` reads it (what an app passing
/// the string to `UIApplication.open` hands iOS), and as Android's `Uri.parse` reads it
/// (`AndroidURI`) — plus what each OS receives when the link is **tapped** in a browser: the
/// browser's serialisation (`href`), read again by Foundation and by `Uri.parse`.
public struct LinkReadings: Sendable, Equatable {
    /// Longer strings are not read (a typed error in `read`): every reading is linear, this
    /// bounds the work and the output.
    public static let maximumLength = 8_192

    /// The string as given.
    public let text: String
    /// One line saying how the readings' hosts differ (`hosts differ: browser …, Foundation …,
    /// Android …`); nil when they agree.
    public private(set) var disagreement: String? = nil
    /// The browser's reading, or why `new URL()` throws.
    public let browser: Result<BrowserURL, BrowserURL.Failure>
    /// Foundation's reading of the string as given.
    public let foundation: FoundationReading
    /// Android's reading of the string as given.
    public let android: AndroidReading
    /// Foundation's reading of the browser's `href` (a link tapped in Safari reaches iOS as
    /// WebKit serialised it); nil when the browser refuses the string.
    public let foundationOfBrowser: FoundationReading?
    /// Android's reading of the browser's `href` (a link tapped in Chrome reaches the intent
    /// resolver as Chrome serialised it); nil when the browser refuses the string.
    public let androidOfBrowser: AndroidReading?

    /// Why a string is not read.
    public enum ReadError: Error, Sendable, Equatable, CustomStringConvertible {
        case tooLong(Int)
        case empty

        public var description: String {
            switch self {
            case .tooLong(let count): return "\(count) UTF-8 bytes; at most \(LinkReadings.maximumLength) are read"
            case .empty: return "empty"
            }
        }
    }

    /// Reads `text` the three ways. The readings depend on the text alone, so the last
    /// `ReadingCache.capacity` answers are remembered: the rules read the same URL list again on
    /// every change of a host's file, and only the first pass pays for parsing it three ways.
    public static func read(_ text: String) throws(ReadError) -> LinkReadings {
        guard !text.isEmpty else { throw .empty }
        guard text.utf8.count <= maximumLength else { throw .tooLong(text.utf8.count) }
        if let known = ReadingCache.shared.value(for: text) { return known }
        let reading = LinkReadings(text)
        ReadingCache.shared.store(reading, for: text)
        return reading
    }

    private init(_ text: String) {
        self.text = text
        browser = BrowserURL.parse(text)
        foundation = FoundationReading(text)
        android = AndroidReading(text)
        if case .success(let url) = browser {
            let href = url.href
            foundationOfBrowser = FoundationReading(href)
            androidOfBrowser = AndroidReading(href)
        } else {
            foundationOfBrowser = nil
            androidOfBrowser = nil
        }
        disagreement = describedDisagreement
    }

    /// The three authorities (host key and port), in the order browser, Foundation, Android.
    public var authorities: [ReadAuthority] {
        let browserAuthority: ReadAuthority
        switch browser {
        case .failure(let failure): browserAuthority = .refused(failure.description)
        case .success(let url):
            browserAuthority =
                url.host.map {
                    .host($0, port: url.port ?? Self.defaultPort(url.scheme))
                } ?? .none
        }
        return [browserAuthority, foundation.authority, android.authority]
    }

    /// Whether the readings name different hosts (or ports): the finding's first condition. A
    /// reading that refuses the string, or finds no host, differs from one that finds a host;
    /// three readings without a host agree.
    public var hostsDisagree: Bool {
        let hosts = authorities.filter(\.isHost)
        guard !hosts.isEmpty else { return false }
        return Set(authorities.map(\.comparisonKey)).count > 1
    }

    static func defaultPort(_ scheme: String?) -> Int? {
        switch scheme?.lowercased() {
        case "http", "ws": return 80
        case "https", "wss": return 443
        case "ftp": return 21
        default: return nil
        }
    }

    /// A host as the readings are compared: through the browser's own host parser (percent
    /// decoding, IDNA mapping, IPv4 forms), so two spellings of one DNS name compare equal; the
    /// lower-cased text when that parser refuses it.
    static func hostKey(_ host: String) -> String {
        let scalars = Array(host.unicodeScalars)
        return (try? HostParser.parse(scalars, special: true)) ?? host.lowercased()
    }
}

/// One reading's authority.
public enum ReadAuthority: Sendable, Equatable, CustomStringConvertible {
    /// The host as the reading gives it, and the port in effect (the explicit one, else the
    /// scheme's default; nil for a scheme without one).
    case host(String, port: Int?)
    /// The reading finds no host (an opaque URI, no `//`).
    case none
    /// The parser refuses the string.
    case refused(String)

    var isHost: Bool { if case .host = self { return true } else { return false } }

    /// What the comparison uses: the host key (`LinkReadings.hostKey`) and the port.
    var comparisonKey: String {
        switch self {
        case .host(let host, let port): return LinkReadings.hostKey(host) + (port.map { ":\($0)" } ?? "")
        case .none: return "(no host)"
        case .refused: return "(refused)"
        }
    }

    public var description: String {
        switch self {
        case .host(let host, let port):
            return (host.isEmpty ? "(empty host)" : LinkReadingText.visible(host)) + (port.map { ":\($0)" } ?? "")
        case .none: return "no host"
        case .refused(let why): return "refused (\(why))"
        }
    }
}

/// Foundation's reading: `URL(string:)` (nil: the app has no URL to open), then the parts
/// `URLComponents(url:resolvingAgainstBaseURL: false)` gives — the same reading
/// `UIApplication.open` hands the system. On Linux this is swift-foundation's parser; that
/// Apple's Foundation shares it since macOS 15 and iOS 18 is assumed, not verified on a Mac
/// (`docs/link-confusion.md` §3).
public struct FoundationReading: Sendable, Equatable {
    /// `URL(string:)` returned a URL.
    public let accepted: Bool
    /// The URL's `absoluteString` (percent-encoded where `URL(string:)` encoded invalid characters).
    public let absoluteString: String?
    public let scheme: String?
    /// `URLComponents.percentEncodedUser`.
    public let user: String?
    /// `URLComponents.host` (percent-decoded).
    public let host: String?
    /// `URLComponents.port`.
    public let port: Int?
    /// `URLComponents.percentEncodedPath`.
    public let path: String?
    public let query: String?
    public let fragment: String?

    init(_ text: String) {
        guard let url = URL(string: text) else {
            accepted = false
            absoluteString = nil
            scheme = nil
            user = nil
            host = nil
            port = nil
            path = nil
            query = nil
            fragment = nil
            return
        }
        accepted = true
        absoluteString = url.absoluteString
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        scheme = components?.scheme
        user = components?.percentEncodedUser
        host = components?.host
        port = components?.port
        path = components?.percentEncodedPath
        query = components?.percentEncodedQuery
        fragment = components?.percentEncodedFragment
    }

    var authority: ReadAuthority {
        guard accepted else { return .refused("URL(string:) returns nil") }
        guard let host else { return .none }
        return .host(host, port: port ?? LinkReadings.defaultPort(scheme))
    }
}

/// Android's reading: `Uri.parse` as `AndroidURI` models it (`docs/android.md` §4a).
public struct AndroidReading: Sendable, Equatable {
    public let scheme: String?
    /// `Uri.getHost()` (percent-decoded); nil without an authority.
    public let host: String?
    /// `Uri.getPort()`, nil for −1.
    public let port: Int?
    /// `Uri.getPath()` (percent-decoded).
    public let path: String?
    public let query: String?
    public let fragment: String?

    init(_ text: String) {
        let uri = AndroidURI(text)
        scheme = uri.scheme
        host = uri.host
        port = uri.port == -1 ? nil : uri.port
        path = uri.path
        query = uri.query
        fragment = uri.fragment
    }

    var authority: ReadAuthority {
        guard let host else { return .none }
        return .host(host, port: port ?? LinkReadings.defaultPort(scheme))
    }
}

/// Text helpers shared by the readings and their presentation.
public enum LinkReadingText {
    /// `U+2215`.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// `text` with controls, spaces, bidirectional and invisible characters shown as `‹U+…›`,
    /// so a terminal or a report shows what a parser saw.
    public static func visible(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let hidden =
                value <= 0x20 || (0x7F...0xA0).contains(value) || value == 0xAD
                || (0x200B...0x200F).contains(value) || (0x202A...0x202E).contains(value)
                || (0x2060...0x206F).contains(value) || value == 0xFEFF || (0xFE00...0xFE0F).contains(value)
            if hidden { out += "‹" + codePoint(scalar) + "›" } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}

/// The readings of the texts read last (at most `capacity`; when full it starts again empty),
/// behind a lock: readers on any thread share it.
final class ReadingCache: @unchecked Sendable {
    static let shared = ReadingCache()
    /// As many as the longest URL list a face decides (`URLList.maxURLs`, 5,000) and more.
    static let capacity = 20_000

    private let lock = NSLock()
    private var readings: [String: LinkReadings] = [:]

    func value(for text: String) -> LinkReadings? {
        lock.withLock { readings[text] }
    }

    func store(_ reading: LinkReadings, for text: String) {
        lock.withLock {
            if readings.count >= Self.capacity { readings.removeAll(keepingCapacity: true) }
            readings[text] = reading
        }
    }
}
