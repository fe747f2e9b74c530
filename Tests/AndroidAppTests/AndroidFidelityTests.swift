import AndroidApp
import Foundation
import Testing

/// The matching classes of `docs/android.md` §4b–4c that an earlier version decided differently
/// from Android, each with the AOSP behaviour it follows (facts from `PatternMatcher.java`,
/// `IntentFilter.java` and the package parser, not code). `AndroidOracleTests` holds the same
/// against AOSP's own classes on thousands of generated cases per run.
@Suite struct AndroidFidelityTests {
    static func data(
        _ scheme: String? = "https", host: String? = "example.com", port: String? = nil,
        with fields: [WritableKeyPath<AndroidManifest.DataElement, String?>: String] = [:]
    )
        -> AndroidManifest.DataElement
    {
        IntentFilterMatchingTests.data(scheme, host: host, port: port, with: fields)
    }

    static func matcher(_ data: [AndroidManifest.DataElement], sdk: Int = 35) -> AndroidLinkMatcher {
        AndroidLinkMatcher(
            manifest: AndroidManifest(
                packageName: "com.example", targetSDK: 35,
                activities: [
                    AndroidManifest.Activity(
                        name: "com.example.A", exported: true,
                        intentFilters: [
                            AndroidManifest.IntentFilter(
                                autoVerify: true, actions: ["android.intent.action.VIEW"],
                                categories: [
                                    "android.intent.category.BROWSABLE",
                                    "android.intent.category.DEFAULT",
                                ], data: data)
                        ])
                ]), sdk: sdk)
    }

    /// Whether `url` opens, asked of the traced and the fast path (which must agree).
    static func opens(_ matcher: AndroidLinkMatcher, _ url: String) -> Bool {
        IntentFilterMatchingTests.matches(matcher, url)
    }

    /// Class 1 in a verdict: the link goes to the host Android reads, not the one after `@`.
    @Test func backslashSendsTheLinkToTheHostAndroidReads() {
        let claimsA = Self.matcher([Self.data(host: "a.example")])
        let claimsB = Self.matcher([Self.data(host: "b.example")])
        #expect(Self.opens(claimsA, "https://a.example\\@b.example/"))
        #expect(!Self.opens(claimsB, "https://a.example\\@b.example/"))
    }

    /// Class 2: `AuthorityEntry.match` compares `Uri.getHost()`, which is decoded.
    @Test func encodedHostsAreComparedDecoded() {
        let filter = Self.matcher([Self.data(host: "example.com")])
        #expect(Self.opens(filter, "https://%65xample.com/"))
        #expect(Self.opens(filter, "https://EXAMPL%45.com/"))
        let unicode = Self.matcher([Self.data(host: "bücher.example")])
        #expect(Self.opens(unicode, "https://b%C3%BCcher.example/"))
    }

