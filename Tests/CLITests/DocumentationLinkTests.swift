import Foundation
import TestSupport
import Testing

/// Every path a document cites exists in the repository: the relative links of the README,
/// `docs/`, `CONTRIBUTING.md`, `Samples/README.md` and `Fuzz/README.md`, and every
/// `docs/…`, `spec/…` or `Samples/…` path written in them or in the built binary's help texts.
/// Nothing may point outside the repository (`../shared`).
@Suite struct DocumentationLinkTests {
    private static var binaryMissing: Bool { LinkLabProcess.executableURL == nil }
    private static let root = Fixtures.repositoryRoot

    /// The documents a reader opens, relative to the repository root.
    static var documents: [String] {
        var names = ["README.md", "CONTRIBUTING.md", "Samples/README.md", "Fuzz/README.md"]
        let docs = root.appendingPathComponent("docs")
        if let walker = FileManager.default.enumerator(atPath: docs.path) {
            for case let path as String in walker where path.hasSuffix(".md") { names.append("docs/" + path) }
        }
        return names.sorted()
    }

    /// Markdown link targets that are paths (not web addresses, mail or in-page anchors).
    static func relativeLinks(in text: String) -> [String] {
        let pattern = #/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/#
        return text.matches(of: pattern).compactMap { match in
            let target = String(match.output.1)
            if target.hasPrefix("#") || target.contains("://") || target.hasPrefix("mailto:") { return nil }
            return String(target.prefix { $0 != "#" })
        }
    }

    /// `docs/…`, `spec/…` and `Samples/…` paths written in running text or code (repository-relative).
    static func citedPaths(in text: String) -> [String] {
        // Not after a word character, '.', '/', '~' or '-': "shared/spec/x" or "Fuzz/docs" are not these.
        let pattern = #"(?<![\w./~-])((?:docs|spec|Samples)/[\w.+\-/]*[\w/])"#
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }.filter { !$0.contains("*") }
    }

    /// The problems of one text: cited paths that do not exist and references outside the repository.
    static func problems(in text: String, source: String, linksRelativeTo folder: URL?) -> [String] {
        var problems: [String] = []
        if text.contains("../shared") { problems.append("\(source): cites ../shared (outside the repository)") }
        for path in citedPaths(in: text) where !exists(root.appendingPathComponent(path)) {
            problems.append("\(source): \(path) does not exist")
        }
        if let folder {
            for link in relativeLinks(in: text) {
                let target = folder.appendingPathComponent(link.removingPercentEncoding ?? link).standardizedFileURL
                if !target.path.hasPrefix(root.standardizedFileURL.path) {
                    problems.append("\(source): link \(link) leaves the repository")
                } else if !exists(target) {
                    problems.append("\(source): link \(link) does not exist")
                }
            }
        }
        return problems
    }

    private static func exists(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.path)
    }

    @Test func theCheckerFindsWhatItIsFor() {
        let text = """
            See [the catalogue](docs/nowhere.md) and [home](#top), [web](https://example.com/x.md), \
            `spec/findings.md`, docs/cli.md, ../shared/spec/aasa.md and Samples/aasa/example.com.json.
            """
        let found = Self.problems(in: text, source: "t", linksRelativeTo: Self.root)
        #expect(found.contains("t: link docs/nowhere.md does not exist"))
        #expect(found.contains("t: spec/findings.md does not exist"))
        #expect(found.contains("t: cites ../shared (outside the repository)"))
        #expect(found.count == 4, "\(found)")  // docs/nowhere.md is also a cited path
        #expect(!found.contains { $0.contains("docs/cli.md") || $0.contains("Samples/aasa") })
    }

    @Test(arguments: documents)
    func everyPathADocumentCitesExists(_ document: String) throws {
        let url = Self.root.appendingPathComponent(document)
        let text = try String(contentsOf: url, encoding: .utf8)
        let problems = Self.problems(in: text, source: document, linksRelativeTo: url.deletingLastPathComponent())
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func theDocumentationIndexAndTheCommandPagesExist() {
        let names = Set(Self.documents)
        for page in ["docs/README.md", "docs/install.md", "docs/glossary.md", "docs/findings.md",
                     "docs/security-model.md", "docs/limits.md", "docs/benchmarks.md", "docs/verification.md"] {
            #expect(names.contains(page), "\(page) is missing")
        }
        for command in ["inspect", "aasa-fetch", "aasa-lint", "match", "scan", "report", "diff", "serve"] {
            #expect(names.contains("docs/commands/\(command).md"), "no page for \(command)")
        }
    }

    /// Every rule of `Shared/Findings/Rules/` has its row in the catalogue page.
    @Test func theFindingsCatalogueListsEveryRule() throws {
        let rules = Self.root.appendingPathComponent("Shared/Findings/Rules")
        let catalogue = try String(contentsOf: Self.root.appendingPathComponent("docs/findings.md"), encoding: .utf8)
        var ids: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: rules.path) where name.hasSuffix(".swift") {
            let source = try String(contentsOf: rules.appendingPathComponent(name), encoding: .utf8)
            if let match = source.firstMatch(of: #/public let id = "([A-Z]+-[0-9]+)"/#) { ids.append(String(match.output.1)) }
        }
        #expect(ids.count > 40)
        for id in ids {
            #expect(catalogue.contains("| `\(id)` |") || catalogue.contains("| \(id) |"), "docs/findings.md has no row for \(id)")
        }
    }

    @Test(.disabled(if: binaryMissing, "linklab binary not built"), arguments: AdoptionCommandTests.commands)
    func everyPathAHelpTextCitesExists(_ command: [String]) throws {
        let output = try LinkLabProcess.run(command + ["--help"], environment: ["COLUMNS": "400"])
        #expect(output.exitCode == 0, "\(output.stderr)")
        let source = "linklab \(command.joined(separator: " ")) --help"
        let problems = Self.problems(in: output.stdout, source: source, linksRelativeTo: nil)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
