import AndroidApp
import AppInspection
import Foundation
import Testing

/// `docs/android.md` M1–M9 on filters built in code: facts from Android's documentation
/// ("Intents and intent filters", `<data>`, `<uri-relative-filter-group>`) and from what AOSP's
/// `IntentFilterTest` and `PatternMatcherTest` check (studied, facts only; no code copied).
@Suite struct IntentFilterMatchingTests {
    static let view = "android.intent.action.VIEW"
    static let browsable = "android.intent.category.BROWSABLE"
    static let defaultCategory = "android.intent.category.DEFAULT"

    static func data(
        _ scheme: String? = nil, host: String? = nil, port: String? = nil,
        with fields: [WritableKeyPath<AndroidManifest.DataElement, String?>: String] = [:]
    )
        -> AndroidManifest.DataElement
    {
        var element = AndroidManifest.DataElement()
        element.scheme = scheme
        element.host = host
        element.port = port
        for (path, value) in fields { element[keyPath: path] = value }
        return element
    }

    static func matcher(
        actions: [String] = [view], categories: [String] = [browsable, defaultCategory],
        data: [AndroidManifest.DataElement],
        groups: [AndroidManifest.RelativeFilterGroup] = []
    ) -> AndroidLinkMatcher {
        AndroidLinkMatcher(
            manifest: AndroidManifest(
                packageName: "com.example", targetSDK: 35,
                activities: [
                    AndroidManifest.Activity(
                        name: "com.example.A", exported: true,
                        intentFilters: [
                            AndroidManifest.IntentFilter(
                                autoVerify: true, actions: actions, categories: categories, data: data,
                                relativeFilterGroups: groups)
                        ])
                ]))
    }

    static func matches(_ matcher: AndroidLinkMatcher, _ url: String) -> Bool {
        let uri = AndroidURI(url)
        let slow = matcher.answers(for: uri).contains(where: \.matches)
        #expect(slow == matcher.anyMatch(uri), "the traced and the fast path disagree on \(url)")
        return slow
    }

    /// M1: VIEW, BROWSABLE and DEFAULT are all needed for a link click.
    @Test func actionAndBothCategoriesAreNeeded() {
        let web = [Self.data("https", host: "example.com")]
        #expect(Self.matches(Self.matcher(data: web), "https://example.com/"))
        #expect(!Self.matches(Self.matcher(actions: ["android.intent.action.SEND"], data: web), "https://example.com/"))
        #expect(!Self.matches(Self.matcher(categories: [Self.browsable], data: web), "https://example.com/"))
        #expect(!Self.matches(Self.matcher(categories: [Self.defaultCategory], data: web), "https://example.com/"))
        let reason = Self.matcher(categories: [Self.browsable], data: web)
            .answers(for: AndroidURI("https://example.com/"))
        #expect(reason[0].reason.contains("DEFAULT"))
    }

    /// M3: the scheme is compared exactly; a filter without a scheme never matches a web link,
    /// whatever hosts and paths it lists; a scheme with no host matches every host.
    @Test func schemeIsExactAndRequired() {
        let web = Self.matcher(data: [Self.data("https", host: "example.com")])
        #expect(!Self.matches(web, "HTTPS://example.com/"))
        #expect(!Self.matches(web, "http://example.com/"))
        let noScheme = Self.matcher(data: [Self.data(host: "example.com", with: [\.path: "/a"])])
        #expect(!Self.matches(noScheme, "https://example.com/a"))
        let schemeOnly = Self.matcher(data: [Self.data("https")])
        #expect(Self.matches(schemeOnly, "https://anything.example/whatever"))
    }

    /// M4: host case-insensitive; `*.` covers every depth of subdomain but not the root; `*`
    /// alone covers any host.
    @Test func hostWildcards() {
        let wild = Self.matcher(data: [Self.data("https", host: "*.example.com")])
        #expect(Self.matches(wild, "https://a.example.com/"))
        #expect(Self.matches(wild, "https://a.b.EXAMPLE.com/"))
        #expect(!Self.matches(wild, "https://example.com/"))
        #expect(!Self.matches(wild, "https://badexample.com/"))
        let any = Self.matcher(data: [Self.data("https", host: "*")])
        #expect(Self.matches(any, "https://whatever.test/"))
    }

    /// M5: a port in the filter needs that explicit port in the URL; none in the filter takes any.
    @Test func ports() {
        let port = Self.matcher(data: [Self.data("https", host: "example.com", port: "443")])
        #expect(!Self.matches(port, "https://example.com/"))
        #expect(Self.matches(port, "https://example.com:443/"))
        let none = Self.matcher(data: [Self.data("https", host: "example.com")])
        #expect(Self.matches(none, "https://example.com:8443/"))
    }

    /// M6: each path kind, against the decoded path, case-sensitive; any one path of the filter
    /// suffices; the query and fragment are not part of the path.
    @Test func pathKinds() {
        let filter = Self.matcher(data: [
            Self.data("https", host: "example.com"),
            Self.data(with: [\.path: "/exact"]), Self.data(with: [\.pathPrefix: "/pre/"]),
            Self.data(with: [\.pathSuffix: ".pdf"]),
            Self.data(with: [\.pathPattern: "/g/.*/x"]), Self.data(with: [\.pathAdvancedPattern: "/n/[0-9]+"]),
        ])
        for url in [
            "https://example.com/exact", "https://example.com/pre/a", "https://example.com/d/f.pdf",
            "https://example.com/g/1/x", "https://example.com/n/42", "https://example.com/exact?q=1#f",
            "https://example.com/%65xact",
        ] {
            #expect(Self.matches(filter, url), "\(url)")
        }
        for url in [
            "https://example.com/exact/", "https://example.com/Exact", "https://example.com/pre",
            "https://example.com/g/1/y", "https://example.com/n/4a", "https://example.com/",
        ] {
            #expect(!Self.matches(filter, url), "\(url)")
        }
    }