    /// Class 3: an opaque `https:x` has no host, so a filter with hosts never takes it, while a
    /// scheme-only filter does; a raw space in the path is matched as a space.
    @Test func oddStringsAreDecidedNotRefused() {
        #expect(!Self.opens(Self.matcher([Self.data(host: "x")]), "https:x"))
        #expect(Self.opens(Self.matcher([Self.data(host: nil)]), "https:x"))
        #expect(
            Self.opens(
                Self.matcher([Self.data(with: [\.path: "/a b"])]),
                "https://example.com/a b"))
        // Without a host, `matchData` never reads the filter's paths: the opaque URI still matches.
        #expect(Self.opens(Self.matcher([Self.data(host: nil, with: [\.pathPrefix: "/a"])]), "https:x"))
    }

    /// Class 4: `{n,}` is n or more ("if (commaIndex == rangeString.length() - 1) … rangeMax =
    /// Integer.MAX_VALUE").
    @Test func openRangesMatchNOrMore() {
        let pattern = AndroidPattern("/a{2,}", kind: .advancedGlob)
        #expect(pattern.invalidReason == nil)
        #expect(!pattern.matches("/a") && pattern.matches("/aa") && pattern.matches("/aaaaaa"))
        #expect(
            Self.opens(
                Self.matcher([Self.data(with: [\.pathAdvancedPattern: "/p/[0-9]{3,}"])]),
                "https://example.com/p/12345"))
        // Parser quirks AOSP accepts: a reversed range matches nothing; a stray `}` is dropped;
        // `]` outside a set is a literal; inside a set `.` is a literal dot.
        #expect(AndroidPattern("/[z-a]", kind: .advancedGlob).invalidReason == nil)
        #expect(!AndroidPattern("/[z-a]", kind: .advancedGlob).matches("/m"))
        #expect(AndroidPattern("/a}b", kind: .advancedGlob).matches("/ab"))
        #expect(AndroidPattern("/]x", kind: .advancedGlob).matches("/]x"))
        #expect(
            AndroidPattern("/[.]", kind: .advancedGlob).matches("/.")
                && !AndroidPattern("/[.]", kind: .advancedGlob).matches("/x"))
        // Refused: a modifier after a modifier, an empty set, `[` at the very end, `{,2}`.
        for refused in ["/a**", "/[]", "[", "/a{,2}", "/a{2,1}", "/a{1}{2}"] {
            #expect(AndroidPattern(refused, kind: .advancedGlob).invalidReason != nil, "\(refused)")
        }
    }

    /// Class 5: `matchData` with a type-less intent: "If no MIME types are specified … only match
    /// against an Intent that does not have a MIME type", and the reverse: a filter with types
    /// needs `findMimeType(type)`, which is false for null. A link never matches a typed filter.
    @Test func mimeTypedFiltersNeverMatchALink() {
        var typed = Self.data()
        typed.mimeType = "text/html"
        let matcher = Self.matcher([typed])
        #expect(!Self.opens(matcher, "https://example.com/"))
        #expect(matcher.answers(for: AndroidURI("https://example.com/"))[0].reason.contains("mimeType"))
        // A malformed type is refused by `addDataType` (the package would not install).
        var malformed = Self.data()
        malformed.mimeType = "html"
        let refused = Self.matcher([malformed])
        #expect(refused.filters[0].invalidReason?.contains("mimeType") == true)
        #expect(!Self.opens(refused, "https://example.com/"))
    }

    /// Class 6: `pathSuffix` and `pathAdvancedPattern` (attribute IDs of API 31) are not read
    /// below API 31, so a `<data>` holding only them constrains nothing there.
    @Test func suffixAndAdvancedPatternsNeedAPI31() {
        let suffix = [Self.data(), Self.data(nil, host: nil, with: [\.pathSuffix: ".pdf"])]
        #expect(!Self.opens(Self.matcher(suffix, sdk: 35), "https://example.com/a.html"))
        #expect(Self.opens(Self.matcher(suffix, sdk: 30), "https://example.com/a.html"))
        let advanced = [Self.data(with: [\.pathAdvancedPattern: "/p/[0-9]+"])]
        #expect(!Self.opens(Self.matcher(advanced, sdk: 35), "https://example.com/q"))
        #expect(Self.opens(Self.matcher(advanced, sdk: 30), "https://example.com/q"))
        // An advanced pattern Android 12+ refuses breaks the filter there, and is ignored below.
        let broken = [Self.data(with: [\.pathAdvancedPattern: "/a**"])]
        #expect(Self.matcher(broken, sdk: 35).filters[0].invalidReason != nil)
        #expect(Self.matcher(broken, sdk: 30).filters[0].invalidReason == nil)
        #expect(Self.opens(Self.matcher(broken, sdk: 30), "https://example.com/anything"))
    }

    /// Ports in the manifest are `Integer.parseInt(port)`: a sign and leading zeros are read; a
    /// negative port is no constraint; text the parser refuses makes the filter refused.
    @Test func manifestPortsAsIntegerParseIntReadsThem() {
        #expect(Self.opens(Self.matcher([Self.data(port: "+8443")]), "https://example.com:8443/"))
        #expect(Self.opens(Self.matcher([Self.data(port: "08443")]), "https://example.com:8443/"))
        #expect(Self.opens(Self.matcher([Self.data(port: "-1")]), "https://example.com/"))
        #expect(!Self.opens(Self.matcher([Self.data(port: "443")]), "https://example.com/"))
        let refused = Self.matcher([Self.data(port: "https")])
        #expect(refused.filters[0].invalidReason?.contains("port") == true)
    }

    /// Wildcards compare the host's last characters: `*example.com` takes `badexample.com`, and
    /// `*` takes any host, the empty one too.
    @Test func wildcardsAreSuffixes() {
        #expect(Self.opens(Self.matcher([Self.data(host: "*example.com")]), "https://badexample.com/"))
        #expect(Self.opens(Self.matcher([Self.data(host: "*")]), "https:///p"))
        #expect(!Self.opens(Self.matcher([Self.data(host: "*")]), "https:p"))
    }
}

/// Class 7: the JSON of an activity says `"exported": null` when the manifest does not set it
/// (and so for every other absent value), as `docs/cli.md` documents.
@Suite struct ManifestJSONTests {
    @Test func absentValuesAreNull() throws {
        let activity = AndroidManifest.Activity(name: "p.A", intentFilters: [])
        let manifest = AndroidManifest(packageName: "p", activities: [activity])
        let json = String(decoding: try JSONEncoder().encode(manifest), as: UTF8.self)
        #expect(json.contains("\"exported\":null") && json.contains("\"permission\":null"))
        #expect(json.contains("\"targetActivity\":null") && json.contains("\"versionCode\":null"))
        // Read back, the nulls are the same absent values.
        #expect(try JSONDecoder().decode(AndroidManifest.self, from: Data(json.utf8)) == manifest)
    }
}

