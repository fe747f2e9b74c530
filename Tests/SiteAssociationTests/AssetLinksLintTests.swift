import Foundation
import Testing

@testable import SiteAssociation

/// The `assetlinks.json` lint on the package's one JSON reader: its rule table, its JSON pointers,
/// and the strict mode it reads in (`TolerantJSONParser`'s depth, top-level and UTF-8 options).
@Suite struct AssetLinksLintTests {
    static func lint(_ text: String) -> AssetLinksFile { AssetLinksFile(data: Data(text.utf8)) }
    static let key = Array(repeating: "AB", count: 32).joined(separator: ":")
    static let relation = AssetLinksFile.handleAllURLs

    /// `line:column` (columns in bytes) of the first occurrence of `needle` in `text`, found by search.
    static func place(of needle: String, in text: String) -> String {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = line.range(of: needle) {
                return "\(index + 1):\(line.utf8.distance(from: line.startIndex, to: range.lowerBound) + 1)"
            }
        }
        return "absent"
    }

    @Test func everyRuleHasAStableIDAndTheFindingItFeeds() {
        let ids = LintRule.AssetLinks.all.map(\.id)
        #expect(ids == (1...14).map { "ANDROID-L" + String(format: "%03d", $0) })
        for rule in LintRule.AssetLinks.all where rule.severity != .info {
            #expect(rule.relatedFinding == "AND-001" || rule.relatedFinding == "AND-016", "\(rule.id)")
        }
        #expect(LintRule.AssetLinks.include.relatedFinding == nil)
        #expect(Set(ids).isDisjoint(with: LintRule.all.map(\.id)))
    }

    @Test func diagnosticsCarryTheirRuleAndAJSONPointer() {
        let text = """
            [{"relation": ["x", "delegate_permission/common.handle_all_url"],
              "target": {"namespace": "android_app", "package_name": "p",
                         "sha256_cert_fingerprints": ["\(Self.key)", "ab:cd"]},
              "relation_extensions": {"\(Self.relation)": {"dynamic_app_link_components": [{"/": "/a"}, {"bad": 1}]}}},
             {"relation": ["\(Self.relation)"], "target": {"namespace": "ios_app"}}]
            """
        let file = Self.lint(text)
        let found = file.diagnostics.map { "\($0.id) \($0.location) \($0.lineColumnText)" }
        #expect(
            found == [
                "ANDROID-L005 /0/relation/1 "
                    + Self.place(of: "\"delegate_permission/common.handle_all_url\"", in: text),
                "ANDROID-L008 /0/target/sha256_cert_fingerprints/1 " + Self.place(of: "\"ab:cd\"", in: text),
                "ANDROID-L013 /0/relation_extensions/delegate_permission~1common.handle_all_urls/"
                    + "dynamic_app_link_components/1/bad " + Self.place(of: "\"bad\"", in: text),
                "ANDROID-L006 /1/target " + Self.place(of: "{\"namespace\": \"ios_app\"}", in: text),
            ])
        for diagnostic in file.diagnostics {
            let rule = LintRule.AssetLinks.all.first { $0.id == diagnostic.id }
            #expect(rule?.severity.rawValue == diagnostic.severity)
            #expect(rule?.relatedFinding == diagnostic.relatedFinding)
        }
    }

    @Test func theFileIsReadAsStrictJSON() throws {
        // RFC 8259 allows a scalar at the top: it is JSON, but not a statement list.
        #expect(Self.lint("\"x\"").diagnostics.map(\.id) == ["ANDROID-L003"])
        #expect(Self.lint("12").diagnostics.map(\.id) == ["ANDROID-L003"])
        // What the tolerant reader forgives is not JSON here; the diagnostic points at the problem.
        let trailing = Self.lint("[\n  {},\n]")
        #expect(trailing.diagnostics.map { "\($0.id) \($0.lineColumnText)" } == ["ANDROID-L001 2:5"])
        #expect(trailing.diagnostics.first?.message == "not JSON: trailing comma before \"]\"")
        #expect(Self.lint("[1.]").diagnostics.first?.id == "ANDROID-L001")
        #expect(Self.lint("[] // note").diagnostics.first?.id == "ANDROID-L001")
        #expect(Self.lint("[{'relation': []}]").diagnostics.first?.id == "ANDROID-L001")
        // 64 levels are read; the 65th is not.
        let deepest = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(!Self.lint(deepest).diagnostics.contains { $0.id == "ANDROID-L001" })
        let tooDeep = Self.lint(String(repeating: "[", count: 65) + String(repeating: "]", count: 65))
        #expect(tooDeep.diagnostics.map(\.id) == ["ANDROID-L001"])
        #expect(tooDeep.diagnostics.first?.message == "not JSON: nesting deeper than 64 levels: reading stopped")
        #expect(tooDeep.diagnostics.first?.column == 65)
    }

    @Test func bytesThatAreNotUTF8ReadAsReplacementCharacters() throws {
        var data = Data("[{\"relation\": [\"\(Self.relation)\"], \"target\": {\"namespace\": \"android_app\", ".utf8)
        data.append(Data("\"package_name\": \"com.ex".utf8) + Data([0xFF]) + Data("\", ".utf8))
        data.append(Data("\"sha256_cert_fingerprints\": [\"\(Self.key)\"]}}]".utf8))
        let file = AssetLinksFile(data: data)
        #expect(file.diagnostics.isEmpty)
        #expect(file.linkGrants.map(\.packageName) == ["com.ex\u{FFFD}"])
    }

    @Test func aRepeatedKeyIsNotReportedAndTheFirstIsRead() {
        let file = Self.lint(
            """
            [{"relation": ["\(Self.relation)"], "relation": [],
              "target": {"namespace": "android_app", "package_name": "first", "package_name": "second",
                         "sha256_cert_fingerprints": ["\(Self.key)"]}}]
            """)
        #expect(file.diagnostics.isEmpty)
        #expect(file.linkGrants.map(\.packageName) == ["first"])
    }

    @Test func theReaderKeepsItsDefaultsForAssociationFiles() {
        var scalar = TolerantJSONParser(bytes: Array("\"x\"".utf8))
        _ = scalar.parseDocument()
        #expect(!scalar.strictlyValid)
        var rfc = TolerantJSONParser(bytes: Array("\"x\"".utf8), scalarRootIsIssue: false)
        #expect(rfc.parseDocument()?.string == "x")
        #expect(rfc.strictlyValid && rfc.firstStrictIssue == nil)
        let notUTF8: [UInt8] = [0x5B, 0x22, 0xFF, 0x22, 0x5D]
        var encoding = TolerantJSONParser(bytes: notUTF8)
        _ = encoding.parseDocument()
        #expect(encoding.firstStrictIssue?.offset == 2)
        var lenient = TolerantJSONParser(bytes: notUTF8, checksUTF8: false)
        #expect(lenient.parseDocument()?.array?.first?.string == "\u{FFFD}")
        #expect(lenient.strictlyValid)
        let nested = Array((String(repeating: "[", count: 600) + String(repeating: "]", count: 600)).utf8)
        var capped = TolerantJSONParser(bytes: nested, maximumDepth: 10_000)
        #expect(capped.parseDocument() == nil)
        #expect(capped.firstStrictIssue?.offset == TolerantJSONParser.maximumDepth)
    }
}