    /// M7: `PatternMatcher`'s simple glob facts (PatternMatcherTest): `*` repeats the previous
    /// character, `.*` does not backtrack past the first occurrence of what follows it, and an
    /// empty text matches only an empty pattern or one ending in `.*`.
    @Test func simpleGlobFacts() {
        let glob = { (pattern: String, text: String) in AndroidPattern(pattern, kind: .simpleGlob).matches(text) }
        #expect(glob("a*", "aaa") && !glob("a*", "ab"))
        // An empty text never enters the matching loop: only a pattern ending in ".*" (or an
        // empty pattern) accepts it, so "a*" does not match "" although a regex would.
        #expect(!glob("a*", "") && glob(".*", "") && glob("", ""))
        #expect(glob("a*b", "b") && glob("a*b", "aab"))
        #expect(glob(".*", "anything") && glob(".*a", "xyza"))
        #expect(glob("/a.*b", "/axb") && !glob("/a.*b", "/axbyb"))
    }

    /// M8: advanced glob `+`, `{m,n}`, classes and negation (PatternMatcherTest).
    @Test func advancedGlobFacts() {
        let advanced = { (pattern: String, text: String) in AndroidPattern(pattern, kind: .advancedGlob).matches(text) }
        #expect(advanced("a+", "aaa") && !advanced("a+", ""))
        #expect(advanced("a{2}", "aa") && !advanced("a{2}", "aaa"))
        #expect(advanced("[a-z]{1,3}", "abc") && !advanced("[a-z]{1,3}", "abcd"))
        #expect(advanced("[^0-9]+", "abc") && !advanced("[^0-9]+", "a1"))
        #expect(advanced("\\.", ".") && !advanced("\\.", "x"))
    }

    /// M2: every `<data>` of one filter combines with every other.
    @Test func mergedDataCombines() {
        let filter = Self.matcher(data: [
            Self.data("https", host: "a.example", with: [\.path: "/oauth/callback"]),
            Self.data("https", host: "b.example", with: [\.pathPrefix: "/open/"]),
        ])
        #expect(Self.matches(filter, "https://a.example/open/x"))
        #expect(Self.matches(filter, "https://b.example/oauth/callback"))
    }

    /// M9 (Android 15): groups are tried only when no path of the filter matches, in order;
    /// the first group whose every `<data>` matches decides (`allow` false refuses); the query
    /// and fragment matchers see the decoded query and fragment.
    @Test func relativeFilterGroups() {
        let filter = Self.matcher(
            data: [Self.data("https", host: "example.com", with: [\.path: "/home"])],
            groups: [
                .init(
                    allow: false,
                    data: [
                        Self.data(with: [\.pathPrefix: "/p/"]),
                        Self.data(with: [\.fragment: "private"]),
                    ]),
                .init(allow: true, data: [Self.data(with: [\.pathPrefix: "/p/"]), Self.data(with: [\.query: "id=3"])]),
                .init(allow: true, data: [Self.data(with: [\.pathSuffix: ".html"])]),
            ])
        #expect(Self.matches(filter, "https://example.com/home#private"))  // own path: groups not asked
        #expect(!Self.matches(filter, "https://example.com/p/1?id=3#private"))  // first group refuses
        #expect(Self.matches(filter, "https://example.com/p/1?id=3"))  // second allows
        #expect(Self.matches(filter, "https://example.com/p/1?id=%33"))  // decoded query
        #expect(!Self.matches(filter, "https://example.com/p/1"))  // no group matches
        #expect(Self.matches(filter, "https://example.com/x/page.html"))  // third allows
        // A filter with groups and no paths of its own: only the groups decide.
        let groupsOnly = Self.matcher(
            data: [Self.data("https", host: "example.com")],
            groups: [.init(allow: true, data: [Self.data(with: [\.path: "/only"])])])
        #expect(Self.matches(groupsOnly, "https://example.com/only"))
        #expect(!Self.matches(groupsOnly, "https://example.com/other"))
    }

    /// The decider gives the deciding activity and filter, and a host without a given file is
    /// "not checked", never verified.
    @Test func deciderNamesTheFilterAndUncheckedHosts() {
        var manifest = AndroidManifest(
            packageName: "com.example", targetSDK: 35,
            activities: [
                AndroidManifest.Activity(
                    name: "com.example.A", exported: true,
                    intentFilters: [
                        AndroidManifest.IntentFilter(
                            line: 12, autoVerify: true, actions: [Self.view],
                            categories: [Self.browsable, Self.defaultCategory],
                            data: [Self.data("https", host: "example.com")])
                    ])
            ])
        manifest.minSDK = 26
        let signing = APKSigning(signers: [], lineage: [], otherBlockIDs: [])
        let decider = AndroidLinkDecider(manifest: manifest, signing: signing, files: [:], sdk: 35, suppliedOnly: true)
        let decision = decider.decide("https://example.com/a")
        #expect(decision.outcome == .browser && decision.filterLine == 12 && decision.activities == ["com.example.A"])
        #expect(decision.trace.contains { $0.contains("not checked") })
        #expect(decider.verification.hosts.map(\.verified) == [false])
    }
}
