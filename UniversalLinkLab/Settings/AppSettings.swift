import AssociationFetch
import Foundation
import Observation
import Workbench

/// The Settings scene's values, kept in UserDefaults; every window fetches with them (its own
/// online choice wins over `offline`: `OnlineConsent`).
@MainActor @Observable
final class AppSettings {
    private let defaults: UserDefaults

    var offline: Bool { didSet { defaults.set(offline, forKey: "offline") } }
    var timeoutSeconds: Int { didSet { defaults.set(timeoutSeconds, forKey: "timeoutSeconds") } }
    var userAgent: String { didSet { defaults.set(userAgent, forKey: "userAgent") } }
    var cdnBase: String { didSet { defaults.set(cdnBase, forKey: "cdnBase") } }
    var caFile: String { didSet { defaults.set(caFile, forKey: "caFile") } }
    /// Also ask Google's Digital Asset Links API for each Android host (`serve --google`).
    var askGoogle: Bool { didSet { defaults.set(askGoogle, forKey: "askGoogle") } }
    var betaUpdates: Bool { didSet { defaults.set(betaUpdates, forKey: "betaUpdates") } }

    init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
        let base = FetchConfiguration()
        offline = defaults.bool(forKey: "offline")
        let timeout = defaults.integer(forKey: "timeoutSeconds")
        timeoutSeconds = timeout > 0 ? min(timeout, 120) : 10
        userAgent = defaults.string(forKey: "userAgent") ?? base.userAgent
        cdnBase = defaults.string(forKey: "cdnBase") ?? base.cdnBase
        caFile = defaults.string(forKey: "caFile") ?? ""
        askGoogle = defaults.bool(forKey: "askGoogle")
        betaUpdates = defaults.bool(forKey: "betaUpdates")
    }

    /// What documents fetch with (open windows follow changes).
    var workbenchSettings: WorkbenchSettings {
        var fetch = FetchConfiguration()
        fetch.timeout = .seconds(timeoutSeconds)
        if !userAgent.isEmpty { fetch.userAgent = userAgent }
        if !cdnBase.isEmpty { fetch.cdnBase = cdnBase }
        fetch.caFile = caFile.isEmpty ? nil : caFile
        let test = Self.testOverrides(ProcessInfo.processInfo.environment)
        return WorkbenchSettings(
            offline: offline || test.offline, fetch: fetch, suppliedFiles: test.supplied,
            suppliedAssetLinks: Self.testAssetLinks(ProcessInfo.processInfo.environment),
            askGoogle: askGoogle)
    }

    /// UI tests' Android files: `LINKLAB_ASSETLINKS=host=/path;host=/path` (the CLI's
    /// `--assetlinks host=path`).
    static func testAssetLinks(_ environment: [String: String]) -> [String: String] {
        var supplied: [String: String] = [:]
        for pair in (environment["LINKLAB_ASSETLINKS"] ?? "").split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { supplied[String(parts[0])] = String(parts[1]) }
        }
        return supplied
    }

    /// UI tests run without network: `LINKLAB_OFFLINE=1` and
    /// `LINKLAB_AASA=host=/path;host=/path` (the CLI's `--offline --aasa host=path`).
    static func testOverrides(_ environment: [String: String]) -> (offline: Bool, supplied: [String: String]) {
        var supplied: [String: String] = [:]
        for pair in (environment["LINKLAB_AASA"] ?? "").split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { supplied[String(parts[0])] = String(parts[1]) }
        }
        return (environment["LINKLAB_OFFLINE"] == "1", supplied)
    }
}
