import AndroidApp
import Testing

/// How a URL is split before matching (`android.net.Uri` as intent filters read it): scheme,
/// lower-cased host, explicit port, decoded path, query and fragment; split on the ASCII
/// delimiters whatever follows them.
@Suite struct AndroidURITests {
    @Test func parts() throws {
        let uri = try #require(AndroidURI("https://user@Shop.EXAMPLE:8443/a%20b/c?x=%31#frag%2F"))
        #expect(uri.scheme == "https" && uri.host == "Shop.EXAMPLE" && uri.port == 8443)
        #expect(uri.path == "/a b/c" && uri.query == "x=1" && uri.fragment == "frag/")
        // IPv6 literal: the colon inside brackets is not a port.
        let v6 = try #require(AndroidURI("https://[::1]/p"))
        #expect(v6.host == "[::1]" && v6.port == -1)
        #expect(try #require(AndroidURI("https://[::1]:8080/p")).port == 8080)
        // A scheme-less relative reference: no scheme, no host.
        let relative = try #require(AndroidURI("/only/a/path?q"))
        #expect(relative.scheme == nil && relative.host == nil && relative.path == "/only/a/path")
        #expect(AndroidURI("") == nil)
    }

    /// A combining mark after `#` does not hide the delimiter (Java splits UTF-16 code units).
    @Test func delimitersAreFoundUnderCombiningMarks() throws {
        let uri = try #require(AndroidURI("https://example.com/a#\u{301}x"))
        #expect(uri.path == "/a" && uri.fragment == "\u{301}x")
        let query = try #require(AndroidURI("https://example.com/a?\u{301}=1"))
        #expect(query.path == "/a" && query.query == "\u{301}=1")
    }

    /// Hosts compare case-insensitively, non-ASCII hosts too (the slow path).
    @Test func hostsMatchIgnoringCase() {
        var element = AndroidManifest.DataElement()
        element.scheme = "https"
        element.host = "bücher.example"
        let matcher = AndroidLinkMatcher(manifest: AndroidManifest(packageName: "p", activities: [
            AndroidManifest.Activity(name: "p.A", exported: true, intentFilters: [
                AndroidManifest.IntentFilter(autoVerify: false, actions: ["android.intent.action.VIEW"],
                                             categories: ["android.intent.category.BROWSABLE",
                                                          "android.intent.category.DEFAULT"], data: [element]),
            ]),
        ]))
        #expect(matcher.anyMatch(AndroidURI("https://BÜCHER.example/")!))
        #expect(matcher.anyMatch(AndroidURI("https://Bücher.EXAMPLE/")!))
    }
}
