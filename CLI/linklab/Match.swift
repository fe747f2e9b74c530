import ArgumentParser
import Foundation
import Workbench

/// `linklab match`: what iOS does with URLs, per app, with the deciding rule and a trace.
struct MatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Decide URLs against an association file exactly as iOS does.",
        discussion: """
        Without --domain, each URL is decided against its own host. A URL starting with / is \
        taken as a path on --domain. --batch reads JSON lines on standard input and answers \
        one line each, in order.
        """
    )

    @Option(name: .customLong("aasa"), help: "The association file (or - for standard input).")
    var aasaPath: String?

    @Option(name: .customLong("fetch"), help: "Fetch HOST's association file (Apple's CDN by default; see --route) and decide against it.")
    var fetchHost: String?

    @Option(name: .customLong("route"), help: "With --fetch: the copy that decides, cdn (normal installs) or origin (?mode=developer or managed).")
    var fetchRoute: MatchFetchRoute = .cdn

    @OptionGroup(title: "Fetching (with --fetch)")
    var fetchOptions: FetchOptions

    @Option(help: "The domain the file is served from (default: each URL's host).")
    var domain: String?

    @Option(name: .customLong("app-id"), help: "Only these app IDs (repeatable; default: every app the file names).")
    var appIDs: [String] = []

    @Option(name: .customLong("urls"), help: "Read URLs from FILE (one per line, # comments), or - for standard input.")
    var urlsFile: String?

    @Flag(help: "JSON lines in on standard input, JSON lines out.")
    var batch = false

    @Option(help: "Output format: text or json.")
    var format: MatchOutputFormat = .text

    @Argument(help: "URLs to decide.")
    var urls: [String] = []

    func validate() throws {
        if batch {
            guard aasaPath == nil, fetchHost == nil, domain == nil, appIDs.isEmpty, urlsFile == nil, urls.isEmpty else {
                throw ValidationError("--batch takes no other options: each input line carries the file, domain, app ID and URL")
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
        if batch {
            runBatch()
            return
        }
        let document = try await loadAssociationDocument()
        guard document.file != nil else {
            let problem = document.diagnostics.first(where: { $0.severity == "error" })?.message ?? "no usable association file"
            throw failUnreadable(aasaPath ?? fetchHost ?? "-", "not an association file: \(problem)")
        }
        if !document.deviceAccepts {
            printError("linklab: warning: a device rejects this file (not strict JSON); every verdict is no_match and the trace shows the tolerant reading")
        }
        var inputs = urls
        if let urlsFile {
            switch MatchInput.read(urlsFile) {
            case .success(let data): inputs += MatchInput.lines(data)
            case .failure(let failure): throw failUnreadable(urlsFile, failure.problem)
            }
        }
        let showProgress = inputs.count >= 1000 && isatty(STDERR_FILENO) == 1
        let results = MatchRunner(document: document, domain: domain ?? fetchHost, appIDs: appIDs).decide(inputs) { done in
            if showProgress, done % 500 == 0 || done == inputs.count {
                FileHandle.standardError.write(Data("\rlinklab match: \(done)/\(inputs.count) URLs\(done == inputs.count ? "\n" : "")".utf8))
            }
        }
        switch format {
        case .json:
            let output = MatchReport(results: results)
            matchPrint(String(decoding: try JSONOutput.encode(output), as: UTF8.self))
        case .text:
            matchPrint(MatchTextRenderer(style: .standardOutput).render(results))
        }
    }

    /// The one place that produces the association document: `--aasa FILE` reads a file;
    /// `--fetch HOST` fetches it over the chosen route (`--domain` then defaults to HOST).
    func loadAssociationDocument() async throws -> AssociationDocument {
        if let fetchHost {
            return try await fetchAssociationDocument(host: fetchHost)
        }
        let path = aasaPath ?? "-"
        switch MatchInput.read(path) {
        case .success(let data): return AssociationDocument.parse(data)
        case .failure(let failure): throw failUnreadable(path, failure.problem)
        }
    }

    private func runBatch() {
        var batch = MatchBatch()
        while let line = readLine(strippingNewline: true) {
            if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            matchPrint(batch.answer(line))
        }
    }
}

/// Decides a list of URLs with one compiled matcher per domain.
struct MatchRunner {
    let document: AssociationDocument
    let domain: String?
    let appIDs: [String]

    struct Result: Encodable {
        var url: String
        var domain: String?
        var apps: [AppVerdict]

        private enum CodingKeys: String, CodingKey { case url, domain, apps }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(url, forKey: .url)
            if let domain { try container.encode(domain, forKey: .domain) } else { try container.encodeNil(forKey: .domain) }
            try container.encode(apps, forKey: .apps)
        }
    }

    func decide(_ urls: [String], progress: (Int) -> Void = { _ in }) -> [Result] {
        var matchers: [String: AssociationMatcher] = [:]
        var done = 0
        return urls.map { url in
            defer {
                done += 1
                progress(done)
            }
            let domainNote: String
            let chosen: String?
            if let domain {
                chosen = domain
                domainNote = "domain: \(domain) (from --domain)"
            } else if let host = MatchRunner.host(of: url) {
                chosen = host
                domainNote = "domain: \(host) (no --domain: taken from the URL's host)"
            } else {
                chosen = nil
                domainNote = "domain: none (no --domain and the URL has no host)"
            }
            guard let chosen else {
                let apps = (appIDs.isEmpty ? (document.file?.applinksAppIDs ?? []) : appIDs).map {
                    AppVerdict(appID: $0, decision: .noMatch, trace: [domainNote, "decision: no_match — not an absolute URL and no --domain to resolve a path against"])
                }
                return Result(url: url, domain: nil, apps: apps)
            }
            let matcher = matchers[chosen] ?? AssociationMatcher(document: document, domain: chosen)
            matchers[chosen] = matcher
            let verdicts = appIDs.isEmpty ? matcher.decide(url: url) : appIDs.map { matcher.decide(url: url, appID: $0) }
            let annotated = verdicts.map { verdict -> AppVerdict in
                var copy = verdict
                copy.trace.insert(domainNote, at: 0)
                return copy
            }
            return Result(url: url, domain: matcher.domain, apps: annotated)
        }
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

/// The `match` JSON document (`spec/cli.md`).
struct MatchReport: Encodable {
    let schemaVersion = Workbench.schemaVersion
    let results: [MatchRunner.Result]
}

/// Text output of `match`: per URL, one aligned verdict line per app, then its trace.
struct MatchTextRenderer {
    let style: MatchStyle

    func render(_ results: [MatchRunner.Result]) -> String {
        var lines: [String] = []
        let width = results.flatMap { $0.apps.map(\.appID.count) }.max() ?? 0
        for result in results {
            if !lines.isEmpty { lines.append("") }
            lines.append(style.bold(result.url))
            let shared = result.apps.first?.trace.prefix { $0.hasPrefix("domain:") || $0.hasPrefix("url:") || $0.hasPrefix("host:") || $0.hasPrefix("file:") } ?? []
            for line in shared { lines.append("  " + style.dim(line)) }
            if result.apps.isEmpty { lines.append("  (the file names no applinks app)") }
            for verdict in result.apps {
                var where_ = ""
                if let detail = verdict.detail, let rule = verdict.rule {
                    where_ = "details[\(detail)] rule \(rule)  \(verdict.ruleText ?? "")"
                }
                lines.append("  \(verdict.appID.padding(toLength: width, withPad: " ", startingAt: 0))  \(style.decision(verdict.decision))  \(where_)".matchTrimmingTrailingSpaces())
                for line in verdict.trace.dropFirst(shared.count) {
                    lines.append("      " + style.dim(line))
                }
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    func matchTrimmingTrailingSpaces() -> String {
        var copy = self
        while copy.hasSuffix(" ") { copy.removeLast() }
        return copy
    }
}
