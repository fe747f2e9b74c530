import ArgumentParser
import Foundation
import Workbench

/// Which fetched copy decides `linklab match --fetch HOST`.
enum MatchFetchRoute: String, ExpressibleByArgument, CaseIterable {
    /// Apple's CDN: what devices use on normal installs (iOS 14+).
    case cdn
    /// The origin's `.well-known` file: what devices use for `?mode=developer` / `managed` entries.
    case origin

    var route: FetchRoute {
        switch self {
        case .cdn: .cdn
        case .origin: .origin
        }
    }
}

extension MatchCommand {
    /// Fetches HOST's association file over one route and parses the body exactly as served.
    /// A route that gives a device no file (unreachable, redirect, non-200) ends the command
    /// with exit 3 and says why: deciding against some other copy would not be what iOS does.
    func fetchAssociationDocument(host: String) async throws -> AssociationDocument {
        var configuration = try fetchOptions.configuration(routes: [fetchRoute.route])
        configuration.browserProbe = false
        let report: DomainReport
        switch await Workbench.fetchAssociation(host: host, options: configuration) {
        case .failure(let error): throw failUnreadable(host, error.description)
        case .success(let fetched): report = fetched
        }
        guard let result = report.result(for: fetchRoute.route) else {
            throw failUnreadable(host, "the \(fetchRoute.rawValue) route was not fetched")
        }
        if let error = result.error {
            throw failUnreadable(
                host,
                "\(fetchRoute.rawValue) route \(result.url): \(error.description); a device gets no file")
        }
        guard result.status == 200 else {
            var problem = """
                \(fetchRoute.rawValue) route \(result.url) answered HTTP \(result.status.map(String.init) ?? "?")
                """
            if let location = result.redirectLocation {
                problem += " redirecting to \(location) (redirects are never followed)"
            }
            if let reason = result.appleFailureReason { problem += ", Apple-Failure-Reason: \(reason)" }
            throw failUnreadable(host, problem + "; a device gets no file")
        }
        printError(
            """
            linklab match: deciding against the \(fetchRoute.rawValue) copy of \(host): \(result.url), \(result.bytes) \
            bytes\(result.truncated ? " (cut at the 128 KiB cap)" : "")
            """)
        return AssociationDocument.parse(result.body)
    }
}
