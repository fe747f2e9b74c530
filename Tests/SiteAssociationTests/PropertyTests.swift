import Foundation
import TestSupport
import Testing

@testable import SiteAssociation

/// The compiled matcher agrees with the naive reference on thousands of random cases.
@Suite struct PropertyTests {
    static let variables: [String: [String]] = ["v": ["ab", "B*", "a?"], "w": ["/", "%2F"]]
    static let patternPieces =
        [
            "a", "b", "A", "/", "*", "?", "?*", "$(v)", "$(w)", "$(digit)", "$(upper)", "$(lower)", "$(alpha)", "%2F",
            "%20", " ", "1", "$(undefined)",
        ]
    static let textPieces = ["a", "b", "A", "B", "/", "//", "%2F", "%2f", "%20", " ", "1", "9", "%C3%A9", "x", "*"]

    private func random(_ pieces: [String], count: Int, _ generator: inout SeededGenerator) -> String {
        (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
    }

    private func json(_ text: String) -> String { JSONValue.quoted(text) }

    @Test func compiledMatcherAgreesWithNaiveReference() throws {
        var generator = SeededGenerator(seed: 20_261_121)
        var disagreements: [String] = []
        var outcomes: [String: Int] = [:]
        let cases = 4000
        for _ in 0..<cases {
            var rules: [ReferenceMatcher.Rule] = []
            var components: [String] = []
            for _ in 0..<(1 + Int(generator.next() % 3)) {
                var rule = ReferenceMatcher.Rule()
                var keys: [String] = []
                if generator.next() % 4 != 0 {
                    let path = random(Self.patternPieces, count: Int(generator.next() % 6), &generator)
                    rule.path = path
                    keys.append("\"/\": \(json(path))")
                }
                switch generator.next() % 4 {
                case 0:
                    let query =
                        random(
                            ["a", "=", "1", "*", "?", "&", "$(digit)", "%20"], count: Int(generator.next() % 5),
                            &generator)
                    rule.query = query
                    keys.append("\"?\": \(json(query))")
                case 1:
                    let value = random(["a", "1", "*", "?", "$(v)", "A"], count: Int(generator.next() % 4), &generator)
                    let name = ["a", "b", "a b"][Int(generator.next() % 3)]
                    rule.queryItems = [(name, value)]
                    keys.append("\"?\": {\(json(name)): \(json(value))}")
                default: break
                }
                if generator.next() % 3 == 0 {
                    let fragment = random(["a", "*", "?", "B", "%20"], count: Int(generator.next() % 3), &generator)
                    rule.fragment = fragment
                    keys.append("\"#\": \(json(fragment))")
                }
                if generator.next() % 3 == 0 {
                    rule.exclude = true
                    keys.append("\"exclude\": true")
                }
                if generator.next() % 2 == 0 {
                    rule.caseSensitive = false
                    keys.append("\"caseSensitive\": false")
                }
                if generator.next() % 2 == 0 {
                    rule.percentEncoded = false
                    keys.append("\"percentEncoded\": false")
                }
                rules.append(rule)
                components.append("{" + keys.joined(separator: ", ") + "}")
            }
            let variablesJSON =
                "{"
                + Self.variables.sorted { $0.key < $1.key }.map {
                    """
                    \(json($0.key)): [\($0.value.map(json).joined(separator: ", "))]
                    """
                }.joined(separator: ", ") + "}"
            let fileJSON = componentsFile("[" + components.joined(separator: ", ") + "]", variables: variablesJSON)
            let path =
                "/"
                + random(Self.textPieces, count: Int(generator.next() % 7), &generator).replacingOccurrences(
                    of: " ",
                    with: "%20"
                ).replacingOccurrences(of: "*", with: "%2A")
            let query: String? =
                generator.next() % 2 == 0
                ? random(["a", "=", "1", "&", "b", "A", "%20", "a%20b"], count: Int(generator.next() % 6), &generator)
                : nil
            let fragment: String? =
                generator.next() % 3 == 0
                ? random(["a", "B", "%20", "b"], count: Int(generator.next() % 3), &generator) : nil
            var url = "https://example.com" + path
            if let query { url += "?" + query }
            if let fragment { url += "#" + fragment }
            let expected =
                ReferenceMatcher.decide(rules, path: path, query: query, fragment: fragment, variables: Self.variables)
            outcomes[expected, default: 0] += 1
            let parsed = document(fileJSON)
            let file = try #require(parsed.file)
            let matcher = AssociationMatcher(file: file, domain: "example.com")
            let actual = matcher.decide(url: url, appID: appA)
            if actual.decision.rawValue != expected {
                disagreements.append(
                    """
                    \(fileJSON)\n\(url): compiled \(actual.decision.rawValue), \
                    reference \(expected)\n\(actual.trace.joined(separator: "\n"))
                    """)
            }
            // The fast path, fresh and then reusing the URL it prepared (PreparedURLMemo).
            #expect(matcher.decision(url: url, appID: appA) == actual.decision)
            #expect(matcher.decision(url: url, appID: appA) == actual.decision)
            // The untraced verdict: everything the traced one says but the trace.
            var untraced = actual
            untraced.trace = []
            #expect(matcher.verdict(url: url, appID: appA) == untraced)
            let notNamed = AppVerdict.noMatch("ZZZZZZZZZZ.not.named", .appNotListed)
            #expect(matcher.verdict(url: url, appID: notNamed.appID) == notNamed)
            #expect(matcher.decide(url: url, appID: notNamed.appID).reason == .appNotListed)
            // Every app at once (the URL prepared once, no memo): the same verdicts, in order;
            // a skipped app gets the placeholder and costs nothing.
            #expect(
                matcher.verdicts(url: url, appIDs: [appA, notNamed.appID, appA]) == [untraced, notNamed, untraced])
            #expect(
                matcher.verdicts(url: url, appIDs: [appA, appA], skip: [true, false])
                    == [AppVerdict(appID: appA, decision: .noMatch), untraced])
        }
        // The generator must exercise every outcome, or agreement would mean little.
        for outcome in ["match", "exclude", "no_match"] {
            #expect((outcomes[outcome] ?? 0) > cases / 20, "only \(outcomes[outcome] ?? 0) \(outcome) cases")
        }
        #expect(
            disagreements.isEmpty,
            """
            \(disagreements.count) of \(cases) disagree; first:\n\(disagreements.prefix(3).joined(separator: "\n\n"))
            """)
    }

    /// Steps the matcher takes on `count` units of `a` for a pattern (both engines count).
    private func steps(_ pattern: String, variables: [String: [String]] = [:], count: Int) -> (Bool, Int) {
        let glob = Glob(pieces: PatternPiece.split(pattern), variables: variables, foldCase: false)
        return glob.matchCountingSteps(Array(("/" + String(repeating: "a", count: count)).utf16))
    }

    /// Apple warned about exponential backtracking (spec §4): the work must grow linearly with the
    /// path. Counted in matcher steps, not time, so the bound holds on a loaded machine.
    @Test(arguments: [
        ("*a*a*a*a*a*a*a*b", [String: [String]]()),
        ("/$(v)*a*a*a*a*a*a*b", ["v": ["a", "aa", "a*"]]),
    ])
    func adversarialPatternWorkGrowsLinearly(pattern: String, variables: [String: [String]]) {
        let (matchedShort, short) = steps(pattern, variables: variables, count: 2048)
        let (matchedLong, long) = steps(pattern, variables: variables, count: 4096)
        #expect(!matchedShort && !matchedLong)
        #expect(short > 2048, "the counter counts at least one step per unit")
        // Twice the input, at most about twice the work (exponential would square it).
        #expect(long <= 2 * short + 64, "steps: \(short) for n=2048, \(long) for 2n")
        // And an absolute bound: O(pattern × text).
        #expect(long <= (pattern.utf16.count + 8) * 4097 * 4)
    }

    @Test func adversarialPatternDecidesNoMatchThroughTheMatcher() throws {
        let file =
            try #require(
                document(
                    componentsFile(
                        ##"[{"/": "*a*a*a*a*a*a*a*b"}, {"/": "/$(v)*a*a*a*a*a*a*b", "caseSensitive": false}]"##,
                        variables: ##"{"v": ["a", "aa", "a*"]}"##)
                ).file)
        let matcher = AssociationMatcher(file: file, domain: "example.com")
        let url = "https://example.com/" + String(repeating: "a", count: 4096)
        #expect(matcher.decision(url: url, appID: appA) == .noMatch)
    }
}
