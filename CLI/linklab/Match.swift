import ArgumentParser
import Foundation
import Workbench

/// `linklab match`: what iOS does with URLs, per app, with the deciding rule (and the trace
/// with `--trace`). Streams: each URL is decided and printed before the next is read, so a
/// list of any length runs in constant memory and the first answer appears at once.
struct MatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Decide URLs against an association file exactly as iOS does.",
        usage: """
            linklab match (--aasa FILE | --fetch HOST) [--domain HOST] [--app-id APPID]... [URL...] [--urls FILE]
            linklab match --batch < LINES.jsonl
            linklab match --android APP.apk [--assetlinks HOST=FILE]... [--sdk N] [URL...] [--urls FILE]
            linklab match --ios APP.ipa --android APP.apk [--aasa HOST=FILE]... [--assetlinks HOST=FILE]... [URL...]
            """,
        discussion: """
            Without --domain, each URL is decided against its own host. A URL starting with / is \
            taken as a path on --domain. URLs come from the arguments and from --urls FILE (- for \
            standard input), in the URL-list syntax of scan: one per line, '#' comments, '=' before \
            a URL that must open the app, '!' before one that must not. A line that is still not a \
            URL gets an error entry and the run exits 3 at the end.

            Each URL is printed as soon as it is decided: text (one line per app; the full trace \
            with --trace), json (the document of docs/cli.md, streamed) or jsonl (one result per \
            line).

            --batch reads JSON lines on standard input and answers exactly one line per input line, \
            in order:
              in:  {"id": ANY, "aasa": {…file…}, "domain": "example.com", "appId": "TEAMID.bundle", "url": "https://…"}
              out: {"decision": "match|exclude|no_match", "id": ANY}  or  {"error": "…", "id": ANY}
            "domain" is optional (default: the URL's host); "aasa" may also be the file's body as a \
            string. A malformed or blank line gets an error line and the run goes on.

            Examples:
              linklab match --aasa example.com.json https://example.com/buy/42
              linklab match --aasa aasa.json --domain example.com --urls urls.txt \\
                  --format jsonl
              linklab match --fetch example.com --trace https://example.com/help/1

            --android APP.apk decides each URL as Android does (API --sdk, default 35): opens the \
            app, browser, chooser (Android 11 and lower) or unverified deep link (custom scheme), \
            with the deciding activity and filter and the trace. Hosts are verified only against \
            the files given with --assetlinks HOST=FILE (for *.example.com give example.com): a \
            host without one is "not checked", never verified. Nothing is fetched.

            --ios APP.ipa with --android: one verdict per URL for both apps (opens the iOS app, \
            the Android app, both or neither) with each side's reason and the cross-platform \
            findings (XPL-001, XPL-002). The iOS side is decided offline against the files given \
            with --aasa HOST=FILE (or --aasa DIR).

              linklab match --android app.apk --assetlinks \\
                  shop.example=assetlinks.json https://shop.example/orders/7
              linklab match --ios App.ipa --android app.apk --aasa example.com=aasa.json \\
                  --assetlinks example.com=assetlinks.json --urls urls.txt --format json

            Exit codes: 0 every URL decided; 2 usage error; 3 an input cannot be read or a line is \
            not a URL. Contract: docs/cli.md.
            """
    )

    @Option(
        name: .customLong("aasa"),
        help: ArgumentHelp(
            "The association file (- for standard input); with --ios: HOST=FILE or DIR, repeatable.",
            valueName: "FILE"))
    var aasaPaths: [String] = []

    /// The one association file of an iOS-only match.
    var aasaPath: String? { aasaPaths.first }

    @OptionGroup(title: "Android and both platforms")
    var android: MatchAndroidOptions

    @Option(
        name: .customLong("fetch"),
        help: ArgumentHelp(
            "Fetch HOST's association file (Apple's CDN by default; see --route) and decide against it.",
            valueName: "HOST"))
    var fetchHost: String?

    @Option(
        name: .customLong("route"),
        help: "With --fetch: the copy that decides, cdn (normal installs) or origin (?mode=developer or managed).")
    var fetchRoute: MatchFetchRoute = .cdn

    @OptionGroup(title: "Fetching (with --fetch)")
    var fetchOptions: FetchOptions

    @Option(help: ArgumentHelp("The domain the file is served from (default: each URL's host).", valueName: "HOST"))
    var domain: String?

    @Option(
        name: .customLong("app-id"),
        help: ArgumentHelp(
            "Only these app IDs (repeatable; default: every app the file names).", valueName: "APPID"))
    var appIDs: [String] = []

    @Option(
        name: .customLong("urls"),
        help: ArgumentHelp(
            "Read URLs from FILE (URL-list syntax: # comments, = and ! prefixes), or - for standard input.",
            valueName: "FILE"))
    var urlsFile: String?

    @Flag(help: "Print the full decision trace under each verdict (text); JSON always carries it.")
    var trace = false

    @Flag(help: "JSON lines in on standard input, JSON lines out (see the format above).")
    var batch = false

    @Option(help: "Output format: text, json (one document) or jsonl (one result per line).")
    var format: MatchFormat = .text

    @Argument(help: ArgumentHelp("URLs to decide.", valueName: "URL"))
    var urls: [String] = []

    func validate() throws {
        if android.isActive {
            try android.validate(match: self)
            return
        }
        guard aasaPaths.count <= 1 else {
            throw ValidationError("--aasa takes one file (HOST=FILE pairs only with --ios)")
        }
        if batch {
            guard aasaPath == nil, fetchHost == nil, domain == nil, appIDs.isEmpty, urlsFile == nil, urls.isEmpty else {
                throw ValidationError(
                    """
                    --batch takes no other options: each input line carries the file, domain, app ID and URL
                    """)
            }
            return
        }
        guard (aasaPath == nil) != (fetchHost == nil) else {
            throw ValidationError("give exactly one of --aasa FILE or --fetch HOST")
        }
        guard !urls.isEmpty || urlsFile != nil else {
            throw ValidationError("give URLs to decide, as arguments or with --urls FILE")
        }
        if aasaPath == "-" && urlsFile == "-" {
            throw ValidationError("--aasa - and --urls - cannot both read standard input")
        }
    }

    func run() async throws {
        if android.isActive {
            try await MatchAndroid(command: self).run()
            return
        }
        if batch {
            runBatch()
            return
        }
        let document = try await loadAssociationDocument()
        guard document.file != nil else {
            let problem =
                document.diagnostics.first(where: { $0.severity == "error" })?.message ?? "no usable association file"
            throw failUnreadable(aasaPath ?? fetchHost ?? "-", "not an association file: \(problem)")
        }
        if !document.deviceAccepts {
            printError(
                """
                linklab: warning: a device rejects this file (not strict JSON); every verdict is no_match and the \
                trace shows the tolerant reading
                """)
        }
        var runner = MatchRunner(document: document, domain: domain ?? fetchHost, appIDs: appIDs)
        var list = try MatchURLs(command: self, schemes: .web, pathDomain: runner.domain)
        let output = StreamedOutput()
        var sink = MatchSink(
            format: format, trace: trace, style: .standardOutput,
            appIDs: appIDs.isEmpty ? (document.file?.applinksAppIDs ?? []) : appIDs, output: output)
        let progress = MatchProgress.makeIfTerminal()
        var namedHost = FileNameHostCheck(file: aasaPath)
        sink.begin()
        list.forEach(beforeRead: { output.flush() }) { line in
            let result = runner.decide(line)
            namedHost.warnIfNeeded(result)
            sink.write(result)
            progress?.decided(sink.written)
        }
        sink.end()
        output.flush()
        progress?.clear()
        if sink.errors > 0 {
            printError(
                """
                linklab match: \(sink.errors) line\(sink.errors == 1 ? " is" : "s are") not a URL (see the error \
                entries)
                """)
            throw LinkLabExit.unreadableInput
        }
    }

    /// The one place that produces the association document: `--aasa FILE` reads a file;
    /// `--fetch HOST` fetches it over the chosen route (`--domain` then defaults to HOST).
    func loadAssociationDocument() async throws -> AssociationDocument {
        if let fetchHost {
            return try await fetchAssociationDocument(host: fetchHost)
        }
        return AssociationDocument.parse(try InputFile.bytes(aasaPath ?? "-"))
    }

    /// One answer per input line, blank lines included, written as each is decided.
    private func runBatch() {
        var batch = MatchBatch()
        let output = StreamedOutput()
        guard let reader = try? LineReader(path: "-", maximumLength: 16 << 20) else { return }
        while let line = reader.next(beforeRead: { output.flush() }) {
            switch line {
            case .text(let text):
                output.write(
                    String(decoding: TerminalText.safeJSON(Data(batch.answer(text).utf8)), as: UTF8.self) + "\n")
            case .tooLong:
                output.write(#"{"error":"the line is longer than 16 MiB","id":null}"# + "\n")
            }
        }
        output.flush()
    }
}

