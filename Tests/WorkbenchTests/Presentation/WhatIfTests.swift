import Foundation
import TestServer
import TestSupport
import Testing

@testable import Workbench

/// Issue 16: the what-if editor starts from the text that decides, byte for byte, and Apply
/// with no change leaves every verdict, finding and lint diagnostic as it was.
@MainActor @Suite struct WhatIfTests {
    /// Every association file of the repository's fixtures and samples (and the wild corpus
    /// beside the checkout when present), plus generated variants of each (CRLF line breaks, a
    /// byte-order mark, minified, a trailing space, a CMS envelope from the fixtures).
    static func associationFiles() throws -> [(name: String, data: Data)] {
        var files: [(String, Data)] = []
        let folders =
            [Fixtures.url("aasa"), Fixtures.repositoryRoot.appendingPathComponent("Samples/aasa")]
            + [Fixtures.sharedURL("corpus/aasa/wild")].compactMap { $0 }
        for folder in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names.sorted() where name.hasSuffix(".json") || name.hasSuffix(".p7") || !name.contains(".") {
                let url = folder.appendingPathComponent(name)
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
                    !isDirectory.boolValue,
                    let data = try? Data(contentsOf: url), data.count <= 1 << 20
                else { continue }
                files.append((folder.lastPathComponent + "/" + name, data))
            }
        }
        var generated: [(String, Data)] = []
        for (name, data) in files where data.first == UInt8(ascii: "{") || data.first == UInt8(ascii: " ") {
            let text = String(decoding: data, as: UTF8.self)
            generated.append((name + " (CRLF)", Data(text.replacingOccurrences(of: "\n", with: "\r\n").utf8)))
            generated.append((name + " (BOM)", Data([0xEF, 0xBB, 0xBF]) + data))
            generated.append((name + " (trailing space)", data + Data(" \n".utf8)))
            if let object = try? JSONSerialization.jsonObject(with: data),
                let minified = try? JSONSerialization.data(withJSONObject: object)
            {
                generated.append((name + " (minified)", minified))
            }
        }
        return files + generated
    }

    static let urls = """
        https://example.com/
        https://example.com/buy/1
        = https://example.com/help/1?articleNumber=481
        ! https://example.com/account/delete
        https://example.com/open/7#frag
        https://example.com/%E4%B8%AD
        https://EXAMPLE.com/Buy/1?q=1&q=2
        """

    /// What an Apply must leave as it was.
    struct Decided: Equatable {
        var tests: [URLTest]
        var findings: [Finding]
        var lint: [LintDiagnostic]
    }

    static func decided(_ document: WorkbenchDocument) -> Decided {
        Decided(
            tests: document.urlTests.map(document.traced), findings: document.findings.map(\.finding),
            lint: document.domains.flatMap(\.lint))
    }

    /// What a browser's text area gives back: every line break LF (HTML's value normalisation).
    static func asBrowserGivesIt(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }

    @Test func applyingTheShownTextUnchangedChangesNothingForEveryFile() throws {
        let files = try Self.associationFiles()
        #expect(files.count >= 40, "the fixtures, the samples and their variants: \(files.count)")
        var exact = 0
        for (name, data) in files {
            let document = WorkbenchDocument(now: { SampleScan.now })
            document.openAssociationFile(data, host: "example.com")
            document.setURLLines(Self.urls)
            let before = Self.decided(document)
            let card = try #require(document.domainCards.first).presentation
            if card.file == nil { #expect(card.editorText.isEmpty, "\(name): an editor text without a file") }
            if let shown = card.file, !shown.isExact {
                // A body that is not UTF-8 (or an unreadable CMS envelope) cannot be shown byte for
                // byte: the card must say so rather than pretend.
                #expect(card.editorNote != nil, "\(name): a lossy text without a note")
                continue
            }
            exact += 1
            #expect(card.editorText == card.file?.text ?? "")
            let typed = ServedText.restoringLineBreaks(Self.asBrowserGivesIt(card.editorText), like: card.editorText)
            try document.edit(typed, forHost: "example.com")
            let after = Self.decided(document)
            #expect(after.tests == before.tests, "\(name): verdicts changed")
            #expect(after.findings == before.findings, "\(name): findings changed")
            #expect(after.lint == before.lint, "\(name): lint changed")
            // An unchanged Apply is no edit: the host is not marked hypothetical (issue 26).
            let applied = try #require(document.domainCards.first).presentation
            #expect(applied.state != "edited" && !applied.isEdited, "\(name)")
            #expect(applied.editorText == card.editorText, "\(name): the editor re-formatted the text")
            #expect(applied.file == card.file, "\(name): the shown file changed")
            #expect(document.analysis?.whatIfHosts.isEmpty == true, "\(name)")
            try document.revert(host: "example.com")
            #expect(
                document.domains.first?.report?.result(for: .local)?.body == data.prefix(1 << 17),
                "\(name): revert")
            #expect(Self.decided(document) == before, "\(name): revert changed the verdicts")
        }
        #expect(exact >= 30)
    }

    @Test func aCMSSignedBodyShowsItsJSONAndApplyingItChangesNothing() throws {
        let data = try Fixtures.data("aasa/cms-signed-definite-length.p7")
        let document = WorkbenchDocument(now: { SampleScan.now })
        document.openAssociationFile(data, host: "example.com")
        document.setURLLines(Self.urls)
        let before = Self.decided(document)
        let card = try #require(document.domainCards.first).presentation
        #expect(card.editorText.hasPrefix("{"), "the JSON inside, not the envelope: \(card.editorText.prefix(40))")
        #expect(card.editorNote?.contains("CMS") == true)
        try document.edit(card.editorText, forHost: "example.com")
        #expect(Self.decided(document) == before)
    }

    @Test func anEditThatChangesARuleChangesTheVerdictAndMarksTheHostEdited() throws {
        let data = Data(#"{"applinks":{"details":[{"appIDs":["A.b"],"components":[{"/":"/buy/*"}]}]}}"#.utf8)
        let document = WorkbenchDocument(now: { SampleScan.now })
        document.openAssociationFile(data, host: "example.com")
        document.setURLLines("https://example.com/help/1")
        #expect(document.urlTests.first?.verdicts.first?.decision == .noMatch)
        try document.edit(
            #"{"applinks":{"details":[{"appIDs":["A.b"],"components":[{"/":"/help/*"}]}]}}"#,
            forHost: "example.com")
        #expect(document.urlTests.first?.verdicts.first?.decision == .match)
        let card = try #require(document.domainCards.first)
        #expect(card.hookState == "edited")
        #expect(card.presentation.file?.title == "Edited (what-if): decides now")
        #expect(card.presentation.served?.text == String(decoding: data, as: UTF8.self))
        // The session keeps what was served beside the edit.
        let reopened = WorkbenchDocument(now: { SampleScan.now })
        try reopened.openSession(try document.save())
        #expect(reopened.domainCards.first?.presentation == card.presentation)
    }

    /// The editor's lint lists errors (a parse error) first, then warnings, each in file order.
    @Test func editorLintListsErrorsFirst() throws {
        let document = WorkbenchDocument(now: { SampleScan.now })
        document.openAssociationFile(Data(#"{"applinks":{"details":[]}}"#.utf8), host: "example.com")
        try document.edit(
            """
            {"applinks": {"detail": [],
             "details": [{"appIDs": ["A.b"], "components": [{"/": "/a/*"},]}]}}
            """, forHost: "example.com")
        let lint = try #require(document.domainCards.first).presentation.lint
        #expect(lint.map(\.severity).first == "error", "\(lint)")
        #expect(lint.contains { $0.severity == "warning" })
        let ranks = lint.map { $0.severity == "error" ? 0 : $0.severity == "warning" ? 1 : 2 }
        #expect(ranks == ranks.sorted())
    }

    @Test func anUnchangedTextComesBackAsServedAndCRLFOnlyWhenEveryLineBreakWasCRLF() {
        #expect(ServedText.restoringLineBreaks("a\nb\nc", like: "a\r\nb\rc") == "a\r\nb\rc", "unchanged: as served")
        #expect(ServedText.restoringLineBreaks("a\nX\n", like: "a\r\nb\r\n") == "a\r\nX\r\n")
        #expect(ServedText.restoringLineBreaks("a\nX\n", like: "a\r\nb\n") == "a\nX\n", "mixed: as typed")
        #expect(ServedText.restoringLineBreaks("a\nX", like: "a\nb") == "a\nX")
        #expect(ServedText.asTextAreaGivesIt("a\r\nb\rc\n") == "a\nb\nc\n")
    }

    @Test func aBodyThatIsNotUTF8IsShownWithANoteNotAsItsBytes() {
        var result = RouteResult(route: .local, url: "file://x", userAgent: nil)
        result.body = Data([0x7B, 0xFF, 0xFE, 0x7D])
        let shown = ServedText(result)
        #expect(!shown.isExact)
        #expect(shown.note?.contains("UTF-8") == true)
    }

    /// A fetched host (real HTTPS on the loopback test site): the editor holds the served body,
    /// an unchanged Apply keeps the routes as served and changes nothing, and the cdn/origin
    /// rows stay (the deciding one marked edited).
    @Test(.timeLimit(.minutes(2)))
    func aFetchedHostsUnchangedApplyChangesNothingAndKeepsItsRoutes() async throws {
        let site = try await TestSite.start(slowDelay: .milliseconds(100))
        let caFile = try site.pki.writeCAFile()
        defer { try? FileManager.default.removeItem(at: caFile) }
        let document = try DocumentSequenceTests.document(site: site, caFile: caFile)
        document.refetchAll()
        await document.settled()
        document.setURLLines(
            document.domains.map { "https://\($0.host)/x/1\n! https://\($0.host)/account" }
                .joined(separator: "\n"))
        let before = Self.decided(document)
        for card in document.domainCards {
            let view = card.presentation
            try document.edit(
                ServedText.restoringLineBreaks(
                    Self.asBrowserGivesIt(view.editorText),
                    like: view.editorText),
                forHost: card.host)
            let applied = try #require(document.domainCards.first { $0.host == card.host }).presentation
            #expect(applied.state != "edited", "\(card.host): an unchanged Apply is no edit")
            #expect(applied.routes?.rows.map(\.route) == view.routes?.rows.map(\.route), "\(card.host): rows replaced")
        }
        let after = Self.decided(document)
        #expect(after.tests == before.tests)
        #expect(after.findings == before.findings)
        #expect(after.lint == before.lint)
        await site.stop()
    }

    /// A report made while a host is edited says so on its first screen, in every format, and
    /// marks what rests on the edit; going back to the served text takes the marks away.
    @Test func everyReportSaysWhenItHoldsAWhatIfEdit() throws {
        let data = Data(#"{"applinks":{"details":[{"appIDs":["A.b"],"components":[{"/":"/buy/*"}]}]}}"#.utf8)
        let document = WorkbenchDocument(now: { SampleScan.now })
        document.openAssociationFile(data, host: "example.com")
        document.setURLLines("https://example.com/help/1")
        let served = String(decoding: try document.export(.markdown), as: UTF8.self)
        #expect(!served.contains("Hypothetical edit"))
        try document.edit(
            #"{"applinks":{"details":[{"appIDs":["A.b"],"components":[{"/":"/help/*"}]}]}}"#,
            forHost: "example.com")
        let markdown = String(decoding: try document.export(.markdown), as: UTF8.self)
        let firstScreen = markdown.split(separator: "\n").prefix(12).joined(separator: "\n")
        #expect(firstScreen.contains("hypothetical edit of example.com"), "\(firstScreen)")
        #expect(markdown.contains("Hypothetical edit — not what the domain serves: example.com"))
        #expect(markdown.contains("example.com \\[what-if\\]"), "the verdict's domain is marked")
        // The findings section marks the same findings as the overview (the file's AASA-021).
        let findingsSection = markdown.components(separatedBy: "\n## Findings\n").dropFirst().joined()
        #expect(findingsSection.contains("\\[what-if\\] Schema problem"), "the findings section is not marked")
        let html = String(decoding: try document.export(.html), as: UTF8.self)
        #expect(html.contains("Hypothetical edit — not what the domain serves"))
        let json = try #require(try JSONSerialization.jsonObject(with: document.export(.json)) as? [String: Any])
        #expect((json["whatIf"] as? [String: Any])?["hosts"] as? [String] == ["example.com"])
        let sarif = String(decoding: try document.export(.sarif), as: UTF8.self)
        #expect(sarif.contains("whatIfEditedHosts"))
        #expect(try document.export(.pdf).count > 0)
        // Back to the served text: no longer hypothetical.
        try document.edit(String(decoding: data, as: UTF8.self), forHost: "example.com")
        #expect(document.domainCards.first?.hookState != "edited")
        #expect(!String(decoding: try document.export(.markdown), as: UTF8.self).contains("Hypothetical edit"))
        #expect((try JSONSerialization.jsonObject(with: document.export(.json)) as? [String: Any])?["whatIf"] == nil)
    }
}
