import AndroidApp
import ArgumentParser
import Foundation
import Reports
import Workbench

/// `scan app.apk` flags: the Android version modelled, supplied files, Google's second opinion.
struct AndroidScanOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Android API level to model (35 = Android 15; 30 and lower verify all hosts or none).",
            valueName: "N"))
    var sdk: Int = 35

    @Option(
        name: .customLong("assetlinks"),
        help: ArgumentHelp(
            "Use FILE as HOST's assetlinks.json instead of fetching it (repeatable; "
                + "for *.example.com give example.com; a folder supplies each HOST.json in it).",
            valueName: "HOST=FILE|DIR"))
    var assetLinks: [String] = []

    @OptionGroup var googleAPI: GoogleAPIOptions

    func validate() throws {
        guard (1...99).contains(sdk) else {
            throw ValidationError("--sdk must be an API level from 1 to 99 (got \(sdk))")
        }
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
    /// The date reports print: now, or `SOURCE_DATE_EPOCH` (a malformed value is a usage error).
    static func reportDate() throws -> Date {
        do {
            return try ReportDate.generatedAt(environment: ProcessInfo.processInfo.environment, now: Date())
        } catch {
            printError("linklab: \(error.description)")
            throw LinkLabExit.usage
        }
    }
}
