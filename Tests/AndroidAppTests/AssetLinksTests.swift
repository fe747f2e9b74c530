import AndroidApp
import Foundation
import SiteAssociation
import Testing

/// `assetlinks.json` parsing and lint: stable IDs at the right line and column.
@Suite struct AssetLinksTests {
    static func lint(_ text: String) -> AssetLinksFile { AssetLinksFile(data: Data(text.utf8)) }
    static let key = Array(repeating: "AB", count: 32).joined(separator: ":")

    @Test func cleanFileHasNoDiagnostics() {
        let file = Self.lint(
            """
            [{
              "relation": ["delegate_permission/common.handle_all_urls"],
              "target": {"namespace": "android_app", "package_name": "com.example", "sha256_cert_fingerprints": \
            ["\(Self.key)"]}
            }]
            """)
        #expect(file.diagnostics.isEmpty)
        #expect(file.grants(package: "com.example").count == 1)
    }

    @Test func everyRuleFiresAtItsPosition() {
        let file = Self.lint(
            """
            [
              {"relation": ["delegate_permission/common.handle_all_url"],
               "target": {"namespace": "android_app", "package_name": "a", "sha256_cert_fingerprints": ["AB:CD"]}},
              {"relation": ["delegate_permission/common.handle_all_urls"],
               "target": {"namespace": "android_app", "package_name": "b", "sha256_cert_fingerprints": \
            ["\(Self.key.lowercased())"]}},
              {"relation": ["delegate_permission/common.handle_all_urls"],
               "target": {"namespace": "android_app", "package_name": "b", "sha256_cert_fingerprints": \
            ["\(Self.key.lowercased())"]}},
              {"include": "https://example.com/more.json"},
              {"relation": [], "target": {"namespace": "ios_app"}}
            ]
            """)
        let found = file.diagnostics.map { "\($0.id)@\($0.lineColumnText)" }
        #expect(found.contains("ANDROID-L005@2:17"))  // misspelled relation
        #expect(found.contains("ANDROID-L008@3:93"))  // short fingerprint
        #expect(found.contains("ANDROID-L009@5:93"))  // lower-case hex
        #expect(found.contains("ANDROID-L011@6:3"))  // duplicate statement
        #expect(found.contains("ANDROID-L010@8:3"))  // include
        #expect(found.contains("ANDROID-L006@9:30"))  // unknown namespace
        #expect(file.includes == ["https://example.com/more.json"])
    }

    @Test func byteOrderMarkIsReportedAndTheRestStillRead() {
        var data = Data([0xEF, 0xBB, 0xBF])
        data.append(Data("[]".utf8))
        let file = AssetLinksFile(data: data)
        #expect(file.diagnostics.map(\.id) == ["ANDROID-L002", "ANDROID-L012"])
    }

    @Test func notJSONAndWrongTopLevel() {
        #expect(Self.lint("<html>").diagnostics.first?.id == "ANDROID-L001")
        #expect(Self.lint("[1,]").diagnostics.first?.id == "ANDROID-L001")
        #expect(Self.lint("{}").diagnostics.first?.id == "ANDROID-L003")
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(Self.lint(deep).diagnostics.first?.id == "ANDROID-L001")
    }

    @Test func dynamicRulesAreRead() throws {
        let file = Self.lint(
            """
            [{"relation": ["delegate_permission/common.handle_all_urls"],
              "target": {"namespace": "android_app", "package_name": "p", "sha256_cert_fingerprints": ["\(Self.key)"]},
              "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [
                {"/": "/checkout/*", "exclude": true},
                {"?": {"ref": "mail*"}, "#": "top", "bogus": 1},
                {"/": "*"}
              ]}}}]
            """)
        let rules = try #require(file.statements.first?.dynamicComponents)
        #expect(rules.count == 3)
        #expect(rules[0].exclude && rules[0].path == "/checkout/*")
        #expect(rules[1].query == ["ref": "mail*"] && rules[1].fragment == "top")
        #expect(file.diagnostics.map(\.id) == ["ANDROID-L013"])
    }
}
