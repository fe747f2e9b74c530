import Foundation
@_spi(Benchmarks) import SiteAssociation
import Testing

@testable import Workbench

/// The live editor: after every keystroke the document's verdicts and findings are those of a
/// document opened cold on the same text, although each keystroke recompiles only the detail
/// it changed and re-decides only the apps whose rules changed.
@MainActor @Suite struct DocumentKeystrokeTests {
    static let apps = (0..<5).map { "ABCDE1234\($0).com.example.app\($0)" }

    /// A file of five details (one naming two apps), with what was typed so far in rule 3 of
    /// detail `typedIn`, in the file's defaults, or at the end.
    static func file(
        typed: String = "", typedIn detail: Int = 2, defaults: String = "", order: [Int] = [0, 1, 2, 3, 4],
        tail: String = ""
    ) -> String {
        let details = order.map { index -> String in
            let ids = index == 4 ? [apps[4], apps[0]] : [apps[index]]
            let rules = (0..<12).map { rule -> String in
                let typedHere = index == detail && rule == 3 ? typed : ""
                return rule % 5 == 0
                    ? "{\"/\":\"/a\(index)/private\(rule)/*\",\"exclude\":true}"
                    : "{\"/\":\"/a\(index)/s\(rule)\(typedHere)*\"}"
            }
            return """
                {\"appIDs\":[\(ids.map { "\"\($0)\"" }.joined(separator: ","))],\
                \"components\":[\(rules.joined(separator: ","))]}
                """
        }
        return """
            {\"applinks\":{\"defaults\":{\"caseSensitive\":\(defaults.isEmpty ? "true" : "false"),\
            \"comment\":\"\(defaults)\"},
            """
                + "\"details\":[\(details.joined(separator: ",\n"))]}}" + tail
    }

    static let urls = (0..<60).map { index -> String in
        let prefix = index % 7 == 0 ? "! " : index % 5 == 0 ? "= " : ""
        let rule =
            index % 6 == 0 ? "private\(index % 12 / 5 * 5)/" : "s\(index % 12)\(["", "x", "xy", "X"][index % 4])/"
        return prefix + "https://example.com/a\(index % 5)/\(rule)item\(index)"
    }.joined(separator: "\n")

    /// A document that decides `text` from nothing: opened on a file with no rules, then
    /// edited once (so its findings name the same "edited" file as the live document's).
    private func cold(_ text: String, urls: String = Self.urls) throws -> WorkbenchDocument {
        // Nothing compiled either (the compiled details are shared by every document).
        AssociationPhases.forgetCompilations()
        let document = WorkbenchDocument(settings: WorkbenchSettings(offline: true), now: { SampleScan.now })
        document.openAssociationFile(Data("{}".utf8), host: "example.com")
        document.setURLLines(urls)
        try document.edit(text, forHost: "example.com")
        return document
    }

    /// Types `texts` into `live` one after the other, expecting after each the verdicts,
    /// findings and lint of a document opened cold on the text; how many keystrokes changed verdicts.
    private func typeComparingWithCold(_ texts: [String], into live: WorkbenchDocument, urls: String) throws -> Int {
        var changedVerdicts = 0
        var previous = live.urlTests
        for text in texts {
            try live.edit(text, forHost: "example.com")
            let reference = try cold(text, urls: urls)
            #expect(live.urlTests == reference.urlTests, "\(text)")
            #expect(live.findings.map(\.finding) == reference.findings.map(\.finding), "\(text)")
            #expect(live.domains.first?.lint == reference.domains.first?.lint)
            if live.urlTests != previous { changedVerdicts += 1 }
            previous = live.urlTests
        }
        return changedVerdicts
    }

