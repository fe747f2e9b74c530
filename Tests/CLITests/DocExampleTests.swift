import Foundation
import TestSupport
import Testing

/// Every command example of the README and `docs/` is the tool's (issue 30, item 6): each is run
/// with the built binary on the bundled sample and its output and exit code are compared with
/// what the page shows, so a page cannot drift from the tool.
///
/// How a page marks its examples (a reader sees none of it):
///
/// - A fenced block whose first line begins `$ ` is an example. Each `$ ` line is a command
///   (continued while a line ends in `\`); the lines after it, up to the next `$ ` line, are its
///   output (standard output and standard error, as a terminal shows them). A line whose text
///   begins with `…` stands for any number of lines; a `…` inside a line stands for any text.
///   A command with no lines after it must print nothing. `linklab` is the built binary and
///   `swift run linklab` means the same; commands run with `/bin/sh` in a folder that holds the
///   repository's `Samples/` and `Tests/` (so `out/…` lands in a temporary folder), offline.
/// - `<!-- example: exit N -->` on the line above the block: the block's last command exits N
///   (every other command must exit 0, unless a `$ echo $?` line after it shows its code).
/// - `<!-- example: output of the block above -->`: this block (no `$ ` lines) is the output of
///   the first command of the previous fenced block (the README's quick start: two plain commands
///   to copy, then what the first prints).
/// - `<!-- example: not run: REASON -->`: a block with a `linklab` command that is not run —
///   a synopsis, a network fetch, a server, a placeholder — and why.
///
/// A fenced block with a `linklab` command that is none of these fails the suite, as does an
/// example that would touch the network.
@Suite struct DocExampleTests {
    static let root = Fixtures.repositoryRoot

    // MARK: - Finding the examples

    /// One fenced block of a page.
    struct Block {
        var file: String
        /// 1-based line of the opening fence.
        var line: Int
        var lines: [String]
        /// The `<!-- example: … -->` directive just above the fence, if any.
        var directive: String?
    }

    /// One command of an example and the output the page shows for it.
    struct Command: Sendable, Equatable {
        var text: String
        var shown: [String]
    }

    /// A runnable example: its commands, and the exit code of the last one.
    struct Example: Sendable, CustomTestStringConvertible {
        var file: String
        var line: Int
        var commands: [Command]
        var lastExit: Int32
        var testDescription: String { "\(file):\(line)" }
    }

    /// The pages a reader opens, relative to the repository root.
    static var pages: [String] {
        var names = ["README.md"]
        if let walker = FileManager.default.enumerator(atPath: root.appendingPathComponent("docs").path) {
            for case let path as String in walker where path.hasSuffix(".md") { names.append("docs/" + path) }
        }
        return names.sorted()
    }

    /// The fenced blocks of a page that are shell text (no language, or `console`/`sh`/`shell`).
    static func blocks(in text: String, file: String) -> [Block] {
        let lines = text.components(separatedBy: "\n")
        var blocks: [Block] = []
        var index = 0
        while index < lines.count {
            let opening = lines[index].trimmingCharacters(in: .whitespaces)
            guard opening.hasPrefix("```") else {
                index += 1
                continue
            }
            let language = opening.dropFirst(3).trimmingCharacters(in: .whitespaces)
            var end = index + 1
            while end < lines.count, !lines[end].trimmingCharacters(in: .whitespaces).hasPrefix("```") { end += 1 }
            if ["", "console", "sh", "shell", "bash"].contains(language) {
                var directive: String?
                if index > 0, let match = lines[index - 1].firstMatch(of: #/^\s*<!--\s*example:\s*(.*?)\s*-->\s*$/#) {
                    directive = String(match.output.1)
                }
                let body = Array(lines[(index + 1)..<min(end, lines.count)])
                blocks.append(Block(file: file, line: index + 1, lines: body, directive: directive))
            }
            index = end + 1
        }
        return blocks
    }

    /// True when a line of a block runs `linklab` (`linklab …`, `swift run linklab …`, with or
    /// without a `$ ` prompt).
    static func invokesLinkLab(_ line: String) -> Bool {
        var text = line.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("$ ") { text = String(text.dropFirst(2)).trimmingCharacters(in: .whitespaces) }
        return text.hasPrefix("linklab ") || text == "linklab" || text.hasPrefix("swift run linklab")
    }

    /// The plain commands of a block without prompts (each joined over its `\` continuations).
    static func plainCommands(_ lines: [String]) -> [String] {
        var commands: [String] = []
        var current: String?
        for line in lines {
            let text = line.trimmingCharacters(in: .whitespaces)
            if var partial = current {
                partial += "\n" + line
                current = text.hasSuffix("\\") ? partial : nil
                if current == nil { commands.append(partial) }
            } else if !text.isEmpty {
                if text.hasSuffix("\\") { current = line } else { commands.append(line) }
            }
        }
        if let current { commands.append(current) }
        return commands
    }

