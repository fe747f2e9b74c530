import ArgumentParser
import Foundation
import WebWorkbench
import Workbench

/// `linklab serve`: the workbench in a browser, on 127.0.0.1 only (docs/commands/serve.md).
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the web workbench on 127.0.0.1 (open the printed address in a browser).",
        discussion: """
            Listens on 127.0.0.1 only (--port 0, the default, picks a free port) and prints one line: \
            'UniversalLinkLab workbench: http://127.0.0.1:PORT/?token=TOKEN'. The token (new each run) \
            is the only credential and there is no cookie: the page keeps it in the browser's storage \
            for that address and sends it as 'Authorization: Bearer TOKEN', as scripts do. For a remote \
            machine use an SSH tunnel \
            (ssh -L 8080:127.0.0.1:8080 HOST, then linklab serve --port 8080 there).

            --aasa, --assetlinks, --google and --offline apply to every document, as in scan \
            (--assetlinks: the Android app's hosts; --google: Google's Digital Asset Links API's answer \
            beside each host's file; an .apk, .xapk or .apks opens as a product's Android app, and the \
            page adds the other app of the product to an open document). Uploads stream to a private \
            temporary folder; Ctrl-C or SIGTERM stops the server within seconds (an upload still \
            arriving is cut), deletes every upload and exits 0.

            Examples:
              linklab serve --offline --aasa Samples/aasa --open
              linklab serve --offline --aasa Samples/aasa --assetlinks Samples/assetlinks
              linklab serve --port 8080 --max-upload 1073741824

            Exit codes: 0 stopped by Ctrl-C or SIGTERM; 1 the server could not start or stopped \
            on an error; 2 usage error; 3 an --aasa or --assetlinks file cannot be read. Security model: \
            docs/security-model.md.
            """
    )

    @Option(help: "Port on 127.0.0.1 (0: a free port).")
    var port: Int = 0

    @Flag(help: "Also open the address in the default browser.")
    var open = false

    @Flag(help: "Use no network: hosts without an --aasa (or --assetlinks) file are reported as not fetched.")
    var offline = false

    /// Optional so that the help prints the default once, in words (argument-parser would add
    /// "(default: 4294967296)" to a stored default).
    @Option(
        name: .customLong("max-upload"),
        help: ArgumentHelp(
            "Largest upload in bytes (default 4 GiB).",
            valueName: "BYTES"))
    var maxUpload: Int64?

    static let defaultMaxUpload: Int64 = 4 << 30

    @Option(
        name: .customLong("aasa"),
        help: ArgumentHelp(
            "Use FILE instead of fetching HOST, in every document (repeatable); "
                + "a folder supplies each HOST.json in it.",
            valueName: "HOST=FILE|DIR"))
    var suppliedFiles: [String] = []

    @Option(
        name: .customLong("assetlinks"),
        help: ArgumentHelp(
            "Use FILE as HOST's assetlinks.json instead of fetching it, for every Android app (repeatable; for "
                + "*.example.com give example.com; a folder supplies each HOST.json in it).",
            valueName: "HOST=FILE|DIR"))
    var assetLinks: [String] = []

    @OptionGroup var fetch: FetchOptions

    @OptionGroup var googleAPI: GoogleAPIOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard (maxUpload ?? Self.defaultMaxUpload) > 0 else {
            throw ValidationError("--max-upload must be a positive number of bytes")
        }
        _ = try ScanCommand.parseSupplies(suppliedFiles)
        _ = try assetLinkSupplies()
        if let refusal = googleAPI.refusal(offline: offline) { throw ValidationError(refusal) }
    }

    /// `--assetlinks` values as host name → file (as `scan app.apk --assetlinks` reads them).
    func assetLinkSupplies() throws -> [String: String] {
        var result: [String: String] = [:]
        for (host, file) in try ScanCommand.parseSupplies(assetLinks, flag: "--assetlinks") {
            result[(try? FetchHost.parse(host).hostname) ?? host] = file
        }
        return result
    }

    func run() async throws {
        let supplies = try ScanCommand.parseSupplies(suppliedFiles)
        let assetLinks = try assetLinkSupplies()
        for (_, file) in (supplies.sorted { $0.key < $1.key } + assetLinks.sorted { $0.key < $1.key }) {
            if let problem = ScanInput.problem(readingFile: file) { throw failUnreadable(file, problem) }
        }
        var configuration = try fetch.configuration(routes: RouteSelection.all.routes)
        configuration.suppliedFiles = [:]
        let settings = WorkbenchSettings(
            offline: offline, fetch: configuration, suppliedFiles: supplies,
            suppliedAssetLinks: assetLinks, askGoogle: googleAPI.google,
            googleBase: googleAPI.googleBase)
        var limits = WorkbenchServerLimits()
        limits.maxUpload = maxUpload ?? Self.defaultMaxUpload
        let server: WorkbenchServer
        do {
            server = try WorkbenchServer(settings: settings, limits: limits)
        } catch {
            printError("linklab: \(String(describing: error))")
            throw ExitCode.failure
        }
        let open = self.open
        do {
            try await server.run(port: port) { address in
                FileHandle.standardOutput.write(Data("UniversalLinkLab workbench: \(address)\n".utf8))
                if open { Self.openInBrowser(address) }
            }
        } catch {
            printError("linklab: the server stopped: \(String(describing: error))")
            throw ExitCode.failure
        }
    }

    /// Opens `address` with the desktop's opener; a machine without one is not an error.
    static func openInBrowser(_ address: String) {
        #if os(macOS)
            let opener = "/usr/bin/open"
        #else
            let opener = "/usr/bin/xdg-open"
        #endif
        guard FileManager.default.isExecutableFile(atPath: opener) else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [address]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }
}
