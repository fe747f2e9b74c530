import AssociationFetch
import Foundation

extension FetchError {
    /// The request never reached a server: the name did not resolve or no connection could be
    /// made (as opposed to an HTTP answer, a TLS problem or a slow server).
    public var isNoPath: Bool {
        switch self {
        case .dnsFailure, .connectionRefused, .connectFailed: true
        default: false
        }
    }
}

extension AnalysisFacts {
    /// This machine has no path to Apple: the run was online, fetched Apple's CDN for at least
    /// one host, and every CDN request failed before any HTTP answer (DNS or connect). Then
    /// the other DNS/connect failures of the run say nothing about the app's domains either:
    /// those routes are "not checked" (`isNotChecked`), never a finding.
    public var noPathToApple: Bool {
        guard !options.offline else { return false }
        let cdn = domains.flatMap(\.routes).filter { $0.route == .cdn }
        return !cdn.isEmpty && cdn.allSatisfy { $0.status == nil && $0.error?.isNoPath == true }
    }

    /// A route that failed before any HTTP answer on a run with no path to Apple: unknown,
    /// not a problem of the domain.
    public func isNotChecked(_ result: RouteResult) -> Bool {
        result.route != .local && result.status == nil && result.error?.isNoPath == true && noPathToApple
    }

    /// The hosts none of whose routes could be checked on a run with no path to Apple.
    public var notCheckedHosts: [String] {
        guard noPathToApple else { return [] }
        return domains.filter { report in
            !report.routes.isEmpty && report.routes.allSatisfy(isNotChecked)
        }.map(\.host)
    }

    /// The one line a run with no path to Apple prints (nil otherwise); `supplyingFiles` says
    /// how its reader supplies a host's file ("supply files with --aasa HOST=FILE").
    public func noPathToAppleNote(supplyingFiles: String) -> String? {
        guard noPathToApple else { return nil }
        let hosts = notCheckedHosts
        let error = domains.flatMap(\.routes).first { $0.route == .cdn }?.error?.description ?? "no answer"
        return "no path to Apple: this machine cannot reach Apple's CDN (\(error)); "
            + (hosts.isEmpty ? "routes that failed the same way" : "hosts " + hosts.joined(separator: ", "))
            + " were not checked and raise no finding. Run where Apple's CDN is reachable, or \(supplyingFiles)."
    }
}