/// The URLs of a `match` run, read by the package's one list reader (`URLListReader`): the
/// arguments, then the `--urls` file (or standard input) line by line as it arrives, in
/// constant memory. Both platforms' `match` read their URLs here.
struct MatchURLs {
    private var reader: URLListReader
    private let arguments: [String]
    private let file: LineReader?

    /// Opens `--urls`, before anything is decided (a file that cannot be read ends the run
    /// with nothing written); `pathDomain`: the domain of `/path` lines, if they are taken.
    init(command: MatchCommand, schemes: URLSchemes, pathDomain: String? = nil) throws {
        reader = URLListReader(schemes: schemes, pathDomain: pathDomain)
        arguments = command.urls
        if let path = command.urlsFile {
            do { file = try LineReader(path: path, maximumLength: URLList.maxLineLength) } catch {
                throw failUnreadable(path, error.problem)
            }
        } else {
            file = nil
        }
    }

    /// Every line but blank and comment lines, in order (the arguments, then the file's), as
    /// `URLListReader` reads it; `beforeRead` runs before each read of the file that may block
    /// (the streamed output is flushed there).
    mutating func forEach(beforeRead: () -> Void, _ body: (URLListLine) throws -> Void) rethrows {
        for argument in arguments {
            if let line = reader.read(argument: argument) { try body(line) }
        }
        while let piece = file?.next(beforeRead: beforeRead) {
            switch piece {
            case .text(let text): for line in reader.read(text) { try body(line) }
            case .tooLong: try body(reader.readTooLong())
            }
        }
    }
}

