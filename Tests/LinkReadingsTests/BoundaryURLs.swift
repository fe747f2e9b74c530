import TestSupport

/// Generated boundary URLs for the parser differential (`docs/link-confusion.md` §5): each is
/// a scheme, a separator, userinfo, a host, a port, a path, a query and a fragment drawn from
/// lists of the spellings parsers disagree on — backslashes, `@` and userinfo, `%2e`/`%2f`/`%40`
/// in host and path, tabs and newlines, full-width letters and dots, IPv4 forms, trailing dots,
/// `;`, `#` and `?` placement, mixed case — with a tab, newline or space sometimes inserted.
/// Seeded (`SeededGenerator`), so a failing case replays.
enum BoundaryURLs {
    static let schemes = ["https", "https", "https", "HTTPS", "http", "hTTp", "linklab", "foo"]
    static let separators = ["://", "://", "://", ":/", ":", ":\\\\", ":/\\", "://\\", ":///"]
    static let userinfos = [
        "", "", "", "user@", "user:pass@", "a@b@", "trusted.example@", "trusted.example\\@",
        "trusted.example%40", "trusted.example?@", "trusted.example#@", "u:p:q@", "@",
    ]
    static let hosts = [
        "example.com", "example.com", "EXAMPLE.com", "example.com.", "exa%2emple.com", "example%2ecom",
        "%65xample.com", "ｅｘａｍｐｌｅ．com", "example。com", "example｡com", "xn--bcher-kva.example",
        "bücher.example",
        "BÜCHER.example", "0x7f.1", "127.1", "0177.0.0.1", "2130706433", "0x7F000001", "127.0.0.1.", "[::1]",
        "[0:0:0:0:0:ffff:7f00:1]", "ex\tample.com", "a%40b.com", "evil.example%2f", "sub.example.com", "",
        "example.com\u{00AD}", "exa\u{200B}mple.com", "evil.example;.example.com", "example.com%2e",
        "example..com", "1.2.3.4.5", "xn--80ak6aa92e.com", "ｅxample.com", "example.com%00",
    ]
    static let ports = ["", "", "", ":443", ":80", ":8080", ":", ":0443", ":99999", ":1:2", ":65535"]
    static let paths = [
        "", "/", "/", "/a/b", "/a/../b", "/%2e%2e/admin", "/%2E./x", "/a%2fb", "/a;b", "\\a\\b", "/./x",
        "/a b", "/@evil.example", "/a//b", "/..", "/a/%2e", "/ü", "/a%", "/%zz", "\\\\evil.example/x",
    ]
    static let queries = ["", "", "?x=1", "?next=https://evil.example", "?a=%2F&b", "?q='\"", "?@evil.example"]
    static let fragments = ["", "", "#f", "#a?b", "#@evil.example", "#a b", "#"]
    static let inserts = ["\t", "\n", "\r\n", " "]

    /// `count` URLs from `seed` (never an empty string: the AOSP driver cannot hold one).
    static func generate(seed: UInt64, count: Int) -> [String] {
        var random = SeededGenerator(seed: seed)
        var out: [String] = []
        while out.count < count {
            var url =
                random.pick(schemes) + random.pick(separators) + random.pick(userinfos) + random.pick(hosts)
                + random.pick(ports) + random.pick(paths) + random.pick(queries) + random.pick(fragments)
            if random.next() % 6 == 0 {
                var scalars = Array(url.unicodeScalars)
                let position = Int(random.next() % UInt64(scalars.count + 1))
                scalars.insert(contentsOf: random.pick(inserts).unicodeScalars, at: position)
                url = String(String.UnicodeScalarView(scalars))
            }
            if random.next() % 20 == 0 { url = " " + url + "\u{1}" }
            out.append(url)
        }
        return out
    }

    /// Hand-picked cases: the confusions the finding exists for.
    static let named = [
        "https://trusted.example\\@evil.example/", "https://trusted.example%40evil.example/",
        "https://evil.example\\.trusted.example/", "https:\\\\evil.example/", "https://trusted.example#@evil.example/",
        "https://ｅｖｉｌ．example/", "https://0x7f.1/admin", "https://example.com/..%2fadmin",
        "linklab://trusted.example\\@evil.example/", "https://example.com:443@evil.example/",
        "https://example.com/a\\..\\..\\admin", "https://user@example.com@evil.example/",
    ]
}
