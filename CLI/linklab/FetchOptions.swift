import ArgumentParser
import Foundation
import Workbench

/// Flags every command that fetches association files accepts (`aasa fetch`, `match
/// --fetch`, `scan`).
struct FetchOptions: ParsableArguments {
    @Option(
        name: .customLong("resolve"),
        help: ArgumentHelp(
            "Pin HOST:PORT to ADDRESS (like curl); SNI and certificate checks still use HOST.",
            valueName: "HOST:PORT:ADDRESS"))
    var resolve: [String] = []

    @Option(
        name: .customLong("ca-file"),
        help: ArgumentHelp(
            "Also trust the root certificates in this PEM file (as developer mode trusts user-installed roots).",
            valueName: "PEM"))
    var caFile: String?

    @Option(help: ArgumentHelp("Seconds one request may take, headers and body.", valueName: "SECONDS"))
    var timeout: Double = 10

    @Option(
        help: ArgumentHelp(
            "Seconds the whole run may take (default: 60, or 3 × --timeout if larger).",
            valueName: "SECONDS"))
    var deadline: Double?

    @Option(
        name: .customLong("user-agent"),
        help: ArgumentHelp(
            "User-Agent for the fetches (default: the CDN crawler's, AASA-Bot/1.0.0).", valueName: "STRING"))
    var userAgent: String?

    @Option(
        name: .customLong("cdn-base"),
        help: ArgumentHelp(
            "Replaces https://app-site-association.cdn-apple.com/a/v1/ (staging, tests).", valueName: "URL"))
    var cdnBase: String?

    @Flag(inversion: .prefixedNo, help: "Fetch the origin a second time with a browser agent to spot bot protection.")
    var browserProbe = true

    func validate() throws {
        try Self.check(timeout: timeout, deadline: deadline, resolve: resolve)
        if let cdnBase {
            do { _ = try RoutePlanner(cdnBase: cdnBase) } catch { throw ValidationError(error.description) }
        }
    }

    /// The engine configuration these flags describe.
    func configuration(routes: [FetchRoute]) throws -> FetchConfiguration {
        var configuration = FetchConfiguration()
        configuration.routes = routes
        try Self.apply(timeout: timeout, deadline: deadline, resolve: resolve, caFile: caFile, to: &configuration)
        if let userAgent { configuration.userAgent = userAgent }
        if let cdnBase { configuration.cdnBase = cdnBase }
        configuration.browserProbe = browserProbe
        return configuration
    }

    /// Checks the flags every fetching command shares (also `assetlinks fetch`).
    static func check(timeout: Double, deadline: Double?, resolve: [String]) throws {
        guard timeout > 0, timeout <= 600 else { throw ValidationError("--timeout must be between 0 and 600 seconds") }
        if let deadline, !(deadline > 0 && deadline <= 3600) {
            throw ValidationError("--deadline must be between 0 and 3600 seconds")
        }
        for pin in resolve {
            do { _ = try ResolvePin.parse(pin) } catch { throw ValidationError(error.description) }
        }
    }

    /// Sets timeout, deadline, pins and trusted roots on `configuration`.
    static func apply(
        timeout: Double, deadline: Double?, resolve: [String], caFile: String?,
        to configuration: inout FetchConfiguration
    ) throws {
        configuration.timeout = .milliseconds(Int64(timeout * 1000))
        configuration.overallDeadline = .milliseconds(Int64((deadline ?? max(60, timeout * 3)) * 1000))
        var pins: [ResolvePin] = []
        for pin in resolve {
            do { pins.append(try ResolvePin.parse(pin)) } catch { throw ValidationError(error.description) }
        }
        configuration.resolve = pins
        configuration.caFile = caFile
    }
}

/// The exit for a fetch configuration the engine refused: 3 for an unreadable `--ca-file`
/// (named, with the problem), 2 for anything else (one line on standard error).
func fetchFailure(_ error: FetchError) -> ExitCode {
    if case .invalidCAFile(let path, let reason) = error { return failUnreadable(path, reason) }
    printError("linklab: \(error.description)")
    return LinkLabExit.usage
}