/// What a review against AOSP's sources found after the first oracle runs (`docs/android.md`
/// M3, M3a, M9, U8): each fact quoted from the AOSP code it follows.
@Suite struct AndroidReviewFindingsTests {
    typealias F = AndroidFidelityTests

    /// `addDataScheme` keeps the string; `matchData` compares with `contains`, unit by unit.
    @Test func schemesCompareUnitByUnit() {
        let matcher = F.matcher([F.data("café", host: "h")])
        #expect(F.opens(matcher, "café://h/"))
        #expect(!F.opens(matcher, "cafe\u{301}://h/"))
    }

    /// A `%` before a character outside the BMP consumes its first UTF-16 unit; the second stays,
    /// unpaired, and compares only with itself (never with U+FFFD).
    @Test func anUnpairedHalfMatchesOnlyItself() {
        let matcher = F.matcher([F.data(host: "h", with: [\.pathSuffix: "\u{FFFD}"])])
        #expect(!F.opens(matcher, "https://h/%😀"))
        #expect(F.opens(matcher, "https://h/x\u{FFFD}"))
    }

    /// "If no MIME types are specified … only match against an Intent that does not have … data":
    /// a filter without a scheme matches no URL, `content:` and `file:` included.
    @Test func aFilterWithoutASchemeMatchesNoURL() {
        let matcher = F.matcher([F.data(nil, host: "h")])
        for url in ["content://h/x", "file:///x", "h/x", "https://h/"] { #expect(!F.opens(matcher, url), "\(url)") }
    }

    /// `matchData`: a matching scheme-specific part decides alone; otherwise the authority
    /// (and path) must match; with no host the filter then does not match.
    @Test func schemeSpecificParts() {
        let prefixOnly = F.matcher([F.data(host: nil, with: [\.sspPrefix: "//safe.example/"])])
        #expect(F.opens(prefixOnly, "https://safe.example/a"))
        #expect(!F.opens(prefixOnly, "https://other.example/a"))
        let withHost = F.matcher([F.data(host: "a.example", with: [\.path: "/only", \.ssp: "//b.example/x"])])
        #expect(F.opens(withHost, "https://b.example/x"))
        #expect(F.opens(withHost, "https://a.example/only"))
        #expect(!F.opens(withHost, "https://a.example/other"))
        #expect(AndroidURI("https://b.example/x?q#f").schemeSpecificPart == "//b.example/x?q")
    }

    static func grouped(_ groups: [AndroidManifest.RelativeFilterGroup]) -> AndroidLinkMatcher {
        AndroidLinkMatcher(
            manifest: AndroidManifest(
                packageName: "p", targetSDK: 35,
                activities: [
                    AndroidManifest.Activity(
                        name: "p.A", exported: true,
                        intentFilters: [
                            AndroidManifest.IntentFilter(
                                autoVerify: true, actions: ["android.intent.action.VIEW"],
                                categories: [
                                    "android.intent.category.BROWSABLE",
                                    "android.intent.category.DEFAULT",
                                ],
                                data: [F.data(host: "h")], relativeFilterGroups: groups)
                        ])
                ]), sdk: 35)
    }

    /// `parseRelRefGroup` keeps a group only when it has a rule: an empty one constrains nothing.
    @Test func anEmptyGroupIsDropped() {
        let matcher =
            Self.grouped([AndroidManifest.RelativeFilterGroup(allow: true, data: [AndroidManifest.DataElement()])])
        #expect(F.opens(matcher, "https://h/anything"))
    }

    /// `UriRelativeFilter.matchQuery`: the query split on `&` (or `;` when `&` gives one part),
    /// any one parameter matching.
    @Test func aQueryRuleMatchesAnyParameter() {
        var rule = AndroidManifest.DataElement()
        rule.query = "a=1"
        let matcher = Self.grouped([AndroidManifest.RelativeFilterGroup(allow: true, data: [rule])])
        #expect(F.opens(matcher, "https://h/p?a=1&b=2"))
        #expect(F.opens(matcher, "https://h/p?b=2;a=1"))
        #expect(!F.opens(matcher, "https://h/p?a=12"))
        // `"a=1&".split("&")` drops the trailing empty part: one part, so `;` splits instead.
        #expect(!F.opens(matcher, "https://h/p?a=1&"))
    }
}
