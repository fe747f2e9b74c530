import AndroidApp
import Testing

/// How a URL is split before matching: `android.net.Uri.parse` (`StringUri`), as `docs/android.md`
/// §4a states it. Each test quotes the AOSP behaviour it follows (facts from `Uri.java`, not
/// code); `AndroidOracleTests` checks the same against AOSP's own classes on every run.
@Suite struct AndroidURITests {
    @Test func parts() {
        let uri = AndroidURI("https://user@Shop.EXAMPLE:8443/a%20b/c?x=%31#frag%2F")
        #expect(uri.scheme == "https" && uri.host == "Shop.EXAMPLE" && uri.port == 8443)
        #expect(uri.path == "/a b/c" && uri.query == "x=1" && uri.fragment == "frag/")
        // `findPortSeparator` walks back over ASCII digits only: `]` stops it, so an IPv6
        // literal without a port has none.
        let v6 = AndroidURI("https://[::1]/p")
        #expect(v6.host == "[::1]" && v6.port == -1)
        #expect(AndroidURI("https://[::1]:8080/p").port == 8080)
        // "All relative URIs are hierarchical": no scheme, no host, the whole text is the path.
        let relative = AndroidURI("/only/a/path?q")
        #expect(relative.scheme == nil && relative.host == nil && relative.path == "/only/a/path")
        // `Uri.parse` never refuses a string: "" is an empty relative URI.
        let empty = AndroidURI("")
        #expect(empty.scheme == nil && empty.host == nil && empty.path == "")
    }

    /// Class 1: `parseAuthority` ends the authority at `/`, `\`, `?` or `#` ("Per
    /// url.spec.whatwg.org/#host-state, the \ character is treated as if it were a /"), and
    /// `parseHost` takes what follows the last `@` of that authority. So the backslash hides the
    /// `@` that a naive reader would take as the end of the userinfo.
    @Test func backslashEndsTheAuthority() {
        let uri = AndroidURI("https://a.example\\@b.example/")
        #expect(uri.host == "a.example")
        #expect(uri.encodedAuthority == "a.example")
        #expect(uri.path == "\\@b.example/")
        // Without the backslash the last `@` wins.
        #expect(AndroidURI("https://a.example@b.example/").host == "b.example")
        #expect(AndroidURI("https://a@b@c.example/").host == "c.example")
    }

    /// Class 1: ports. `findPortSeparator` scans back from the end over ASCII digits and stops at
    /// the first `:`; anything else means no port (the host keeps the colon). `parsePort` gives −1
    /// where `Integer.parseInt` throws (empty, more than 32 bits).
    @Test func portsAsUriReadsThem() {
        #expect(AndroidURI("https://a:1:2/").host == "a:1")
        #expect(AndroidURI("https://a:1:2/").port == 2)
        #expect(AndroidURI("https://a:b/").host == "a:b")
        #expect(AndroidURI("https://a:b/").port == -1)
        #expect(AndroidURI("https://a:/").host == "a")
        #expect(AndroidURI("https://a:/").port == -1)
        #expect(AndroidURI("https://a:99999999999/").port == -1)
        #expect(AndroidURI("https://a:0443/").port == 443)
        #expect(AndroidURI("https://a:+1/").host == "a:+1")
        // Arabic-Indic digits are not ASCII digits: no port separator is found.
        #expect(AndroidURI("https://a:\u{664}\u{664}\u{663}/").port == -1)
        // An empty authority is an empty host, not a missing one.
        #expect(AndroidURI("https:///p").host == "")
    }

    /// Class 2: `getHost()` is `decode(encodedHost)`: percent-escapes in the host are decoded,
    /// UTF-8 sequences included.
    @Test func hostsArePercentDecoded() {
        #expect(AndroidURI("https://%65xample.com/").host == "example.com")
        #expect(AndroidURI("https://b%C3%BCcher.example/").host == "bücher.example")
    }

