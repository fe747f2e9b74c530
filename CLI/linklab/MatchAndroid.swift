import AndroidApp
import ArgumentParser
import Findings
import Foundation
import SiteAssociation
import Workbench

/// `match --android APP.apk` (and `--ios APP.ipa` beside it): the flags.
struct MatchAndroidOptions: ParsableArguments {
    @Option(
        name: .customLong("android"),
        help: ArgumentHelp(
            "Decide the URLs as Android does for this app (.apk, or an .xapk/.apks set).", valueName: "APP.apk"))
    var apk: String?

    @Option(
        name: .customLong("ios"),
        help: ArgumentHelp(
            "With --android: also decide them for this iOS app and print one verdict table.", valueName: "APP.ipa"))
    var ipa: String?

    @Option(help: ArgumentHelp("Android API level to model (31+ = Android 12+; 35 = Android 15).", valueName: "N"))
    var sdk: Int = 35

    @Option(
        name: .customLong("assetlinks"),
        help: ArgumentHelp(
            "The assetlinks.json HOST serves (repeatable; a folder supplies each HOST.json); "
                + "other hosts are not checked.",
            valueName: "HOST=FILE|DIR"))
    var assetLinks: [String] = []

    var isActive: Bool { apk != nil || ipa != nil || !assetLinks.isEmpty }

    func validate(match: MatchCommand) throws {
        guard apk != nil else {
            throw ValidationError(
                ipa != nil
                    ? "--ios needs --android APP.apk (an iOS app alone: linklab scan)"
                    : "--assetlinks needs --android APP.apk")
        }
        guard !match.batch, match.fetchHost == nil, match.domain == nil, match.appIDs.isEmpty else {
            throw ValidationError("--android takes no --batch, --fetch, --domain or --app-id")
        }
        guard match.format != .jsonl else { throw ValidationError("--android prints text or json, not jsonl") }
        guard (1...100).contains(sdk) else { throw ValidationError("--sdk must be an API level (1–100), got \(sdk)") }
        if ipa == nil, !match.aasaPaths.isEmpty {
            throw ValidationError("--aasa with --android needs --ios APP.ipa (the iOS side)")
        }
        guard !match.urls.isEmpty || match.urlsFile != nil else {
            throw ValidationError("give URLs to decide, as arguments or with --urls FILE")
        }
        if match.urlsFile == "-", apk == "-" || ipa == "-" {
            throw ValidationError("--urls - and an app read from standard input cannot both read it")
        }
        _ = try ScanCommand.parseSupplies(assetLinks, flag: "--assetlinks")
        _ = try ScanCommand.parseSupplies(match.aasaPaths)
    }
}

/// Runs `match --android` (and `--ios … --android …`).
struct MatchAndroid {
    let command: MatchCommand
    var options: MatchAndroidOptions { command.android }

    func run() async throws {
        let lines = try readLines()
        let decider = try loadAndroid()
        if let ipa = options.ipa {
            try await runBoth(ipa: ipa, lines: lines, decider: decider)
        } else {
            let report = AndroidMatchReport(decider: decider, lines: lines, schemaVersion: Workbench.schemaVersion)
            switch command.format {
            case .json, .jsonl: writeJSON(try JSONOutput.encode(report))
            case .text: writeText(report.text(trace: command.trace), styled: false)
            }
            try finish(errors: report.errorCount)
        }
    }

    private func finish(errors: Int) throws {
        guard errors > 0 else { return }
        printError("linklab match: \(errors) line\(errors == 1 ? " is" : "s are") not a URL (see the error entries)")
        throw LinkLabExit.unreadableInput
    }

