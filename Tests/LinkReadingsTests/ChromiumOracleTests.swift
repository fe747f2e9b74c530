import Foundation
import TestSupport
import Testing

@testable import LinkReadings

/// Real Chromium's `new URL()` as the oracle for the browser reading: the cases go into an HTML
/// page (base64 JSON), Chromium runs it headless (`--dump-dom`), and the page's script writes
/// each answer (`href`, or that the constructor threw) back into the DOM as base64 JSON.
enum ChromiumOracle {
    static let executable = ["chromium", "chromium-browser", "google-chrome"].lazy.compactMap(ExternalTool.find).first
    static let unavailable: String? =
        executable == nil
        ? "Chromium is not installed (.ci/run installs the chromium package); the browser oracle needs it" : nil

    struct Answer: Decodable, Equatable {
        var href: String?
        var error: Bool?
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    static let page = """
        <!doctype html><html><body><pre id="out">pending</pre><script>
        const bytes = Uint8Array.from(atob("CASES"), c => c.charCodeAt(0));
        const cases = JSON.parse(new TextDecoder().decode(bytes));
        const answers = cases.map(s => {
          try { return { href: new URL(s).href }; } catch (e) { return { error: true }; }
        });
        const out = new TextEncoder().encode(JSON.stringify(answers));
        let text = ""; for (const b of out) text += String.fromCharCode(b);
        document.getElementById("out").textContent = btoa(text);
        </script></body></html>
        """

    /// Chromium's answer for each case, in order.
    static func answers(_ cases: [String]) throws -> [Answer] {
        guard let executable else { throw Failure(description: unavailable ?? "") }
        let scratch = Fixtures.repositoryRoot
            .appendingPathComponent(".build/link-readings-chromium/\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let json = try JSONEncoder().encode(cases)
        let html = page.replacingOccurrences(of: "CASES", with: json.base64EncodedString())
        let file = scratch.appendingPathComponent("cases.html")
        try Data(html.utf8).write(to: file)
        let process = Process()
        process.executableURL = executable
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--user-data-dir=\(scratch.appendingPathComponent("profile").path)",
            "--dump-dom", file.absoluteString,
        ]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        _ = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let dom = String(decoding: data, as: UTF8.self)
        guard let match = dom.firstMatch(of: #/<pre id="out">([A-Za-z0-9+/=]+)</pre>/#),
            let decoded = Data(base64Encoded: String(match.output.1))
        else {
            throw Failure(
                description: "Chromium printed no answers (exit \(process.terminationStatus)): "
                    + dom.prefix(300))
        }
        let answers = try JSONDecoder().decode([Answer].self, from: decoded)
        guard answers.count == cases.count else {
            throw Failure(description: "\(answers.count) answers for \(cases.count)")
        }
        return answers
    }
}

/// The browser reading (`BrowserURL`) against Chromium on ≥ 1,000 generated boundary URLs and
/// the named confusions. Every difference is printed; the test fails on any difference outside
/// the excluded classes, each named with its reason.
@Suite(.enabled(if: ChromiumOracle.unavailable == nil, Comment(rawValue: ChromiumOracle.unavailable ?? "")))
struct ChromiumOracleTests {
    /// Cases not compared, counted and printed by class: those the model declines
    /// (`.unsupported`: outside its IDNA subset, or `file:`), and a space in a special host,
    /// which the standard refuses (a forbidden domain code point) and Chromium percent-encodes
    /// (`%20`) — a Chromium deviation; WebKit, which delivers Safari's taps, refuses it.
    static func excludedClass(_ text: String, _ reading: Result<BrowserURL, BrowserURL.Failure>) -> String? {
        guard case .failure(let failure) = reading else { return nil }
        if case .unsupported(let what) = failure { return "not modelled: \(what)" }
        if specialHostHasSpace(text) { return "space in a special host (standard: failure; Chromium: %20)" }
        return nil
    }

    /// Whether the host of a special-scheme string holds a space: the text after the scheme and
    /// its slashes, up to the first `/`, `\`, `?` or `#`, after the userinfo's last `@`
    /// (tabs and newlines removed first, as the parser does).
    static func specialHostHasSpace(_ text: String) -> Bool {
        let cleaned = text.trimmingCharacters(in: .whitespacesAndNewlines).filter { !"\t\n\r".contains($0) }
        guard let colon = cleaned.firstIndex(of: ":"),
            ["http", "https", "ws", "wss", "ftp"].contains(cleaned[..<colon].lowercased())
        else { return false }
        let rest = cleaned[cleaned.index(after: colon)...].drop { $0 == "/" || $0 == "\\" }
        let authority = rest.prefix { !"/\\?#".contains($0) }
        let host = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? authority
        return host.contains(" ")
    }

    /// The model's `href` as Chromium writes it where Chromium deviates outside the host: it
    /// percent-encodes `'` in the query of a non-special URL too (the standard does so only for
    /// special schemes). Nothing else is adjusted.
    static func chromiumSpelling(_ url: BrowserURL) -> String {
        guard BrowserURL.specialPorts[url.scheme] == nil, let query = url.query, query.contains("'") else {
            return url.href
        }
        return BrowserURL(
            scheme: url.scheme, username: url.username, password: url.password, host: url.host,
            port: url.port, path: url.path, query: query.replacingOccurrences(of: "'", with: "%27"),
            fragment: url.fragment
        ).href
    }

    @Test func browserReadingAgreesWithChromium() throws {
        try compare(BoundaryURLs.named + BoundaryURLs.generate(seed: 29, count: 1_200), label: "seed 29")
    }

    /// A new seed each run (printed; `LINKLAB_ORACLE_SEED` replays one), so the grammar keeps
    /// exploring.
    @Test func seedOfThisRunAgreesWithChromium() throws {
        let seed =
            ProcessInfo.processInfo.environment["LINKLAB_ORACLE_SEED"].flatMap { UInt64($0) }
            ?? UInt64.random(in: 1_000...UInt64(Int64.max))
        try compare(
            BoundaryURLs.generate(seed: seed, count: 1_200),
            label: "seed \(seed) (replay: LINKLAB_ORACLE_SEED=\(seed))")
    }

    func compare(_ cases: [String], label: String) throws {
        let answers = try ChromiumOracle.answers(cases)
        var differences: [String] = []
        var excluded: [String: Int] = [:]
        var compared = 0
        for (text, answer) in zip(cases, answers) {
            let ours = BrowserURL.parse(text)
            if let reason = Self.excludedClass(text, ours) {
                excluded[reason, default: 0] += 1
                continue
            }
            compared += 1
            let ourHref: String? = if case .success(let url) = ours { Self.chromiumSpelling(url) } else { nil }
            if ourHref != answer.href {
                let theirs = answer.href ?? "throws"
                let mine = ourHref ?? "refused (\(String(describing: ours)))"
                differences.append("\(text.debugDescription)\n    Chromium: \(theirs)\n    model:    \(mine)")
            }
        }
        let classes = excluded.map { "\($0.key) ×\($0.value)" }.sorted().joined(separator: "; ")
        print(
            "Chromium oracle, \(label): \(cases.count) URLs, \(compared) compared, \(differences.count) differ, "
                + "excluded: " + (excluded.isEmpty ? "none" : classes))
        for difference in differences.prefix(40) { print(difference) }
        #expect(differences.isEmpty, "\(differences.count) URLs read differently by the model and Chromium")
        #expect(compared >= 1_000)
    }
}
