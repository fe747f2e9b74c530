import AndroidApp
import Testing

/// `PatternMatcher` semantics, cases taken from Android's documentation and the behaviour of
/// AOSP's `PatternMatcher` (facts only; `docs/android.md` M6–M8).
@Suite struct AndroidPatternTests {
    @Test(arguments: [
        // (pattern, text, expected)
        ("/item/.*/view", "/item/42/view", true),
        ("/item/.*/view", "/item/42/edit", false),
        ("/a.*b", "/axb", true),
        ("/a.*b", "/axbyb", false),  // ".*b" stops at the first b and never backtracks
        ("/a.*", "/a", true),  // a trailing ".*" matches the empty rest
        ("/a.*", "/abc/def", true),
        (".*", "", true),  // empty text: the final ".*" check accepts it
        ("/x*y", "/xxxy", true),
        ("/x*y", "/y", true),
        ("/file\\.pdf", "/file.pdf", true),
        ("/file\\.pdf", "/fileXpdf", true),  // an escaped "." still matches any character (AOSP quirk)
        ("/file.pdf", "/fileXpdf", true),  // an unescaped "." is any character
        ("/p/.*", "/p/", true),
        ("", "", true),
        ("", "/", false),
    ])
    func simpleGlob(pattern: String, text: String, expected: Bool) {
        #expect(AndroidPattern(pattern, kind: .simpleGlob).matches(text) == expected, "\(pattern) vs \(text)")
    }

    @Test(arguments: [
        ("/p/[0-9]+", "/p/123", true),
        ("/p/[0-9]+", "/p/", false),
        ("/p/[0-9]+", "/p/12a", false),
        ("/p/[^/]+/edit", "/p/abc/edit", true),
        ("/[a-c]{2,3}", "/abc", true),
        ("/[a-c]{2,3}", "/abca", false),
        ("/[a-c]{2}", "/a", false),
        ("/.*x", "/abx", false),  // greedy ".*" eats the x: Android's advanced glob does not backtrack
        ("/a\\+", "/a+", true),
    ])
    func advancedGlob(pattern: String, text: String, expected: Bool) {
        let matcher = AndroidPattern(pattern, kind: .advancedGlob)
        #expect(matcher.invalidReason == nil)
        #expect(matcher.matches(text) == expected, "\(pattern) vs \(text)")
    }

    @Test(arguments: ["/[a", "*a", "/a{3,1}", "/a{x}", "/[]", "/\\"])
    func invalidAdvancedPatternsNeverMatch(pattern: String) {
        let matcher = AndroidPattern(pattern, kind: .advancedGlob)
        #expect(matcher.invalidReason != nil, "\(pattern)")
        #expect(!matcher.matches("/a"))
    }

    @Test func literalPrefixSuffixAreCaseSensitive() {
        #expect(AndroidPattern("/Reset", kind: .literal).matches("/Reset"))
        #expect(!AndroidPattern("/Reset", kind: .literal).matches("/reset"))
        #expect(AndroidPattern("/orders/", kind: .prefix).matches("/orders/1"))
        #expect(!AndroidPattern("/orders/", kind: .prefix).matches("/orders"))
        #expect(AndroidPattern(".pdf", kind: .suffix).matches("/a/b.pdf"))
    }
}