/// `match --aasa shop.example.com.json` without `--domain` decides each URL as if its own
/// host served the file. When the file's name says it belongs to another host, the answer is
/// probably not the one the tester wants (iOS reads each host's own file): one warning on
/// standard error, at the first such URL.
struct FileNameHostCheck {
    let file: String?
    let namedHost: String?
    private var warned = false

    init(file: String?) {
        self.file = file
        namedHost = file.flatMap { ScanCommand.host(namedBy: URL(fileURLWithPath: $0).lastPathComponent) }
    }

    /// The warning for `result`, or nil (a `--domain` was given, the hosts agree, or it was said already).
    mutating func warning(for result: MatchRunner.Result) -> String? {
        guard !warned, let file, let namedHost, result.domainSource != nil, let domain = result.domain else {
            return nil
        }
        let host = domain.split(separator: ":", maxSplits: 1).first.map(String.init) ?? domain
        guard host != namedHost else { return nil }
        warned = true
        return "linklab match: warning: \(file) is named for \(namedHost) but \(result.url) is on \(host): "
            + "it is decided as if \(host) served this file (iOS reads \(host)'s own file; "
            + "--domain \(namedHost) decides against \(namedHost))"
    }

    mutating func warnIfNeeded(_ result: MatchRunner.Result) {
        if let warning = warning(for: result) { printError(warning) }
    }
}

/// `--format` of `match`.
enum MatchFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text, json, jsonl
}

/// Decides URL-list lines one at a time, with a small cache of compiled matchers per domain.
struct MatchRunner {
    let document: AssociationDocument
    let domain: String?
    let appIDs: [String]
    private var matchers: [String: AssociationMatcher] = [:]
    /// Most matchers kept: one per distinct domain, cleared when a list names more hosts.
    private static let matcherCacheLimit = 64

