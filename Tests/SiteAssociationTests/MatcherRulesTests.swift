import Foundation
import Testing

@testable import SiteAssociation

/// One row of a rule table: a file, a URL, what iOS decides.
struct RuleCase: Sendable, CustomTestStringConvertible {
    var label: String
    var json: String
    var url: String
    var expected: Decision
    var domain = "example.com"
    var appID = appA
    var testDescription: String { label }
}

/// A row for a components file on example.com (shared by every rule table).
func c(
    _ label: String, _ components: String, _ path: String, _ expected: Decision, defaults: String? = nil,
    detailDefaults: String? = nil, variables: String? = nil
) -> RuleCase {
    RuleCase(
        label: label,
        json: componentsFile(components, defaults: defaults, detailDefaults: detailDefaults, variables: variables),
        url: "https://example.com" + path, expected: expected)
}

/// A §10 row: a match-everything file decided for `url` against `domain`.
func hostCase(_ label: String, _ url: String, _ domain: String, _ expected: Decision) -> RuleCase {
    RuleCase(label: label, json: componentsFile(##"[{"/": "*"}]"##), url: url, expected: expected, domain: domain)
}

/// Decides one table row and checks it: the traced verdict, and the fast paths agreeing with it.
func verify(_ rule: RuleCase) {
    let parsed = document(rule.json)
    guard let file = parsed.file else {
        Issue.record("\(rule.label): the file did not parse")
        return
    }
    let matcher = AssociationMatcher(file: file, domain: rule.domain)
    let verdict = matcher.decide(url: rule.url, appID: rule.appID)
    #expect(verdict.decision == rule.expected, "\(rule.label)\n\(verdict.trace.joined(separator: "\n"))")
    // The fast path (no trace) must agree with the traced one.
    #expect(
        matcher.decision(url: rule.url, appID: rule.appID) == verdict.decision,
        "\(rule.label): fast path disagrees")
    if let index = matcher.appIDs.firstIndex(of: rule.appID) {
        #expect(
            matcher.decisions(url: rule.url)[index] == verdict.decision,
            "\(rule.label): per-URL fast path disagrees")
    }
}

