import ArgumentParser
import Foundation
import Workbench

/// `linklab scan PATH`: the whole pipeline — inspect, fetch every associated domain, decide
/// the tester's URLs, derive findings, write reports.
struct ScanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Audit an app's universal links end to end and write reports.",
        discussion: """
            Inspects PATH (.ipa, .app folder or Mach-O), fetches the association file of every \
            associated domain of every bundle (CDN, origin and legacy routes, all hosts at once; a \
            wildcard entry is fetched from its apex), decides the URLs given with --url/--urls for \
            the app and every other app the files name, and derives findings.

            --aasa HOST=FILE uses FILE instead of fetching HOST (for *.example.com give \
            example.com); --aasa DIR does so for every HOST.json file in DIR. --offline uses no network at all: hosts without a file are reported \
            as not fetched.

            URL lists: one URL per line, '#' comments; '!' before a URL means it must not open the \
            app, '=' that it must. --url takes the same prefixes.

            --report FILE (repeatable) picks the format from the name: .md, .html, .pdf, .json \
            (the scan JSON document), .sarif, and .links.html (a page of test links with QR codes \
            to open on the device).

            Exit 0 when done; 1 when --fail-on is given and a finding is at or above it; 2 on a \
            usage error; 3 when an input cannot be read.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    enum RouteArgument: String, ExpressibleByArgument, CaseIterable {
        case cdn, origin, legacy, all
    }

    @Argument(help: "An .ipa, an unpacked .app folder, or a Mach-O file.")
    var path: String

    @Option(name: .customLong("aasa"), help: ArgumentHelp("Use FILE instead of fetching HOST (repeatable); a folder supplies each HOST.json in it.", valueName: "HOST=FILE|DIR"))
    var suppliedFiles: [String] = []

    @Flag(help: "Use no network: hosts without an --aasa file are reported as not fetched.")
    var offline = false

    @Option(help: "Which routes to fetch.")
    var route: RouteArgument = .all

    @OptionGroup var fetch: FetchOptions

    @Option(name: .customLong("url"), help: ArgumentHelp("A URL to decide (repeatable); prefix '!' = must not open the app, '=' = must.", valueName: "URL"))
    var urls: [String] = []

    @Option(name: .customLong("urls"), help: ArgumentHelp("A file of URLs, one per line ('-' reads standard input).", valueName: "FILE"))
    var urlList: String?

    @Option(name: .customLong("report"), help: ArgumentHelp("Write a report; the format follows the name: .md .html .pdf .json .sarif .links.html (repeatable).", valueName: "FILE"))
    var reports: [String] = []

    @Option(name: .customLong("fail-on"), help: ArgumentHelp("Exit 1 when a finding is at or above this severity: critical, high, medium, low, info.", valueName: "SEVERITY"))
    var failOn: String?

    @Option(help: "Output format: text (for people) or json (the scan document of spec/cli.md).")
    var format: Format = .text

    @Option(name: .customLong("save"), help: ArgumentHelp("Save the session (app facts, every answer, URLs) for report, diff, the workbench.", valueName: "FILE.linklab"))
    var save: String?

    func validate() throws {
        _ = try parsedSupplies()
        if let failOn, Severity(name: failOn) == nil {
            throw ValidationError("--fail-on must be one of critical, high, medium, low, info (got '\(failOn)')")
        }
        for report in reports {
            do { _ = try ScanReportKind(path: report) } catch { throw ValidationError(error.description) }
        }
        for url in urls {
            do {
                guard try URLList.entry(url) != nil else { throw ValidationError("--url needs a URL") }
            } catch let error as FindingsError {
                throw ValidationError("--url: \(error.description)")
            }
        }
    }

    func run() async throws {
        let supplies = try parsedSupplies()
        for (_, file) in supplies.sorted(by: { $0.key < $1.key }) {
            if let problem = ScanInput.problem(readingFile: file) { throw failUnreadable(file, problem) }
        }
        for report in reports {
            let folder = URL(fileURLWithPath: report).deletingLastPathComponent().path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw failUnreadable(report, "cannot be written: no folder \(folder)")
            }
        }
        var entries: [URLListEntry] = []
        for url in urls {
            if let entry = try? URLList.entry(url) { entries.append(entry) }
        }
        if let urlList {
            entries += try readURLList(urlList)
        }
        var configuration = try fetch.configuration(routes: (RouteSelection(rawValue: route.rawValue) ?? .all).routes)
        configuration.suppliedFiles = [:]
        let request = ScanRequest(input: URL(fileURLWithPath: path), suppliedFiles: supplies, offline: offline,
                                  fetch: configuration, urls: entries, now: Date())
        let pipeline = ScanPipeline(request: request)
        let progress = ScanProgress.makeIfTerminal()
        let analysis: Analysis
        do {
            analysis = try await pipeline.run { event in progress?.show(event) }
        } catch {
            progress?.clear()
            switch error {
            case .unreadableApp(let file, let reason), .unreadableFile(let file, let reason):
                throw failUnreadable(file, reason)
            case .fetchConfiguration(.invalidCAFile(let file, let reason)):
                throw failUnreadable(file, reason)
            default:
                printError("linklab: \(error.description)")
                throw LinkLabExit.usage
            }
        }
        progress?.clear()

        let generatedAt = Date()
        for report in reports {
            do {
                let data = try analysis.report(try ScanReportKind(path: report), toolVersion: Workbench.version, generatedAt: generatedAt)
                try data.write(to: URL(fileURLWithPath: report))
            } catch let error as WorkbenchError {
                throw failUnreadable(report, error.description)
            } catch {
                throw failUnreadable(report, "cannot be written (\((error as NSError).localizedDescription))")
            }
        }

        if let save {
            let settings = WorkbenchSettings(offline: offline, fetch: configuration, suppliedFiles: supplies)
            try await SessionCLI.saveScan(analysis, urls: entries, settings: settings, to: save)
        }

        switch format {
        case .json:
            var data = try analysis.scanDocument()
            data.append(0x0A)
            FileHandle.standardOutput.write(data)
        case .text:
            let text = ScanTextRenderer(style: ScanStyle.forStandardOutput()).render(analysis, reports: reports)
            FileHandle.standardOutput.write(Data(text.utf8))
        }

        if let failOn, let threshold = Severity(name: failOn), analysis.findingCount(atLeast: threshold) > 0 {
            throw LinkLabExit.findingsAtOrAboveThreshold
        }
    }

    private func parsedSupplies() throws -> [String: String] {
        try Self.parseSupplies(suppliedFiles)
    }

    /// `--aasa HOST=FILE` values (and `--aasa DIR`: every `HOST.json` in DIR) as host → file
    /// (also `serve`'s `--aasa`).
    static func parseSupplies(_ values: [String]) throws -> [String: String] {
        var result: [String: String] = [:]
        for value in values {
            if !value.contains("="), let files = Self.associationFiles(inDirectory: value) {
                guard !files.isEmpty else { throw ValidationError("--aasa \(value): the folder holds no HOST.json file") }
                for (host, file) in files where result[host] == nil { result[host] = file }
                continue
            }
            guard let equals = value.firstIndex(of: "="), equals != value.startIndex,
                  value.index(after: equals) != value.endIndex else {
                throw ValidationError("--aasa needs HOST=FILE (got '\(value)')")
            }
            let host = String(value[..<equals])
            let file = String(value[value.index(after: equals)...])
            do { _ = try FetchHost.parse(host) } catch { throw ValidationError("--aasa \(value): \(error.description)") }
            result[host.lowercased()] = file
        }
        return result
    }

    /// `HOST.json` files directly in `path` as host → file, or nil when `path` is not a folder.
    /// Names that are not a valid host (`README.json`, `notes.json`) are left out.
    static func associationFiles(inDirectory path: String) -> [(host: String, file: String)]? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
              let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return nil }
        return names.sorted().compactMap { name in
            guard name.hasSuffix(".json") else { return nil }
            let host = String(name.dropLast(5)).lowercased()
            guard host.contains("."), (try? FetchHost.parse(host)) != nil else { return nil }
            return (host, URL(fileURLWithPath: path).appendingPathComponent(name).path)
        }
    }

    private func readURLList(_ file: String) throws -> [URLListEntry] {
        let data: Data
        if file == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            if let problem = ScanInput.problem(readingFile: file) { throw failUnreadable(file, problem) }
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: file))
            } catch {
                throw failUnreadable(file, "cannot be read (\((error as NSError).localizedDescription))")
            }
        }
        do {
            return try URLList.parse(String(decoding: data, as: UTF8.self))
        } catch {
            throw failUnreadable(file == "-" ? "<stdin>" : file, error.description)
        }
    }
}

/// Checks on files named by flags, before the scan starts.
enum ScanInput {
    /// Largest URL list or association file read from a flag.
    static let maxFileBytes = 64 << 20

    /// Why `path` cannot be read as a regular file, or nil when it can.
    static func problem(readingFile path: String) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return "no such file" }
        guard !isDirectory.boolValue else { return "is a directory, not a file" }
        guard FileManager.default.isReadableFile(atPath: path) else { return "permission denied" }
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > maxFileBytes {
            return "file is \(size) bytes; files over \(maxFileBytes) bytes are not read"
        }
        return nil
    }
}