    init(document: AssociationDocument, domain: String?, appIDs: [String]) {
        self.document = document
        self.domain = domain
        self.appIDs = appIDs
    }

    /// One decided URL, or an error entry for a line that is not a URL.
    struct Result: Encodable {
        var url: String
        var line: Int?
        var domain: String?
        /// The domain note for text output (where the domain came from).
        var domainSource: String?
        var expectation: URLExpectation = .none
        var apps: [AppVerdict]
        var error: String?
        /// How many leading steps of each app's trace every app shares (the domain note, then
        /// the matcher's steps about the URL and the file): `--trace` prints them once.
        var sharedSteps = 0

        static func failure(url: String, line: Int?, _ problem: String) -> Result {
            Result(url: url, line: line, domain: nil, domainSource: nil, apps: [], error: problem)
        }

        private enum CodingKeys: String, CodingKey { case url, line, domain, expectation, apps, error }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(url, forKey: .url)
            try container.encodeIfPresent(line, forKey: .line)
            if let domain {
                try container.encode(domain, forKey: .domain)
            } else {
                try container.encodeNil(forKey: .domain)
            }
            if expectation != .none { try container.encode(expectation, forKey: .expectation) }
            try container.encode(apps, forKey: .apps)
            try container.encodeIfPresent(error, forKey: .error)
        }
    }

    /// Decides one line of a URL list (or one URL argument); a line that is not a URL is an
    /// error entry.
    mutating func decide(_ line: URLListLine) -> Result {
        switch line {
        case .invalid(let text, let number, let problem):
            return .failure(url: text, line: number, problem)
        case .entry(let entry):
            var result = decide(entry.url)
            result.line = entry.line
            result.expectation = entry.expectation
            return result
        }
    }

    /// Decides one URL for every app (or the `--app-id` ones).
    mutating func decide(_ url: String) -> Result {
        let domainNote: String
        let chosen: String
        let source: String?
        if let domain {
            chosen = domain
            domainNote = "domain: \(domain) (from --domain)"
            source = nil
        } else if let host = MatchRunner.host(of: url) {
            chosen = host
            domainNote = "domain: \(host) (no --domain: taken from the URL's host)"
            source = "domain: \(host), taken from the URL's host"
        } else {
            return .failure(url: url, line: nil, "no --domain and the URL has no host")
        }
        if matchers[chosen] == nil, matchers.count >= Self.matcherCacheLimit {
            matchers.removeAll(keepingCapacity: true)
        }
        let matcher =
            matchers[chosen]
            ?? {
                var made = AssociationMatcher(document: document, domain: chosen)
                made.domainIsAssumed = source != nil
                return made
            }()
        matchers[chosen] = matcher
        let traced = matcher.tracedVerdicts(url: url, appIDs: appIDs.isEmpty ? nil : appIDs)
        let annotated = traced.verdicts.map { verdict -> AppVerdict in
            var copy = verdict
            copy.trace.insert(domainNote, at: 0)
            return copy
        }
        return Result(
            url: url, line: nil, domain: matcher.domain, domainSource: source, apps: annotated, error: nil,
            sharedSteps: 1 + traced.sharedSteps)
    }

    /// Host (and port) of an absolute URL, lower-cased.
    static func host(of url: String) -> String? {
        guard let range = url.range(of: "://") else { return nil }
        let rest = url[range.upperBound...]
        var authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        return authority.isEmpty ? nil : authority.lowercased()
    }
}

/// Writes results as they come: text, a streamed JSON document, or JSON lines.
struct MatchSink {
    let format: MatchFormat
    let trace: Bool
    let style: MatchStyle
    let appIDs: [String]
    let output: StreamedOutput
    private(set) var written = 0
    private(set) var errors = 0
    private let width: Int

    init(format: MatchFormat, trace: Bool, style: MatchStyle, appIDs: [String], output: StreamedOutput) {
        self.format = format
        self.trace = trace
        self.style = style
        self.appIDs = appIDs
        self.output = output
        width = appIDs.map { TerminalText.safe($0).count }.max() ?? 0
    }

    func begin() {
        if format == .json { output.write("{\"schemaVersion\":\(Workbench.schemaVersion),\"results\":[\n") }
    }