    @Test func everyKeystrokeDecidesAsADocumentOpenedOnTheSameText() throws {
        let live = try cold(Self.file())
        var texts: [String] = []
        // Typing into one rule, then into another detail, into the defaults (every rule
        // changes), details reordered, the file broken and mended, a space at the end.
        texts += (1...4).map { Self.file(typed: String("xyzw".prefix($0))) }
        texts += (1...3).map { Self.file(typed: String("xy".prefix($0)), typedIn: 4) }
        texts += (1...2).map { Self.file(typed: "xy", typedIn: 4, defaults: String("ab".prefix($0))) }
        texts.append(Self.file(typed: "xy", typedIn: 4, order: [1, 0, 2, 4, 3]))
        texts.append(Self.file(typed: "xy", typedIn: 4, order: [1, 0, 2, 4, 3], tail: ","))
        texts.append(Self.file(typed: "xy", typedIn: 4, order: [1, 0, 2, 4, 3], tail: " "))
        texts.append(Self.file())
        let changedVerdicts = try typeComparingWithCold(texts, into: live, urls: Self.urls)
        // The keystrokes did change verdicts (else agreement would prove little).
        #expect(changedVerdicts >= 6, "\(changedVerdicts)")
        #expect(live.urlTests.flatMap(\.verdicts).contains { $0.decision == .match })
        #expect(live.urlTests.flatMap(\.verdicts).contains { $0.decision == .exclude })
    }

    /// A file whose rules use a substitution variable, with what was typed so far in the file's
    /// defaults (its comment; `caseSensitive` flips with the comment's length), in the variable's
    /// values and in a variable no rule names.
    static func variablesFile(defaults: String = "", variable: String = "", unused: String = "") -> String {
        let details = (0..<5).map { index -> String in
            let ids = index == 4 ? [apps[4], apps[0]] : [apps[index]]
            let rules = (0..<12).map { rule -> String in
                rule % 5 == 0
                    ? "{\"/\":\"/a\(index)/private\(rule)/*\",\"exclude\":true}"
                    : rule % 3 == 0 ? "{\"/\":\"/a\(index)/$(v)/s\(rule)*\"}" : "{\"/\":\"/a\(index)/s\(rule)*\"}"
            }
            let names = ids.map { "\"\($0)\"" }.joined(separator: ",")
            return "{\"appIDs\":[\(names)],\"components\":[\(rules.joined(separator: ","))]}"
        }
        return "{\"applinks\":{\"defaults\":{\"caseSensitive\":\(defaults.count % 2 == 0 ? "true" : "false"),"
            + "\"comment\":\"\(defaults)\"},\"substitutionVariables\":{\"v\":[\"x\(variable)\",\"y\(variable)*\"]"
            + (unused.isEmpty ? "" : ",\"u\":[\"\(unused)\"]") + "},"
            + "\"details\":[\(details.joined(separator: ",\n"))]}}"
    }

    /// A list long enough to be decided on every core (`URLDecider.parallelThreshold`).
    static let longURLs = (0..<400).map { index -> String in
        let prefix = index % 7 == 0 ? "! " : index % 5 == 0 ? "= " : ""
        let middle = ["x", "xa", "yab", "y", "X", "xab"][index % 6]
        let rule = index % 4 == 0 ? "private\(index % 12 / 5 * 5)/" : "\(middle)/s\(index % 12)\(["", "x"][index % 2])/"
        return prefix + "https://example.com/a\(index % 5)/\(rule)item\(index)"
    }.joined(separator: "\n")

    /// The keystrokes that change every rule (into `applinks.defaults` and into
    /// `substitutionVariables`), with a list decided on every core: each leaves the document
    /// as a document opened cold on the same text.
    @Test func keystrokesInDefaultsAndVariablesDecideAsADocumentOpenedOnTheSameText() throws {
        let live = try cold(Self.variablesFile(), urls: Self.longURLs)
        #expect(live.urlTests.count == 400)
        var texts: [String] = []
        texts += (1...3).map { Self.variablesFile(variable: String("abc".prefix($0))) }
        texts += (1...3).map { Self.variablesFile(defaults: String("abc".prefix($0)), variable: "ab") }
        texts += (0...2).reversed().map { Self.variablesFile(defaults: "abc", variable: String("abc".prefix($0))) }
        // What no rule reads (a comment, the flag unchanged; a variable no rule names): every
        // compilation kept, and still the verdicts of a cold document.
        texts += ["abcde", "abcdefg", "xyz"].map { Self.variablesFile(defaults: $0) }
        texts += ["q", "qr", "qrs"].map { Self.variablesFile(defaults: "xyz", unused: $0) }
        let changedVerdicts = try typeComparingWithCold(texts, into: live, urls: Self.longURLs)
        #expect(changedVerdicts >= 5, "\(changedVerdicts)")
        let decisions = Set(live.urlTests.flatMap(\.verdicts).map(\.decision))
        #expect(decisions == [.match, .exclude, .noMatch], "\(decisions)")
    }
}
