import ArgumentParser
import Foundation
import Reports
import Workbench

/// `linklab scan PATH`: the whole pipeline — inspect, fetch every associated domain, decide
/// the tester's URLs, derive findings, write reports.
struct ScanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Audit an app's universal links end to end and write reports.",
        discussion: """
            Inspects PATH (.ipa, .app folder or Mach-O; or an Android .apk, .xapk or .apks: see \
            below), fetches the association file of every \
            associated domain of every bundle (CDN, origin and legacy routes, all hosts at once; a \
            wildcard entry is fetched from its apex), decides the URLs given with --url/--urls for \
            the app and every other app the files name, and derives findings.

            --aasa HOST=FILE uses FILE instead of fetching HOST (for *.example.com give \
            example.com); --aasa DIR does so for every HOST.json file in DIR. --offline uses no network at all: hosts \
            without a file are reported \
            as not fetched.

            URL lists: one URL per line, '#' comments; '!' before a URL means it must not open the \
            app, '=' that it must. --url takes the same prefixes.

            --report FILE (repeatable) picks the format from the name: .md, .html, .pdf, .json \
            (the scan JSON document), .sarif, and .links.html (a page of test links with QR codes \
            to open on the device).

            Examples:
              linklab scan App.ipa --urls urls.txt --report report.pdf --report \\
                  report.sarif
              linklab scan App.ipa --offline --aasa example.com=aasa.json --url \\
                  '!https://example.com/logout'
              linklab scan App.ipa --fail-on high --format json > scan.json
              linklab scan App.ipa --fail-on security:medium --fail-on reliability:high

            Android: for an .apk (.xapk, .apks) PATH, the manifest's intent filters are read, each \
            host Android verifies has its https://HOST/.well-known/assetlinks.json fetched as \
            Android does, URLs are decided for the Android version --sdk (default 35), and the \
            AND-… findings are derived. --offline with --assetlinks HOST=FILE (repeatable) reads \
            files instead; a host without one is "not fetched", never verified. --google asks \
            Google's statement-list API too.
              linklab scan app.apk --report report.pdf --fail-on high
              linklab scan app.apk --offline --assetlinks \\
                  example.com=assetlinks.json --sdk 30

            Both platforms: PATH and OTHER (an .ipa and an .apk, either order), or an .apk PATH \
            with --ios APP.ipa: both scans, the URLs decided for both apps, and one report with \
            every finding (iOS, AND-, XPL-) and the verdict table (opens the iOS app, the Android \
            app, both or neither).
              linklab scan App.ipa app.apk --offline --aasa aasa/ --assetlinks \\
                  assetlinks/ --urls urls.txt

            Handler probe kit: --probes FILE (.probes.sh .probes.js .probes.html .probes.json \
            .probes.txt) writes links that carry hostile values into every claimed path and scheme, \
            to run on a device; --probe-results FILE turns those the tester marked vulnerable into \
            PRB-001 findings (docs/commands/probe.md).

            Every finding has a category (security: an attacker gains something; reliability: \
            links break for users) and a severity; reports group by category first. The rubric: \
            docs/findings.md.

            Exit codes: 0 done; 1 --fail-on given and a finding at or above it; 2 usage error \
            (also: the same --aasa host twice); 3 an input cannot be read. Contract: docs/cli.md.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    enum RouteArgument: String, ExpressibleByArgument, CaseIterable {
        case cdn, origin, legacy, all
    }

    @Argument(
        help: ArgumentHelp(
            "An .ipa, an unpacked .app folder, or a Mach-O file (- for standard input).",
            valueName: "PATH"))
    var path: String

    @Argument(
        help: ArgumentHelp(
            "With an .ipa PATH: the product's Android .apk (or the reverse): one report for both platforms.",
            valueName: "OTHER"))
    var otherPath: String?

    @Option(
        name: .customLong("ios"),
        help: ArgumentHelp(
            "With an .apk PATH: the product's iOS app: one report for both platforms.", valueName: "APP.ipa"))
    var iosPath: String?

    @Option(
        name: .customLong("aasa"),
        help: ArgumentHelp(
            "Use FILE instead of fetching HOST (repeatable); a folder supplies each HOST.json in it.",
            valueName: "HOST=FILE|DIR"))
    var suppliedFiles: [String] = []

    @Flag(help: "Use no network: hosts without an --aasa file are reported as not fetched.")
    var offline = false

    @Option(help: "Which routes to fetch.")
    var route: RouteArgument = .all

    @OptionGroup var fetch: FetchOptions

    @Option(
        name: .customLong("url"),
        help: ArgumentHelp(
            "A URL to decide (repeatable); prefix '!' = must not open the app, '=' = must.",
            valueName: "URL"))
    var urls: [String] = []

    @Option(
        name: .customLong("urls"),
        help: ArgumentHelp("A file of URLs, one per line ('-' reads standard input).", valueName: "FILE"))
    var urlList: String?

    @Option(
        name: .customLong("device-state"),
        help: ArgumentHelp(
            """
            A sysdiagnose's swcutil_show.txt (or 'swcutil show' output): add what the device recorded for the app's \
            domains.
            """, valueName: "FILE"))
    var deviceState: String?

    @Option(
        name: .customLong("report"),
        help: ArgumentHelp(
            """
            Write a report; the format follows the name: \(ExportFormat.extensions(ExportFormat.scanReports)) \
            (repeatable).
            """, valueName: "FILE"))
    var reports: [String] = []

    @Option(
        name: .customLong("fail-on"),
        help: ArgumentHelp(
            """
            Exit 1 when a finding is at or above SEVERITY (critical high medium low info), or, written \
            CATEGORY:SEVERITY, \
            a finding of that category (security, reliability) is: --fail-on security:medium --fail-on \
            reliability:high. \
            Repeatable.
            """, valueName: "[CATEGORY:]SEVERITY"))
    var failOn: [String] = []

    @Option(help: "Output format: text (for people) or json (the scan document of docs/cli.md).")
    var format: Format = .text

    @Flag(
        help: """
            Add stage timings to the Markdown, JSON and SARIF reports (they are left out so that the same input gives \
            identical bytes).
            """)
    var timings = false

    @Option(
        name: .customLong("save"),
        help: ArgumentHelp(
            "Save the session (app facts, every answer, URLs) for report, diff, the workbench.",
            valueName: "FILE.linklab"))
    var save: String?

    @OptionGroup(title: "Engagement (printed on the report's first page, saved with --save)")
    var engagement: EngagementOptions

    @OptionGroup(title: "Android (PATH is an .apk, .xapk or .apks)")
    var android: AndroidScanOptions

    @OptionGroup(title: "Handler probe kit (docs/commands/probe.md)")
    var probes: ProbeOptions

    func validate() throws {
        _ = try parsedSupplies()
        if path == "-" && urlList == "-" {
            throw ValidationError("PATH - and --urls - cannot both read standard input")
        }
        _ = try SessionCLI.thresholds(failOn)
        for report in reports {
            do { _ = try ExportFormat(path: report) } catch { throw ValidationError(error.description) }
        }
        let schemes = try scannedApps().schemes
        for url in urls {
            do {
                guard try URLList.entry(url, schemes: schemes) != nil else {
                    throw ValidationError("--url needs a URL")
                }
            } catch let error as FindingsError {
                throw ValidationError("--url: \(error.description)")
            }
        }
    }

    /// One path for an iOS app, an Android package or both: the flags become each platform's
    /// request, `ProductScan` scans every app into one `ProductAnalysis`, and that writes every
    /// report, the session, the probe kit and the output.
    func run() async throws {
        let apps = try scannedApps()
        try refuseFlags(for: apps)
        let supplies = try parsedSupplies()
        let assetLinks = try android.suppliedFiles()
        for file in supplies.sorted(by: { $0.key < $1.key }).map(\.value)
            + assetLinks.sorted(by: { $0.key < $1.key }).map(\.value)
        {
            if let problem = ScanInput.problem(readingFile: file) { throw failUnreadable(file, problem) }
        }
        var kinds: [(String, ExportFormat)] = []
        for report in reports {
            let kind = try ExportFormat(path: report)
            // `--report` takes no session, so the one kind refused here is the test-link page.
            if !ProductAnalysis.renders(kind, withIOSApp: apps.ipa != nil) {
                printError(
                    "linklab: \(report): the test-link page (.links.html) needs the iOS app's claimed paths; "
                        + "give the .ipa too")
                throw LinkLabExit.usage
            }
            kinds.append((report, kind))
        }
        try SessionCLI.checkWritable(reports + (save.map { [$0] } ?? []))
        let deviceText = try deviceStateText()
        let entries = try urlEntries(schemes: apps.schemes)
        var configuration = try fetch.configuration(routes: (RouteSelection(rawValue: route.rawValue) ?? .all).routes)
        configuration.suppliedFiles = [:]
        var androidFetch = try fetch.configuration(routes: [.origin])
        androidFetch.suppliedFiles = [:]
        let iosInput: SpooledInput?
        do throws(InputError) {
            iosInput = try apps.ipa.map { path throws(InputError) in try SpooledInput(argument: path) }
        } catch {
            throw failUnreadable(apps.ipa ?? "-", error.problem)
        }
        defer { iosInput?.remove() }
        let request = ProductScanRequest(
            ios: iosInput.map { input in
                ScanRequest(input: input.url, suppliedFiles: supplies, offline: offline, fetch: configuration)
            },
            android: apps.apk.map { apk in
                AndroidScanRequest(
                    input: URL(fileURLWithPath: apk), sdk: android.sdk, offline: offline,
                    suppliedFiles: assetLinks, fetch: androidFetch,
                    assetLinks: android.googleAPI.fetchOptions(userAgent: fetch.userAgent))
            },
            entries: entries)
        let progress = ScanProgress.makeIfTerminal()
        var product: ProductAnalysis
        do {
            product = try await ProductScan.run(request) { event in progress?.show(event) }
        } catch {
            progress?.clear()
            throw Self.exit(for: error)
        }
        progress?.clear()
        for warning in ScanSupplyCheck.warnings(product, aasa: supplies, assetLinks: assetLinks) { printError(warning) }
        product = try probes.addingResults(to: product)
        let device = deviceText.flatMap { text in product.ios.map { DeviceStateSection.entries(from: text, for: $0) } }
        let generatedAt = try Self.reportDate()
        try Self.write(kinds) { kind in
            let data = try product.report(
                kind, toolVersion: Workbench.version, generatedAt: generatedAt,
                timings: timings, engagement: engagement.engagement,
                invocation: CommandRecord.invocation())
            return device.map { DeviceStateSection.adding($0, to: data, kind: kind) } ?? data
        }
        try probes.write(product)
        if let save {
            let settings = WorkbenchSettings(
                offline: offline, fetch: apps.ipa == nil ? androidFetch : configuration, suppliedFiles: supplies,
                suppliedAssetLinks: assetLinks, askGoogle: android.googleAPI.google,
                googleBase: android.googleAPI.googleBase)
            try await SessionCLI.saveScan(
                product, urls: entries, settings: settings,
                engagement: engagement.engagement, to: save)
        }
        switch format {
        case .json:
            var data = try product.scanDocument(timings: timings)
            if let device { data = try DeviceStateSection.addingToJSON(device, document: data) }
            writeJSON(data)
            if let save { SessionCLI.confirmSaved(save) }
        case .text:
            let style = ScanStyle.forStandardOutput()
            var text = ScanTextRenderer(style: style).render(product, reports: reports, savedSession: save)
            if let device { text += DeviceStateSection.text(device) }
            writeText(text, styled: style.enabled)
        }
        try SessionCLI.failIfTripped(failOn, by: product.findings)
    }

    /// The text of `--device-state FILE` (`swcutil show` output), nil without the flag.
    private func deviceStateText() throws -> String? {
        guard let deviceState else { return nil }
        switch DeviceStateSection.readFile(deviceState) {
        case .success(let text): return text
        case .failure(let problem): throw failUnreadable(deviceState, problem.description)
        }
    }

    /// `--url` values and the `--urls` list read with the schemes the scanned apps decide
    /// (`ScannedApps.schemes`); the first line that is not such a URL stops the scan (exit 3).
    private func urlEntries(schemes: URLSchemes) throws -> [URLListEntry] {
        var entries = urls.compactMap { try? URLList.entry($0, schemes: schemes) }
        guard let urlList else { return entries }
        let text = String(decoding: try readListData(urlList), as: UTF8.self)
        do {
            entries += try URLList.parse(text, schemes: schemes)
        } catch {
            throw failUnreadable(InputFile.shownName(urlList), error.description)
        }
        guard entries.count <= URLList.maxURLs else {
            throw failUnreadable(InputFile.shownName(urlList), "more than \(URLList.maxURLs) URLs")
        }
        return entries
    }

    private func parsedSupplies() throws -> [String: String] {
        try Self.parseSupplies(suppliedFiles)
    }

    /// `--aasa HOST=FILE` values (and `--aasa DIR`: every `HOST.json` in DIR) as host → file
    /// (also `serve`'s `--aasa`). The same host twice (two flags, or a flag and a folder) is a
    /// usage error: silently keeping one of the files would test something the tester did not ask for.
    static func parseSupplies(_ values: [String], flag: String = "--aasa") throws -> [String: String] {
        var result: [String: String] = [:]
        func add(_ host: String, _ file: String) throws {
            if let earlier = result[host] {
                throw ValidationError("\(flag) names \(host) twice (\(earlier) and \(file)); give one file per host")
            }
            result[host] = file
        }
        for value in values {
            if !value.contains("="), let files = Self.associationFiles(inDirectory: value) {
                guard !files.isEmpty else {
                    throw ValidationError("\(flag) \(value): the folder holds no HOST.json file")
                }
                for (host, file) in files { try add(host, file) }
                continue
            }
            guard let equals = value.firstIndex(of: "="), equals != value.startIndex,
                value.index(after: equals) != value.endIndex
            else {
                throw ValidationError("\(flag) needs HOST=FILE (got '\(value)')")
            }
            let host = String(value[..<equals])
            let file = String(value[value.index(after: equals)...])
            do { _ = try FetchHost.parse(host) } catch {
                throw ValidationError("\(flag) \(value): \(error.description)")
            }
            try add(host.lowercased(), file)
        }
        return result
    }

    /// `HOST.json` files directly in `path` as host → file, or nil when `path` is not a folder.
    /// Names that are not a valid host (`README.json`, `notes.json`) are left out.
    static func associationFiles(inDirectory path: String) -> [(host: String, file: String)]? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
            let names = try? FileManager.default.contentsOfDirectory(atPath: path)
        else { return nil }
        return names.sorted().compactMap { name in
            guard let host = host(namedBy: name) else { return nil }
            return (host, URL(fileURLWithPath: path).appendingPathComponent(name).path)
        }
    }

    /// The host a file is named for by the `HOST.json` convention (`shop.example.com.json`),
    /// lower-cased; nil for any other name (`apple-app-site-association`, `aasa.json`).
    static func host(namedBy fileName: String) -> String? {
        guard fileName.hasSuffix(".json") else { return nil }
        let host = String(fileName.dropLast(5)).lowercased()
        guard host.contains("."), (try? FetchHost.parse(host)) != nil else { return nil }
        return host
    }

    /// The bytes of a URL list (`-`: standard input), at most `ScanInput.maxFileBytes`.
    func readListData(_ file: String) throws -> Data { try Self.listData(file) }

    /// `readListData` for any command (`match --android` too).
    static func listData(_ file: String) throws -> Data {
        switch InputFile.read(file, limit: ScanInput.maxFileBytes) {
        case .success(let data): return data
        case .failure(let error): throw failUnreadable(InputFile.shownName(file), error.problem)
        }
    }
}

/// Checks on files named by flags, before the scan starts.
enum ScanInput {
    /// Largest URL list or association file read from a flag.
    static let maxFileBytes = 64 << 20

    /// Why `path` cannot be read as a regular file, or nil when it can (FIFOs and devices
    /// are refused before anything reads them).
    static func problem(readingFile path: String) -> String? {
        InputFile.problem(readingFile: path, maximumBytes: maxFileBytes)
    }
}