    mutating func write(_ result: MatchRunner.Result) {
        if result.error != nil { errors += 1 }
        switch format {
        case .json, .jsonl:
            let data = (try? JSONOutput.encodeLine(result)) ?? Data(#"{"error":"unencodable result"}"#.utf8)
            let line = String(decoding: TerminalText.safeJSON(data), as: UTF8.self)
            if format == .json && written > 0 { output.write(",\n") }
            output.write(line.hasSuffix("\n") ? String(line.dropLast()) : line)
            if format == .jsonl { output.write("\n") }
        case .text:
            if trace && written > 0 { output.write("\n") }
            // Where the domain came from is said once (the trace says it for every URL).
            var shown = result
            if trace || written > 0 { shown.domainSource = nil }
            output.write(
                TerminalText.safeOutput(
                    MatchTextRenderer(
                        style: style, trace: trace,
                        width: width
                    ).render(shown),
                    keepingStyles: style.enabled))
        }
        written += 1
    }

    func end() {
        if format == .json { output.write((written > 0 ? "\n" : "") + "]}\n") }
    }
}

/// Text output of one `match` result: the URL, one aligned verdict line per app with the
/// deciding rule, and (with `--trace`) each verdict's trace.
struct MatchTextRenderer {
    let style: MatchStyle
    var trace = false
    var width = 0
    /// Longest rule text shown without `--trace`.
    private static let ruleTextLimit = 100

    func render(_ result: MatchRunner.Result) -> String {
        let safe = { (text: String) in TerminalText.safe(text) }
        var lines: [String] = []
        if let error = result.error {
            let place = result.line.map { "line \($0): " } ?? ""
            return "\(style.bold(safe(result.url)))\n  \(style.severity("error"))  \(place)\(safe(error))\n"
        }
        var header = style.bold(safe(result.url))
        var notes: [String] = []
        if let source = result.domainSource { notes.append(safe(source)) }
        switch result.expectation {
        case .mustOpen: notes.append("must open the app")
        case .mustNotOpen: notes.append("must not open the app")
        case .none: break
        }
        if !notes.isEmpty { header += "  " + style.dim("(" + notes.joined(separator: "; ") + ")") }
        lines.append(header)
        let shared = trace ? (result.apps.first?.trace.prefix(result.sharedSteps) ?? []) : []
        for line in shared { lines.append("  " + style.dim(safe(line))) }
        if result.apps.isEmpty { lines.append("  (the file names no applinks app)") }
        let columns = max(width, result.apps.map { safe($0.appID).count }.max() ?? 0)
        for verdict in result.apps {
            var where_ = ""
            if let detail = verdict.detail, let rule = verdict.rule {
                var text = safe(verdict.ruleText ?? "")
                if !trace && text.count > Self.ruleTextLimit {
                    text = String(text.prefix(Self.ruleTextLimit - 1)) + "…"
                }
                where_ = "details[\(detail)] rule \(rule)  \(text)"
            } else if verdict.decision == .noMatch {
                where_ = VerdictPresentation.location(verdict.reason)
            }
            let appID = safe(verdict.appID).padding(toLength: columns, withPad: " ", startingAt: 0)
            lines.append("  \(appID)  \(style.decision(verdict.decision))  \(where_)".matchTrimmingTrailingSpaces())
            if trace {
                for line in verdict.trace.dropFirst(shared.count) { lines.append("      " + style.dim(safe(line))) }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// "match 12000 URLs" on standard error, only when it is a terminal.
final class MatchProgress {
    private var shown = false

    static func makeIfTerminal() -> MatchProgress? {
        isatty(STDERR_FILENO) == 1 && isatty(STDOUT_FILENO) == 0 ? MatchProgress() : nil
    }

    func decided(_ count: Int) {
        guard count % 10_000 == 0 else { return }
        shown = true
        FileHandle.standardError.write(Data("\r\u{1B}[Kmatch: \(count) URLs".utf8))
    }

    func clear() {
        if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}

extension String {
    func matchTrimmingTrailingSpaces() -> String {
        var copy = self
        while copy.hasSuffix(" ") { copy.removeLast() }
        return copy
    }
}
