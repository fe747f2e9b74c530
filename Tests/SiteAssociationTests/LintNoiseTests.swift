import Foundation
import Testing

@testable import SiteAssociation

/// A tester reads every diagnostic: one problem is said once, in words that name what it is about.
@Suite struct LintNoiseTests {
    @Test func repeatedNonJSONWhitespaceIsOneDiagnosticWithCountAndLines() {
        let nbsp = "\u{00A0}"
        let json = "{\n\(nbsp)\(nbsp)\"applinks\": {\"apps\": [],\n\(nbsp)\"details\": []\n\(nbsp)}\n}"
        let spaces = document(json).diagnostics.filter { $0.message.contains("NO-BREAK SPACE") }
        #expect(spaces.count == 1, "\(spaces.map(\.message))")
        let grouped = spaces.first
        #expect(grouped?.message.contains("4 ") == true, "\(grouped?.message ?? "")")
        #expect(grouped?.message.contains("lines 2–4") == true, "\(grouped?.message ?? "")")
        #expect(grouped?.line == 2)
    }

    @Test func aSingleNonJSONSpaceIsStillReportedPlainly() {
        let json = "{\"applinks\":\u{00A0}{\"apps\": [], \"details\": []}}"
        let spaces = document(json).diagnostics.filter { $0.message.contains("NO-BREAK SPACE") }
        #expect(spaces.count == 1)
        #expect(spaces.first?.message.hasPrefix("non-JSON whitespace") == true)
    }

    @Test func rulesOfADeadDetailAreNotLintedAgain() {
        let json = #"""
            {"applinks": {"apps": [], "details": [
              {"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/a/*"}]},
              {"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/b/*"}, {"/": "/b/c"}, {"/": "*"}]}
            ]}}
            """#
        let diagnostics = document(json).diagnostics
        #expect(diagnostics.contains { $0.id == "AASA-L029" && $0.location == "/applinks/details/1" })
        let inDead = diagnostics.filter { $0.location.hasPrefix("/applinks/details/1/") }
        #expect(inDead.isEmpty, "\(inDead.map { "\($0.id) \($0.message)" })")
        // The live twin still reports its shadowed rule.
        let live = document(componentsFile(##"[{"/": "/b/*"}, {"/": "/b/c"}]"##)).diagnostics
        #expect(live.contains { $0.id == "AASA-L021" })
    }

    @Test func aBareWordIsOneError() {
        let diagnostics = document("hello").diagnostics
        #expect(diagnostics.count == 1, "\(diagnostics.map { "\($0.id) \($0.message)" })")
        #expect(diagnostics.first?.id == "AASA-L006")
        #expect(diagnostics.first?.message.contains("\"hello\"") == true)
    }

    @Test func aBareJSONLiteralIsStillATopLevelTypeError() {
        let ids = document("true").diagnostics.map(\.id)
        #expect(ids.contains("AASA-L010"))
        #expect(!ids.contains("AASA-L006"))
    }

    @Test func missingLegacyAppsOnlyWhenADetailUsesPaths() {
        let modern = #"""
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/a"}]}]}}
            """#
        #expect(!document(modern).diagnostics.contains { $0.id == "AASA-L026" })
        let legacy = #"""
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/a"}]}, \#
            {"appID": "ABCDE12345.com.example.app2", "paths": ["/b"]}]}}
            """#
        let reported = document(legacy).diagnostics.first { $0.id == "AASA-L026" }
        #expect(reported?.location == "/applinks")
        #expect(reported?.message.contains("details[1]") == true, "\(reported?.message ?? "")")
    }

    @Test func appIDsAndAppIDTogetherHaveTheirOwnID() {
        let json = #"""
            {"applinks": {"apps": [], "details": [{"appIDs": ["ABCDE12345.com.example.app"], "appID": \#
            "ABCDE12345.com.example.app2", "paths": ["/a"]}]}}
            """#
        let diagnostics = document(json).diagnostics
        let both = diagnostics.first { $0.location == "/applinks/details/0/appID" }
        #expect(both?.id == LintRule.appIDAndAppIDs.id)
        #expect(both?.id != LintRule.unknownKey.id)
        #expect(!diagnostics.contains { $0.id == "AASA-L012" })
    }

    @Test func percentDecodingNamesItsDetail() {
        let json = componentsFile(##"[{"/": "/files/*"}]"##, detailDefaults: ##"{"percentEncoded": false}"##)
        let widening = document(json).diagnostics.first { $0.id == "AASA-L023" }
        #expect(
            widening?.message.contains("details[0] (appIDs: ABCDE12345.com.example.app)") == true,
            "\(widening?.message ?? "")")
        #expect(widening?.message.contains("this detail") == false)
    }
}