    /// The arguments, then the `--urls` file's lines, custom schemes allowed (any URL `Uri.parse`
    /// reads when only Android decides; `http(s)` with the iOS checks when both do).
    private func readLines() throws -> [URLListLine] {
        var list = try MatchURLs(command: command, schemes: options.ipa == nil ? .any : .webOrCustom)
        var lines: [URLListLine] = []
        // Every line is kept until the table is written: at most as many URLs, and as many
        // bytes of them, as `scan` reads from a list.
        var bytes = 0
        try list.forEach(beforeRead: {}) { line in
            lines.append(line)
            switch line {
            case .entry(let entry): bytes += entry.url.utf8.count
            case .invalid(let text, _, _): bytes += text.utf8.count
            }
            guard let file = command.urlsFile else { return }
            if lines.count > URLList.maxURLs { throw failUnreadable(file, "more than \(URLList.maxURLs) URLs") }
            if bytes > ScanInput.maxFileBytes {
                throw failUnreadable(file, "more than \(ScanInput.maxFileBytes >> 20) MiB of URLs")
            }
        }
        return lines
    }

    /// The APK and the `--assetlinks` files, decided for `--sdk`.
    private func loadAndroid() throws -> AndroidLinkDecider {
        let path = options.apk ?? "-"
        let snapshot: APKSnapshot
        do {
            let input = try SpooledInput(argument: path)
            defer { input.remove() }
            snapshot = try APKInspector.inspect(fileAt: input.url)
        } catch let error as InputError {
            throw failUnreadable(path, error.problem)
        } catch let error as AndroidAppError {
            throw failUnreadable(path, error.description)
        }
        var files: [String: AssetLinksFile] = [:]
        for (host, file) in try ScanCommand.parseSupplies(options.assetLinks, flag: "--assetlinks") {
            if let problem = InputFile.problem(readingFile: file, maximumBytes: AssetLinksFile.maxBytes) {
                throw failUnreadable(file, problem)
            }
            do { files[host] = AssetLinksFile(data: try Data(contentsOf: URL(fileURLWithPath: file))) } catch {
                throw failUnreadable(file, "cannot be read (\((error as NSError).localizedDescription))")
            }
        }
        return AndroidLinkDecider(
            manifest: snapshot.manifest, signing: snapshot.signing, files: files,
            sdk: options.sdk, suppliedOnly: true)
    }

    /// The iOS app decided offline against `--aasa` files, then the table.
    private func runBoth(ipa: String, lines: [URLListLine], decider: AndroidLinkDecider) async throws {
        let entries = lines.compactMap { line -> URLListEntry? in
            if case .entry(let entry) = line { return entry }
            return nil
        }
        let supplies = try ScanCommand.parseSupplies(command.aasaPaths)
        for (_, file) in supplies.sorted(by: { $0.key < $1.key }) {
            if let problem = ScanInput.problem(readingFile: file) { throw failUnreadable(file, problem) }
        }
        let input: SpooledInput
        do { input = try SpooledInput(argument: ipa) } catch { throw failUnreadable(ipa, error.problem) }
        defer { input.remove() }
        let request = ScanRequest(
            input: input.url, suppliedFiles: supplies, offline: true,
            fetch: try command.fetchOptions.configuration(routes: [.cdn]),
            urls: entries.filter(\.isWebURL), now: Date())
        let analysis: Analysis
        do {
            analysis = try await ScanPipeline(request: request).run()
        } catch {
            throw ScanCommand.exit(for: error)
        }
        let table = analysis.crossPlatformTable(android: decider, entries: entries)
        let errors = lines.compactMap { line -> AndroidMatchReport.Result? in
            guard case .invalid(let text, let number, let problem) = line else { return nil }
            return AndroidMatchReport.Result(error: problem, url: text, line: number)
        }
        switch command.format {
        case .json, .jsonl:
            writeJSON(
                try JSONOutput.encode(
                    BothPlatformsMatchDocument(
                        table: table, androidHosts: decider.verification.hosts, errors: errors)))
        case .text:
            var text = table.text()
            for error in errors {
                text +=
                    "\n\(error.url)\n  error  " + (error.line.map { "line \($0): " } ?? "")
                    + (error.error ?? "") + "\n"
            }
            writeText(text, styled: false)
        }
        try finish(errors: errors.count)
    }
}

/// The `match --ios … --android …` JSON document (`docs/cli.md`).
struct BothPlatformsMatchDocument: Encodable {
    let schemaVersion = Workbench.schemaVersion
    let platform = "both"
    let table: CrossPlatformTable
    let androidHosts: [AndroidVerification.Host]
    let errors: [AndroidMatchReport.Result]
}
