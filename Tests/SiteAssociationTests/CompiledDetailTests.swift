import Foundation
import Testing
@testable import SiteAssociation

/// Lint and the matcher share one compilation per detail, kept across parses of edited texts
/// (`CompiledDetailCache`): what they say must be what a cold compilation says, a detail must
/// be compiled again exactly when its rule inputs change, and the cache must stay bounded.
@Suite(.serialized) struct CompiledDetailTests {
    private static let apps = ["ABCDE12345.com.example.a", "ABCDE12345.com.example.b", "ABCDE12345.com.example.c"]

    /// A file of three details, the third naming the first app again (a dead detail for it).
    private func threeDetails(first: String = #"{"/": "/a/*"}"#, second: String = #"{"/": "/b/*", "exclude": true}, {"/": "/b*"}"#,
                              defaults: String = "{}") -> String {
        """
        {"applinks": {"defaults": \(defaults), "details": [
          {"appIDs": ["\(Self.apps[0])"], "components": [\(first)]},
          {"appIDs": ["\(Self.apps[1])", "\(Self.apps[2])"], "components": [\(second)]},
          {"appIDs": ["\(Self.apps[0])"], "components": [{"/": "*"}]}]}}
        """
    }

    private func matcher(_ json: String) throws -> AssociationMatcher {
        AssociationMatcher(document: document(json), domain: "example.com")
    }