    /// The commands of an example block (`$ ` lines) with the output shown after each.
    static func promptedCommands(_ lines: [String]) -> [Command] {
        var commands: [Command] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("$ ") {
                var text = String(line.dropFirst(2))
                while text.hasSuffix("\\"), index + 1 < lines.count {
                    index += 1
                    text += "\n" + lines[index]
                }
                commands.append(Command(text: text, shown: []))
            } else if !commands.isEmpty {
                commands[commands.count - 1].shown.append(line)
            }
            index += 1
        }
        return commands
    }

    /// What a page's blocks hold: the runnable examples and the problems (a block with a
    /// `linklab` command that is neither run nor says why it is not).
    static func examples(in text: String, file: String) -> (examples: [Example], problems: [String]) {
        let blocks = blocks(in: text, file: file)
        var examples: [Example] = []
        var problems: [String] = []
        var coveredByNext = Set<Int>()
        for (position, block) in blocks.enumerated() {
            let place = "\(file):\(block.line)"
            let directive = block.directive ?? ""
            if directive.hasPrefix("not run:") {
                if directive.dropFirst("not run:".count).trimmingCharacters(in: .whitespaces).isEmpty {
                    problems.append("\(place): `not run:` needs a reason")
                }
                continue
            }
            if directive == "output of the block above" {
                guard position > 0, let first = plainCommands(blocks[position - 1].lines).first,
                    invokesLinkLab(first)
                else {
                    problems.append("\(place): the block above does not begin with a linklab command")
                    continue
                }
                coveredByNext.insert(position - 1)
                let command = Command(text: first, shown: block.lines)
                examples.append(Example(file: file, line: block.line, commands: [command], lastExit: 0))
                continue
            }
            var lastExit: Int32 = 0
            if !directive.isEmpty {
                guard let match = directive.wholeMatch(of: #/exit (\d+)/#), let code = Int32(match.output.1) else {
                    problems.append("\(place): unknown directive `\(directive)`")
                    continue
                }
                lastExit = code
            }
            if block.lines.first?.hasPrefix("$ ") == true {
                examples.append(
                    Example(
                        file: file, line: block.line, commands: promptedCommands(block.lines),
                        lastExit: lastExit))
            } else if !directive.isEmpty {
                problems.append("\(place): `\(directive)` on a block that does not begin with `$ `")
            }
        }
        // Plain blocks: every linklab command in them is the source of the next block's output
        // (only its first), or the block must say why it is not run.
        for (position, block) in blocks.enumerated()
        where block.directive == nil && block.lines.first?.hasPrefix("$ ") != true {
            var commands = plainCommands(block.lines)
            if coveredByNext.contains(position) { commands.removeFirst() }
            if commands.contains(where: invokesLinkLab) {
                problems.append(
                    "\(file):\(block.line): a linklab command that is not run: write it as an example "
                        + "(`$ ` and its output) or mark it `<!-- example: not run: REASON -->`")
            }
        }
        return (examples, problems)
    }

    static let found: (examples: [Example], problems: [String]) = {
        var all: [Example] = []
        var problems: [String] = []
        for page in pages {
            guard let text = try? String(contentsOf: root.appendingPathComponent(page), encoding: .utf8) else {
                problems.append("\(page): cannot be read")
                continue
            }
            let result = examples(in: text, file: page)
            all += result.examples
            problems += result.problems
        }
        return (all, problems)
    }()

    static var allExamples: [Example] { found.examples }

    // MARK: - Comparing

    /// Whether `actual` is what `shown` shows: line by line, a shown line beginning with `…`
    /// stands for any number of lines, a `…` inside a line for any text. Trailing spaces and
    /// trailing blank lines do not count.
    static func matches(shown: [String], actual: [String]) -> Bool {
        func trimmed(_ lines: [String]) -> [String] {
            var lines = lines.map { String($0.reversed().drop { $0 == " " || $0 == "\t" }.reversed()) }
            while lines.last?.isEmpty == true { lines.removeLast() }
            return lines
        }
        let pattern = trimmed(shown)
        let text = trimmed(actual)
        // reachable[i][j]: pattern[i...] matches text[j...].
        var reachable = Array(repeating: Array(repeating: false, count: text.count + 1), count: pattern.count + 1)
        reachable[pattern.count][text.count] = true
        for i in stride(from: pattern.count - 1, through: 0, by: -1) {
            let isGap = pattern[i].trimmingCharacters(in: .whitespaces).hasPrefix("…")
            for j in stride(from: text.count, through: 0, by: -1) {
                if isGap {
                    reachable[i][j] = reachable[i + 1][j] || (j < text.count && reachable[i][j + 1])
                } else {
                    reachable[i][j] = j < text.count && lineMatches(pattern[i], text[j]) && reachable[i + 1][j + 1]
                }
            }
        }
        return reachable[0][0]
    }

    /// One line against one shown line, where `…` stands for any text.
    static func lineMatches(_ shown: String, _ line: String) -> Bool {
        let pieces = shown.components(separatedBy: "…")
        guard pieces.count > 1 else { return shown == line }
        let head = pieces[0]
        let tail = pieces[pieces.count - 1]
        guard line.count >= head.count + tail.count, line.hasPrefix(head), line.hasSuffix(tail) else { return false }
        var rest = Substring(line).dropFirst(head.count).dropLast(tail.count)
        for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
            guard let range = rest.range(of: piece) else { return false }
            rest = rest[range.upperBound...]
        }
        return true
    }

    /// Why an example's command may not run in a test: it would reach the network, or it is not
    /// a finished command (a placeholder).
    static func cannotRun(_ command: String) -> String? {
        let words = command.replacingOccurrences(of: "\\\n", with: " ")
            .split(whereSeparator: \.isWhitespace).map(String.init)
        if command.contains("…") { return "it holds a placeholder (…)" }
        guard let start = words.firstIndex(of: "linklab") else { return nil }
        let rest = Array(words[(start + 1)...])
        switch rest.first {
        case "serve": return "serve runs until stopped"
        case "aasa", "assetlinks": if rest.dropFirst().first == "fetch" { return "it fetches from the network" }
        case "scan": if !rest.contains("--offline") { return "scan without --offline fetches from the network" }
        case "match": if rest.contains("--fetch") { return "match --fetch fetches from the network" }
        default: break
        }
        if rest.contains("--google") { return "--google asks Google's API" }
        return nil
    }

    // MARK: - Running

    /// The examples of one page, run in order in one folder (as a reader would, one after the
    /// other: a later example may read what an earlier one wrote).
    struct Page: Sendable, CustomTestStringConvertible {
        var file: String
        var examples: [Example]
        var testDescription: String { file }
    }

    static var examplePages: [Page] {
        var pages: [Page] = []
        for example in allExamples {
            if pages.last?.file == example.file {
                pages[pages.count - 1].examples.append(example)
            } else {
                pages.append(Page(file: example.file, examples: [example]))
            }
        }
        return pages
    }

    /// A temporary folder holding `Samples/` and `Tests/` of the repository (links), where a
    /// page's examples run; `TMPDIR` points inside it, and all of it is removed after.
    static func withExampleFolder<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linklab-doc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(".tmp"),
            withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["Samples", "Tests"] {
            try FileManager.default.createSymbolicLink(
                at: folder.appendingPathComponent(name),
                withDestinationURL: root.appendingPathComponent(name))
        }
        return try body(folder)
    }

    /// The output (standard output and error together) and exit code of each command of an
    /// example, run in order by one shell in `folder`.
    static func run(_ example: Example, in folder: URL) throws -> [(output: [String], exit: Int32)] {
        let binary = try #require(LinkLabProcess.executableURL, "the linklab binary is not built (swift build)")
        let separator = "\u{1E}linklab-doc-exit "
        var script = "exec 2>&1\n"
        for command in example.commands {
            var text = command.text
            if text.hasPrefix("swift run linklab") { text = String(text.dropFirst("swift run ".count)) }
            script += text + "\n"
            script += "__status=$?; printf '\\n\(separator)%d\\n' \"$__status\"; (exit $__status)\n"
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["NO_COLOR"] = "1"
        environment["TMPDIR"] = folder.appendingPathComponent(".tmp").path
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var results: [(output: [String], exit: Int32)] = []
        var current: [String] = []
        for line in String(decoding: data, as: UTF8.self).components(separatedBy: "\n") {
            if line.hasPrefix(separator), let code = Int32(line.dropFirst(separator.count)) {
                if current.last == "" { current.removeLast() }  // the separator's own newline
                results.append((current, code))
                current = []
            } else {
                current.append(line)
            }
        }
        return results
    }

    // MARK: - Tests

    @Test func everyLinkLabCommandOfThePagesIsAnExampleOrSaysWhyNot() {
        #expect(Self.found.problems.isEmpty, "\(Self.found.problems.joined(separator: "\n"))")
        #expect(Self.allExamples.count >= 10, "only \(Self.allExamples.count) examples found")
        for example in Self.allExamples {
            for command in example.commands {
                if let reason = Self.cannotRun(command.text) {
                    let message =
                        "\(example.testDescription): `\(command.text)` cannot run in a test (\(reason)): "
                        + "mark the block `<!-- example: not run: REASON -->`"
                    Issue.record(Comment(rawValue: message))
                }
            }
        }
    }

    @Test(arguments: examplePages)
    func theExamplesOfThePageAreTheTools(_ page: Page) throws {
        try Self.withExampleFolder { folder in
            for example in page.examples where example.commands.allSatisfy({ Self.cannotRun($0.text) == nil }) {
                try Self.check(example, in: folder)  // a command that cannot run is reported above
            }
        }
    }

    static func check(_ example: Example, in folder: URL) throws {
        let results = try Self.run(example, in: folder)
        try #require(
            results.count == example.commands.count,
            "\(example.testDescription): \(results.count) of \(example.commands.count) commands ran")
        for (index, (command, result)) in zip(example.commands, results).enumerated() {
            let isLast = index == example.commands.count - 1
            let echoedNext = !isLast && example.commands[index + 1].text.hasPrefix("echo $?")
            let expected: Int32? = isLast ? example.lastExit : (echoedNext ? nil : 0)
            if let expected, result.exit != expected {
                let message =
                    "\(example.testDescription): `\(command.text)` exited \(result.exit), "
                    + "the page says \(expected) (`<!-- example: exit N -->` states the last command's code)"
                Issue.record(Comment(rawValue: message))
            }
            if !Self.matches(shown: command.shown, actual: result.output) {
                Issue.record(
                    """
                    \(example.testDescription): `\(command.text)` printed what the page does not show.
                    The page shows:
                    \(command.shown.joined(separator: "\n"))
                    The tool printed:
                    \(result.output.joined(separator: "\n"))
                    """)
            }
        }
    }

    /// The comparison can fail: a changed line, a missing line, an extra line, a wrong exit.
    @Test func theComparisonCatchesDrift() {
        let output = [
            "Findings: 0 new, 3 fixed, 35 still open", "  fixed: high AASA-007 go.example.net",
            "  a", "  b", "done",
        ]
        #expect(Self.matches(shown: output, actual: output))
        #expect(Self.matches(shown: ["Findings: 0 new, … fixed, 35 still open", "…", "done"], actual: output))
        #expect(
            Self.matches(
                shown: ["Findings: …", "  fixed: … AASA-007 …", "  …  (2 more lines)", "done"],
                actual: output))
        #expect(Self.matches(shown: ["…"], actual: output))
        #expect(Self.matches(shown: ["…"], actual: []))
        let critical = ["Findings: 0 new, 3 fixed, 35 still open", "  fixed: critical AASA-007 go.example.net", "…"]
        #expect(!Self.matches(shown: critical, actual: output))
        #expect(!Self.matches(shown: Array(output.dropLast()), actual: output))
        #expect(!Self.matches(shown: output + ["more"], actual: output))
        #expect(!Self.matches(shown: [], actual: output))
        #expect(!Self.matches(shown: ["Findings: 1 new, …"], actual: ["Findings: 0 new, 3 fixed"]))
        #expect(!Self.lineMatches("a…b…c", "acb"))
        #expect(Self.lineMatches("a…b…c", "axbyc"))
        #expect(!Self.lineMatches("ab…ba", "aba"))
    }

    /// The page format is read as documented: prompts, continuations, directives, coverage.
    @Test func thePageFormatIsReadAsDocumented() {
        let page = """
            ```
            linklab diff OLD NEW
            ```

            <!-- example: exit 1 -->
            ```
            $ linklab scan Samples/LinkLabSample.ipa --offline \\
                --aasa Samples/aasa --fail-on high
            …
            $ echo $?
            1
            ```

            <!-- example: not run: it fetches -->
            ```
            linklab aasa fetch example.com
            ```

            ```
            swift run linklab scan Samples/LinkLabSample.ipa --offline
            swift test
            ```
            <!-- example: output of the block above -->
            ```
            iOS
            …
            ```
            """
        let (examples, problems) = Self.examples(in: page, file: "p.md")
        let uncovered: String =
            "p.md:1: a linklab command that is not run: write it as an example "
            + "(`$ ` and its output) or mark it `<!-- example: not run: REASON -->`"
        #expect(problems == [uncovered])
        #expect(examples.count == 2)
        let first: String =
            "linklab scan Samples/LinkLabSample.ipa --offline \\\n"
            + "    --aasa Samples/aasa --fail-on high"
        #expect(examples.first?.commands.map(\.text) == [first, "echo $?"])
        #expect(examples.first?.commands.first?.shown == ["…"])
        #expect(examples.first?.lastExit == 1)
        #expect(examples.last?.commands.first?.text == "swift run linklab scan Samples/LinkLabSample.ipa --offline")
        #expect(Self.cannotRun("linklab aasa fetch example.com") != nil)
        #expect(Self.cannotRun("linklab scan App.ipa --report out/x.md") != nil)
        #expect(Self.cannotRun("linklab scan App.ipa --offline") == nil)
    }
}
