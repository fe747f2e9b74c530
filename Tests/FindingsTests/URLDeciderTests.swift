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
        let list =
            try URLList.parse(String(decoding: try Data(contentsOf: FactsFactory.sampleURL("urls.txt")), as: UTF8.self))
        let decider = URLDecider(
            domains: facts.domains, appIDs: facts.linkAppIDs,
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
        let open = AppVerdict(appID: "A.a", decision: .match)
        let closed = AppVerdict(appID: "B.b", decision: .noMatch)
        #expect(URLTest(url: "u", expectation: .mustNotOpen, verdicts: [closed, open]).contradictsExpectation)
        #expect(!URLTest(url: "u", expectation: .mustNotOpen, verdicts: [closed]).contradictsExpectation)
        #expect(URLTest(url: "u", expectation: .mustOpen, verdicts: [open, closed]).contradictsExpectation)
        #expect(!URLTest(url: "u", expectation: .mustOpen, verdicts: [open]).contradictsExpectation)
        #expect(!URLTest(url: "u", expectation: .none, verdicts: [open, closed]).contradictsExpectation)
    }

    /// A file the device rejects decides no_match for every app, traced or not, with no rule.
    @Test func aRejectedFileDecidesNothingWithoutATraceToo() throws {
        let report =
            try FactsFactory.supplied(
                "example.com",
                #"{"applinks":{"details":[{"appIDs":["A.b"],"components":[{"/":"/x/*"}]}]},}"#)
        let decider = URLDecider(domains: [report], appIDs: ["A.b"])
        let entry = URLListEntry(url: "https://example.com/x/1")
        let full = try #require(decider.decide([entry], traces: .all).first?.verdicts.first)
        let light = try #require(decider.decide([entry], traces: .contradictionsOnly).first?.verdicts.first)
        #expect(full.decision == .noMatch && full.rule == nil)
        #expect(full.trace.contains { $0.contains("device rejects") })
        #expect(light == AppVerdict.noMatch("A.b", .fileRejected))
        #expect(full.reason == .fileRejected)
    }

    /// A decider made after an edit takes the verdicts of apps whose rules did not change from
    /// the one it replaces: over a sequence of edits (a rule changed, details swapped, an app
    /// moved to another detail, the file broken and mended, file defaults changed), the chained
    /// deciders decide every line exactly as a decider made from nothing.
    @Test func aDeciderReusingThePreviousOneDecidesAsAFreshOne() throws {
        var seed: UInt64 = 0x2026_1126
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let apps = ["T.a", "T.b", "T.c", "T.d"]
        let paths = ["/a/*", "/a/b", "/b*", "*", "/c/?", "/A/*", "/d/*"]
        func rule() -> String {
            "{\"/\": \"\(paths[next(paths.count)])\"\(next(4) == 0 ? ", \"exclude\": true" : "")"
                + "\(next(5) == 0 ? ", \"caseSensitive\": false" : "")}"
        }
        var details: [(apps: [String], rules: [String])] =
            [
                ([apps[0]], [rule(), rule()]), ([apps[1], apps[2]], [rule(), rule(), rule()]),
                ([apps[3], apps[0]], [rule()]),
            ]
        var defaults = "{}"
        var broken = false
        let list = ["/a/b", "/A/B", "/b1", "/c/1", "/d/x", "/", "/zz"].flatMap { path in
            ["https://example.com" + path, "https://www.example.com" + path, "https://other.example" + path]
        }.map { URLListEntry(url: $0, expectation: next(3) == 0 ? .mustOpen : .none) }
        var previous: URLDecider?
        var lastExpected: [URLTest] = []
        var reused = 0
        var appsKept: [Bool: Int] = [:]
        for _ in 0..<200 {
            switch next(6) {
            case 0:
                let d = next(details.count)
                details[d].rules[next(details[d].rules.count)] = rule()
            case 1: details.swapAt(0, next(details.count))
            case 2:
                let d = next(details.count)
                details[d].apps = [apps[next(apps.count)]]
            case 3: broken.toggle()
            case 4: defaults = next(2) == 0 ? "{}" : #"{"caseSensitive": false}"#
            default: details[next(details.count)].rules.append(rule())
            }
            let body =
                "{\"applinks\": {\"defaults\": \(defaults), \"details\": ["
                + details.map {
                    """
                    {\"appIDs\": [\($0.apps.map { "\"\($0)\"" }.joined(separator: ", "))], \"components\": \
                    [\($0.rules.joined(separator: ", "))]}
                    """
                }
                .joined(separator: ", ")
                + "]}}" + (broken ? "," : "")
            // The same file on two hosts: compiled details are shared, verdicts are per domain.
            let reports =
                [try FactsFactory.supplied("example.com", body), try FactsFactory.supplied("www.example.com", body)]
            let chained = URLDecider(domains: reports, appIDs: [apps[0], apps[1]], previous: previous)
            let fresh = URLDecider(domains: reports, appIDs: [apps[0], apps[1]])
            let expected = fresh.decide(list, traces: .contradictionsOnly)
            #expect(chained.decideList(list) == expected, "\(body)")
            // A list that is not the one kept (shifted by a line) is decided as well.
            #expect(chained.decide(Array(list.dropFirst()), traces: .contradictionsOnly) == Array(expected.dropFirst()))
            #expect(chained.decide(list, traces: .all) == fresh.decide(list, traces: .all))
            if expected == lastExpected { reused += 1 }
            for flag in chained.unchangedApps(host: "example.com") ?? [] { appsKept[flag, default: 0] += 1 }
            lastExpected = expected
            previous = chained
        }
        // Some steps leave every verdict as it was, most change some: both are exercised.
        #expect(reused > 10 && reused < 190, "\(reused)")
        // Verdicts were taken from the previous decider for some apps and decided again for others.
        #expect((appsKept[true] ?? 0) > 100 && (appsKept[false] ?? 0) > 100, "\(appsKept)")
    }

    /// A long list is decided on every core, in chunks, with each URL prepared once for all
    /// apps: over generated files and edits (deciders chained as a document chains them), every
    /// line's test is the one the reference gives, a fresh decider deciding that line alone
    /// (sequentially, one app at a time).
    @Test func aLongListDecidedOnEveryCoreIsDecidedLineByLine() throws {
        var seed: UInt64 = 0x5EED_2026_1126
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let apps = ["T.a", "T.b", "T.c", "T.d", "T.e"]
        let paths = ["/a/*", "/a/b", "/b*", "*", "/c/?", "/A/*", "/d/$(v)", "/e/*"]
        func rule() -> String {
            "{\"/\": \"\(paths[next(paths.count)])\"\(next(4) == 0 ? ", \"exclude\": true" : "")"
                + "\(next(5) == 0 ? ", \"caseSensitive\": false" : "")}"
        }
        func body() -> String {
            let details = (0..<3).map { index in
                "{\"appIDs\": [\"\(apps[index])\", \"\(apps[next(apps.count)])\"], \"components\": ["
                    + (0..<(1 + next(6))).map { _ in rule() }.joined(separator: ", ") + "]}"
            }
            let variables = ["[\"x\"]", "[\"y\", \"x*\"]"][next(2)]
            return "{\"applinks\": {\"defaults\": {\"caseSensitive\": \(next(2) == 0)}, \"substitutionVariables\": "
                + "{\"v\": \(variables)}, \"details\": [\(details.joined(separator: ", "))]}}"
                + (next(8) == 0 ? "," : "")
        }
        let tails = ["/a/b", "/A/B", "/b1", "/c/1", "/d/x", "/d/y1", "/e/", "/", "/zz", "/a/b?q=1#f"]
        let hosts = [
            "https://example.com", "https://www.example.com", "https://other.example", "http://example.com",
            "https://example.com:8443", "notaurl",
        ]
        let list = (0..<700).map { index in
            URLListEntry(
                url: hosts[next(hosts.count)] + tails[next(tails.count)],
                expectation: [.none, .mustOpen, .mustNotOpen][next(3)], line: index + 1)
        }
        #expect(list.count >= URLDecider.parallelThreshold * 4)
        var previous: URLDecider?
        var contradicted = 0
        for _ in 0..<12 {
            let text = body()
            let reports = [
                try FactsFactory.supplied("example.com", text),
                try FactsFactory.supplied("*.example.com", text),
            ]
            let fresh = URLDecider(domains: reports, appIDs: [apps[0], apps[4]])
            let expected = list.map { fresh.decide([$0], traces: .contradictionsOnly)[0] }
            let chained = URLDecider(domains: reports, appIDs: [apps[0], apps[4]], previous: previous)
            #expect(chained.decideList(list) == expected, "\(text)")
            #expect(
                URLDecider(domains: reports, appIDs: [apps[0], apps[4]]).decide(list, traces: .all)
                    == list.map { fresh.decide([$0], traces: .all)[0] })
            contradicted += expected.filter(\.contradictsExpectation).count
            previous = chained
        }
        #expect(contradicted > 100, "\(contradicted)")
    }
}
