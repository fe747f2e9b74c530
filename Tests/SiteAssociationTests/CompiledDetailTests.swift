import Foundation
import TestSupport
import Testing

@testable import SiteAssociation

/// Lint and the matcher share one compilation per detail, kept across parses of edited texts
/// (`CompiledDetailCache`): what they say must be what a cold compilation says, a detail must
/// be compiled again exactly when its rule inputs change, and the cache must stay bounded.
@Suite(.serialized) struct CompiledDetailTests {
    private static let apps = ["ABCDE12345.com.example.a", "ABCDE12345.com.example.b", "ABCDE12345.com.example.c"]

    /// A file of three details, the third naming the first app again (a dead detail for it).
    private func threeDetails(
        first: String = #"{"/": "/a/*"}"#,
        second: String = #"{"/": "/b/*", "exclude": true}, {"/": "/b*"}"#,
        defaults: String = "{}"
    ) -> String {
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
        let moved = try matcher(
            """
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
        let first = try matcher(written)
        let second = try matcher(boolean)
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
        let urls = ["/a/b", "/A/B", "/login", "/pay/now", "/x/1", "/c1", "/", "/b?q=1", "/a%2Fb"].map {
            "https://example.com" + $0
        }
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
                {"applinks": {"substitutionVariables": {"v": ["a", "b"]}, "details": \
                [\(details.enumerated().map { index, rules in
                    """
                    {\"appIDs\": [\"\(Self.apps[index % Self.apps.count])\"], \
                    \"components\": [\(rules.joined(separator: ", "))]}
                    """
                }.joined(separator: ", "))]}}
                """
            let hotDocument = document(json)
            let hot = AssociationMatcher(document: hotDocument, domain: "example.com")
            let hotVerdicts = Self.apps.flatMap { app in urls.map { hot.decide(url: $0, appID: app) } }
            if step % 3 == 0 { CompiledDetailCache.shared.removeAll() } else { continue }
            let coldDocument = document(json)
            let cold = AssociationMatcher(document: coldDocument, domain: "example.com")
            #expect(hotDocument.diagnostics == coldDocument.diagnostics, "\(json)")
            #expect(
                hotVerdicts == Self.apps.flatMap { app in urls.map { cold.decide(url: $0, appID: app) } },
                "\(json)")
            compared += 1
        }
        #expect(compared == 50)
    }

