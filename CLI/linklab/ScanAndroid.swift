import AndroidApp
import ArgumentParser
import Foundation
import Reports
import Workbench

/// `scan app.apk` flags: the Android version modelled, supplied files, Google's second opinion.
struct AndroidScanOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Android API level to model (35 = Android 15; 30 and lower verify all hosts or none).",
                               valueName: "N"))
    var sdk: Int = 35

    @Option(name: .customLong("assetlinks"), help: ArgumentHelp(
        "Use FILE as HOST's assetlinks.json instead of fetching it (repeatable; for *.example.com give example.com; "
            + "a folder supplies each HOST.json in it).",
        valueName: "HOST=FILE|DIR"))
    var assetLinks: [String] = []

    @Flag(help: "Also ask Google's Digital Asset Links API for each host and compare (needs the network).")
    var google = false

    @Option(name: .customLong("google-base"), help: ArgumentHelp(
        "Replaces https://digitalassetlinks.googleapis.com/v1/statements:list (staging, tests).", valueName: "URL"))
    var googleBase: String = AssetLinksPolicy.googleAPIBase

    func validate() throws {
        guard (1...99).contains(sdk) else { throw ValidationError("--sdk must be an API level from 1 to 99 (got \(sdk))") }
        _ = try suppliedFiles()
    }

    /// `--assetlinks HOST=FILE` values (and `--assetlinks DIR`: every `HOST.json` in DIR) as host
    /// name → file; the same host twice is a usage error (as `--aasa`).
    func suppliedFiles() throws -> [String: String] {
        var result: [String: String] = [:]
        for (host, file) in try ScanCommand.parseSupplies(assetLinks, flag: "--assetlinks") {
            result[(try? FetchHost.parse(host).hostname) ?? host] = file
        }
        return result
    }
}

extension ScanCommand {
    /// `scan app.apk`: the Android pipeline (`AndroidScan`), the same reports, JSON and exit codes.
    func runAndroid() async throws {
        for (flag, used) in [("--aasa", !suppliedFiles.isEmpty), ("--device-state", deviceState != nil),
                             ("--route", route != .all)] where used {
            printError("linklab: \(flag) is for iOS apps; \(path) is an Android package (use --assetlinks HOST=FILE)")
            throw LinkLabExit.usage
        }
        if offline, android.google {
            printError("linklab: --google asks Google's API over the network; it cannot be used with --offline")
            throw LinkLabExit.usage
        }
        let supplied = try android.suppliedFiles()
        for (_, file) in supplied.sorted(by: { $0.key < $1.key }) {
            if let problem = ScanInput.problem(readingFile: file) { throw failUnreadable(file, problem) }
        }
        var kinds: [(String, ExportFormat)] = []
        for report in reports {
            let kind = try ExportFormat(path: report)
            if kind == .testLinks {
                printError("linklab: \(report): the test-link page (.links.html) is for iOS scans")
                throw LinkLabExit.usage
            }
            kinds.append((report, kind))
        }
        try SessionCLI.checkWritable(reports + (save.map { [$0] } ?? []))
        var entries = urls
        if let urlList {
            let text = String(decoding: try readListData(urlList), as: UTF8.self)
            do {
                entries += try URLList.parse(text, schemes: .any).map(URLList.line)
            } catch {
                throw failUnreadable(urlList == "-" ? "<stdin>" : urlList, error.description)
            }
        }
        var configuration = try fetch.configuration(routes: [.origin])
        configuration.suppliedFiles = [:]
        let request = AndroidScanRequest(
            input: URL(fileURLWithPath: path), sdk: android.sdk, offline: offline, suppliedFiles: supplied,
            fetch: configuration,
            assetLinks: AssetLinksFetchOptions(askGoogle: android.google, googleBase: android.googleBase,
                                               userAgent: fetch.userAgent ?? AssetLinksPolicy.userAgent),
            urls: entries)
        var analysis: AndroidAnalysis
        do {
            analysis = try await AndroidScan.run(request)
        } catch {
            if let file = error.path { throw failUnreadable(file, Self.reason(error)) }
            printError("linklab: \(error.description)")
            throw LinkLabExit.usage
        }
        analysis = try probes.addingResults(ios: nil, android: analysis).1 ?? analysis
        let generatedAt = try Self.reportDate()
        try Self.write(kinds) { kind in
            try analysis.report(kind, toolVersion: Workbench.version, generatedAt: generatedAt,
                                engagement: engagement.engagement, invocation: CommandRecord.invocation())
        }
        try probes.write(ios: nil, android: analysis, title: analysis.snapshot.manifest.packageName)
        if let save {
            let settings = WorkbenchSettings(offline: offline, fetch: configuration, suppliedAssetLinks: supplied)
            try await SessionCLI.saveScan(nil, android: analysis, urls: [], urlLines: entries, settings: settings,
                                          engagement: engagement.engagement, to: save)
        }
        switch format {
        case .json:
            writeJSON(try analysis.scanDocument())
            if let save { SessionCLI.confirmSaved(save) }
        case .text:
            let style = ScanStyle.forStandardOutput()
            writeText(ScanTextRenderer(style: style).render(android: analysis, reports: reports, savedSession: save),
                      styled: style.enabled)
        }
        try SessionCLI.failIfTripped(failOn, by: analysis.findings)
    }

    /// The date reports print: now, or `SOURCE_DATE_EPOCH` (a malformed value is a usage error).
    static func reportDate() throws -> Date {
        do {
            return try ReportDate.generatedAt(environment: ProcessInfo.processInfo.environment, now: Date())
        } catch {
            printError("linklab: \(error.description)")
            throw LinkLabExit.usage
        }
    }

    /// `--url` values for an APK: any absolute URL (custom schemes too), `!`/`=` prefixes allowed.
    func validateAndroidURLs() throws {
        for url in urls {
            do {
                guard try URLList.entry(url, schemes: .any) != nil else { throw ValidationError("--url needs a URL") }
            } catch let error as FindingsError {
                throw ValidationError("--url: \(error.description)")
            }
        }
    }

    /// The reason part of an error about a file (its description without the leading path).
    private static func reason(_ error: WorkbenchError) -> String {
        switch error {
        case let .unreadableApp(_, reason), let .unreadableFile(_, reason): return reason
        case let .fetchConfiguration(.invalidCAFile(_, reason)): return reason
        default: return error.description
        }
    }
}