    /// Class 3: opaque and odd strings. The scheme ends at the first `:` anywhere; a scheme not
    /// followed by `/` is opaque (`parsePath` returns null, and there is no authority); a raw space
    /// is just a character.
    @Test func whatUriParseAccepts() {
        let opaque = AndroidURI("https:x")
        #expect(opaque.scheme == "https" && opaque.host == nil && opaque.path == nil && !opaque.isHierarchical)
        #expect(opaque.browserNote?.contains("https://") == true)
        #expect(AndroidURI("/a:b").scheme == "/a")
        #expect(AndroidURI("https://h/a b").path == "/a b")
        #expect(AndroidURI("https://h/a b").browserNote != nil)
        #expect(AndroidURI("https://h/plain").browserNote == nil)
        // The fragment is searched from the scheme's `:`; a `#` before it is part of the scheme.
        let early = AndroidURI("a#b:c")
        #expect(early.scheme == "a#b" && early.fragment == nil)
        // A `?` after the `#` is no query.
        #expect(AndroidURI("https://h/p#a?b").query == nil)
    }

    /// `UriCodec.decode` with `throwOnFailure` false: a `%` without two characters after it ends
    /// the text with U+FFFD; a non-hex character after `%` writes U+FFFD, then the byte made so
    /// far (0 when none), and that character is consumed; malformed UTF-8 is replaced with U+FFFD
    /// per maximal ill-formed subsequence, as Android's decoder (ICU) does: an encoded surrogate
    /// `ED A0 80` is three.
    @Test func percentDecodingQuirks() {
        #expect(AndroidURI("https://h/a%").path == "/a\u{FFFD}")
        #expect(AndroidURI("https://h/a%4").path == "/a\u{FFFD}")
        #expect(AndroidURI("https://h/%zzq").path == "/\u{FFFD}\u{0}zq")
        #expect(AndroidURI("https://h/%4zq").path == "/\u{FFFD}\u{4}q")
        #expect(AndroidURI("https://h/%ED%A0%80").path == "/\u{FFFD}\u{FFFD}\u{FFFD}")
        #expect(AndroidURI("https://h/%E2%82").path == "/\u{FFFD}")
        #expect(AndroidURI("https://h/%C3%A9%FF").path == "/é\u{FFFD}")
        #expect(AndroidURI("https://h/a+b").path == "/a+b")
    }

    /// A combining mark after `#` does not hide the delimiter (Java splits UTF-16 code units).
    @Test func delimitersAreFoundUnderCombiningMarks() {
        let uri = AndroidURI("https://example.com/a#\u{301}x")
        #expect(uri.path == "/a" && uri.fragment == "\u{301}x")
        let query = AndroidURI("https://example.com/a?\u{301}=1")
        #expect(query.path == "/a" && query.query == "\u{301}=1")
    }

    /// Hosts compare case-insensitively, non-ASCII hosts too (the slow path); Java's
    /// `compareToIgnoreCase` maps each character through upper then lower case, so the Kelvin
    /// sign K (U+212A) equals `k` and the long s ſ (U+017F) equals `s`.
    @Test func hostsMatchIgnoringCase() {
        let matcher = Self.matcher(host: "bücher.example")
        #expect(matcher.anyMatch(AndroidURI("https://BÜCHER.example/")))
        #expect(matcher.anyMatch(AndroidURI("https://Bücher.EXAMPLE/")))
        #expect(Self.matcher(host: "key.example").anyMatch(AndroidURI("https://\u{212A}ey.example/")))
        #expect(Self.matcher(host: "shop.example").anyMatch(AndroidURI("https://\u{17F}hop.example/")))
        #expect(Self.matcher(host: "*.example").anyMatch(AndroidURI("https://a.\u{212A}ey.EXAMPLE/")))
        #expect(!Self.matcher(host: "example.com").anyMatch(AndroidURI("https://example.com./")))
    }

    static func matcher(host: String) -> AndroidLinkMatcher {
        var element = AndroidManifest.DataElement()
        element.scheme = "https"
        element.host = host
        return AndroidLinkMatcher(
            manifest: AndroidManifest(
                packageName: "p",
                activities: [
                    AndroidManifest.Activity(
                        name: "p.A", exported: true,
                        intentFilters: [
                            AndroidManifest.IntentFilter(
                                autoVerify: false, actions: ["android.intent.action.VIEW"],
                                categories: [
                                    "android.intent.category.BROWSABLE",
                                    "android.intent.category.DEFAULT",
                                ], data: [element])
                        ])
                ]))
    }
}
