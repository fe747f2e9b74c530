import Foundation
import Testing

@testable import SiteAssociation

@Suite struct DiffTests {
    private func file(_ json: String) throws -> AssociationFile {
        try #require(document(json).file)
    }

    @Test func formattingAndKeyOrderDoNotCount() throws {
        let old = try file(appleExample)
        let new = try file(
            ##"""
            {"applinks":{"details":[{"components":[{"exclude":true,"#":"no_universal_links"},{"/":"/buy/*",\##
            "comment":"new comment"},{"exclude":true,"/":"/help/website/*"},{"?":{"articleNumber":"????"},\##
            "/":"/help/*"}],"appIDs":["ABCDE12345.com.example.app","ABCDE12345.com.example.app2"]}]}}
            """##)
        let diff = AssociationDiff(old: old, new: new)
        #expect(diff.isEquivalent, "\(diff.changes)")
    }

    @Test func defaultsMovedIntoRulesAreEquivalent() throws {
        let old = try file(componentsFile(##"[{"/": "/A"}]"##, defaults: ##"{"caseSensitive": false}"##))
        let new = try file(componentsFile(##"[{"/": "/A", "caseSensitive": false}]"##))
        #expect(AssociationDiff(old: old, new: new).isEquivalent)
    }

    @Test func ruleChangesAreDescribed() throws {
        let old = try file(componentsFile(##"[{"/": "/buy/*"}]"##))
        let new = try file(componentsFile(##"[{"/": "/buy/*", "exclude": true}, {"/": "/sell/*"}]"##))
        let diff = AssociationDiff(old: old, new: new)
        #expect(!diff.isEquivalent)
        #expect(
            diff.changes == [
                #"applinks: ABCDE12345.com.example.app rule 0 changed: {"/":"/buy/*"} → {"/":"/buy/*","exclude":true}"#,
                #"applinks: ABCDE12345.com.example.app rule 1 added: {"/":"/sell/*"}"#,
            ])
    }

    @Test func appsAndOtherServicesAreCompared() throws {
        let old = try file(
            #"""
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.a"], "paths": ["*"]}]}, "webcredentials": {"apps": \#
            ["ABCDE12345.com.a"]}}
            """#)
        let new = try file(
            #"""
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.b"], "paths": ["*"]}]}, "appclips": {"apps": \#
            ["ABCDE12345.com.a.Clip"]}}
            """#)
        let changes = AssociationDiff(old: old, new: new).changes
        #expect(changes.contains("applinks: ABCDE12345.com.a removed"))
        #expect(changes.contains("applinks: ABCDE12345.com.b added"))
        #expect(changes.contains("webcredentials: ABCDE12345.com.a removed"))
        #expect(changes.contains("appclips: ABCDE12345.com.a.Clip added"))
    }

    @Test func substitutionValuesCount() throws {
        let old = try file(componentsFile(##"[{"/": "/$(food)"}]"##, variables: ##"{"food": ["pizza"]}"##))
        let new = try file(componentsFile(##"[{"/": "/$(food)"}]"##, variables: ##"{"food": ["pizza", "sushi"]}"##))
        #expect(!AssociationDiff(old: old, new: new).isEquivalent)
    }

    @Test func deadDetailsDoNotCount() throws {
        let old = try file(#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.a"], "paths": ["/x"]}]}}"#)
        let new = try file(
            #"""
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.a"], "paths": ["/x"]}, {"appIDs": \#
            ["ABCDE12345.com.a"], "paths": ["*"]}]}}
            """#)
        #expect(AssociationDiff(old: old, new: new).isEquivalent)
    }

    @Test func modelRoundTripsThroughCodable() throws {
        let original = try file(appleExample)
        let data = try JSONEncoder().encode(original)
        let decoded = try JSONDecoder().decode(AssociationFile.self, from: data)
        #expect(decoded == original)
        #expect(
            String(decoding: data, as: UTF8.self).contains(#""\/":"\/buy\/*""#)
                || String(decoding: data, as: UTF8.self).contains(#""/":"/buy/*""#))
    }

    @Test func localeTablesHoldGBButNotUK() {
        #expect(LocaleTables.regions.contains("GB"))
        #expect(!LocaleTables.regions.contains("UK"))
        #expect(LocaleTables.regions.allSatisfy { $0.count == 2 })
        #expect(LocaleTables.languages.contains("en"))
        #expect(LocaleTables.languages.count > 180)
    }

    @Test func reverseQuestionListsTheAppsAURLOpens() throws {
        let matcher = AssociationMatcher(
            file: try file(
                #"""
                {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.a"], "paths": ["/a/*"]}, {"appIDs": \#
                ["ABCDE12345.com.b"], "paths": ["NOT /a/x", "*"]}]}}
                """#), domain: "example.com")
        #expect(matcher.appsReached(by: "https://example.com/a/x") == ["ABCDE12345.com.a"])
        #expect(matcher.appsReached(by: "https://example.com/a/y") == ["ABCDE12345.com.a", "ABCDE12345.com.b"])
        #expect(matcher.appsReached(by: "https://example.com/z") == ["ABCDE12345.com.b"])
        #expect(matcher.decisions(url: "https://example.com/a/x") == [.match, .exclude])
    }
}
