import AndroidApp
import ArgumentParser
import Findings
import Foundation
import Reports
import Workbench

extension ScanCommand {
    /// The iOS app and the Android package of a two-platform scan (`scan app.ipa app.apk`, either
    /// order, or `scan app.apk --ios app.ipa`); nil for a one-platform scan.
    func platformPair() throws -> (ipa: String, apk: String)? {
        if let iosPath {
            guard AndroidInspect.handles(path), otherPath == nil else {
                throw ValidationError("--ios APP.ipa goes with one Android PATH (.apk, .xapk, .apks)")
            }
            return (iosPath, path)
        }
        guard let otherPath else { return nil }
        switch (AndroidInspect.handles(path), AndroidInspect.handles(otherPath)) {
        case (false, true): return (path, otherPath)
        case (true, false): return (otherPath, path)
        default: throw ValidationError("give one iOS app and one Android package (.apk, .xapk or .apks)")
        }
    }

    /// `--url` values of a two-platform scan: http(s) as for iOS, custom schemes as for Android.
    func validateBothURLs() throws {
        for url in urls {
            if case let .invalid(_, _, problem) = URLListLine.read(url, line: nil, schemes: .webOrCustom) {
                throw ValidationError("--url: \(problem)")
            }
        }
    }

    /// `scan app.ipa app.apk`: both pipelines, the verdict table and one report.
    func runBoth(ipa: String, apk: String) async throws {
        for (flag, used) in [("--device-state", deviceState != nil), ("--google", android.google)] where used {
            printError("linklab: \(flag) is not available when scanning both platforms; scan each app alone")
            throw LinkLabExit.usage
        }
        guard ipa != "-", apk != "-" else {
            printError("linklab: scanning both platforms reads both apps from files (not - for standard input)")
            throw LinkLabExit.usage
        }
        let supplies = try Self.parseSupplies(suppliedFiles), supplied = try android.suppliedFiles()
        for file in (supplies.values.sorted() + supplied.values.sorted()) {
            if let problem = ScanInput.problem(readingFile: file) { throw failUnreadable(file, problem) }
        }
        let kinds = try reports.map { ($0, try ExportFormat(path: $0)) }
        try SessionCLI.checkWritable(reports + (save.map { [$0] } ?? []))
        let entries = try bothEntries()
        var configuration = try fetch.configuration(routes: (RouteSelection(rawValue: route.rawValue) ?? .all).routes)
        configuration.suppliedFiles = [:]
        let iosRequest = ScanRequest(input: URL(fileURLWithPath: ipa), suppliedFiles: supplies, offline: offline,
                                     fetch: configuration, urls: entries.filter(\.isWebURL), now: Date())
        var androidFetch = try fetch.configuration(routes: [.origin])
        androidFetch.suppliedFiles = [:]
        let androidRequest = AndroidScanRequest(
            input: URL(fileURLWithPath: apk), sdk: android.sdk, offline: offline, suppliedFiles: supplied,
            fetch: androidFetch,
            assetLinks: AssetLinksFetchOptions(askGoogle: false, googleBase: android.googleBase,
                                               userAgent: fetch.userAgent ?? AssetLinksPolicy.userAgent),
            urls: entries.map(URLList.line))
        let ios: Analysis, androidAnalysis: AndroidAnalysis
        do {
            ios = try await ScanPipeline(request: iosRequest).run()
            androidAnalysis = try await AndroidScan.run(androidRequest)
        } catch {
            throw Self.exit(for: error)
        }
        for warning in ScanSupplyCheck.warnings(supplies: supplies, hosts: ios.hosts) { printError(warning) }
        let probed = try probes.addingResults(ios: ios, android: androidAnalysis)
        let both = CrossPlatformAnalysis(ios: probed.0 ?? ios, android: probed.1 ?? androidAnalysis, entries: entries)
        try probes.write(ios: ios, android: androidAnalysis,
                         title: "\(ios.appName) / \(androidAnalysis.snapshot.manifest.packageName)")
        let generatedAt = try Self.reportDate()
        try Self.write(kinds) { kind in
            try both.report(kind, toolVersion: Workbench.version, generatedAt: generatedAt,
                            engagement: engagement.engagement, invocation: CommandRecord.invocation())
        }
        if let save {
            let settings = WorkbenchSettings(offline: offline, fetch: configuration, suppliedFiles: supplies,
                                             suppliedAssetLinks: supplied)
            try await SessionCLI.saveScan(both.ios, android: both.android, urls: entries, settings: settings,
                                          engagement: engagement.engagement, to: save)
        }
        switch format {
        case .json:
            writeJSON(try both.scanDocument())
            if let save { SessionCLI.confirmSaved(save) }
        case .text:
            let style = ScanStyle.forStandardOutput()
            writeText(ScanTextRenderer(style: style).render(both: both, reports: reports, savedSession: save),
                      styled: style.enabled)
        }
        try SessionCLI.failIfTripped(failOn, by: both.findings)
    }

    /// Writes each report file with the bytes `render` gives for its kind (exit 3 naming the file
    /// that cannot be rendered or written).
    static func write(_ kinds: [(String, ExportFormat)],
                      render: (ExportFormat) throws -> Data) throws {
        for (report, kind) in kinds {
            do {
                try render(kind).write(to: URL(fileURLWithPath: report))
            } catch let error as WorkbenchError {
                throw failUnreadable(report, error.description)
            } catch {
                throw failUnreadable(report, "cannot be written (\((error as NSError).localizedDescription))")
            }
        }
    }

    /// Exit 3 naming the file an input error is about; 2 (usage) for any other refusal.
    private static func exit(for error: WorkbenchError) -> ExitCode {
        switch error {
        case let .unreadableApp(file, reason), let .unreadableFile(file, reason):
            return failUnreadable(file, reason)
        case let .fetchConfiguration(.invalidCAFile(file, reason)):
            return failUnreadable(file, reason)
        default:
            printError("linklab: \(error.description)")
            return LinkLabExit.usage
        }
    }

    /// `--url` values and the `--urls` list, custom schemes allowed; a line that is not a URL
    /// stops the scan (exit 3), as for one platform.
    private func bothEntries() throws -> [URLListEntry] {
        var entries: [URLListEntry] = []
        for url in urls {
            if case let .entry(entry) = URLListLine.read(url, line: nil, schemes: .webOrCustom) {
                entries.append(entry)
            }
        }
        guard let urlList else { return entries }
        let text = String(decoding: try readListData(urlList), as: UTF8.self)
        for line in URLListLine.lines(of: text, schemes: .webOrCustom) {
            switch line {
            case let .entry(entry):
                guard entries.count < URLList.maxURLs else {
                    throw failUnreadable(urlList, "more than \(URLList.maxURLs) URLs")
                }
                entries.append(entry)
            case let .invalid(_, number, problem):
                throw failUnreadable(urlList == "-" ? "<stdin>" : urlList, "line \(number ?? 0): \(problem)")
            }
        }
        return entries
    }
}
