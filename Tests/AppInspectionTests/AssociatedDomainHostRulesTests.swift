import AppInspection
import Testing

/// The host rules of associated-domain entries (`docs/glossary.md`), one row per host rule, each
/// edge on both sides.
@Suite struct AssociatedDomainHostRulesTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var entry: String
        var host: String
        var wildcard = false
        var port: Int?
        var modes: [String] = []
        var accepted: Bool
        /// Every problem kind, in order found.
        var kinds: [DomainProblem.Kind] = []
        var testDescription: String { entry }
    }

    static let rows: [Row] = [
        // Case: hosts are lower-cased; the raw entry is kept.
        Row(entry: "applinks:EXAMPLE.com", host: "example.com", accepted: true),
        Row(entry: "applinks:*.Example.COM", host: "example.com", wildcard: true, accepted: true),
        // Non-ASCII letters never become ASCII by lower-casing (U+212A KELVIN SIGN → "k").
        Row(
            entry: "applinks:example.\u{212A}om", host: "example.\u{212A}om", accepted: false,
            kinds: [.invalidCharacters]),
        Row(
            entry: "applinks:b\u{FC}cher.example", host: "b\u{FC}cher.example", accepted: false,
            kinds: [.invalidCharacters]),
        // Ports: kept, accepted with a warning; outside 1–65535 or not digits rejected.
        Row(entry: "applinks:example.com:8443", host: "example.com", port: 8443, accepted: true, kinds: [.portPresent]),
        Row(entry: "applinks:example.com:1", host: "example.com", port: 1, accepted: true, kinds: [.portPresent]),
        Row(
            entry: "applinks:example.com:65535", host: "example.com", port: 65535, accepted: true,
            kinds: [.portPresent]),
        Row(entry: "applinks:example.com:65536", host: "example.com", accepted: false, kinds: [.invalidPort]),
        Row(entry: "applinks:example.com:0", host: "example.com", accepted: false, kinds: [.invalidPort]),
        Row(entry: "applinks:example.com:", host: "example.com", accepted: false, kinds: [.invalidPort]),
        Row(entry: "applinks:example.com:+80", host: "example.com", accepted: false, kinds: [.invalidPort]),
        // Wildcards: host without "*."; appclips cannot use them; "*" must be a whole label.
        Row(entry: "applinks:*.example.com", host: "example.com", wildcard: true, accepted: true),
        Row(
            entry: "appclips:*.example.com", host: "example.com", wildcard: true, accepted: false,
            kinds: [.appClipWildcard]),
        Row(entry: "applinks:*example.com", host: "*example.com", accepted: false, kinds: [.invalidCharacters]),
        Row(
            entry: "applinks:*.*.example.com", host: "*.example.com", wildcard: true, accepted: false,
            kinds: [.invalidCharacters]),
        Row(entry: "applinks:*.com", host: "com", wildcard: true, accepted: false, kinds: [.bareName]),
        // Modes.
        Row(entry: "applinks:example.com?mode=developer", host: "example.com", modes: ["developer"], accepted: true),
        Row(entry: "applinks:example.com?mode=managed", host: "example.com", modes: ["managed"], accepted: true),
        Row(
            entry: "applinks:example.com?mode=developer+managed", host: "example.com", modes: ["developer", "managed"],
            accepted: true),
        Row(
            entry: "applinks:*.example.com:8443?mode=developer+managed", host: "example.com", wildcard: true,
            port: 8443,
            modes: ["developer", "managed"], accepted: true, kinds: [.portPresent]),
        Row(
            entry: "applinks:example.com?mode=developer+debug", host: "example.com", modes: ["developer"],
            accepted: true, kinds: [.unknownMode]),
        Row(entry: "applinks:example.com?mode=Developer", host: "example.com", accepted: true, kinds: [.unknownMode]),
        Row(entry: "applinks:example.com?debug", host: "example.com", accepted: true, kinds: [.malformedQuery]),
        // IPv4 literals: developer mode only.
        Row(entry: "applinks:192.168.1.10", host: "192.168.1.10", accepted: false, kinds: [.ipLiteral]),
        Row(
            entry: "applinks:192.168.1.10?mode=managed", host: "192.168.1.10", modes: ["managed"], accepted: false,
            kinds: [.ipLiteral]),
        Row(entry: "applinks:192.168.1.10?mode=developer", host: "192.168.1.10", modes: ["developer"], accepted: true),
        Row(
            entry: "applinks:10.0.0.1:8080?mode=developer", host: "10.0.0.1", port: 8080, modes: ["developer"],
            accepted: true,
            kinds: [.portPresent]),
        // IPv6 literals: bracketed, developer mode only, and nothing but an address inside.
        Row(entry: "applinks:[::1]", host: "[::1]", accepted: false, kinds: [.ipLiteral]),
        Row(
            entry: "applinks:[::1]:8080", host: "[::1]", port: 8080, accepted: false,
            kinds: [.portPresent, .ipLiteral]),
        Row(
            entry: "applinks:[2001:DB8::1]?mode=developer", host: "[2001:db8::1]", modes: ["developer"],
            accepted: true),
        Row(
            entry: "applinks:[::ffff:192.0.2.1]:8443?mode=developer", host: "[::ffff:192.0.2.1]", port: 8443,
            modes: ["developer"],
            accepted: true, kinds: [.portPresent]),
        Row(
            entry: "applinks:[::1?mode=developer", host: "[::1", modes: ["developer"], accepted: false,
            kinds: [.invalidCharacters]),
        Row(
            entry: "applinks:[::1]evil.example?mode=developer", host: "[::1]evil.example", modes: ["developer"],
            accepted: false,
            kinds: [.invalidCharacters]),
        Row(
            entry: "applinks:[evil.example]?mode=developer", host: "[evil.example]", modes: ["developer"],
            accepted: false,
            kinds: [.invalidCharacters]),
        Row(
            entry: "applinks:[1:2:3:4:5:6:7:8]?mode=developer", host: "[1:2:3:4:5:6:7:8]", modes: ["developer"],
            accepted: true),
        Row(
            entry: "applinks:[1:2:3:4:5:6:7:8:9]?mode=developer", host: "[1:2:3:4:5:6:7:8:9]", modes: ["developer"],
            accepted: false,
            kinds: [.invalidCharacters]),
        Row(
            entry: "applinks:[1:::2]?mode=developer", host: "[1:::2]", modes: ["developer"], accepted: false,
            kinds: [.invalidCharacters]),
        Row(
            entry: "applinks:[:1::2]?mode=developer", host: "[:1::2]", modes: ["developer"], accepted: false,
            kinds: [.invalidCharacters]),
        Row(
            entry: "applinks:[fe80::1%en0]?mode=developer", host: "[fe80::1%en0]", modes: ["developer"],
            accepted: false,
            kinds: [.invalidCharacters]),
        Row(
            entry: "applinks:[]?mode=developer", host: "[]", modes: ["developer"], accepted: false,
            kinds: [.invalidCharacters]),
        // localhost: developer mode only.
        Row(entry: "applinks:localhost", host: "localhost", accepted: false, kinds: [.localhost]),
        Row(entry: "applinks:LocalHost?mode=developer", host: "localhost", modes: ["developer"], accepted: true),
        // Dots and labels.
        Row(entry: "applinks:.example.com", host: ".example.com", accepted: false, kinds: [.leadingDot]),
        Row(entry: "applinks:example..com", host: "example..com", accepted: false, kinds: [.emptyLabel]),
        Row(entry: "applinks:com", host: "com", accepted: false, kinds: [.bareName]),
        Row(entry: "applinks:com.", host: "com.", accepted: false, kinds: [.trailingDot, .bareName]),
        Row(entry: "applinks:example.com.", host: "example.com.", accepted: true, kinds: [.trailingDot]),
        Row(entry: "applinks:", host: "", accepted: false, kinds: [.emptyHost]),
        Row(entry: "applinks:exa_mple.com", host: "exa_mple.com", accepted: false, kinds: [.invalidCharacters]),
        // Punycode: accepted, with a warning.
        Row(entry: "applinks:xn--bcher-kva.example", host: "xn--bcher-kva.example", accepted: true, kinds: [.punycode]),
        Row(
            entry: "applinks:shop.XN--BCHER-KVA.example", host: "shop.xn--bcher-kva.example", accepted: true,
            kinds: [.punycode]),
        // Services.
        Row(entry: "webcredentials:example.com", host: "example.com", accepted: true),
        Row(entry: "activitycontinuation:example.com", host: "example.com", accepted: true),
        Row(entry: "appclips:clip.example.com", host: "clip.example.com", accepted: true),
        Row(entry: "Applinks:example.com", host: "example.com", accepted: false, kinds: [.unknownService]),
        Row(entry: "applinks:https://example.com/path", host: "example.com", accepted: false, kinds: [.schemeOrPath]),
    ]

    @Test(arguments: rows)
    func hostRule(_ row: Row) {
        let domain = AssociatedDomain.parse(row.entry)
        #expect(domain.raw == row.entry)
        #expect(domain.host == row.host)
        #expect(domain.wildcard == row.wildcard)
        #expect(domain.port == row.port)
        #expect(domain.modes == row.modes)
        #expect(domain.problems.map(\.kind) == row.kinds, "\(domain.problems.map(\.message))")
        #expect(domain.isAccepted == row.accepted)
    }
}
