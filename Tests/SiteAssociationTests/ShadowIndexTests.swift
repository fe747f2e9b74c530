import Foundation
import TestSupport
import Testing

@testable import SiteAssociation

/// The shadowing lint finds, for every rule, the same first covering rule with its index as with
/// the pairwise scan, on thousands of generated rule lists full of near-misses.
@Suite struct ShadowIndexTests {
    static let pathPieces = ["/a", "/b", "/a/", "a", "*", "?", "$(v)", "%2F", "/A", "é", "/a*", "*b", "\\\"", "\t"]

    @Test func theIndexFindsWhatThePairwiseScanFinds() throws {
        var generator = SeededGenerator(seed: 20_261_125)
        var covered = 0
        var rulesSeen = 0
        for _ in 0..<1500 {
            var components: [String] = []
            for _ in 0..<(1 + Int(generator.next() % 24)) {
                var keys: [String] = []
                if generator.next() % 6 != 0 {
                    let count = Int(generator.next() % 5)
                    let path =
                        (0..<count)
                        .map { _ in Self.pathPieces[Int(generator.next() % UInt64(Self.pathPieces.count))] }.joined()
                    keys.append("\"/\": \(JSONValue.quoted(path))")
                }
                if generator.next() % 5 == 0 {
                    keys.append("\"#\": \(JSONValue.quoted(["*", "x", "x*", ""][Int(generator.next() % 4)]))")
                }
                switch generator.next() % 6 {
                case 0: keys.append("\"?\": \(JSONValue.quoted(["*", "a=1", "a*"][Int(generator.next() % 3)]))")
                case 1: keys.append("\"?\": {\"a\": \(JSONValue.quoted(["*", "1", "?"][Int(generator.next() % 3)]))}")
                default: break
                }
                if generator.next() % 4 == 0 { keys.append("\"caseSensitive\": false") }
                if generator.next() % 5 == 0 { keys.append("\"percentEncoded\": false") }
                if generator.next() % 3 == 0 { keys.append("\"exclude\": true") }
                components.append("{" + keys.joined(separator: ", ") + "}")
            }
            let json = componentsFile("[" + components.joined(separator: ", ") + "]", variables: #"{"v": ["a", "b*"]}"#)
            let file = try #require(document(json).file)
            let detail = try #require(file.applinks?.details.first)
            let rules = EffectiveRule.rules(of: detail, fileDefaults: file.applinks?.defaults)
            let shapes = rules.map(AssociationLinter.Shape.init)
            let index = AssociationLinter.ShadowIndex(shapes)
            // A compiled list's shapes reuse the path its rules normalised when compiled: same pairs.
            let compiled = rules.map { CompiledRule($0, variables: file.applinks?.substitutionVariables ?? [:]) }
            #expect(
                AssociationLinter.shadowingPairs(compiled).map { [$0.later, $0.earlier] }
                    == AssociationLinter.shadowingPairs(rules).map { [$0.later, $0.earlier] }, "\(json)")
            // A rule's source text is the component as written, compact (built from bytes).
            for (rule, component) in zip(rules, detail.components ?? []) {
                #expect(rule.sourceText == Self.referenceSourceText(component), "\(json)")
            }
            for position in shapes.indices {
                let expected = AssociationLinter.firstCoveringPairwise(position, in: shapes)
                #expect(index.firstCovering(position, in: shapes) == expected, "\(json) rule \(position)")
                if expected != nil { covered += 1 }
                rulesSeen += 1
            }
        }
        // Agreement means little unless rules are often covered, and often not.
        #expect(covered > rulesSeen / 10, "\(covered) of \(rulesSeen)")
        #expect(covered < rulesSeen * 9 / 10, "\(covered) of \(rulesSeen)")
    }
}

extension ShadowIndexTests {
    /// `Component.sourceText` as it was first written (strings appended): the reference.
    static func referenceSourceText(_ component: Component) -> String {
        guard component.isDictionary else { return "(not a dictionary)" }
        var parts: [String] = []
        if let path = component.path {
            parts.append("\"/\":" + JSONValue.quoted(path))
        } else if component.unconstrainedKeys.contains("/") {
            parts.append("\"/\":(non-string)")
        }
        switch component.query {
        case .pattern(let text): parts.append("\"?\":" + JSONValue.quoted(text))
        case .items(let items):
            parts.append(
                "\"?\":{"
                    + items.map { JSONValue.quoted($0.name) + ":" + JSONValue.quoted($0.pattern) }
                    .joined(separator: ",") + "}")
        case nil: if component.unconstrainedKeys.contains("?") { parts.append("\"?\":(dropped)") }
        }
        if let fragment = component.fragment {
            parts.append("\"#\":" + JSONValue.quoted(fragment))
        } else if component.unconstrainedKeys.contains("#") {
            parts.append("\"#\":(non-string)")
        }
        if let exclude = component.exclude { parts.append("\"exclude\":\(exclude)") }
        if let caseSensitive = component.caseSensitive { parts.append("\"caseSensitive\":\(caseSensitive)") }
        if let percentEncoded = component.percentEncoded { parts.append("\"percentEncoded\":\(percentEncoded)") }
        return "{" + parts.joined(separator: ",") + "}"
    }
}

extension AssociationLinter {
    /// The pairwise scan `ShadowIndex` replaced: the reference the index is compared with.
    static func firstCoveringPairwise(_ position: Int, in shapes: [Shape]) -> Int? {
        shapes[0..<position].firstIndex { covers($0, shapes[position]) }
    }
}
