import AndroidApp
import ArgumentParser
import Foundation
import Workbench

/// `linklab assetlinks fetch HOST…`: what each host serves at /.well-known/assetlinks.json.
struct AssetLinksFetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Fetch assetlinks.json files the way Android does (HTTPS, no redirects, 1 MiB, 5 s).",
        discussion: """
            Fetches https://HOST/.well-known/assetlinks.json for every HOST at once, as Android's \
            verifier does: HTTPS only; a redirect is a failure (reported with its target, never \
            followed); at most 1 MiB; --timeout seconds per request (Android's 5 by default). A \
            wildcard host (*.example.com) is fetched from its root. Each file is linted (stable \
            IDs, line:column).

            --google also asks Google's Digital Asset Links API (statements:list) for the host and \
            compares its App Links grants with the host's own file: agree, or which grants differ.

            Examples:
              linklab assetlinks fetch example.com www.example.com
              linklab assetlinks fetch example.com --google --format json
              linklab assetlinks fetch staging.example.com:8443 --resolve \\
                  staging.example.com:8443:10.0.0.5 --ca-file ca.pem

            Exit codes: 0 every host was fetched (whatever each answered); 2 usage error; 3 the \
            --ca-file cannot be read. Contract: docs/cli.md.
            """
    )

    @Argument(help: ArgumentHelp("Hosts to fetch for.", valueName: "HOST[:PORT]"))
    var hosts: [String]

    @Option(help: "Output format: text or json.")
    var format: MatchOutputFormat = .text

    @OptionGroup var googleAPI: GoogleAPIOptions

    @OptionGroup var network: AndroidFetchOptions

    func validate() throws {
        guard !hosts.isEmpty else { throw ValidationError("give at least one HOST") }
        for host in hosts {
            do { _ = try FetchHost.parse(host) } catch { throw ValidationError(error.description) }
        }
    }

    func run() async throws {
        let options = googleAPI.fetchOptions(userAgent: network.userAgent)
        let reports: [AssetLinksReport]
        do {
            reports = try await Workbench.fetchAssetLinks(
                hosts: hosts, configuration: try network.configuration(),
                options: options)
        } catch let error as FetchError {
            throw fetchFailure(error)
        }
        switch format {
        case .json:
            writeJSON(try Workbench.assetLinksFetchDocument(reports))
        case .text:
            writeText(AssetLinksFetchText.render(reports), styled: false)
        }
    }
}

/// `--resolve`, `--ca-file`, `--timeout` (Android's 5 s by default), `--deadline`,
/// `--user-agent`: the network flags of `assetlinks fetch`.
struct AndroidFetchOptions: ParsableArguments {
    @Option(
        name: .customLong("resolve"),
        help: ArgumentHelp(
            "Pin HOST:PORT to ADDRESS (like curl); SNI and certificate checks still use HOST.",
            valueName: "HOST:PORT:ADDRESS"))
    var resolve: [String] = []

    @Option(
        name: .customLong("ca-file"),
        help: ArgumentHelp(
            "Also trust the root certificates in this PEM file.",
            valueName: "PEM"))
    var caFile: String?

    @Option(
        help: ArgumentHelp(
            "Seconds one request may take, headers and body (Android's verifier: 5).",
            valueName: "SECONDS"))
    var timeout: Double = 5

    @Option(
        help: ArgumentHelp(
            "Seconds the whole run may take (default: 60, or 3 × --timeout if larger).",
            valueName: "SECONDS"))
    var deadline: Double?

    @Option(
        name: .customLong("user-agent"),
        help: ArgumentHelp(
            "User-Agent for the fetches (default: Android's Dalvik agent).",
            valueName: "STRING"))
    var userAgent: String?

    func validate() throws {
        try FetchOptions.check(timeout: timeout, deadline: deadline, resolve: resolve)
    }

    /// The engine configuration these flags describe.
    func configuration() throws -> FetchConfiguration {
        var configuration = FetchConfiguration()
        try FetchOptions.apply(
            timeout: timeout, deadline: deadline, resolve: resolve, caFile: caFile,
            to: &configuration)
        return configuration
    }
}
