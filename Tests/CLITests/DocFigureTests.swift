import Foundation
import TestSupport
import Testing

/// Figures a page states that can be checked without a benchmark run (issue 30, item 6): the
/// README's speed figures are the ones `docs/benchmarks.md` tabulates, and `docs/testing.md`'s
/// test count is true.
@Suite struct DocFigureTests {
    static let root = Fixtures.repositoryRoot

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// Figures with a unit (`9–11 ms`, `1.11–1.12×`, `2.47–3.08 M/s`) and loads (`load 0.1–0.5`)
    /// in a text.
    static func figures(in text: String) -> (values: [String], loads: [String]) {
        let flat = text.replacingOccurrences(of: "\n", with: " ")
        let number = #"\d+(?:[.,]\d+)*(?:–\d+(?:[.,]\d+)*)?"#
        func all(_ pattern: String) -> [String] {
            guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
            return regex.matches(in: flat, range: NSRange(flat.startIndex..., in: flat)).compactMap {
                Range($0.range(at: 1), in: flat).map { String(flat[$0]) }
            }
        }
        return (all("(\(number) ?(?:ms|µs|×|M/s|MiB|MB|kB|s)(?![\\w/]))"), all("load (\(number))"))
    }

    /// The README's paragraphs that cite the benchmarks page.
    static func readmeSpeedParagraphs() throws -> [String] {
        try text("README.md").components(separatedBy: "\n\n").filter { $0.contains("docs/benchmarks.md") }
    }

    @Test func theReadmesSpeedFiguresAreTheBenchmarkTables() throws {
        let tableRows = try Self.text("docs/benchmarks.md").components(separatedBy: "\n").filter { $0.hasPrefix("|") }
        let cells = Set(tableRows.flatMap { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } })
        let paragraphs = try Self.readmeSpeedParagraphs()
        try #require(!paragraphs.isEmpty, "the README no longer cites docs/benchmarks.md")
        var checked = 0
        for paragraph in paragraphs {
            let (values, loads) = Self.figures(in: paragraph)
            for value in values {
                checked += 1
                #expect(
                    tableRows.contains { $0.contains(value) },
                    "README: \(value) is in no table of docs/benchmarks.md")
            }
            for load in loads {
                #expect(cells.contains(load), "README: load \(load) is no load of a table of docs/benchmarks.md")
            }
        }
        #expect(checked >= 6, "only \(checked) figures found in the README's speed paragraph")
    }

    @Test func theFigureCheckCanFail() {
        let text = "p50 4.4–5.3 ms, p95 17 ms\nto the frame; 1.11–1.12× the time (load 0.1–0.5), 8 apps × 500 rules"
        let (values, loads) = Self.figures(in: text)
        #expect(values == ["4.4–5.3 ms", "17 ms", "1.11–1.12×"])
        #expect(loads == ["0.1–0.5"])
    }

    /// The `@Test` functions of the package's test targets (those of `Package.swift`; the Mac
    /// app's own tests are built by Xcode only). A parameterised test counts once, as
    /// `swift test` counts it.
    static func testFunctionCount() throws -> Int {
        let manifest = try text("Package.swift")
        let targets = manifest.matches(of: #/\.testTarget\(\s*name: "(\w+)"/#).map { String($0.output.1) }
        #expect(targets.count >= 10, "test targets read from Package.swift: \(targets)")
        var count = 0
        for target in targets {
            let folder = root.appendingPathComponent("Tests/\(target)")
            guard let walker = FileManager.default.enumerator(atPath: folder.path) else { continue }
            for case let path as String in walker where path.hasSuffix(".swift") {
                let source = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
                count +=
                    source.components(separatedBy: "\n").filter {
                        let line = $0.trimmingCharacters(in: .whitespaces)
                        return line == "@Test" || line.hasPrefix("@Test(") || line.hasPrefix("@Test ")
                    }.count
            }
        }
        return count
    }

    /// `docs/testing.md` says "more than N tests": at least N, and N within 10 % of the count
    /// (so the figure is raised as the suite grows).
    @Test func theTestCountOfTheTestingPageIsTrue() throws {
        let page = try Self.text("docs/testing.md").replacingOccurrences(of: "\n", with: " ")
        let match = try #require(
            page.firstMatch(of: #/more than ([\d,]+) tests/#),
            "docs/testing.md states no test count")
        let stated = try #require(Int(match.output.1.replacingOccurrences(of: ",", with: "")))
        let count = try Self.testFunctionCount()
        #expect(count > stated, "docs/testing.md says more than \(stated) tests; there are \(count)")
        #expect(
            Double(count) < Double(stated) * 1.1,
            "there are \(count) tests: raise docs/testing.md's \"more than \(stated)\"")
    }
}