    @Test func anUnchangedDetailKeepsItsCompilationAndAChangedOneIsCompiledAgain() throws {
        let before = try matcher(threeDetails())
        let same = try matcher(threeDetails() + "\n ")
        for app in Self.apps { #expect(before.verdictSource(appID: app) == same.verdictSource(appID: app), "\(app)") }
        // Two apps of one detail share its compilation but not their verdicts (the memo key has the app).
        #expect(before.verdictSource(appID: Self.apps[1]) == before.verdictSource(appID: Self.apps[2]))

        let edited = try matcher(threeDetails(second: #"{"/": "/b/*", "exclude": true}, {"/": "/bx*"}"#))
        #expect(edited.verdictSource(appID: Self.apps[0]) == before.verdictSource(appID: Self.apps[0]))
        #expect(edited.verdictSource(appID: Self.apps[1]) != before.verdictSource(appID: Self.apps[1]))
        #expect(edited.verdict(url: "https://example.com/bx1", appID: Self.apps[1]).decision == .match)
        #expect(before.verdict(url: "https://example.com/bx1", appID: Self.apps[1]).decision == .match)
        #expect(edited.verdict(url: "https://example.com/by", appID: Self.apps[1]).decision == .noMatch)

        // File defaults reach every rule: every detail is compiled again.
        let withDefaults = try matcher(threeDetails(defaults: #"{"caseSensitive": false}"#))
        for app in Self.apps { #expect(withDefaults.verdictSource(appID: app) != before.verdictSource(appID: app)) }
        #expect(withDefaults.verdict(url: "https://example.com/A/x", appID: Self.apps[0]).decision == .match)
        #expect(before.verdict(url: "https://example.com/A/x", appID: Self.apps[0]).decision == .noMatch)

        // Another domain, a rejected file, or the same rules at another index decide differently.
        let otherDomain = AssociationMatcher(document: document(threeDetails()), domain: "www.example.com")
        #expect(otherDomain.verdictSource(appID: Self.apps[0]) != before.verdictSource(appID: Self.apps[0]))
        let rejected = try matcher(threeDetails() + " trailing")
        #expect(rejected.verdictSource(appID: Self.apps[0]) != before.verdictSource(appID: Self.apps[0]))
        #expect(rejected.verdict(url: "https://example.com/a/1", appID: Self.apps[0]).decision == .noMatch)
        let moved = try matcher("""
            {"applinks": {"details": [{"appIDs": ["X.other"], "components": []},
              {"appIDs": ["\(Self.apps[0])"], "components": [{"/": "/a/*"}]}]}}
            """)
        let movedVerdict = moved.verdict(url: "https://example.com/a/1", appID: Self.apps[0])
        #expect(movedVerdict.detail == 1)
        #expect(moved.verdictSource(appID: Self.apps[0]) != before.verdictSource(appID: Self.apps[0]))
    }

    @Test func aLenientFlagsSpellingIsPartOfTheCompilation() throws {
        // `Component ==` ignores how a flag was written; the trace shows it, so the cache must not.
        let written = componentsFile(#"[{"/": "/a", "caseSensitive": "no"}]"#)
        let boolean = componentsFile(#"[{"/": "/a", "caseSensitive": false}]"#)
        let first = try matcher(written), second = try matcher(boolean)
        #expect(first.verdictSource(appID: appA) != second.verdictSource(appID: appA))
        for json in [written, boolean] {
            let hot = try matcher(json).decide(url: "https://example.com/A", appID: appA)
            CompiledDetailCache.shared.removeAll()
            let cold = try matcher(json).decide(url: "https://example.com/A", appID: appA)
            #expect(hot == cold, "\(json)")
        }
    }

    /// Lint and traced verdicts with every detail already compiled (by the file itself and by
    /// earlier edits of it) equal those of a cold start, over generated files and edits.
    @Test func warmAndColdCompilationsSayTheSame() throws {
        var generator = SeededGenerator(seed: 26_112_026)
        let paths = ["/a/*", "/a/b", "/b*", "*", "/login", "/pay*", "/$(v)/*", "/c?", "/", "/A/*"]
        func rule() -> String {
            var keys = ["\"/\": \"\(paths[Int(generator.next() % UInt64(paths.count))])\""]
            if generator.next() % 4 == 0 { keys.append("\"exclude\": true") }
            if generator.next() % 5 == 0 { keys.append("\"caseSensitive\": false") }
            if generator.next() % 7 == 0 { keys.append("\"percentEncoded\": \"no\"") }
            if generator.next() % 6 == 0 { keys.append("\"?\": {\"q\": \"?\"}") }
            return "{" + keys.joined(separator: ", ") + "}"
        }
        let urls = ["/a/b", "/A/B", "/login", "/pay/now", "/x/1", "/c1", "/", "/b?q=1", "/a%2Fb"].map { "https://example.com" + $0 }
        var details = (0..<4).map { _ in (0..<6).map { _ in rule() } }
        var compared = 0
        for step in 0..<150 {
            // One edit: a rule replaced, a rule added, or two details swapped.
            let target = Int(generator.next() % UInt64(details.count))
            switch generator.next() % 3 {
            case 0: details[target][Int(generator.next() % UInt64(details[target].count))] = rule()
            case 1: details[target].append(rule())
            default: details.swapAt(target, (target + 1) % details.count)
            }
            let json = """
                {"applinks": {"substitutionVariables": {"v": ["a", "b"]}, "details": [\(details.enumerated().map { index, rules in
                    "{\"appIDs\": [\"\(Self.apps[index % Self.apps.count])\"], \"components\": [\(rules.joined(separator: ", "))]}"
                }.joined(separator: ", "))]}}
                """
            let hotDocument = document(json)
            let hot = AssociationMatcher(document: hotDocument, domain: "example.com")
            let hotVerdicts = Self.apps.flatMap { app in urls.map { hot.decide(url: $0, appID: app) } }
            if step % 3 == 0 { CompiledDetailCache.shared.removeAll() }
            else { continue }
            let coldDocument = document(json)
            let cold = AssociationMatcher(document: coldDocument, domain: "example.com")
            #expect(hotDocument.diagnostics == coldDocument.diagnostics, "\(json)")
            #expect(hotVerdicts == Self.apps.flatMap { app in urls.map { cold.decide(url: $0, appID: app) } }, "\(json)")
            compared += 1
        }
        #expect(compared == 50)
    }

    @Test func theCacheIsBounded() throws {
        CompiledDetailCache.shared.removeAll()
        // Distinct details of 100 rules each: far more than two generations hold.
        let one = CompiledDetail(CompiledDetailKey(
            detail: try #require(document(componentsFile(Self.rules(100, prefix: "/d0/r"))).file?.applinks?.details.first),
            fileDefaults: nil, variables: [:]))
        let count = CompiledDetailCache.costLimit / one.cost * 3
        for index in 0..<count {
            _ = try matcher(componentsFile(Self.rules(100, prefix: "/d\(index)/r")))
        }
        // (Other suites compile into the same cache meanwhile: the bound holds whatever they do.)
        #expect(CompiledDetailCache.shared.cost <= 2 * CompiledDetailCache.costLimit)
        // (No lower bound: the keystroke suites clear the shared cache while they run in parallel.)
        // A detail costing more than a generation (one rule with a 1.1 MB pattern, as a
        // hostile file may have) is compiled and decides, but is never kept (nor shared).
        let pattern = "/" + String(repeating: "a", count: 1_100_000)
        let huge = componentsFile("[{\"/\": \"\(pattern)\"}]")
        let file = try #require(document(huge).file)
        let big = AssociationMatcher(file: file, domain: "example.com"), again = AssociationMatcher(file: file, domain: "example.com")
        #expect(big.verdict(url: "https://example.com" + pattern, appID: appA).decision == .match)
        #expect(big.verdictSource(appID: appA) != again.verdictSource(appID: appA))
    }

    private static func rules(_ count: Int, prefix: String) -> String {
        "[" + (0..<count).map { "{\"/\": \"\(prefix)\($0)\"}" }.joined(separator: ", ") + "]"
    }
}