/// Every rule of spec §2–§10, each edge on both sides.
@Suite struct MatcherRulesTests {
    // §3: components, leniency.
    static let components: [RuleCase] = [
        c("a key the rule lacks does not constrain", ##"[{"/": "/a"}]"##, "/a?x=1#frag", .match),
        c("# * matches a URL without fragment", ##"[{"/": "/a", "#": "*"}]"##, "/a", .match),
        c("# empty matches a URL without fragment", ##"[{"/": "/a", "#": ""}]"##, "/a", .match),
        c("# ?* needs a fragment", ##"[{"/": "/a", "#": "?*"}]"##, "/a", .noMatch),
        c("# ?* accepts a fragment", ##"[{"/": "/a", "#": "?*"}]"##, "/a#x", .match),
        c("# empty rejects a fragment", ##"[{"#": ""}]"##, "/a#x", .noMatch),
        c(
            "first matching rule decides: exclude first", ##"[{"/": "/a/*", "exclude": true}, {"/": "/a/b"}]"##, "/a/b",
            .exclude),
        c(
            "first matching rule decides: match first", ##"[{"/": "/a/b"}, {"/": "/a/*", "exclude": true}]"##, "/a/b",
            .match),
        c(
            "nothing falls through past a matching exclude", ##"[{"/": "*", "exclude": true}, {"/": "*"}]"##, "/x",
            .exclude),
        c("no rule matches", ##"[{"/": "/a"}, {"/": "/b"}]"##, "/c", .noMatch),
        c("empty components match nothing", ##"[]"##, "/a", .noMatch),
        c("exclude \"true\" reads true", ##"[{"/": "/a", "exclude": "true"}]"##, "/a", .exclude),
        c("exclude 1 reads true", ##"[{"/": "/a", "exclude": 1}]"##, "/a", .exclude),
        c("exclude 0 reads false", ##"[{"/": "/a", "exclude": 0}]"##, "/a", .match),
        c("exclude \"false\" reads false", ##"[{"/": "/a", "exclude": "false"}]"##, "/a", .match),
        c("exclude null reads false", ##"[{"/": "/a", "exclude": null}]"##, "/a", .match),
        c("exclude [] reads false", ##"[{"/": "/a", "exclude": []}]"##, "/a", .match),
        c("exclude \"yes\" reads true like NSString.boolValue", ##"[{"/": "/a", "exclude": "yes"}]"##, "/a", .exclude),
        c("caseSensitive null turns folding on", ##"[{"/": "/ABC", "caseSensitive": null}]"##, "/abc", .match),
        c("caseSensitive true keeps case", ##"[{"/": "/ABC", "caseSensitive": true}]"##, "/abc", .noMatch),
        c("caseSensitive \"true\" keeps case", ##"[{"/": "/ABC", "caseSensitive": "true"}]"##, "/abc", .noMatch),
        c("percentEncoded [] turns decoding on", ##"[{"/": "/a b", "percentEncoded": []}]"##, "/a%20b", .match),
        c("percentEncoded 1 keeps encoding", ##"[{"/": "/a b", "percentEncoded": 1}]"##, "/a%20b", .noMatch),
        c("non-string / leaves the path unconstrained", ##"[{"/": 5, "#": "f"}]"##, "/anything/at/all#f", .match),
        c("non-string / still checks other parts", ##"[{"/": 5, "#": "f"}]"##, "/anything#g", .noMatch),
        c("non-string # leaves the fragment unconstrained", ##"[{"/": "/a", "#": ["x"]}]"##, "/a#whatever", .match),
        c("non-dictionary component matches everything", ##"["/nope"]"##, "/any/path?q#f", .match),
        c("number component matches everything", ##"[42]"##, "/", .match),
        c(
            "? dictionary with a non-string value is dropped", ##"[{"/": "/a", "?": {"x": "1", "y": 2}}]"##, "/a?x=9",
            .match),
        c("? dictionary of strings constrains", ##"[{"/": "/a", "?": {"x": "1", "y": "2"}}]"##, "/a?x=9", .noMatch),
        c("? dictionary with null value is dropped", ##"[{"/": "/a", "?": {"x": null}}]"##, "/a?x=1", .match),
        c("? repeated name: the last value is used (kept)", ##"[{"?": {"x": 1, "x": "a"}}]"##, "/p?x=b", .noMatch),
        c("? repeated name: the last value is used (matches)", ##"[{"?": {"x": 1, "x": "a"}}]"##, "/p?x=a", .match),
        c("unknown keys are ignored", ##"[{"/": "/a", "path": "/b"}]"##, "/a", .match),
        c("comment is ignored", ##"[{"/": "/a", "comment": "hello"}]"##, "/a", .match),
        c(
            "requiredEntitlement never changes a verdict",
            ##"[{"/": "/a", "requiredEntitlement": "com.apple.developer.x"}]"##, "/a", .match),
    ]

    // §4: patterns and normalisation.
    static let patterns: [RuleCase] = [
        c("* crosses /", ##"[{"/": "/a/*"}]"##, "/a/b/c/d", .match),
        c("* matches zero characters", ##"[{"/": "/a*"}]"##, "/a", .match),
        c("? matches exactly one", ##"[{"/": "/id/???"}]"##, "/id/481", .match),
        c("? does not match two", ##"[{"/": "/id/???"}]"##, "/id/4812", .noMatch),
        c("? does not match zero", ##"[{"/": "/id/???"}]"##, "/id/48", .noMatch),
        c("?* needs at least one", ##"[{"/": "/a/?*"}]"##, "/a/", .noMatch),
        c("?* accepts one", ##"[{"/": "/a/?*"}]"##, "/a/b", .match),
        c("a pattern matches the whole path, not a prefix", ##"[{"/": "/a"}]"##, "/ab", .noMatch),
        c("a pattern matches the whole path, not a suffix", ##"[{"/": "/b"}]"##, "/a/b", .noMatch),
        c("missing leading slash is added", ##"[{"/": "abc"}]"##, "/abc", .match),
        c("trailing slash is added to the pattern", ##"[{"/": "/buy"}]"##, "/buy/", .match),
        c("trailing slash is added to the path", ##"[{"/": "/buy/"}]"##, "/buy", .match),
        c("/buy/* matches /buy", ##"[{"/": "/buy/*"}]"##, "/buy", .match),
        c("/buy/* matches /buy/", ##"[{"/": "/buy/*"}]"##, "/buy/", .match),
        c("/buy/* matches /buy//", ##"[{"/": "/buy/*"}]"##, "/buy//", .match),
        c("/buy/* does not match /buyer", ##"[{"/": "/buy/*"}]"##, "/buyer", .noMatch),
        c("/a/*/c does not match /a/c", ##"[{"/": "/a/*/c"}]"##, "/a/c", .noMatch),
        c("/a/*/c matches /a/b/c", ##"[{"/": "/a/*/c"}]"##, "/a/b/c", .match),
        c("/id/???? does not match /id/481", ##"[{"/": "/id/????"}]"##, "/id/481", .noMatch),
        c("/ matches the empty path", ##"[{"/": "/"}]"##, "", .match),
        c("/ matches /", ##"[{"/": "/"}]"##, "/", .match),
        c("/ does not match /a", ##"[{"/": "/"}]"##, "/a", .noMatch),
        c("empty pattern is /", ##"[{"/": ""}]"##, "/", .match),
        c("empty pattern does not match /a", ##"[{"/": ""}]"##, "/a", .noMatch),
        c("one-character * matches everything", ##"[{"/": "*"}]"##, "/a/b?c#d", .match),
        c("one-character a is left alone and matches nothing", ##"[{"/": "a"}]"##, "/a", .noMatch),
        c("runs of * collapse", ##"[{"/": "/a/***"}]"##, "/a/b", .match),
        c("runs of / collapse in the pattern", ##"[{"/": "//a//b"}]"##, "/a/b", .match),
        c("runs of / collapse in the path", ##"[{"/": "/a/b"}]"##, "/a//b", .match),
        c("leading * keeps no slash", ##"[{"/": "*.pdf"}]"##, "/docs/x.pdf", .match),
        c("leading * pattern still needs the suffix", ##"[{"/": "*.pdf"}]"##, "/docs/x.pdfx", .noMatch),
        c(
            "no escapes: backslash does not escape *", ##"[{"/": "/a\\*", "percentEncoded": false}]"##, "/a%5Cxyz",
            .match),
    ]

    // §5: query.
    static let query: [RuleCase] = [
        c("query string matches the whole query", ##"[{"?": "a=1"}]"##, "/x?a=1", .match),
        c("query string is not a substring match", ##"[{"?": "a=1"}]"##, "/x?a=1&b=2", .noMatch),
        c("query * matches no query", ##"[{"?": "*"}]"##, "/x", .match),
        c("query empty matches no query", ##"[{"?": ""}]"##, "/x", .match),
        c("query ?* needs a query", ##"[{"?": "?*"}]"##, "/x", .noMatch),
        c("query ?* accepts a query", ##"[{"?": "?*"}]"##, "/x?a", .match),
        c("query string compares encoded", ##"[{"?": "q=a b"}]"##, "/x?q=a%20b", .noMatch),
        c("dictionary ignores unnamed items", ##"[{"?": {"id": "42"}}]"##, "/x?z=1&id=42&y=2", .match),
        c("dictionary rejects a wrong value", ##"[{"?": {"id": "42"}}]"##, "/x?id=43", .noMatch),
        c("every occurrence must match (one fails)", ##"[{"?": {"id": "42"}}]"##, "/x?id=7&id=42", .noMatch),
        c("every occurrence must match (all pass)", ##"[{"?": {"id": "7"}}]"##, "/x?id=7&id=7", .match),
        c("absent item is empty: * matches", ##"[{"?": {"b": "*"}}]"##, "/x?a=1", .match),
        c("absent item is empty: empty matches", ##"[{"?": {"b": ""}}]"##, "/x", .match),
        c("absent item is empty: ?* fails", ##"[{"?": {"b": "?*"}}]"##, "/x?a=1", .noMatch),
        c("item without value is empty", ##"[{"?": {"b": ""}}]"##, "/x?b", .match),
        c("item without value fails ?*", ##"[{"?": {"b": "?*"}}]"##, "/x?b", .noMatch),
        c("plus is a literal plus", ##"[{"?": {"q": "a+b"}}]"##, "/x?q=a+b", .match),
        c("plus is not a space", ##"[{"?": {"q": "a b"}}]"##, "/x?q=a+b", .noMatch),
        c("dictionary order does not matter", ##"[{"?": {"b": "2", "a": "1"}}]"##, "/x?a=1&b=2", .match),
        c("encoded item value compared as encoded", ##"[{"?": {"q": "a%20b"}}]"##, "/x?q=a%20b", .match),
        c(
            "decoded item value under percentEncoded false", ##"[{"?": {"q": "a b"}, "percentEncoded": false}]"##,
            "/x?q=a%20b", .match),
        c(
            "item names decoded under percentEncoded false", ##"[{"?": {"a b": "1"}, "percentEncoded": false}]"##,
            "/x?a%20b=1", .match),
        c("item names compared encoded by default", ##"[{"?": {"a b": "1"}}]"##, "/x?a%20b=1", .noMatch),
        c("item values fold case", ##"[{"?": {"q": "ABC"}, "caseSensitive": false}]"##, "/x?q=abc", .match),
        c("item names do not fold case", ##"[{"?": {"Q": "1"}, "caseSensitive": false}]"##, "/x?q=1", .noMatch),
        c("item value wildcard", ##"[{"?": {"q": "a*"}}]"##, "/x?q=abc", .match),
    ]

    // §6: case and percent-encoding.
    static let encoding: [RuleCase] = [
        c("encoded: escapes compare exactly", ##"[{"/": "/%C3%A9"}]"##, "/%c3%a9", .noMatch),
        c("encoded: equal escapes match", ##"[{"/": "/%C3%A9"}]"##, "/%C3%A9", .match),
        c("encoded: %2F is not a separator", ##"[{"/": "/a/b"}]"##, "/a%2Fb", .noMatch),
        c("encoded: space pattern does not match %20", ##"[{"/": "/a b"}]"##, "/a%20b", .noMatch),
        c("encoded: %20 pattern matches %20", ##"[{"/": "/a%20b"}]"##, "/a%20b", .match),
        c("decoded: space pattern matches %20", ##"[{"/": "/a b", "percentEncoded": false}]"##, "/a%20b", .match),
        c("decoded: é matches %C3%A9", ##"[{"/": "/café", "percentEncoded": false}]"##, "/caf%C3%A9", .match),
        c(
            "decoded: %20 pattern no longer matches", ##"[{"/": "/a%20b", "percentEncoded": false}]"##, "/a%20b",
            .noMatch),
        c("decoded: %2F becomes a separator", ##"[{"/": "/a/b", "percentEncoded": false}]"##, "/a%2Fb", .match),
        c("decoded: fragment is decoded", ##"[{"#": "a b", "percentEncoded": false}]"##, "/x#a%20b", .match),
        c("decoded: malformed escape stays literal", ##"[{"/": "/a%zz", "percentEncoded": false}]"##, "/a%zz", .match),
        c("case folding: pattern upper, URL lower", ##"[{"/": "/ABC", "caseSensitive": false}]"##, "/abc", .match),
        c("case folding: pattern lower, URL upper", ##"[{"/": "/abc", "caseSensitive": false}]"##, "/ABC", .match),
        c("case sensitive by default", ##"[{"/": "/abc"}]"##, "/ABC", .noMatch),
        c("case folding applies to the fragment", ##"[{"#": "TOP", "caseSensitive": false}]"##, "/x#top", .match),
        c("case folding applies to the whole query", ##"[{"?": "A=1", "caseSensitive": false}]"##, "/x?a=1", .match),
        c("$(upper) accepts q when folding", ##"[{"/": "/$(upper)", "caseSensitive": false}]"##, "/q", .match),
        c("$(upper) rejects q when case-sensitive", ##"[{"/": "/$(upper)"}]"##, "/q", .noMatch),
        c("substitution values fold case", ##"[{"/": "/$(v)", "caseSensitive": false}]"##, "/pizza", .match),
        c("substitution values keep case by default", ##"[{"/": "/$(v)"}]"##, "/pizza", .noMatch),
        c("raw space in the input URL is encoded first", ##"[{"/": "/a%20b"}]"##, "/a b", .match),
        c("raw non-ASCII in the input URL is encoded first", ##"[{"/": "/caf%C3%A9"}]"##, "/café", .match),
    ].map { item in
        var copy = item
        if item.label.contains("substitution values") {
            copy.json =
                componentsFile(
                    item.json.components(separatedBy: "\"components\": ")[1]
                        .components(separatedBy: "}]}")[0] + "}]", variables: ##"{"v": ["PIZZA"]}"##)
        }
        return copy
    }

    // §7: substitution variables.
    static let variables: [RuleCase] = {
        let vars = ##"{"food": ["burrito", "pizza"], "wild": ["a*z", "q?"], "Food": ["taco"]}"##
        func v(_ label: String, _ pattern: String, _ path: String, _ expected: Decision) -> RuleCase {
            c(label, "[{\"/\": \"\(pattern)\"}]", path, expected, variables: vars)
        }
        return [
            v("variable value matches", "/$(food)", "/pizza", .match),
            v("other text does not", "/$(food)", "/tacos", .noMatch),
            v("variable names are case-sensitive", "/$(Food)", "/taco", .match),
            v("variable names are case-sensitive (other side)", "/$(Food)", "/pizza", .noMatch),
            v("values may contain *", "/$(wild)", "/abcz", .match),
            v("values may contain ?", "/$(wild)", "/qx", .match),
            v("values with ? need one character", "/$(wild)", "/q", .noMatch),
            v("undefined variable matches nothing", "/$(nope)", "/$(nope)", .noMatch),
            v("undefined variable matches nothing, not even *", "/$(nope)*", "/anything", .noMatch),
            v("$(alpha) one letter", "/$(alpha)", "/x", .match),
            v("$(alpha) not a digit", "/$(alpha)", "/1", .noMatch),
            v("$(alpha) exactly one", "/$(alpha)", "/xy", .noMatch),
            v("$(upper) upper", "/$(upper)", "/Q", .match),
            v("$(upper) not lower", "/$(upper)", "/q", .noMatch),
            v("$(lower) lower", "/$(lower)", "/q", .match),
            v("$(lower) not upper", "/$(lower)", "/Q", .noMatch),
            v("$(alnum) digit", "/$(alnum)", "/7", .match),
            v("$(alnum) not punctuation", "/$(alnum)", "/-", .noMatch),
            v("$(digit) digit", "/$(digit)$(digit)", "/42", .match),
            v("$(digit) not a letter", "/$(digit)", "/a", .noMatch),
            v("$(xdigit) hex letter", "/$(xdigit)", "/f", .match),
            v("$(xdigit) not g", "/$(xdigit)", "/g", .noMatch),
            v("$(alpha) is ASCII only", "/$(alpha)", "/%C3%A9", .noMatch),
            v("$(region) has GB", "/$(region)", "/GB", .match),
            v("$(region) has no UK", "/$(region)", "/UK", .noMatch),
            v("$(region) is upper-case", "/$(region)", "/gb", .noMatch),
            v("$(lang) has en", "/$(lang)", "/en", .match),
            v("$(lang) has no qq", "/$(lang)", "/qq", .noMatch),
            v("unterminated $( is literal", "/$(food", "/$(food", .match),
            c(
                "variable in a ? dictionary value", ##"[{"?": {"f": "$(food)"}}]"##, "/x?f=pizza", .match,
                variables: vars),
            c(
                "variable in a ? dictionary value rejects", ##"[{"?": {"f": "$(food)"}}]"##, "/x?f=taco", .noMatch,
                variables: vars),
            c("variable in #", ##"[{"#": "$(food)"}]"##, "/x#burrito", .match, variables: vars),
        ]
    }()

    // §8: defaults.
    static let defaults: [RuleCase] = [
        c(
            "applinks.defaults / restricts every rule", ##"[{"#": "*"}]"##, "/bar", .noMatch,
            defaults: ##"{"/": "/foo/*"}"##),
        c(
            "applinks.defaults / lets its paths through", ##"[{"#": "*"}]"##, "/foo/x", .match,
            defaults: ##"{"/": "/foo/*"}"##),
        c(
            "applinks.defaults exclude turns rules into blocks", ##"[{"/": "/a"}]"##, "/a", .exclude,
            defaults: ##"{"exclude": true}"##),
        c(
            "a component's own exclude false beats defaults", ##"[{"/": "/a", "exclude": false}]"##, "/a", .match,
            defaults: ##"{"exclude": true}"##),
        c(
            "applinks.defaults caseSensitive false folds", ##"[{"/": "/ABC"}]"##, "/abc", .match,
            defaults: ##"{"caseSensitive": false}"##),
        c(
            "detail defaults win over applinks defaults", ##"[{"/": "/ABC"}]"##, "/abc", .noMatch,
            defaults: ##"{"caseSensitive": false}"##, detailDefaults: ##"{"caseSensitive": true}"##),
        c(
            "component wins over detail defaults", ##"[{"/": "/ABC", "caseSensitive": false}]"##, "/abc", .match,
            detailDefaults: ##"{"caseSensitive": true}"##),
        c(
            "detail defaults ? applies", ##"[{"/": "/a"}]"##, "/a?x=1", .noMatch,
            detailDefaults: ##"{"?": {"x": "2"}}"##),
        c("detail defaults # applies", ##"[{"/": "/a"}]"##, "/a#y", .match, detailDefaults: ##"{"#": "y"}"##),
        c("detail defaults # rejects", ##"[{"/": "/a"}]"##, "/a", .noMatch, detailDefaults: ##"{"#": "y"}"##),
        c(
            "defaults percentEncoded false decodes", ##"[{"/": "/a b"}]"##, "/a%20b", .match,
            defaults: ##"{"percentEncoded": false}"##),
        c("component / beats defaults /", ##"[{"/": "/bar"}]"##, "/bar", .match, defaults: ##"{"/": "/foo/*"}"##),
    ]

    // §9: legacy paths; §2: details.
    static let legacyAndDetails: [RuleCase] = [
        RuleCase(
            label: "lower-case not prefix is an exclusion", json: pathsFile(##"["not /a/*", "*"]"##),
            url: "https://example.com/a/b", expected: .exclude),
        RuleCase(
            label: "NoT mixed case prefix is an exclusion", json: pathsFile(##"["NoT /a/*", "*"]"##),
            url: "https://example.com/a/b", expected: .exclude),
        RuleCase(
            label: "NOT without space is a pattern", json: pathsFile(##"["NOT/a", "*"]"##),
            url: "https://example.com/a", expected: .match),
        RuleCase(
            label: "legacy paths ignore the query", json: pathsFile(##"["/a"]"##),
            url: "https://example.com/a?x=1#f", expected: .match),
        RuleCase(
            label: "NOT entries stay case-sensitive under folding defaults",
            json: pathsFile(##"["NOT /Secret/*", "*"]"##, defaults: ##"{"caseSensitive": false}"##),
            url: "https://example.com/secret/x", expected: .match),
        RuleCase(
            label: "NOT entries block their exact case",
            json: pathsFile(##"["NOT /Secret/*", "*"]"##, defaults: ##"{"caseSensitive": false}"##),
            url: "https://example.com/Secret/x", expected: .exclude),
        RuleCase(
            label: "plain legacy entries fold under defaults",
            json: pathsFile(##"["/ABC"]"##, defaults: ##"{"caseSensitive": false}"##), url: "https://example.com/abc",
            expected: .match),
        RuleCase(
            label: "legacy first match wins", json: pathsFile(##"["/a/*", "NOT /a/b"]"##),
            url: "https://example.com/a/b", expected: .match),
        RuleCase(
            label: "details as a dictionary keyed by app ID",
            json: ##"{"applinks": {"apps": [], "details": {"ABCDE12345.com.example.app": {"paths": ["/x/*"]}}}}"##,
            url: "https://example.com/x/1", expected: .match),
        RuleCase(
            label: "dictionary details: other app not named",
            json: ##"{"applinks": {"apps": [], "details": {"ABCDE12345.com.example.other": {"paths": ["*"]}}}}"##,
            url: "https://example.com/x", expected: .noMatch),
        RuleCase(
            label: "appIDs wins over appID",
            json: ##"""
                {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "appID": \##
                "ABCDE12345.com.other", \##
                "paths": ["*"]}]}}
                """##, url: "https://example.com/x", expected: .match),
        RuleCase(
            label: "appIDs wins over appID: appID ignored",
            json: ##"""
                {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.other"], "appID": \##
                "ABCDE12345.com.example.app", \##
                "paths": ["*"]}]}}
                """##, url: "https://example.com/x", expected: .noMatch),
        RuleCase(
            label: "empty appIDs still wins over appID",
            json: ##"""
                {"applinks": {"details": [{"appIDs": [], "appID": "ABCDE12345.com.example.app", "paths": ["*"]}]}}
                """##, url: "https://example.com/x", expected: .noMatch),
        RuleCase(
            label: "non-array appIDs falls back to appID",
            json: ##"""
                {"applinks": {"details": [{"appIDs": "ABCDE12345.com.other", "appID": "ABCDE12345.com.example.app", \##
                "paths": ["*"]}]}}
                """##, url: "https://example.com/x", expected: .match),
        RuleCase(
            label: "components win over paths",
            json: ##"""
                {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/c"}], \##
                "paths": ["/p"]}]}}
                """##, url: "https://example.com/p", expected: .noMatch),
        RuleCase(
            label: """
                components win over paths (components side)
                """,
            json: ##"""
                {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/c"}], \##
                "paths": ["/p"]}]}}
                """##, url: "https://example.com/c", expected: .match),
        RuleCase(
            label: "empty components still win over paths",
            json: ##"""
                {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [], "paths": \##
                ["*"]}]}}
                """##, url: "https://example.com/x", expected: .noMatch),
        RuleCase(
            label: """
                non-array components fall back to paths
                """,
            json: ##"""
                {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": {"/": "/c"}, \##
                "paths": ["*"]}]}}
                """##, url: "https://example.com/x", expected: .match),
        RuleCase(
            label: "first detail naming the app decides (match beats later exclude)",
            json: ##"""
                {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/a"}]}, \##
                {"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/a", "exclude": true}]}]}}
                """##, url: "https://example.com/a", expected: .match),
        RuleCase(
            label: "later details are not merged",
            json: ##"""
                {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/a"}]}, \##
                {"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/b"}]}]}}
                """##, url: "https://example.com/b", expected: .noMatch),
        RuleCase(
            label: "relativeOrder never changes a verdict",
            json: ##"""
                {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/a"}]}, \##
                {"appIDs": ["ABCDE12345.com.example.app"], "relativeOrder": 100, "components": [{"/": "/a", \##
                "exclude": \##
                true}]}]}}
                """##, url: "https://example.com/a", expected: .match),
        RuleCase(
            label: "detail with neither list matches nothing",
            json: ##"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"]}]}}"##,
            url: "https://example.com/a", expected: .noMatch),
        RuleCase(
            label: "non-string appIDs members are skipped",
            json: ##"{"applinks": {"details": [{"appIDs": [5, "ABCDE12345.com.example.app"], "paths": ["*"]}]}}"##,
            url: "https://example.com/a", expected: .match),
    ]

    // §10: hosts.
    static let hosts: [RuleCase] = {
        let h = hostCase
        return [
            h("host equals the domain", "https://example.com/a", "example.com", .match),
            h("host differs", "https://other.com/a", "example.com", .noMatch),
            h("subdomain is not the domain", "https://www.example.com/a", "example.com", .noMatch),
            h("host compared without case", "https://EXAMPLE.com/a", "example.com", .match),
            h("domain compared without case", "https://example.com/a", "Example.COM", .match),
            h("wildcard covers the apex", "https://example.com/a", "*.example.com", .match),
            h("wildcard covers a subdomain", "https://a.b.example.com/a", "*.example.com", .match),
            h("wildcard respects label boundaries", "https://notexample.com/a", "*.example.com", .noMatch),
            h(
                "a URL with a port does not match a portless domain", "https://example.com:8443/a", "example.com",
                .noMatch),
            h("a port matches the domain's port", "https://example.com:8443/a", "example.com:8443", .match),
            h("http is decided too", "http://example.com/a", "example.com", .match),
            h("other schemes never match", "ftp://example.com/a", "example.com", .noMatch),
            h("entitlement prefix is accepted as the domain", "https://example.com/a", "applinks:example.com", .match),
            h("userinfo is not the host", "https://evil.com@example.com/a", "example.com", .match),
            h("userinfo host cannot sneak in", "https://example.com@evil.com/a", "example.com", .noMatch),
            h("path-only input is on the domain", "/a", "example.com", .match),
            h("garbage is no_match", "not a url", "example.com", .noMatch),
        ]
    }()

    @Test(arguments: components) func componentRules(_ rule: RuleCase) { check(rule) }
    @Test(arguments: patterns) func patternRules(_ rule: RuleCase) { check(rule) }
    @Test(arguments: query) func queryRules(_ rule: RuleCase) { check(rule) }
    @Test(arguments: encoding) func encodingRules(_ rule: RuleCase) { check(rule) }
    @Test(arguments: variables) func substitutionRules(_ rule: RuleCase) { check(rule) }
    @Test(arguments: defaults) func defaultRules(_ rule: RuleCase) { check(rule) }
    @Test(arguments: legacyAndDetails) func legacyAndDetailRules(_ rule: RuleCase) { check(rule) }
    @Test(arguments: hosts) func hostRules(_ rule: RuleCase) { check(rule) }

    private func check(_ rule: RuleCase) { verify(rule) }
}
