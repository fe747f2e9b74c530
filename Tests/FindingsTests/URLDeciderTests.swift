import AppInspection
import Foundation
import SiteAssociation
import Testing
@testable import Findings

/// Deciding a list without traces gives the traced verdicts minus their traces, keeps the
/// traces URL-002 cites, and `traced(_:)` gives back exactly what deciding with traces gives.
@Suite struct URLDeciderTests {
    private func sampleDecider() throws -> (URLDecider, [URLListEntry], AnalysisFacts) {
        let facts = try FactsFactory.sample()
        let list = try URLList.parse(String(decoding: try Data(contentsOf: FactsFactory.sampleURL("urls.txt")), as: UTF8.self))
        let decider = URLDecider(domains: facts.domains, appIDs: facts.linkAppIDs,
                                 claims: facts.bundles.flatMap(\.associatedDomains))
        return (decider, list, facts)
    }

    @Test func untracedVerdictsAreTheTracedOnesWithoutTheirTraces() throws {
        let (decider, list, _) = try sampleDecider()
        let traced = decider.decide(list, traces: .all)
        let untraced = decider.decide(list, traces: .contradictionsOnly)
        #expect(traced.count == untraced.count)
        var withoutTrace = 0
        for (full, light) in zip(traced, untraced) {
            #expect(full.url == light.url && full.domain == light.domain && full.expectation == light.expectation)
            #expect(full.verdicts.count == light.verdicts.count)
            if light.contradictsExpectation {
                #expect(light == full, "a contradicted expectation keeps its trace: \(light.url)")
                continue
            }
            for (a, b) in zip(full.verdicts, light.verdicts) {
                var stripped = a
                stripped.trace = []
                // A test the matcher decided has no trace; one no file decides keeps its one-line reason.
                #expect(b == (light.domain == nil ? a : stripped), "\(light.url) \(a.appID)")
                if b.trace.isEmpty { withoutTrace += 1 }
            }
            #expect(decider.traced(light) == full, "\(light.url)")
        }
        // The sample must exercise both kinds, or agreement would mean little.
        #expect(withoutTrace > 10)
        #expect(untraced.filter(\.contradictsExpectation).count >= 3)
    }

    @Test func url002FindsTheSameWithEitherList() throws {
        let (decider, list, facts) = try sampleDecider()
        var traced = facts
        traced.urlTests = decider.decide(list, traces: .all)
        var light = facts
        light.urlTests = decider.decide(list, traces: .contradictionsOnly)
        let expected = URL002ExpectationMismatch().evaluate(traced)
        #expect(!expected.isEmpty)
        #expect(URL002ExpectationMismatch().evaluate(light) == expected)
        // The evidence still cites real traces, not empty ones.
        let traces = expected.flatMap(\.evidence).compactMap { evidence -> String? in
            guard case .text(let text) = evidence, text.hasPrefix("trace for ") else { return nil }
            return text
        }
        #expect(!traces.isEmpty)
        #expect(traces.allSatisfy { $0.contains("decision: ") }, "\(traces)")
    }

    @Test func contradictionsAreEveryWayAnExpectationFails() {
        let open = AppVerdict(appID: "A.a", decision: .match), closed = AppVerdict(appID: "B.b", decision: .noMatch)
        #expect(URLTest(url: "u", expectation: .mustNotOpen, verdicts: [closed, open]).contradictsExpectation)
        #expect(!URLTest(url: "u", expectation: .mustNotOpen, verdicts: [closed]).contradictsExpectation)
        #expect(URLTest(url: "u", expectation: .mustOpen, verdicts: [open, closed]).contradictsExpectation)
        #expect(!URLTest(url: "u", expectation: .mustOpen, verdicts: [open]).contradictsExpectation)
        #expect(!URLTest(url: "u", expectation: .none, verdicts: [open, closed]).contradictsExpectation)
    }

    /// A file the device rejects decides no_match for every app, traced or not, with no rule.
    @Test func aRejectedFileDecidesNothingWithoutATraceToo() throws {
        let report = try FactsFactory.supplied("example.com", #"{"applinks":{"details":[{"appIDs":["A.b"],"components":[{"/":"/x/*"}]}]},}"#)
        let decider = URLDecider(domains: [report], appIDs: ["A.b"])
        let entry = URLListEntry(url: "https://example.com/x/1")
        let full = try #require(decider.decide([entry], traces: .all).first?.verdicts.first)
        let light = try #require(decider.decide([entry], traces: .contradictionsOnly).first?.verdicts.first)
        #expect(full.decision == .noMatch && full.rule == nil)
        #expect(full.trace.contains { $0.contains("device rejects") })
        #expect(light == AppVerdict(appID: "A.b", decision: .noMatch))
    }
}
