import Foundation
import Testing

@testable import SiteAssociation

/// Edges of Apple's rules (`SiteAssociationOverview`, `docs/glossary.md`) that `MatcherRulesTests`
/// leaves with only one side tested: each statement here has a case on both sides of its edge.
@Suite struct SpecEdgeTests {
    private static func raw(
        _ label: String, _ json: String, _ url: String, _ expected: Decision, appID: String = appA,
        domain: String = "example.com"
    ) -> RuleCase {
        RuleCase(label: label, json: json, url: url, expected: expected, domain: domain, appID: appID)
    }

    private static let appC = "ABCDE12345.com.example.app3"

    // §2: details.
    static let details: [RuleCase] = [
        raw(
            """
            appIDs null is not an array: appID is used
            """,
            ##"""
            {"applinks": {"details": [{"appIDs": null, "appID": "ABCDE12345.com.example.app", "components": \##
            [{"/": "*"}]}]}}
            """##, "https://example.com/x", .match),
        raw(
            """
            appIDs array without the app, appID with it: appID ignored
            """,
            ##"""
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.other"], "appID": \##
            "ABCDE12345.com.example.app", "components": [{"/": "*"}]}]}}
            """##, "https://example.com/x", .noMatch),
        raw(
            """
            components null is not an array: paths are used
            """,
            ##"""
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": null, "paths": \##
            ["/p"]}]}}
            """##, "https://example.com/p", .match),
        raw(
            """
            components null: paths still constrain
            """,
            ##"""
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": null, "paths": \##
            ["/p"]}]}}
            """##, "https://example.com/q", .noMatch),
        raw(
            """
            empty components beat a matching paths entry
            """,
            ##"""
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [], "paths": \##
            ["/p"]}]}}
            """##, "https://example.com/p", .noMatch),
        raw(
            "dictionary form: the key names the app",
            ##"{"applinks": {"details": {"ABCDE12345.com.example.app": {"components": [{"/": "/c"}]}}}}"##,
            "https://example.com/c", .match),
        raw(
            "dictionary form: components rules still constrain",
            ##"{"applinks": {"details": {"ABCDE12345.com.example.app": {"components": [{"/": "/c"}]}}}}"##,
            "https://example.com/d", .noMatch),
        raw(
            """
            dictionary form: components win over paths
            """,
            ##"""
            {"applinks": {"details": {"ABCDE12345.com.example.app": {"components": [{"/": "/c"}], "paths": \##
            ["/p"]}}}}
            """##, "https://example.com/p", .noMatch),
        raw(
            """
            dictionary form: appIDs inside a value do not rename it
            """,
            ##"""
            {"applinks": {"details": {"ABCDE12345.com.example.app": {"appIDs": ["ABCDE12345.com.other"], \##
            "paths": ["*"]}}}}
            """##, "https://example.com/x", .match),
        raw(
            """
            dictionary form: appIDs inside a value name no extra app
            """,
            ##"""
            {"applinks": {"details": {"ABCDE12345.com.example.app": {"appIDs": ["ABCDE12345.com.other"], \##
            "paths": ["*"]}}}}
            """##, "https://example.com/x", .noMatch, appID: "ABCDE12345.com.other"),
        raw(
            "dictionary form: a non-dictionary value names the app with no rules",
            ##"{"applinks": {"details": {"ABCDE12345.com.example.app": ["*"]}}}"##, "https://example.com/x", .noMatch),
        raw(
            """
            dictionary form: each key is its own detail
            """,
            ##"""
            {"applinks": {"details": {"ABCDE12345.com.example.app": {"paths": ["/a"]}, \##
            "ABCDE12345.com.example.app2": {"paths": ["/b"]}}}}
            """##, "https://example.com/b", .match, appID: appB),
        raw(
            """
            first detail wins even when it has no rule list
            """,
            ##"""
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"]}, {"appIDs": \##
            ["ABCDE12345.com.example.app"], "components": [{"/": "*"}]}]}}
            """##, "https://example.com/x", .noMatch),
        raw(
            """
            first detail wins even when its rule list is empty
            """,
            ##"""
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": []}, {"appIDs": \##
            ["ABCDE12345.com.example.app"], "components": [{"/": "*"}]}]}}
            """##, "https://example.com/x", .noMatch),
        raw(
            """
            a later detail decides for an app only it names
            """,
            ##"""
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/a"}]}, \##
            {"appIDs": ["ABCDE12345.com.example.app", "ABCDE12345.com.example.app3"], "components": [{"/": \##
            "/b"}]}]}}
            """##, "https://example.com/b", .match, appID: appC),
        raw(
            """
            a later detail does not decide for an app named earlier
            """,
            ##"""
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/a"}]}, \##
            {"appIDs": ["ABCDE12345.com.example.app", "ABCDE12345.com.example.app3"], "components": [{"/": \##
            "/b"}]}]}}
            """##, "https://example.com/b", .noMatch),
        raw(
            """
            first detail wins across appID and appIDs forms
            """,
            ##"""
            {"applinks": {"details": [{"appID": "ABCDE12345.com.example.app", "paths": ["/a"]}, {"appIDs": \##
            ["ABCDE12345.com.example.app"], "components": [{"/": "/b"}]}]}}
            """##, "https://example.com/b", .noMatch),
        raw(
            """
            first detail wins: its legacy paths decide
            """,
            ##"""
            {"applinks": {"details": [{"appID": "ABCDE12345.com.example.app", "paths": ["/a"]}, {"appIDs": \##
            ["ABCDE12345.com.example.app"], "components": [{"/": "/b"}]}]}}
            """##, "https://example.com/a", .match),
        raw(
            """
            a detail that is not a dictionary names no app
            """,
            ##"""
            {"applinks": {"details": ["ABCDE12345.com.example.app", {"appIDs": ["ABCDE12345.com.example.app"], \##
            "paths": ["/a"]}]}}
            """##, "https://example.com/a", .match),
    ]

    // §3: absent parts, leniency, non-dictionary components.
    static let components: [RuleCase] = [
        c("# ?* rejects an empty fragment", ##"[{"#": "?*"}]"##, "/a#", .noMatch),
        c("# empty accepts an empty fragment", ##"[{"#": ""}]"##, "/a#", .match),
        c("# * accepts a fragment", ##"[{"#": "*"}]"##, "/a#frag", .match),
        c("? ?* rejects an empty query", ##"[{"?": "?*"}]"##, "/a?", .noMatch),
        c("? empty accepts an empty query", ##"[{"?": ""}]"##, "/a?", .match),
        c("? empty rejects a query", ##"[{"?": ""}]"##, "/a?x", .noMatch),
        c(
            "caseSensitive \"no\" reads false (folding on)", ##"[{"/": "/ABC", "caseSensitive": "no"}]"##, "/abc",
            .match),
        c("caseSensitive \"YES\" reads true", ##"[{"/": "/ABC", "caseSensitive": "YES"}]"##, "/abc", .noMatch),
        c("caseSensitive {} reads false (folding on)", ##"[{"/": "/ABC", "caseSensitive": {}}]"##, "/abc", .match),
        c("caseSensitive 0.5 reads true", ##"[{"/": "/ABC", "caseSensitive": 0.5}]"##, "/abc", .noMatch),
        c("caseSensitive 0 reads false", ##"[{"/": "/ABC", "caseSensitive": 0}]"##, "/abc", .match),
        c(
            "percentEncoded null reads false (decoding on)", ##"[{"/": "/a b", "percentEncoded": null}]"##, "/a%20b",
            .match),
        c(
            "percentEncoded \"true\" keeps encoding", ##"[{"/": "/a b", "percentEncoded": "true"}]"##, "/a%20b",
            .noMatch),
        c("exclude {} reads false", ##"[{"/": "/a", "exclude": {}}]"##, "/a", .match),
        c("exclude \"1\" reads true", ##"[{"/": "/a", "exclude": "1"}]"##, "/a", .exclude),
        c("exclude \" 01\" reads true like NSString.boolValue", ##"[{"/": "/a", "exclude": " 01"}]"##, "/a", .exclude),
        c("exclude \"0\" reads false", ##"[{"/": "/a", "exclude": "0"}]"##, "/a", .match),
        c("non-string / of null leaves the path unconstrained", ##"[{"/": null}]"##, "/any/thing", .match),
        c("non-string # of a number leaves the fragment unconstrained", ##"[{"#": 1}]"##, "/x", .match),
        c(
            "non-string ? of a number leaves the query unconstrained", ##"[{"/": "/a", "?": 7}]"##, "/a?anything",
            .match),
        c("non-string ? does not free the path", ##"[{"/": "/a", "?": 7}]"##, "/b?anything", .noMatch),
        c("non-dictionary null component matches everything", ##"[null]"##, "/x?y#z", .match),
        c(
            "non-dictionary component is a rule: an earlier rule still decides first",
            ##"[{"/": "/x", "exclude": true}, "junk"]"##, "/x", .exclude),
        c(
            "non-dictionary component matches what no earlier rule took", ##"[{"/": "/x", "exclude": true}, "junk"]"##,
            "/y", .match),
        c(
            "non-dictionary component still takes file defaults (stated reading)", ##"["junk"]"##, "/bar", .noMatch,
            defaults: ##"{"/": "/foo/*"}"##),
        c(
            "non-dictionary component with file defaults lets their paths through", ##"["junk"]"##, "/foo/x", .match,
            defaults: ##"{"/": "/foo/*"}"##),
        c(
            "non-string / overrides a defaults / (unconstrained, stated reading)", ##"[{"/": 5}]"##, "/bar", .match,
            defaults: ##"{"/": "/foo/*"}"##),
    ]

    // §4: patterns and normalisation.
    static let patterns: [RuleCase] = [
        c("/a/*/c does not match /a//c (slashes collapse)", ##"[{"/": "/a/*/c"}]"##, "/a//c", .noMatch),
        c("/a/*/c matches /a/bb/c/", ##"[{"/": "/a/*/c"}]"##, "/a/bb/c/", .match),
        c("/id/???? matches /id/4815", ##"[{"/": "/id/????"}]"##, "/id/4815", .match),
        c("/id/???? does not match /id/48159", ##"[{"/": "/id/????"}]"##, "/id/48159", .noMatch),
        c("/ matches //", ##"[{"/": "/"}]"##, "//", .match),
        c("abc does not match /abcd", ##"[{"/": "abc"}]"##, "/abcd", .noMatch),
        c("abc matches /abc/", ##"[{"/": "abc"}]"##, "/abc/", .match),
        c("/buy matches /buy", ##"[{"/": "/buy"}]"##, "/buy", .match),
        c("/buy does not match /buy/x", ##"[{"/": "/buy"}]"##, "/buy/x", .noMatch),
        c("/buy does not match /buyer", ##"[{"/": "/buy"}]"##, "/buyer", .noMatch),
        c("/buy/* does not match /bu", ##"[{"/": "/buy/*"}]"##, "/bu", .noMatch),
        c("/buy/* matches /buy///x", ##"[{"/": "/buy/*"}]"##, "/buy///x", .match),
        c("/buy* matches /buyer (no slash added after *)", ##"[{"/": "/buy*"}]"##, "/buyer", .match),
        c("one-character ? is left alone: matches the root", ##"[{"/": "?"}]"##, "", .match),
        c("one-character ? is left alone: not /a", ##"[{"/": "?"}]"##, "/a", .noMatch),
        c("two-character ?? is normalised: /?? matches /ab", ##"[{"/": "??"}]"##, "/ab", .match),
        c("runs of ** then / collapse: /a/**/c matches /a/x/c", ##"[{"/": "/a/**/c"}]"##, "/a/x/c", .match),
        c("runs of * collapse: /a/**/c still needs the middle slash", ##"[{"/": "/a/**/c"}]"##, "/a/c", .noMatch),
        c("*?* needs one character (the root / counts)", ##"[{"/": "*?*"}]"##, "", .match),
        c("?* path needs more than the root after normalisation", ##"[{"/": "/?*"}]"##, "/", .noMatch),
        c("?* path accepts /a", ##"[{"/": "/?*"}]"##, "/a", .match),
    ]

    // §5: query.
    static let query: [RuleCase] = [
        c(
            "every occurrence must match (fails in the other order)", ##"[{"?": {"id": "42"}}]"##, "/x?id=42&id=7",
            .noMatch),
        c(
            "one occurrence that matches is enough when it is the only one", ##"[{"?": {"id": "42"}}]"##, "/x?id=42",
            .match),
        c("every named item must match (second fails)", ##"[{"?": {"a": "1", "b": "2"}}]"##, "/x?a=1&b=3", .noMatch),
        c("an item value may hold =", ##"[{"?": {"q": "a=b"}}]"##, "/x?q=a=b", .match),
        c("an item splits at the first = only", ##"[{"?": {"q": "a"}}]"##, "/x?q=a=b", .noMatch),
        c("an encoded & does not split items", ##"[{"?": {"q": "a%26b"}}]"##, "/x?q=a%26b", .match),
        c(
            "an encoded & decoded under percentEncoded false", ##"[{"?": {"q": "a&b"}, "percentEncoded": false}]"##,
            "/x?q=a%26b", .match),
        c("an encoded & stays encoded by default", ##"[{"?": {"q": "a&b"}}]"##, "/x?q=a%26b", .noMatch),
        c("empty items between && are ignored", ##"[{"?": {"a": "1"}}]"##, "/x?&&a=1&&", .match),
        c("item name with + is literal", ##"[{"?": {"a+b": "1"}}]"##, "/x?a+b=1", .match),
        c(
            "item name with + is not a space", ##"[{"?": {"a b": "1"}, "percentEncoded": false}]"##, "/x?a+b=1",
            .noMatch),
        c("query string + is literal", ##"[{"?": "q=a+b"}]"##, "/x?q=a+b", .match),
        c("query string + is not %2B", ##"[{"?": "q=a+b"}]"##, "/x?q=a%2Bb", .noMatch),
        c("query string + matches decoded %2B", ##"[{"?": "q=a+b", "percentEncoded": false}]"##, "/x?q=a%2Bb", .match),
        c(
            "a dropped ? dictionary ignores a query that would fail", ##"[{"?": {"id": "42", "n": 1}}]"##, "/x?id=7",
            .match),
        c(
            "a dropped ? dictionary does not free the path", ##"[{"/": "/a", "?": {"id": "42", "n": true}}]"##,
            "/b?id=42", .noMatch),
        c("empty ? dictionary constrains nothing", ##"[{"?": {}}]"##, "/x?anything=1", .match),
        c("absent item in a URL with no query: ?* fails", ##"[{"?": {"b": "?*"}}]"##, "/x", .noMatch),
        c("item names are case-sensitive", ##"[{"?": {"ID": "1"}}]"##, "/x?id=1", .noMatch),
        c(
            "item names decode %2B under percentEncoded false", ##"[{"?": {"a+b": "1"}, "percentEncoded": false}]"##,
            "/x?a%2Bb=1", .match),
    ]

    // §6: case and percent-encoding.
    static let encoding: [RuleCase] = [
        c(
            "encoded: lower-case escapes in the pattern do not match upper-case", ##"[{"/": "/%c3%a9"}]"##, "/%C3%A9",
            .noMatch),
        c(
            "encoded + folding: escapes compare without case", ##"[{"/": "/%C3%A9", "caseSensitive": false}]"##,
            "/%c3%a9", .match),
        c(
            "decoded: upper and lower escapes are the same character", ##"[{"/": "/é", "percentEncoded": false}]"##,
            "/%c3%a9", .match),
        c(
            "decoded: /a%2Fb pattern no longer matches /a%2Fb", ##"[{"/": "/a%2Fb", "percentEncoded": false}]"##,
            "/a%2Fb", .noMatch),
        c(
            "decoded: %2F separator collapses with a neighbouring /", ##"[{"/": "/a/b", "percentEncoded": false}]"##,
            "/a/%2Fb", .match),
        c(
            "decoded: /a/* now reaches /a%2Fsecret", ##"[{"/": "/a/*", "percentEncoded": false}]"##, "/a%2Fsecret",
            .match),
        c("encoded: /a/* does not reach /a%2Fsecret", ##"[{"/": "/a/*"}]"##, "/a%2Fsecret", .noMatch),
        c(
            "decoded: raw space in the pattern matches a raw space in the input",
            ##"[{"/": "/a b", "percentEncoded": false}]"##, "/a b", .match),
        c(
            "encoded: raw space in the pattern never matches (the input is encoded)", ##"[{"/": "/a b"}]"##, "/a b",
            .noMatch),
        c(
            "decoded + folding: É folds to é", ##"[{"/": "/CAFÉ", "percentEncoded": false, "caseSensitive": false}]"##,
            "/caf%C3%A9", .match),
        c(
            "decoded without folding: É is not é", ##"[{"/": "/CAFÉ", "percentEncoded": false}]"##, "/CAF%C3%A9",
            .noMatch),
        c("decoded: query string decoded", ##"[{"?": "q=a b", "percentEncoded": false}]"##, "/x?q=a%20b", .match),
        c(
            "folding applies to item values with variables", ##"[{"?": {"f": "$(v)"}, "caseSensitive": false}]"##,
            "/x?f=PIZZA", .match, variables: ##"{"v": ["pizza"]}"##),
        c(
            "no folding: item values with variables keep case", ##"[{"?": {"f": "$(v)"}}]"##, "/x?f=PIZZA", .noMatch,
            variables: ##"{"v": ["pizza"]}"##),
        c(
            "folding applies to fragment variables", ##"[{"#": "$(v)", "caseSensitive": false}]"##, "/x#Pizza", .match,
            variables: ##"{"v": ["PIZZA"]}"##),
        c("$(lower) accepts Q when folding", ##"[{"/": "/$(lower)", "caseSensitive": false}]"##, "/Q", .match),
        c(
            "$(digit) never accepts a letter, even folding", ##"[{"/": "/$(digit)", "caseSensitive": false}]"##, "/a",
            .noMatch),
        c("$(lang) folds: EN matches when folding", ##"[{"/": "/$(lang)", "caseSensitive": false}]"##, "/EN", .match),
        c("$(lang) is lower-case without folding", ##"[{"/": "/$(lang)"}]"##, "/EN", .noMatch),
    ]

    // §7: substitution variables.
    static let variables: [RuleCase] = {
        let vars = ##"""
            {"food": ["burrito", "pizza"], "star": ["*"], "one": ["?"], "empty": [], "nested": ["$(food)"], "a-b.c": \##
            ["x"], "digit": ["nine"]}
            """##
        func v(_ label: String, _ pattern: String, _ path: String, _ expected: Decision) -> RuleCase {
            c(label, "[{\"/\": \"\(pattern)\"}]", path, expected, variables: vars)
        }
        return [
            v("a value * crosses /", "/x/$(star)", "/x/a/b", .match),
            v("a value * does not free the prefix", "/x/$(star)", "/y/a", .noMatch),
            v("a value ? is exactly one character", "/x/$(one)/", "/x/a", .match),
            v("a value ? is not two characters", "/x/$(one)/", "/x/ab", .noMatch),
            v("a variable with no values matches nothing", "/$(empty)*", "/a", .noMatch),
            v("a variable with no values matches nothing, not even empty", "/x$(empty)", "/x", .noMatch),
            v("a value naming another variable is literal text", "/$(nested)", "/$(food)", .match),
            v("a value naming another variable is not expanded", "/$(nested)", "/pizza", .noMatch),
            v("names may hold - and .", "/$(a-b.c)", "/x", .match),
            v("names may hold - and . (other side)", "/$(a-b.c)", "/y", .noMatch),
            v("$(digit) is one character, not two", "/$(alnum)", "/ab", .noMatch),
            v("built-ins are ASCII only even decoded", "/$(alpha)", "/%C3%A9", .noMatch),
            v("$(region) has US", "/$(region)", "/US", .match),
            v("$(region) is a whole code: not U", "/$(region)", "/U", .noMatch),
            v("undefined variable in the middle matches nothing", "/a$(nope)b", "/ab", .noMatch),
            v("the literal text of an undefined variable does not match it", "/a$(nope)b", "/a$(nope)b", .noMatch),
            v("variables expand in every alternative position", "/$(food)/$(food)", "/pizza/burrito", .match),
            v("file variables shadow built-ins (stated reading)", "/$(digit)", "/nine", .match),
            v("file variables shadow built-ins: the built-in class is gone", "/$(digit)", "/9", .noMatch),
            c("undefined variable in # matches nothing", ##"[{"#": "$(nope)*"}]"##, "/x#a", .noMatch, variables: vars),
            c("undefined variable in ? matches nothing", ##"[{"?": "$(nope)*"}]"##, "/x?a", .noMatch, variables: vars),
            c(
                "undefined variable in a ? item matches nothing", ##"[{"?": {"q": "$(nope)*"}}]"##, "/x?q=a", .noMatch,
                variables: vars),
            c(
                "an undefined variable only kills its own rule", ##"[{"/": "/$(nope)"}, {"/": "*"}]"##, "/x", .match,
                variables: vars),
        ]
    }()

    // §8: defaults, every key at both levels.
    static let defaults: [RuleCase] = [
        c(
            "detail defaults / restricts every rule", ##"[{"#": "*"}]"##, "/bar", .noMatch,
            detailDefaults: ##"{"/": "/foo/*"}"##),
        c(
            "detail defaults / lets its paths through", ##"[{"#": "*"}]"##, "/foo/x", .match,
            detailDefaults: ##"{"/": "/foo/*"}"##),
        c(
            "detail defaults / beats applinks defaults /", ##"[{"#": "*"}]"##, "/bar/x", .match,
            defaults: ##"{"/": "/foo/*"}"##, detailDefaults: ##"{"/": "/bar/*"}"##),
        c(
            "detail defaults exclude turns rules into blocks", ##"[{"/": "/a"}]"##, "/a", .exclude,
            detailDefaults: ##"{"exclude": true}"##),
        c(
            "detail defaults exclude false beats applinks exclude true", ##"[{"/": "/a"}]"##, "/a", .match,
            defaults: ##"{"exclude": true}"##, detailDefaults: ##"{"exclude": false}"##),
        c(
            "component exclude false beats detail defaults exclude", ##"[{"/": "/a", "exclude": false}]"##, "/a",
            .match,
            detailDefaults: ##"{"exclude": true}"##),
        c("applinks defaults ? applies", ##"[{"/": "/a"}]"##, "/a?x=1", .noMatch, defaults: ##"{"?": {"x": "2"}}"##),
        c("applinks defaults ? accepts", ##"[{"/": "/a"}]"##, "/a?x=2", .match, defaults: ##"{"?": {"x": "2"}}"##),
        c(
            "component ? beats applinks defaults ?", ##"[{"/": "/a", "?": "*"}]"##, "/a?x=1", .match,
            defaults: ##"{"?": {"x": "2"}}"##),
        c("applinks defaults # applies", ##"[{"/": "/a"}]"##, "/a", .noMatch, defaults: ##"{"#": "?*"}"##),
        c("applinks defaults # accepts", ##"[{"/": "/a"}]"##, "/a#f", .match, defaults: ##"{"#": "?*"}"##),
        c(
            "detail defaults percentEncoded false decodes", ##"[{"/": "/a b"}]"##, "/a%20b", .match,
            detailDefaults: ##"{"percentEncoded": false}"##),
        c(
            "component percentEncoded true beats detail defaults", ##"[{"/": "/a b", "percentEncoded": true}]"##,
            "/a%20b", .noMatch, detailDefaults: ##"{"percentEncoded": false}"##),
        c(
            "detail defaults caseSensitive false folds", ##"[{"/": "/ABC"}]"##, "/abc", .match,
            detailDefaults: ##"{"caseSensitive": false}"##),
        c(
            "defaults apply to every rule, not only the first", ##"[{"/": "/a"}, {"/": "/b"}]"##, "/b", .exclude,
            defaults: ##"{"exclude": true}"##),
        c(
            "lenient null exclude in defaults reads false", ##"[{"/": "/a"}]"##, "/a", .match,
            defaults: ##"{"exclude": null}"##),
        c(
            "lenient null caseSensitive in defaults turns folding on", ##"[{"/": "/ABC"}]"##, "/abc", .match,
            defaults: ##"{"caseSensitive": null}"##),
    ]

    // §9: legacy paths.
    static let legacy: [RuleCase] = [
        raw("NOT in capitals is an exclusion", pathsFile(##"["NOT /a", "*"]"##), "https://example.com/a", .exclude),
        raw("NOT exclusion only covers its pattern", pathsFile(##"["NOT /a", "*"]"##), "https://example.com/b", .match),
        raw(
            "NOT with an empty pattern excludes the root", pathsFile(##"["NOT ", "*"]"##), "https://example.com/",
            .exclude),
        raw(
            "NOT with an empty pattern leaves other paths", pathsFile(##"["NOT ", "*"]"##), "https://example.com/a",
            .match),
        raw("NOTE is not a NOT prefix", pathsFile(##"["NOTE/a"]"##), "https://example.com/NOTE/a", .match),
        raw(
            "NOT entries are case-sensitive by default too", pathsFile(##"["NOT /A", "*"]"##), "https://example.com/a",
            .match),
        raw("legacy paths use path normalisation", pathsFile(##"["/buy/*"]"##), "https://example.com/buy", .match),
        raw(
            "legacy paths: /buy/* does not match /buyer", pathsFile(##"["/buy/*"]"##), "https://example.com/buyer",
            .noMatch),
        raw(
            "legacy paths ignore a fragment that a rule would exclude", pathsFile(##"["/a"]"##),
            "https://example.com/a#no_universal_links", .match),
        raw("legacy paths: no entry matches", pathsFile(##"["/a"]"##), "https://example.com/b?a", .noMatch),
        raw("legacy paths: ? is one character", pathsFile(##"["/id/???"]"##), "https://example.com/id/481", .match),
        raw(
            "legacy paths: ? is not zero characters", pathsFile(##"["/id/???"]"##), "https://example.com/id/48",
            .noMatch),
        raw(
            "legacy paths fold under caseSensitive false defaults",
            pathsFile(##"["/ABC"]"##, defaults: ##"{"caseSensitive": false}"##), "https://example.com/abc", .match),
        raw(
            "legacy paths do not take exclude from defaults (stated reading)",
            pathsFile(##"["/a"]"##, defaults: ##"{"exclude": true}"##), "https://example.com/a", .match),
    ]

    // §10: hosts, ports, URL shapes.
    static let hosts: [RuleCase] = {
        let h = hostCase
        return [
            h("an exact domain does not cover a subdomain", "https://sub.example.com/a", "example.com", .noMatch),
            h("a wildcard domain covers a subdomain", "https://sub.example.com/a", "*.example.com", .match),
            h(
                "a wildcard entitlement form covers a subdomain", "https://sub.example.com/a", "applinks:*.example.com",
                .match),
            h("a wildcard does not cover a sibling domain", "https://example.org/a", "*.example.com", .noMatch),
            h(
                "a wildcard does not cover a lookalike suffix", "https://example.com.evil.net/a", "*.example.com",
                .noMatch),
            h("an explicit www domain does not cover the apex", "https://example.com/a", "www.example.com", .noMatch),
            h("an explicit www domain covers itself", "https://www.example.com/a", "www.example.com", .match),
            h("upper-case URL host matches", "https://WWW.EXAMPLE.COM/a", "www.example.com", .match),
            h("upper-case scheme is fine", "HTTPS://example.com/a", "example.com", .match),
            h("a trailing dot in the URL host is another host", "https://example.com./a", "example.com", .noMatch),
            h(
                "a trailing dot host matches only a trailing dot domain", "https://example.com./a", "example.com.",
                .match),
            h("an explicit default port is still a port", "https://example.com:443/a", "example.com", .noMatch),
            h("an empty port is no port", "https://example.com:/a", "example.com", .match),
            h("a URL without the domain's port does not match", "https://example.com/a", "example.com:8443", .noMatch),
            h("another port does not match", "https://example.com:8444/a", "example.com:8443", .noMatch),
            h("userinfo with a password is not a port", "https://user:pass@example.com/a", "example.com", .match),
            h(
                "userinfo with a password cannot smuggle a host", "https://example.com:pass@evil.com/a", "example.com",
                .noMatch),
            h("IPv6 literal host", "https://[::1]/a", "[::1]", .match),
            h("IPv6 literal host with a port is a port", "https://[::1]:8443/a", "[::1]", .noMatch),
            h("IPv6 literal is not the domain", "https://[::1]/a", "example.com", .noMatch),
            h(
                "a backslash does not end the authority (RFC 3986 / NSURL reading; WHATWG would)",
                "https://evil.com\\@example.com/a", "evil.com", .noMatch),
            h("path-only input on a wildcard domain is on its apex", "/a", "*.example.com", .match),
            h("a host of only a dot is not the domain", "https://./a", "example.com", .noMatch),
        ]
    }()

    @Test(arguments: details) func detailRules(_ rule: RuleCase) { check(rule) }
    @Test(arguments: components) func componentRules(_ rule: RuleCase) { check(rule) }
    @Test(arguments: patterns) func patternRules(_ rule: RuleCase) { check(rule) }
    @Test(arguments: query) func queryRules(_ rule: RuleCase) { check(rule) }
    @Test(arguments: encoding) func encodingRules(_ rule: RuleCase) { check(rule) }
    @Test(arguments: variables) func substitutionRules(_ rule: RuleCase) { check(rule) }
    @Test(arguments: defaults) func defaultRules(_ rule: RuleCase) { check(rule) }
    @Test(arguments: legacy) func legacyRules(_ rule: RuleCase) { check(rule) }
    @Test(arguments: hosts) func hostRules(_ rule: RuleCase) { check(rule) }

    private func check(_ rule: RuleCase) { verify(rule) }

    // §3 leniency: the trace must say that a non-boolean flag turned folding or decoding on.
    @Test(arguments: [
        (##"[{"/": "/ABC", "caseSensitive": null}]"##, "/abc", "caseSensitive"),
        (##"[{"/": "/a b", "percentEncoded": []}]"##, "/a%20b", "percentEncoded"),
    ])
    func lenientFlagsAreExplainedInTheTrace(components: String, path: String, flag: String) throws {
        let verdict = decide(componentsFile(components), "https://example.com" + path)
        #expect(verdict.decision == .match)
        let ruleLine = try #require(verdict.trace.first { $0.hasPrefix("rule 0") })
        #expect(ruleLine.contains("\(flag) false"), "\(ruleLine)")
        #expect(ruleLine.contains("not a boolean"), "the trace must say the flag was read leniently: \(ruleLine)")
    }

    @Test func lenientFlagInDefaultsIsExplainedInTheTrace() throws {
        let verdict =
            decide(
                componentsFile(##"[{"/": "/ABC"}]"##, detailDefaults: ##"{"caseSensitive": null}"##),
                "https://example.com/abc")
        #expect(verdict.decision == .match)
        let ruleLine = try #require(verdict.trace.first { $0.hasPrefix("rule 0") })
        #expect(ruleLine.contains("caseSensitive from details defaults"), "\(ruleLine)")
        #expect(
            ruleLine.contains("caseSensitive read as false from null, not a boolean: case folding is on"),
            "\(ruleLine)")
        let legacy =
            decide(pathsFile(##"["/a b"]"##, defaults: ##"{"percentEncoded": []}"##), "https://example.com/a%20b")
        #expect(legacy.decision == .match)
        #expect(legacy.trace.contains { $0.contains("percentEncoded read as false from an array") }, "\(legacy.trace)")
    }

    @Test func lenientExcludeIsExplainedInTheTrace() throws {
        let verdict = decide(componentsFile(##"[{"/": "/a", "exclude": "yes"}]"##), "https://example.com/a")
        #expect(verdict.decision == .exclude)
        let ruleLine = try #require(verdict.trace.first { $0.hasPrefix("rule 0") })
        #expect(ruleLine.contains("not a boolean"), "\(ruleLine)")
    }

    @Test func nonDictionaryComponentIsExplainedInTheTrace() throws {
        let verdict = decide(componentsFile(##"["junk"]"##), "https://example.com/a")
        #expect(verdict.decision == .match)
        let ruleLine = try #require(verdict.trace.first { $0.hasPrefix("rule 0") })
        #expect(ruleLine.contains("not a dictionary"), "\(ruleLine)")
    }

    // §10: a host mismatch says "input domain did not match", and a subdomain under an exact
    // domain says how to ask for the wildcard reading.
    @Test func hostMismatchSaysInputDomainDidNotMatch() throws {
        let verdict = decide(componentsFile(##"[{"/": "*"}]"##), "https://sub.example.com/a")
        #expect(verdict.decision == .noMatch)
        let last = try #require(verdict.trace.last)
        #expect(last.contains("input domain did not match"), "\(last)")
        #expect(last.contains("*.example.com"), "the trace must name the wildcard domain that would cover it: \(last)")
    }

    @Test func trailingDotHostIsNamedInTheTrace() throws {
        let verdict = decide(componentsFile(##"[{"/": "*"}]"##), "https://example.com./a")
        let last = try #require(verdict.trace.last)
        #expect(last.contains("input domain did not match"))
        #expect(last.contains("trailing dot"), "\(last)")
    }

    // §10 / style: hostile URL strings never crash and say what is wrong.
    static let hostileURLs: [String] = [
        "", " ", "https://", "https:///a", "https://@/", "https://:@:/", "https://[", "https://[::1", "https://[]/",
        "https://example.com:99999/", "https://example.com:-1/", "https://example.com:1:2/",
        "https://example.com:0x50/",
        "https://example.com:\u{663}/", "https://exa\u{0}mple.com/", "https://example.com/\u{0}",
        "\u{FEFF}https://example.com/",
        "https://example.com/" + String(repeating: "%", count: 5000), "https://example.com/%", "https://example.com/%e",
        "https://example.com/%zz%",
        "https://example.com/" + String(repeating: "a/", count: 20000),
        "https://" + String(repeating: "a.", count: 5000) + "example.com/",
        "https://example.com/#" + String(repeating: "#", count: 100), "https://example.com/??&&==",
        "https://example.com/?=&=&=",
        "https://💥.example.com/", "https://example.com/💥?💥=💥#💥", "//example.com/a", "://example.com/a",
        "https:example.com/a",
        "javascript:alert(1)", "https://example.com\\a", "\\\\example.com\\a", "https://ex ample.com/",
        "https://example.com:443@evil.com/",
        "\u{1}\u{2}\u{3}", String(repeating: "\u{301}", count: 100), "https://example.com/\u{D7FF}\u{E000}\u{10FFFF}",
    ]

    @Test(arguments: hostileURLs)
    func hostileURLsNeverCrashAndSayWhy(url: String) throws {
        let file = try #require(
            document(
                componentsFile(
                    ##"""
                    [{"/": "/$(v)*", "caseSensitive": false, "percentEncoded": false}, {"?": {"a": "*"}}, {"/": "*"}]
                    """##, variables: ##"{"v": ["a", "b*"]}"##)
            ).file)
        let matcher = AssociationMatcher(file: file, domain: "example.com")
        let verdict = matcher.decide(url: url, appID: appA)
        #expect(matcher.decision(url: url, appID: appA) == verdict.decision)
        var untraced = verdict
        untraced.trace = []
        #expect(matcher.verdict(url: url, appID: appA) == untraced)
        let last = try #require(verdict.trace.last)
        #expect(last.hasPrefix("decision: \(verdict.decision.rawValue)"), "\(last)")
        if verdict.decision == .noMatch {
            #expect(last.count > "decision: no_match".count, "a no_match on a hostile URL must say why: \(last)")
        }
    }

    @Test(arguments: [
        ("https://", "no host"), ("https://example.com:99999/", "invalid port"),
        ("https://example.com:-1/", "invalid port"),
        ("", "empty"), ("javascript:alert(1)", "not an absolute"), ("ftp://example.com/a", "scheme"),
    ])
    func malformedURLsGiveAClearReason(url: String, reason: String) throws {
        let verdict = decide(componentsFile(##"[{"/": "*"}]"##), url)
        #expect(verdict.decision == .noMatch)
        let last = try #require(verdict.trace.last)
        #expect(last.contains(reason), "\(last)")
    }

    // §1: non-string members of `apps` arrays are skipped.
    @Test func nonStringServiceAppsAreSkipped() throws {
        let file = try #require(
            document(
                ##"""
                {"webcredentials": {"apps": [1, "ABCDE12345.com.example.app", null]}, "appclips": {"apps": \##
                ["ABCDE12345.com.example.app.Clip", {}]}}
                """##
            ).file)
        #expect(file.webcredentials?.apps == [appA])
        #expect(file.appclips?.apps == ["ABCDE12345.com.example.app.Clip"])
    }

    // §2: relativeOrder is clamped and shown, never used; requiredEntitlement is shown.
    @Test func undocumentedKeysAreParsedAndShown() throws {
        let file = try #require(
            document(
                ##"""
                {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "relativeOrder": 250.7, \##
                "components": [{"/": "/a", "requiredEntitlement": "com.apple.developer.x"}]}]}}
                """##
            ).file)
        #expect(file.applinks?.details.first?.relativeOrder == 100)
        #expect(file.applinks?.details.first?.components?.first?.requiredEntitlement == "com.apple.developer.x")
        let negative = try #require(
            document(
                ##"""
                {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "relativeOrder": -101, "paths": \##
                []}]}}
                """##
            ).file)
        #expect(negative.applinks?.details.first?.relativeOrder == -100)
        let verdict =
            AssociationMatcher(file: file, domain: "example.com").decide(url: "https://example.com/a", appID: appA)
        #expect(verdict.decision == .match)
        #expect(verdict.trace.contains { $0.contains("relativeOrder 100") })
        #expect(verdict.trace.contains { $0.contains("requiredEntitlement") })
    }
}

/// The fast path remembers the last URL it prepared (`PreparedURLMemo`): reuse must never
/// change a decision, whatever the order of calls or the number of threads.
@Suite struct DecisionMemoTests {
    static let file = """
        {"applinks": {"details": [
          {"appIDs": ["ABCDE12345.com.example.app"], "components": [{"#": "no", "exclude": true}, {"/": "/buy/*"}, \
        {"/": \
        "/P/*", "caseSensitive": false}, {"/": "/f/*", "percentEncoded": false, "?": {"q": "?*"}}]},
          {"appIDs": ["ABCDE12345.com.example.app2"], "components": [{"/": "/f/a b/*", "percentEncoded": false}, {"/": \
        "/buy/*", "exclude": true}, {"/": "/p/*"}]},
          {"appIDs": ["ABCDE12345.com.example.app3"], "paths": ["NOT /buy/1", "*"]}]}}
        """
    static let urls = [
        "https://example.com/buy/1", "https://example.com/buy/1#no", "https://example.com/p/x",
        "https://example.com/P/x",
        "https://example.com/f/a%20b/c?q=1", "https://example.com/f/a%20b/c", "https://other.com/buy/1", "not a url",
        "/buy/1",
        "https://example.com:8443/buy/1", "ftp://example.com/buy/1", "https://example.com/buy/1?x#y",
    ]
    static let apps = [appA, appB, "ABCDE12345.com.example.app3", "ZZZZZ99999.com.unknown"]

    @Test func reusedPreparationsDecideAsFreshOnes() throws {
        let file = try #require(document(Self.file).file)
        let matcher = AssociationMatcher(file: file, domain: "example.com")
        var expected: [String: Decision] = [:]
        for url in Self.urls {
            for app in Self.apps { expected[url + " " + app] = matcher.decide(url: url, appID: app).decision }
        }
        #expect(Set(expected.values) == [.match, .exclude, .noMatch])
        // URL-major (the memo hits), app-major (it misses), and repeats of each.
        for _ in 0..<3 {
            for url in Self.urls {
                for app in Self.apps {
                    #expect(matcher.decision(url: url, appID: app) == expected[url + " " + app], "\(url) \(app)")
                }
            }
            for app in Self.apps {
                for url in Self.urls {
                    #expect(matcher.decision(url: url, appID: app) == expected[url + " " + app], "\(url) \(app)")
                }
            }
        }
        // A copy of the matcher shares the memo and still agrees.
        let copy = matcher
        for url in Self.urls.reversed() {
            for app in Self.apps.reversed() {
                #expect(copy.decision(url: url, appID: app) == expected[url + " " + app])
            }
        }
    }

    @Test func concurrentCallersNeverSeeEachOthersURLs() async throws {
        let file = try #require(document(Self.file).file)
        let matcher = AssociationMatcher(file: file, domain: "example.com")
        var expected: [String: Decision] = [:]
        for url in Self.urls {
            for app in Self.apps { expected[url + " " + app] = matcher.decide(url: url, appID: app).decision }
        }
        let reference = expected
        let failures = await withTaskGroup(of: Int.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var failures = 0
                    for round in 0..<200 {
                        let urls = (worker + round) % 2 == 0 ? Self.urls : Self.urls.reversed()
                        for url in urls {
                            for app in Self.apps
                            where matcher.decision(url: url, appID: app) != reference[url + " " + app] {
                                failures += 1
                            }
                        }
                    }
                    return failures
                }
            }
            return await group.reduce(0, +)
        }
        #expect(failures == 0)
    }
}

/// The byte classes the URL splitter relies on, checked against their definitions.
@Suite struct URLByteClassTests {
    @Test func mustEscapeIsExactlyControlsSpaceNonASCIIAndTheUnsafeNine() {
        let unsafe = Set("\"<>\\^`{|}".utf8)
        for value in 0...255 {
            let byte = UInt8(value)
            let expected = byte >= 0x80 || byte <= 0x20 || byte == 0x7F || unsafe.contains(byte)
            #expect(URLPartEncoding.mustEscape(byte) == expected, "byte \(value)")
        }
    }
}
