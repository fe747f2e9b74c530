import Foundation
import TestSupport
import Testing

@testable import SiteAssociation

/// One lint expectation: the file triggers `id` at `location` (and the clean twin does not).
struct LintCase: Sendable, CustomTestStringConvertible {
    var id: String
    var json: String
    var location: String
    var clean: String
    var testDescription: String { "\(id) at \(location)" }
}

@Suite struct LintTests {
    static let cases: [LintCase] = [
        LintCase(
            id: "AASA-L011", json: #"{"webcredentials": {"apps": ["ABCDE12345.com.example.app"]}}"#, location: "",
            clean: componentsFile(##"[{"/": "/a"}]"##)),
        LintCase(
            id: "AASA-L012",
            json: #"""
                {"applinks": {"apps": [], "details": [{"appId": "ABCDE12345.com.example.app", "paths": ["*"]}]}}
                """#, location: "/applinks/details/0/appId",
            clean: #"""
                {"applinks": {"apps": [], "details": [{"appID": "ABCDE12345.com.example.app", "paths": ["*"]}]}}
                """#),
        LintCase(
            id: "AASA-L012",
            json: #"""
                {"applinks": {"apps": [], "details": [{"appID": "ABCDE12345.com.example.app", "path": ["*"]}]}}
                """#, location: "/applinks/details/0/path",
            clean: #"""
                {"applinks": {"apps": [], "details": [{"appID": "ABCDE12345.com.example.app", "paths": ["*"]}]}}
                """#),
        LintCase(
            id: "AASA-L012",
            json: #"""
                {"applinks": {"apps": [], "details": [{"appIDs": ["ABCDE12345.com.example.app"], "component": [{"/": \#
                "*"}]}]}}
                """#, location: "/applinks/details/0/component",
            clean: #"""
                {"applinks": {"apps": [], "details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": \#
                [{"/": "*"}]}]}}
                """#),
        LintCase(
            id: "AASA-L013",
            json: #"""
                {"applinks": {"apps": [], "details": [{"appIDs": ["ABCDE12345.com.example.app"], "paths": "/a/*"}]}}
                """#, location: "/applinks/details/0/paths",
            clean: #"""
                {"applinks": {"apps": [], "details": [{"appIDs": ["ABCDE12345.com.example.app"], "paths": \#
                ["/a/*"]}]}}
                """#),
        LintCase(
            id: "AASA-L014", json: componentsFile(##"[{"/": "/a", "exclude": "yes"}]"##),
            location: "/applinks/details/0/components/0/exclude",
            clean: componentsFile(##"[{"/": "/a", "exclude": true}]"##)),
        LintCase(
            id: "AASA-L014", json: componentsFile(##"[{"/": "/a", "caseSensitive": null}]"##),
            location: "/applinks/details/0/components/0/caseSensitive",
            clean: componentsFile(##"[{"/": "/a", "caseSensitive": false}]"##)),
        LintCase(
            id: "AASA-L015", json: componentsFile(##"[{"/": 42}]"##),
            location: "/applinks/details/0/components/0/~1",
            clean: componentsFile(##"[{"/": "/42"}]"##)),
        LintCase(
            id: "AASA-L016", json: componentsFile(##"[{"?": {"q": "?*", "page": 2}}]"##),
            location: "/applinks/details/0/components/0/?",
            clean: componentsFile(##"[{"?": {"q": "?*", "page": "2"}}]"##)),
        LintCase(
            id: "AASA-L017", json: componentsFile(##"["/a"]"##), location: "/applinks/details/0/components/0",
            clean: componentsFile(##"[{"/": "/a"}]"##)),
        LintCase(
            id: "AASA-L018", json: componentsFile(##"[{"/": "/$(food)"}]"##),
            location: "/applinks/details/0/components/0/~1",
            clean: componentsFile(##"[{"/": "/$(food)"}]"##, variables: ##"{"food": ["pizza"]}"##)),
        LintCase(
            id: "AASA-L019",
            json: #"{"applinks": {"apps": [], "details": [{"appIDs": ["com.example.app"], "paths": ["*"]}]}}"#,
            location: "/applinks/details/0/appIDs/0",
            clean: #"""
                {"applinks": {"apps": [], "details": [{"appIDs": ["ABCDE12345.com.example.app"], "paths": \#
                ["*"]}]}}
                """#),
        LintCase(
            id: "AASA-L020",
            json: #"""
                {"applinks": {"apps": [], "details": [{"appIDs": ["ABCDE12345.com.example.app"], "paths": ["/a"]}, \#
                {"appIDs": ["ABCDE12345.com.example.app"], "paths": ["/b"]}]}}
                """#, location: "/applinks/details/1",
            clean: #"""
                {"applinks": {"apps": [], "details": [{"appIDs": ["ABCDE12345.com.example.app"], "paths": \#
                ["/a"]}, {"appIDs": ["ABCDE12345.com.example.app2"], "paths": ["/b"]}]}}
                """#),
        LintCase(
            id: "AASA-L021",
            json: componentsFile(##"[{"/": "/help/*"}, {"/": "/help/website/*", "exclude": true}]"##),
            location: "/applinks/details/0/components/1",
            clean: componentsFile(##"[{"/": "/help/website/*", "exclude": true}, {"/": "/help/*"}]"##)),
        LintCase(
            id: "AASA-L021", json: componentsFile(##"[{"/": "/a"}, {"/": "/a"}]"##),
            location: "/applinks/details/0/components/1",
            clean: componentsFile(##"[{"/": "/a", "?": "x"}, {"/": "/a"}]"##)),
        LintCase(
            id: "AASA-L021", json: pathsFile(##"["*", "NOT /private/*"]"##),
            location: "/applinks/details/0/paths/1",
            clean: pathsFile(##"["NOT /private/*", "*"]"##)),
        LintCase(
            id: "AASA-L022", json: componentsFile(##"[{"/": "/a"}]"##, defaults: ##"{"exclude": true}"##),
            location: "/applinks/defaults",
            clean: componentsFile(##"[{"/": "/a"}]"##, defaults: ##"{"caseSensitive": false}"##)),
        LintCase(
            id: "AASA-L022", json: componentsFile(##"[{"/": "/a"}]"##, detailDefaults: ##"{"/": "/x/*"}"##),
            location: "/applinks/details/0/defaults",
            clean: componentsFile(##"[{"/": "/a"}]"##, detailDefaults: ##"{"percentEncoded": true}"##)),
        LintCase(
            id: "AASA-L023", json: componentsFile(##"[{"/": "/files/*", "percentEncoded": false}]"##),
            location: "/applinks/details/0/components/0",
            clean: componentsFile(##"[{"/": "/files/*"}]"##)),
        LintCase(
            id: "AASA-L023",
            json: componentsFile(##"[{"/": "/files/*"}]"##, defaults: ##"{"percentEncoded": false}"##),
            location: "/applinks/defaults",
            clean: componentsFile(##"[{"/": "/files/*"}]"##, defaults: ##"{"percentEncoded": true}"##)),
        LintCase(
            id: "AASA-L024",
            json: #"""
                {"applinks": {"apps": [], "details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": \#
                "/a/*"}], "paths": ["/b/*"]}]}}
                """#, location: "/applinks/details/0",
            clean: #"""
                {"applinks": {"apps": [], "details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": \#
                [{"/": "/a/*"}], "paths": ["/a/*"]}]}}
                """#),
        LintCase(
            id: "AASA-L025", json: componentsFile(##"[{"/": "*"}]"##),
            location: "/applinks/details/0/components/0",
            clean: componentsFile(
                ##"""
                [{"/": "/login"}, {"/": "/logout", "exclude": true}, {"/": "/products/*"}]
                """##.replacingOccurrences(of: "{\"/\": \"/login\"}, ", with: ""))),
        LintCase(
            id: "AASA-L025", json: componentsFile(##"[{"/": "/oauth/*"}]"##),
            location: "/applinks/details/0/components/0",
            clean: componentsFile(##"[{"/": "/oauth/*", "exclude": true}, {"/": "/shop/*"}]"##)),
        LintCase(
            id: "AASA-L026",
            json: #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "paths": ["/a"]}]}}"#,
            location: "/applinks",
            clean: #"""
                {"applinks": {"apps": [], "details": [{"appIDs": ["ABCDE12345.com.example.app"], "paths": \#
                ["/a"]}]}}
                """#),
        LintCase(
            id: "AASA-L027", json: #"{"applinks": {"apps": ["x"], "details": []}}"#, location: "/applinks/apps",
            clean: #"{"applinks": {"apps": [], "details": []}}"#),
        LintCase(
            id: "AASA-L028", json: componentsFile(##"[{"/": "/a", "requiredEntitlement": "x"}]"##),
            location: "/applinks/details/0/components/0/requiredEntitlement",
            clean: componentsFile(##"[{"/": "/a"}]"##)),
        LintCase(
            id: "AASA-L029",
            json: #"""
                {"applinks": {"apps": [], "details": [{"appIDs": [], "appID": "ABCDE12345.com.example.app", "paths": \#
                ["/a"]}]}}
                """#, location: "/applinks/details/0",
            clean: #"""
                {"applinks": {"apps": [], "details": [{"appID": "ABCDE12345.com.example.app", "paths": ["/a"]}]}}
                """#),
        LintCase(
            id: "AASA-L029", json: componentsFile("[]"), location: "/applinks/details/0/components",
            clean: componentsFile(##"[{"/": "/a"}]"##)),
        LintCase(
            id: "AASA-L030", json: componentsFile(##"[{"/": "/$(food)"}]"##, variables: ##"{"food": "pizza"}"##),
            location: "/applinks/substitutionVariables/food",
            clean: componentsFile(##"[{"/": "/$(food)"}]"##, variables: ##"{"food": ["pizza"]}"##)),
        LintCase(
            id: "AASA-L031",
            json: #"""
                {"applinks": {"apps": [], "details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": \#
                "/a/*"}], "paths": ["/a/*"]}]}}
                """#, location: "/applinks/details/0/paths",
            clean: #"""
                {"applinks": {"apps": [], "details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": \#
                [{"/": "/a/*"}]}]}}
                """#),
        LintCase(
            id: "AASA-L034", json: componentsFile("[{\"/\": \"/admin\u{202E}/*\", \"exclude\": true}]"),
            location: "/applinks/details/0/components/0/~1",
            clean: componentsFile(##"[{"/": "/admin/*", "exclude": true}]"##)),
        LintCase(
            id: "AASA-L034", json: componentsFile("[{\"/\": \"/acc\u{200B}ount/*\"}]"),
            location: "/applinks/details/0/components/0/~1",
            clean: componentsFile(##"[{"/": "/account/*"}]"##)),
        LintCase(
            id: "AASA-L034", json: componentsFile("[{\"/\": \"/a/*\", \"ex\u{2066}clude\": true}]"),
            location: "/applinks/details/0/components/0/ex\u{2066}clude",
            clean: componentsFile(##"[{"/": "/a/*", "exclude": true}]"##)),
    ]

    @Test(arguments: cases)
    func lintFindsTheProblemAndNotInTheCleanTwin(_ lint: LintCase) {
        let flagged = document(lint.json)
        #expect(
            flagged.diagnostics.contains { $0.id == lint.id && $0.location == lint.location },
            "\(flagged.diagnostics.map { "\($0.id) \($0.location) \($0.message)" }.joined(separator: "\n"))")
        let clean = document(lint.clean)
        #expect(
            !clean.diagnostics.contains { $0.id == lint.id },
            "\(clean.diagnostics.filter { $0.id == lint.id }.map(\.message))")
    }

    /// A hidden character is named and shown as a marker, never as itself; a file full of
    /// them gets a bounded number of diagnostics; ordinary non-ASCII text is not flagged.
    @Test func hiddenCharactersAreShownAndBounded() {
        let flagged = document(componentsFile("[{\"/\": \"/pay\u{202E}/*\"}]"))
        let message = flagged.diagnostics.first { $0.id == "AASA-L034" }?.message ?? ""
        #expect(message.contains("\"/pay‹U+202E›/*\" holds U+202E"), "\(message)")
        #expect(!message.unicodeScalars.contains { $0 == "\u{202E}" })
        let many = (0..<50).map { "{\"/\": \"/p\($0)\u{200B}\"}" }.joined(separator: ", ")
        let lots = document(componentsFile("[\(many)]")).diagnostics.filter { $0.id == "AASA-L034" }
        #expect(lots.count == 21)
        #expect(lots.contains { $0.message == "30 more keys or strings hold bidirectional or invisible characters" })
        let plain = document(componentsFile(##"[{"/": "/café/日本/*", "#": "ünïcödé"}]"##))
        #expect(!plain.diagnostics.contains { $0.id == "AASA-L034" })
    }

    @Test func everyRuleHasAStableIDAndFindingLink() {
        let ids = LintRule.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(ids == ids.sorted())
        for rule in LintRule.all {
            #expect(rule.id.hasPrefix("AASA-L"))
            if let finding = rule.relatedFinding { #expect(finding.hasPrefix("AASA-0")) }
        }
        let findings = Set(LintRule.all.compactMap(\.relatedFinding))
        for finding in [
            "AASA-005", "AASA-006", "AASA-013", "AASA-014", "AASA-015", "AASA-016", "AASA-017", "AASA-018",
            "AASA-021",
        ] {
            #expect(findings.contains(finding), "\(finding) is fed by no lint rule")
        }
    }

    @Test func lintDiagnosticsCarryLineAndColumnOfTheValue() throws {
        let parsed = AssociationDocument.parse(try Fixtures.data("aasa/lenient-traps.json"))
        let exclude = try #require(parsed.diagnostics.first { $0.id == "AASA-L014" })
        #expect(exclude.line == 2)
        #expect(exclude.column == 32)
        #expect(parsed.deviceAccepts)
    }

    @Test func diagnosticsAreSortedByPosition() throws {
        let parsed = AssociationDocument.parse(try Fixtures.data("aasa/shadowed-and-duplicates.json"))
        let lines = parsed.diagnostics.map { $0.line ?? Int.max }
        #expect(lines == lines.sorted())
    }

    @Test func defaultsWithRuleKeysAreExplained() throws {
        let parsed = AssociationDocument.parse(try Fixtures.data("aasa/shadowed-and-duplicates.json"))
        let ids = Set(parsed.diagnostics.map(\.id))
        #expect(ids.isSuperset(of: ["AASA-L019", "AASA-L020", "AASA-L021", "AASA-L022"]))
    }

    @Test func wholeSiteClaimDecodingAndLegacyDisagreementAreAllReported() throws {
        let parsed = AssociationDocument.parse(try Fixtures.data("aasa/whole-site-percent-decoding.json"))
        let byID = Dictionary(grouping: parsed.diagnostics, by: \.id)
        #expect(byID["AASA-L023"]?.first?.location == "/applinks/details/0/components/0")
        #expect(byID["AASA-L025"]?.first?.message.contains("whole-site claim") == true)
        #expect(byID["AASA-L024"]?.first?.message.contains("/login") == true)
        #expect(byID["AASA-L026"] != nil)
        #expect(byID["AASA-L031"] != nil)
    }

    @Test func lintJSONEncodesNullsExplicitly() throws {
        let diagnostic = LintDiagnostic(rule: .invalidJSON, message: "x", location: "")
        let text = String(decoding: try JSONEncoder().encode(diagnostic), as: UTF8.self)
        #expect(text.contains("\"line\":null"))
        #expect(text.contains("\"column\":null"))
    }
}
