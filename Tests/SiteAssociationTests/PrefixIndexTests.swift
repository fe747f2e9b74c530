import Foundation
import TestSupport
import Testing

@testable import SiteAssociation

/// Long rule lists are searched through a literal-prefix index: it must find exactly the rule
/// the rule-by-rule scan finds, and the verdict the traced matcher (which tries every rule with
/// its own code) gives, for every form of path (case folded, percent-decoded).
@Suite struct PrefixIndexTests {
    static let pathPieces =
        ["/a", "/b", "/ab", "/A", "a", "b", "/", "*", "?", "$(v)", "$(digit)", "%2F", "%41", "é", "/a/"]
    static let textPieces = ["/a", "/b", "/ab", "/A", "a", "b", "B", "/", "%2F", "%2f", "%41", "é", "%C3%A9", "1", "x"]

    private func random(_ pieces: [String], count: Int, _ generator: inout SeededGenerator) -> String {
        (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
    }

    @Test func theIndexFindsTheRuleTheScanAndTheTracedMatcherFind() throws {
        var generator = SeededGenerator(seed: 20_261_126)
        var outcomes: [Decision: Int] = [:]
        var indexedLists = 0
        for _ in 0..<600 {
            var components: [String] = []
            for _ in 0..<(FastRuleList.indexThreshold + Int(generator.next() % 30)) {
                var keys: [String] = []
                if generator.next() % 8 != 0 {
                    keys.append(
                        """
                        \"/\": \
                        \(JSONValue.quoted(random(Self.pathPieces, count: 1 + Int(generator.next() % 4), &generator)))
                        """)
                }
                if generator.next() % 6 == 0 { keys.append("\"?\": {\"q\": \"1\"}") }
                if generator.next() % 8 == 0 { keys.append("\"#\": \"f\"") }
                if generator.next() % 3 == 0 { keys.append("\"caseSensitive\": false") }
                if generator.next() % 4 == 0 { keys.append("\"percentEncoded\": false") }
                if generator.next() % 4 == 0 { keys.append("\"exclude\": true") }
                components.append("{" + keys.joined(separator: ", ") + "}")
            }
            let json = componentsFile("[" + components.joined(separator: ", ") + "]", variables: #"{"v": ["a", "b*"]}"#)
            let file = try #require(document(json).file)
            let detail = try #require(file.applinks?.details.first)
            let variables = file.applinks?.substitutionVariables ?? [:]
            let rules = EffectiveRule.rules(of: detail, fileDefaults: file.applinks?.defaults).map {
                CompiledRule($0, variables: variables)
            }
            let indexed = FastRuleList(rules)
            let scanned = FastRuleList(rules, indexed: false)
            if rules.count >= FastRuleList.indexThreshold { indexedLists += 1 }
            let matcher = AssociationMatcher(file: file, domain: "example.com")
            for _ in 0..<12 {
                var url = "https://example.com" + random(Self.textPieces, count: Int(generator.next() % 5), &generator)
                if generator.next() % 4 == 0 { url += "?q=1" }
                if generator.next() % 6 == 0 { url += "#f" }
                guard case .success(let parsed) = ParsedURL.parse(url, defaultHost: "example.com") else { continue }
                var first = PreparedURL(parsed)
                var second = PreparedURL(parsed)
                let expected = scanned.firstMatch(&second)
                #expect(indexed.firstMatch(&first) == expected, "\(json)\n\(url)")
                var traced = matcher.decide(url: url, appID: appA)
                traced.trace = []
                #expect(matcher.verdict(url: url, appID: appA) == traced, "\(json)\n\(url)")
                outcomes[traced.decision, default: 0] += 1
            }
        }
        #expect(indexedLists > 500)
        for decision in Decision.allCases {
            #expect((outcomes[decision] ?? 0) > 200, "only \(outcomes[decision] ?? 0) \(decision)")
        }
    }
}
