import ArgumentParser
import Foundation
import Workbench

/// `linklab aasa fetch HOST[:PORT]...`: what Apple's CDN and each origin serve.
struct AASAFetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Fetch apple-app-site-association files the way Apple does (CDN, origin, legacy).",
        discussion: """
            HTTPS only; redirects are recorded, never followed; bodies stop at 128 KiB. All hosts \
            are fetched at once. A HOST may carry a port and may be a wildcard entry (*.example.com \
            is fetched from example.com).

            Examples:
              linklab aasa fetch example.com www.example.com
              linklab aasa fetch example.com --route cdn --format json
              linklab aasa fetch staging.example.com:8443 --resolve \\
                  staging.example.com:8443:10.0.0.5 --ca-file ca.pem

            Exit codes: 0 every host was fetched (whatever each answered); 2 usage error; 3 the \
            --ca-file cannot be read. Contract: docs/cli.md.
            """
    )

    enum RouteArgument: String, ExpressibleByArgument, CaseIterable {
        case cdn, origin, legacy, all
    }

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: ArgumentHelp("Hosts to fetch for.", valueName: "HOST[:PORT]"))
    var hosts: [String]

    @Option(help: "Which routes to fetch.")
    var route: RouteArgument = .all

    @OptionGroup var fetch: FetchOptions

    @Option(help: "Output format.")
    var format: Format = .text

    func validate() throws {
        guard !hosts.isEmpty else { throw ValidationError("give at least one HOST") }
        for host in hosts {
            do { _ = try FetchHost.parse(host) } catch { throw ValidationError(error.description) }
        }
    }

    func run() async throws {
        let selection = RouteSelection(rawValue: route.rawValue) ?? .all
        let configuration = try fetch.configuration(routes: selection.routes)
        let progress = FetchProgress(total: hosts.count)
        let reports: [DomainReport]
        do {
            reports = try await Workbench.fetchAssociations(hosts: hosts, configuration: configuration) { report in
                progress.finished(report.host)
            }
        } catch {
            progress.clear()
            throw fetchFailure(error)
        }
        progress.clear()
        switch format {
        case .json:
            writeJSON(try Workbench.fetchDocument(reports))
        case .text:
            writeText(FetchTextReport.render(reports), styled: false)
        }
    }
}

/// "fetched 3/10 hosts" on stderr, only when stderr is a terminal.
private final class FetchProgress: Sendable {
    private let total: Int
    private let enabled: Bool
    private let counter = Counter()

    init(total: Int) {
        self.total = total
        enabled = isatty(STDERR_FILENO) == 1
    }

    func finished(_ host: String) {
        guard enabled else { return }
        let done = counter.increment()
        FileHandle.standardError.write(Data("\r\u{1B}[Kfetched \(done)/\(total): \(TerminalText.safe(host))".utf8))
    }

    func clear() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func increment() -> Int {
            lock.lock()
            defer { lock.unlock() }
            value += 1
            return value
        }
    }
}

/// The human-readable form: one table per host, then the Apple headers, redirects,
/// errors, the browser probe, the CDN-vs-origin comparison and diagnostics.
enum FetchTextReport {
    static func render(_ reports: [DomainReport]) -> String {
        reports.map(render).joined(separator: "\n")
    }

    /// Every line is escaped whole (`TerminalText.safe`): this renderer adds no colour, so
    /// nothing in a line is the tool's own control sequence.
    private static func render(_ report: DomainReport) -> String {
        render(lines: report).map { TerminalText.safe($0) }.joined(separator: "\n") + "\n"
    }

    private static func render(lines report: DomainReport) -> [String] {
        var lines: [String] = []
        var title = report.host
        if report.fetchedHost != report.host.split(separator: ":").first.map(String.init) {
            title += " (fetched from \(report.fetchedHost))"
        }
        lines.append(title)
        let header = ["route", "status", "bytes", "headers", "total", "outcome", "content type"]
        var rows: [[String]] = []
        for route in report.routes {
            rows.append([
                route.route.rawValue,
                route.status.map(String.init) ?? "-",
                route.truncated ? "\(route.bytes)+" : String(route.bytes),
                route.timeToHeadersMs.map { "\($0) ms" } ?? "-",
                route.totalMs.map { "\($0) ms" } ?? "-",
                route.outcome.rawValue,
                route.contentType ?? (route.status == nil ? "" : "(none)"),
            ])
        }
        if let probe = report.browserProbe {
            let route = probe.result
            rows.append([
                "origin*", route.status.map(String.init) ?? "-",
                route.truncated ? "\(route.bytes)+" : String(route.bytes),
                route.timeToHeadersMs.map { "\($0) ms" } ?? "-", route.totalMs.map { "\($0) ms" } ?? "-",
                route.outcome.rawValue, route.contentType ?? "",
            ])
        }
        lines.append(contentsOf: table([header] + rows).map { "  " + $0 })
        for route in report.routes {
            lines.append(contentsOf: notes(for: route).map { "  \(route.route.rawValue): \($0)" })
        }
        if let probe = report.browserProbe {
            lines.append(
                """
                  origin* = origin fetched as a browser: \(probe.differs ? "DIFFERENT ANSWER: " : "")\(probe.summary)
                """)
        }
        if let diff = report.cdnOriginDiff {
            if diff.isEquivalent {
                lines.append("  CDN vs origin: same meaning")
            } else {
                lines.append("  CDN vs origin: DIFFERENT (the CDN copy may be stale)")
                lines.append(contentsOf: diff.changes.map { "    - \($0)" })
            }
        }
        return lines
    }

    private static func notes(for route: RouteResult) -> [String] {
        var notes: [String] = ["\(route.url)"]
        if let error = route.error { notes.append("error: \(error.description)") }
        if let redirect = route.redirect {
            notes.append(
                """
                redirect \(redirect.status) to \(redirect.location) (not followed: Apple does not follow redirects)
                """)
        }
        if route.isSlow, let ms = route.timeToHeadersMs {
            notes.append(
                """
                slow: \(ms) ms to headers (over 2 s; the CDN crawler reports such origins as SWCERR00301 Timeout)
                """)
        }
        if route.hasUnexpectedContentType {
            notes.append(
                """
                content type \(route.contentType ?? "missing"): application/json is recommended (devices do not check \
                it)
                """)
        }
        if route.truncated {
            notes.append("body over 128 KiB: reading stopped at \(route.bytes) bytes (devices fail with -1103)")
        }
        for (name, value) in [
            ("Apple-Failure-Reason", route.appleFailureReason),
            ("Apple-Failure-Details", route.appleFailureDetails),
            ("Apple-From", route.appleFrom), ("Apple-Try-Direct", route.appleTryDirect),
        ] {
            if let value { notes.append("\(name): \(value)") }
        }
        if route.isCMSSigned == true { notes.append("body is CMS-signed (signature not verified)") }
        if route.status == 200, route.outcome != .ok, let prefix = route.bodyPrefix {
            notes.append("body starts: \(prefix.prefix(80).replacingOccurrences(of: "\n", with: " "))")
        }
        for diagnostic in route.diagnostics.prefix(10) {
            notes.append("\(diagnostic.severity) \(diagnostic.id): \(diagnostic.message)")
        }
        if route.diagnostics.count > 10 {
            notes.append("… \(route.diagnostics.count - 10) more diagnostics (use --format json)")
        }
        return notes
    }

    private static func table(_ rows: [[String]]) -> [String] {
        guard let columns = rows.map(\.count).max() else { return [] }
        var widths = [Int](repeating: 0, count: columns)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        return rows.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
    }
}
