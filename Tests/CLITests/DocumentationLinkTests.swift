import Foundation
import TestSupport
import Testing

/// Every path a document cites exists in the repository: the relative links of the README,
/// `docs/`, `CONTRIBUTING.md`, `Samples/README.md` and `Fuzz/README.md`, and every
/// `docs/…`, `spec/…`, `Samples/…` or `scripts/…` path written in them, in the built binary's
/// help texts, in the product's sources (their comments and the text they serve: the web page,
/// the OpenAPI document) and in the comments of tests, tools and scripts.
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

    /// `docs/…`, `spec/…`, `Samples/…` and `scripts/…` paths written in running text or code
    /// (repository-relative).
    static func citedPaths(in text: String) -> [String] {
        // Not after a word character, '.', '/', '~' or '-': "shared/spec/x" or "Fuzz/docs" are not these.
        let pattern = #"(?<![\w./~-])((?:docs|spec|Samples|scripts)/[\w.+\-/]*[\w/])"#
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
        #expect(found.count == 4, "\(found)")  // the missing link is also a cited path
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
        for page in [
            "docs/README.md", "docs/install.md", "docs/glossary.md", "docs/findings.md",
            "docs/security-model.md", "docs/limits.md", "docs/benchmarks.md", "docs/verification.md",
        ] {
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
            if let match = source.firstMatch(of: #/public let id = "([A-Z]+-[0-9]+)"/#) {
                ids.append(String(match.output.1))
            }
        }
        #expect(ids.count > 40)
        for id in ids {
            #expect(
                catalogue.contains("| `\(id)` |") || catalogue.contains("| \(id) |"),
                "docs/findings.md has no row for \(id)")
        }
    }

    // MARK: Sources

    /// The product's folders: every text in them is a comment or text the product shows or serves
    /// (help, engine notes, the web page, the OpenAPI document), so each file is read whole.
    static let productFolders = ["Shared", "CLI", "Web", "UniversalLinkLab", "QuickLookPreview"]
    /// Tests, tools and scripts: only their comments are read (a test may name a missing path on
    /// purpose, as `theCheckerFindsWhatItIsFor` does).
    static let toolFolders = ["AppCheck", "Benchmarks", "Tools", "Tests", "Fuzz", "scripts", "UITests"]
    static let toolFiles = ["Package.swift", ".ci/run", "Makefile"]
    /// Inputs, not text of ours: fixtures, fuzz corpora and crash inputs.
    static let skippedFolders = ["Tests/Fixtures", "Fuzz/corpus-work", "Fuzz/artifacts"]
    static let sourceExtensions: Set<String> = ["swift", "js", "py", "sh", "md", "html", "css"]

    /// Every source file the check reads, relative to the repository root.
    static var sourceFiles: [String] {
        var names = toolFiles
        for folder in productFolders + toolFolders {
            let base = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(atPath: base.path) else { continue }
            for case let path as String in walker {
                let name = folder + "/" + path
                let skipped = skippedFolders.contains { name.hasPrefix($0 + "/") } || name.contains("/corpus/")
                if skipped { continue }
                if sourceExtensions.contains(URL(fileURLWithPath: path).pathExtension) { names.append(name) }
            }
        }
        return names.sorted()
    }

    /// The part of a source file the check reads: all of it in a product folder and for Markdown
    /// and HTML, otherwise its comments (`//` and `/* */` in Swift, JavaScript and CSS; `#` and
    /// docstrings in Python, shell and the like).
    static func checkedText(of text: String, path: String) -> String {
        let folder = String(path.prefix { $0 != "/" })
        let pathExtension = URL(fileURLWithPath: path).pathExtension
        if productFolders.contains(folder) || ["md", "html"].contains(pathExtension) {
            return text
        }
        var parts: [String] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if ["swift", "js", "css"].contains(pathExtension) {
            parts += text.matches(of: #/\/\*(?s:.*?)\*\//#).map { String($0.output) }
            parts += lines.compactMap { $0.firstMatch(of: #/(?:^|\s)\/\/(.*)$/#).map { String($0.output.1) } }
        } else {
            parts += text.matches(of: #/"""(?s:.*?)"""/#).map { String($0.output) }
            parts += lines.compactMap { $0.firstMatch(of: #/(?:^|\s)#(.*)$/#).map { String($0.output.1) } }
        }
        return parts.joined(separator: "\n")
    }

    /// The problems of a source text: cited paths that do not exist, and documents outside the
    /// repository (`../shared/….md`; the optional corpora and oracles beside the checkout are
    /// data, not documents, and may be named).
    static func sourceProblems(in text: String, source: String) -> [String] {
        var problems = citedPaths(in: text).filter { !exists(root.appendingPathComponent($0)) }
            .map { "\(source): \($0) does not exist" }
        for match in text.matches(of: #/\.\.\/shared\/[\w.\/-]*\.md/#) {
            problems.append("\(source): cites \(match.output), outside the repository")
        }
        return problems
    }

    @Test func theSourceCheckerFindsWhatItIsFor() {
        // Built from pieces, so that this file's own comments do not hold the bad citations.
        let slash = "/"
        let star = "*"
        let swift = """
            \(slash)// The document (`spec/workbench.md`, see docs/workbench.md) and ../shared/architecture.md.
            let example = "docs/nowhere.md" \(slash)/ scripts/nothing.sh
            \(slash)\(star) Samples/none.ipa \(star)\(slash)
            """
        let comments = Self.checkedText(of: swift, path: "Tests/X/Y.swift")
        let found = Self.sourceProblems(in: comments, source: "t")
        #expect(
            Set(found) == [
                "t: spec/workbench.md does not exist", "t: scripts/nothing.sh does not exist",
                "t: Samples/none.ipa does not exist",
                "t: cites ../shared/architecture.md, outside the repository",
            ], "\(found)")
        // In a product folder the whole text counts: a string the product shows is checked too.
        #expect(
            Self.sourceProblems(in: Self.checkedText(of: swift, path: "Shared/X/Y.swift"), source: "t")
                .contains("t: docs/nowhere.md does not exist"))
        let python = "\"\"\"Benchmarks (spec/web.md).\"\"\"\nx = 'docs/nowhere.md'  # ok: docs/cli.md\n"
        #expect(
            Self.sourceProblems(in: Self.checkedText(of: python, path: "UITests/web/t.py"), source: "t")
                == ["t: spec/web.md does not exist"])
        #expect(Self.sourceFiles.contains("Web/Server/OpenAPIDocument.swift"))
        #expect(Self.sourceFiles.contains("Web/Assets/api.js"))
        #expect(Self.sourceFiles.contains("Package.swift"))
        #expect(!Self.sourceFiles.contains { $0.hasPrefix("Tests/Fixtures/") })
    }

    /// No source comment, and nothing the product shows or serves (the OpenAPI document's texts,
    /// the web page), cites a file the repository does not have.
    @Test func everyPathASourceCitesExists() throws {
        var problems: [String] = []
        let files = Self.sourceFiles
        #expect(files.count > 300, "only \(files.count) source files found")
        for file in files {
            let text = String(decoding: try Data(contentsOf: Self.root.appendingPathComponent(file)), as: UTF8.self)
            problems += Self.sourceProblems(in: Self.checkedText(of: text, path: file), source: file)
        }
        #expect(problems.isEmpty, "\(problems.count) citations of missing files:\n\(problems.joined(separator: "\n"))")
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
