import AndroidApp
import AssociationFetch
import Foundation

/// The Android half of a session (schema 2): the APK as read, the API level modelled and each
/// verified host's `assetlinks.json` answer with its raw body. Verdicts and findings are not
/// stored: they are recomputed from these with the engine that opens the file. Absent from
/// sessions without an Android app, which keep schema 1 and their bytes.
public struct SessionAndroidApp: Sendable, Equatable, Codable {
    public var name: String
    public var sdk: Int
    public var apk: APKSnapshot
    public var hosts: [SessionAssetLinksHost]
    /// What a device recorded for the app (`pm get-app-links`); absent when none was read, so
    /// sessions without one keep their bytes and sessions written before it still open.
    public var deviceState: AndroidDeviceRecord? = nil
}

/// One host's `assetlinks.json` as stored: how it came (done, supplied, pending), the answer and
/// the statement lists its `include`s named, as fetched; for a host edited by a what-if, the
/// edited text too (the rest stays what was served, which Revert returns to).
public struct SessionAssetLinksHost: Sendable, Equatable, Codable {
    public var host: String
    public var state: HostState
    /// Nil when not fetched.
    public var result: SessionRoute?
    public var includes: [SessionAssetLinksInclude]
    /// The what-if text that decides, applied over what was served when the session opens;
    /// absent for a host that is not edited (and in sessions written before edits were kept).
    public var editedText: String? = nil
}

/// One `include` target as fetched (or refused before fetching: no result, a problem).
public struct SessionAssetLinksInclude: Sendable, Equatable, Codable {
    public var url: String
    public var result: SessionRoute?
    public var problem: String?
}

extension SessionLimits {
    /// Most hosts one Android app's half of a session holds.
    public static let maxAndroidHosts = 1_000
    /// Largest stored `assetlinks.json` body: Android's own cap (1 MiB).
    public static let maxAssetLinksBodyBytes = AssetLinksPolicy.bodyLimit
}

extension SessionAndroidApp {
    /// The half of `part` a session stores.
    init(_ part: AndroidDocumentApp) {
        name = part.name
        sdk = part.sdk
        apk = part.snapshot
        // An edited host (what-if) is saved as it was served before the edit, with its text.
        hosts = part.assetLinks.map { current in
            let report = part.beforeEdit[current.host]?.report ?? current
            var state =
                part.beforeEdit[current.host]?.state ?? part.states[report.host]
                ?? (report.result == nil ? .pending : .done)
            if state == .fetching { state = report.result == nil ? .pending : .done }
            return SessionAssetLinksHost(
                host: report.host, state: state, result: report.result.map(SessionRoute.init),
                includes: report.included.map {
                    SessionAssetLinksInclude(url: $0.url, result: $0.result.map(SessionRoute.init), problem: $0.problem)
                },
                editedText: part.beforeEdit[current.host] == nil
                    ? nil : String(decoding: current.result?.body ?? Data(), as: UTF8.self))
        }
        deviceState = part.deviceRecord
    }

    /// The document's Android app, every body parsed with this engine.
    func documentApp() throws(SessionFileError) -> AndroidDocumentApp {
        var reports: [AssetLinksReport] = []
        var states: [String: HostState] = [:]
        for (index, host) in hosts.enumerated() {
            do throws(SessionFileError) {
                var report = AssetLinksReport(host: host.host, result: try host.result?.routeResult(parsed: false))
                for include in host.includes {
                    let result = try include.result?.routeResult(parsed: false)
                    report.included.append(.init(url: include.url, result: result, problem: include.problem))
                }
                reports.append(report)
                states[host.host] = host.state
            } catch {
                throw .invalidField("android.hosts[\(index)]", error.description)
            }
        }
        var part = AndroidDocumentApp(name: name, sdk: sdk, snapshot: apk, assetLinks: reports, states: states)
        part.deviceRecord = deviceState
        for (index, host) in hosts.enumerated() {
            if let text = host.editedText { _ = part.applyEdit(Data(text.utf8), at: index) }
        }
        return part
    }

    /// The checks the types cannot express: host count, API level, the device record, include
    /// counts, body sizes, statuses.
    func validate() throws(SessionFileError) {
        guard hosts.count <= SessionLimits.maxAndroidHosts else {
            throw .tooMany(path: "android.hosts", count: hosts.count, limit: SessionLimits.maxAndroidHosts)
        }
        guard (1...100).contains(sdk) else { throw .invalidField("android.sdk", "\(sdk) is not an Android API level") }
        guard Set(hosts.map(\.host)).count == hosts.count else { throw .invalidField("android.hosts", "a host twice") }
        try deviceState?.validate(package: apk.manifest.packageName, path: "android.deviceState")
        for (index, host) in hosts.enumerated() {
            guard [.done, .supplied, .pending, .failed].contains(host.state) else {
                throw .invalidField("android.hosts[\(index)].state", "\(host.state.rawValue) is not stored")
            }
            // A fetch follows at most this many `include`s (as Android does): a session holds no more.
            guard host.includes.count <= AssetLinksPolicy.maxIncludes else {
                throw .tooMany(
                    path: "android.hosts[\(index)].includes", count: host.includes.count,
                    limit: AssetLinksPolicy.maxIncludes)
            }
            let routes =
                [(host.result, "result")]
                + host.includes.enumerated().map { ($1.result, "includes[\($0)].result") }
            for case (let route?, let name) in routes {
                let path = "android.hosts[\(index)].\(name)"
                if route.body.count > SessionLimits.maxAssetLinksBodyBytes {
                    throw .bodyTooLarge(
                        path: path + ".body", bytes: route.body.count,
                        limit: SessionLimits.maxAssetLinksBodyBytes)
                }
                if let status = route.status, !(100...599).contains(status) {
                    throw .invalidField(path + ".status", "\(status) is not an HTTP status")
                }
                if route.bytes < 0 { throw .invalidField(path + ".bytes", "negative") }
            }
        }
    }
}