    /// A detail's compilation is keyed by what it reads of the defaults and variables only: a
    /// comment typed into `applinks.defaults`, or a variable no pattern of a detail names, keeps
    /// that detail's compilation; a flag, a rule key, a flag's spelling or a named variable does
    /// not. Over generated edits of both defaults levels and the variables, every verdict (with
    /// its trace) and every diagnostic equals a cold compilation's.
    @Test func whatACompilationDoesNotReadKeepsItAndWhatItReadsDoesNot() throws {
        func file(defaults: String, detailDefaults: String = "{}", variables: String) -> String {
            """
            {"applinks": {"defaults": \(defaults), "substitutionVariables": \(variables), "details": [
              {"appIDs": ["\(Self.apps[0])"], "defaults": \(detailDefaults),
               "components": [{"/": "/$(v)/*"}, {"/": "/a/*"}]},
              {"appIDs": ["\(Self.apps[1])"], "components": [{"/": "/b/*", "exclude": true}, {"/": "/b*"}]},
              {"appIDs": ["\(Self.apps[2])"], "paths": ["/c/$(w)", "NOT /d/*", "/d*"]}]}}
            """
        }
        let variables = #"{"v": ["x"], "w": ["y"]}"#
        /// Each detail's cache key (the cache itself is shared with suites that empty it meanwhile).
        func keys(_ json: String) throws -> [CompiledDetailKey] {
            let applinks = try #require(document(json).file?.applinks)
            return applinks.details.map {
                CompiledDetailKey(
                    detail: $0, fileDefaults: applinks.defaults,
                    variables: applinks.substitutionVariables)
            }
        }
        let base = try keys(file(defaults: #"{"comment": "a"}"#, variables: variables))
        /// Per detail: whether `json` finds the compilation of the base text.
        func sources(_ json: String) throws -> [Bool] { zip(try keys(json), base).map { $0 == $1 } }
        // Kept: a comment, requiredEntitlement or unknown key in either defaults; no defaults.
        #expect(
            try sources(file(defaults: #"{"comment": "ab", "requiredEntitlement": "x"}"#, variables: variables))
                == [true, true, true])
        #expect(
            try sources(file(defaults: "{}", detailDefaults: #"{"comment": "c", "zz": 1}"#, variables: variables))
                == [true, true, true])
        // A variable: only the detail naming it; one no detail names: none.
        #expect(try sources(file(defaults: "{}", variables: #"{"v": ["x", "z"], "w": ["y"]}"#)) == [false, true, true])
        #expect(
            try sources(file(defaults: "{}", variables: #"{"v": ["x"], "w": ["y"], "u": ["q"]}"#))
                == [true, true, true])
        #expect(try sources(file(defaults: "{}", variables: #"{"v": ["x"]}"#)) == [true, true, false])
        // A flag, its spelling, a rule key: every detail the level reaches.
        #expect(
            try sources(file(defaults: #"{"caseSensitive": false}"#, variables: variables))
                == [false, false, false])
        #expect(
            try sources(file(defaults: "{}", detailDefaults: #"{"percentEncoded": false}"#, variables: variables))
                == [false, true, true])
        let spelled = try keys(file(defaults: #"{"caseSensitive": "no"}"#, variables: variables))
        #expect(try spelled[0] != keys(file(defaults: #"{"caseSensitive": false}"#, variables: variables))[0])
        // (A legacy `paths` detail reads only the flags; it is compiled again too: harmless.)
        #expect(try sources(file(defaults: ##"{"#": "f"}"##, variables: variables)).prefix(2) == [false, false])

        // Generated keystrokes: one key of one defaults level or one variable changed at a
        // time (what a compilation reads or not), each text decided warm (the previous text's
        // compilations kept) and compared with a cold start.
        var generator = SeededGenerator(seed: 27_112_026)
        let levelKeys: [(String, [String?])] = [
            ("comment", ["\"a\"", "\"ab\"", nil]), ("caseSensitive", ["false", "true", "\"no\"", "0", nil]),
            ("percentEncoded", ["false", "true", "null", nil]), ("exclude", ["true", "\"yes\"", nil, nil]),
            ("/", ["\"/a*\"", "\"$(v)*\"", "3", nil, nil]), ("#", ["\"f\"", "[]", nil, nil]),
            ("?", ["{\"q\": \"?\"}", nil, nil]), ("requiredEntitlement", ["\"x\"", nil]), ("zz", ["1", nil]),
        ]
        let variableKeys: [(String, [String?])] = [
            ("v", ["[\"x\"]", "[\"X\", \"xa\"]", "[\"a*\"]", nil]), ("w", ["[\"y\"]", "[\"1\"]", nil]),
            ("u", ["[\"c\"]", nil]), ("alpha", ["[\"c\"]", nil]),
        ]
        func draw(_ keys: [(String, [String?])], _ index: Int) -> String? {
            keys[index].1[Int(generator.next() % UInt64(keys[index].1.count))]
        }
        func render(_ keys: [(String, [String?])], _ values: [String?]) -> String {
            "{"
                + zip(keys, values).compactMap { key, value in value.map { "\"\(key.0)\": \($0)" } }
                .joined(separator: ", ") + "}"
        }
        var fileLevel = levelKeys.indices.map { _ in nil as String? }
        var detailLevel = fileLevel
        var named = variableKeys.indices.map { draw(variableKeys, $0) }
        let urls = [
            "/x/1", "/X/1", "/a/b", "/A/B", "/b/1", "/bq", "/c/y", "/c/1", "/d/1", "/dz", "/a%2Fb", "/f#f",
            "/xa/", "/a?q=1",
        ].map { "https://example.com" + $0 }
        var kept = 0
        for _ in 0..<240 {
            let previous = file(
                defaults: render(levelKeys, fileLevel), detailDefaults: render(levelKeys, detailLevel),
                variables: render(variableKeys, named))
            let before = try keys(previous)
            // The previous text compiled (what the next keystroke finds, unless a suite empties the cache).
            _ = AssociationMatcher(document: document(previous), domain: "example.com")
            switch generator.next() % 3 {
            case 0:
                let key = Int(generator.next() % UInt64(levelKeys.count))
                fileLevel[key] = draw(levelKeys, key)
            case 1:
                let key = Int(generator.next() % UInt64(levelKeys.count))
                detailLevel[key] = draw(levelKeys, key)
            default:
                let key = Int(generator.next() % UInt64(variableKeys.count))
                named[key] = draw(variableKeys, key)
            }
            let json = file(
                defaults: render(levelKeys, fileLevel), detailDefaults: render(levelKeys, detailLevel),
                variables: render(variableKeys, named))
            let hotDocument = document(json)
            let hot = AssociationMatcher(document: hotDocument, domain: "example.com")
            kept += zip(try keys(json), before).filter { $0 == $1 }.count
            let hotVerdicts = Self.apps.flatMap { app in urls.map { hot.decide(url: $0, appID: app) } }
            CompiledDetailCache.shared.removeAll()
            let coldDocument = document(json)
            let cold = AssociationMatcher(document: coldDocument, domain: "example.com")
            #expect(hotDocument.diagnostics == coldDocument.diagnostics, "\(json)")
            let coldVerdicts = Self.apps.flatMap { app in urls.map { cold.decide(url: $0, appID: app) } }
            #expect(hotVerdicts == coldVerdicts, "\(json)")
        }
        // Most keystrokes keep most compilations: the warm path was taken.
        #expect(kept > 240, "\(kept)")
    }

    /// The scan every key makes of every pattern: small, long, non-ASCII and bridged texts.
    @Test func aVariableReferenceIsFoundInEveryKindOfText() {
        let long = String(repeating: "/segment", count: 20)
        let cases: [(String, Bool)] = [
            ("", false), ("$", false), ("(", false), ("$(", true), ("a$(b)", true), ("$$(", true), ("$ (", false),
            ("(/$", false), ("/é$(v)", true), ("/é$/(", false),
            (long, false), (long + "$(v)", true), ("$(" + long, true),
            (NSString(string: "/x/$(v)") as String, true), (NSString(string: "/ü/$/(") as String, false),
        ]
        for (text, expected) in cases { #expect(text.containsVariableReference == expected, "\(text)") }
    }

    @Test func theCacheIsBounded() throws {
        CompiledDetailCache.shared.removeAll()
        // Distinct details of 100 rules each: far more than two generations hold.
        let one = CompiledDetail(
            CompiledDetailKey(
                detail: try #require(
                    document(
                        componentsFile(
                            Self.rules(
                                100,
                                prefix: "/d0/r"))
                    ).file?.applinks?.details.first),
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
        let big = AssociationMatcher(file: file, domain: "example.com")
        let again = AssociationMatcher(file: file, domain: "example.com")
        #expect(big.verdict(url: "https://example.com" + pattern, appID: appA).decision == .match)
        #expect(big.verdictSource(appID: appA) != again.verdictSource(appID: appA))
    }

    private static func rules(_ count: Int, prefix: String) -> String {
        "[" + (0..<count).map { "{\"/\": \"\(prefix)\($0)\"}" }.joined(separator: ", ") + "]"
    }
}
