import AndroidApp
import AssociationFetch
import Foundation

/// The Android app of a workbench document: the APK as read, the API level modelled and what
/// each host Android verifies serves (`assetlinks.json`), one report per file host in the order
/// `AndroidAnalysis.fileHosts(of:sdk:)` gives them. Verdicts and findings are not stored: the
/// document derives them (`WorkbenchDocument.androidAnalysis`).
public struct AndroidDocumentApp: Sendable, Equatable {
    /// The tester's name for the file (an upload's name), never a path.
    public var name: String
    /// The Android API level modelled (35 = Android 15).
    public var sdk: Int
    public var snapshot: APKSnapshot
    /// One per file host, in order; "not fetched" until fetched or supplied.
    public var assetLinks: [AssetLinksReport]
    /// How each host's report came: fetched, supplied by the tester, or not fetched.
    public var states: [String: HostState]
    /// What an edited host (`editAssetLinks`, state `edited`) served before the what-if, and its
    /// state then: what `revertAssetLinks` returns to and what a session saves.
    public var beforeEdit: [String: AndroidServedFile] = [:]
    /// What a device recorded for this app (`pm get-app-links`, `importAndroidDeviceState`), nil
    /// until read; another APK starts without one.
    public var deviceRecord: AndroidDeviceRecord? = nil

    public init(
        name: String, sdk: Int, snapshot: APKSnapshot, assetLinks: [AssetLinksReport],
        states: [String: HostState] = [:]
    ) {
        self.name = name
        self.sdk = sdk
        self.snapshot = snapshot
        self.assetLinks = assetLinks
        self.states = states
    }

    /// The file hosts, in order.
    public var hosts: [String] { assetLinks.map(\.host) }
}

// An iOS app, an Android app, or both of one product in one document: the Android half.
extension WorkbenchDocument {
    /// Adds the Android app of the product (`.apk`, `.xapk`, `.apks`) to this document, beside
    /// the iOS app it may already hold (or alone): the APK is read off the main actor, then every
    /// host Android verifies is fetched at once as Android does (`assetlinks.json`), unless the
    /// document is offline or holds fetches (`holdsFetches`): those hosts stay "not fetched"
    /// and never count as verified. The URL lines are decided for Android too and the `AND-…`
    /// findings join `findings`, triaged like the others. A second APK replaces the first. `sdk`
    /// is the Android version modelled, kept between 1 and 100. The APK reader cannot be
    /// interrupted: `cancel()` drops its result, it does not stop it.
    /// A file that is not an APK leaves an iOS half as it was and says why in `notes` (or fails
    /// the document when it holds nothing else).
    public func addAndroidApp(at url: URL, name: String? = nil, sdk requested: Int = 35) {
        // An API level a session can hold (SessionAndroidApp's limits), so every save reopens.
        let sdk = min(max(requested, 1), 100)
        androidGeneration += 1
        let generation = androidGeneration
        let displayName = name ?? url.lastPathComponent
        if holdsNothing {
            source = DocumentSource(name: displayName, size: 0, sha256: "", kind: "apk", openedAt: now())
            setPhase(.inspecting(bytesDone: 0, bytesTotal: nil))
        }
        track { [weak self] in
            let result = await Task.detached(priority: .userInitiated) { () -> Result<APKSnapshot, AndroidAppError> in
                do throws(AndroidAppError) {
                    return .success(try APKInspector.inspect(fileAt: url))
                } catch {
                    return .failure(error)
                }
            }.value
            guard let self, self.androidGeneration == generation else { return }
            switch result {
            case .success(var snapshot):
                snapshot.source = displayName
                self.landAndroid(snapshot, name: displayName, sdk: sdk, generation: generation)
            case .failure(let error):
                let reason = error.description.replacingOccurrences(of: url.path, with: displayName)
                let message = "\(displayName): \(reason)"
                if self.holdsNothing {
                    self.setPhase(.failed(message))
                } else {
                    self.androidNotes = [message]
                    self.recompute()
                }
                self.changed()
            }
        }
    }

    /// Uses `data` as `host`'s `assetlinks.json` (a what-if or a file the tester has), as
    /// `--assetlinks HOST=FILE` does: the host is "supplied" until refetched.
    func useAssetLinksFile(_ data: Data, name: String, forHost host: String) throws(WorkbenchDocumentError) {
        var (part, index) = try androidHost(host)
        androidHostGenerations[part.hosts[index], default: 0] += 1
        let result = Self.localRoute(data, name: name, limit: AssetLinksPolicy.bodyLimit)
        part.assetLinks[index] = AssetLinksReport(host: part.hosts[index], result: result)
        part.states[part.hosts[index]] = .supplied
        part.beforeEdit[part.hosts[index]] = nil
        android = part
        androidChanged(host: part.hosts[index])
    }

    /// Fetches one Android host again: an edited file or one given with `useAssetLinksFile` is
    /// replaced by what the host serves (a file of the settings, `--assetlinks HOST=FILE`, is
    /// read again). Offline, the host stays as it is. Throws `notClaimed` for a host the
    /// Android app does not verify.
    func refetchAndroid(host: String) throws(WorkbenchDocumentError) {
        let (part, index) = try androidHost(host)
        startAndroidFetch([part.hosts[index]], generation: androidGeneration)
    }

    /// Removes the Android app (the iOS half stays).
    public func removeAndroidApp() {
        androidGeneration += 1
        android = nil
        androidAnalysis = nil
        androidNotes = []
        applyURLLines(urlLines)
        recompute()
        emit(.app)
        changed()
    }

    // MARK: Internals

    func landAndroid(_ snapshot: APKSnapshot, name: String, sdk: Int, generation: Int) {
        let hosts = AndroidAnalysis.fileHosts(of: snapshot, sdk: sdk)
        android = AndroidDocumentApp(
            name: name, sdk: sdk, snapshot: snapshot,
            assetLinks: hosts.map { AssetLinksReport(host: $0, result: nil) },
            states: Dictionary(uniqueKeysWithValues: hosts.map { ($0, HostState.pending) }))
        androidNotes = []
        androidHostGenerations = [:]
        applyURLLines(urlLines)
        let toFetch = applySuppliedAssetLinks()
        if app == nil, domains.isEmpty {
            source =
                source
                ?? DocumentSource(
                    name: name, size: 0, sha256: "", kind: "apk",
                    openedAt: now())
        }
        emit(.app)
        if !settings.offline, !holdsFetches, !toFetch.isEmpty { startAndroidFetch(toFetch, generation: generation) }
        recompute()
        updateAndroidPhase()
        changed()
    }

    /// Fetches `hosts` (all at once, as Android's verifier does); each report lands unless a
    /// newer intent replaced the app or that host's facts meanwhile.
    func startAndroidFetch(_ hosts: [String], generation: Int) {
        guard var part = android, !settings.offline else { return }
        var started: [String: Int] = [:]
        for host in hosts {
            androidHostGenerations[host, default: 0] += 1
            started[host] = androidHostGenerations[host]
            part.states[host] = .fetching
        }
        android = part
        updateAndroidPhase()
        var configuration = settings.fetch
        // `--assetlinks` files are read again, never fetched (AssetLinksFetcher reads them).
        configuration.suppliedFiles = settings.suppliedAssetLinks
        let options = settings.assetLinksOptions
        track { [weak self] in
            let fetched = try? await Workbench.fetchAssetLinks(
                hosts: hosts, configuration: configuration,
                options: options)
            let reports = fetched ?? hosts.map { AssetLinksReport(host: $0, result: nil) }
            guard let self, self.androidGeneration == generation, var part = self.android else { return }
            for report in reports {
                guard let index = part.hosts.firstIndex(of: report.host),
                    self.androidHostGenerations[report.host] == started[report.host]
                else { continue }
                part.assetLinks[index] = report
                part.beforeEdit[report.host] = nil
                part.states[report.host] =
                    report.result == nil
                    ? .pending
                    : report.result?.route == .local ? .supplied : .done
            }
            self.android = part
            for report in reports { self.emit(.host(report.host)) }
            self.recompute()
            self.updateAndroidPhase()
            self.changed()
        }
    }

    func androidChanged(host: String) {
        emit(.host(host))
        recompute()
        updateAndroidPhase()
        changed()
    }

    /// True when the document holds no app, domain or APK and is not reading an iOS app: an
    /// APK added now is the document's first app (its name and phase become the document's).
    var holdsNothing: Bool { app == nil && domains.isEmpty && android == nil && !readingIOSApp }

    /// True while an iOS app this document opened is still being read: an APK added meanwhile
    /// is the product's second app, and the phase stays the inspection's.
    var readingIOSApp: Bool {
        guard app == nil, source?.kind == "app", case .inspecting = phase else { return false }
        return true
    }

    /// The phase of an Android-only document (an iOS half, or one being read, keeps its own).
    func updateAndroidPhase() {
        guard app == nil, domains.isEmpty, !readingIOSApp, let part = android else { return }
        if case .failed = phase { return }
        let busy = part.states.values.filter { $0 == .fetching }.count
        setPhase(busy == 0 ? .ready : .fetching(hostsDone: part.hosts.count - busy, hostsTotal: part.hosts.count))
    }

    /// The Android analysis of the current facts and URL lines (nil without an Android app).
    func makeAndroidAnalysis() -> AndroidAnalysis? {
        guard let part = android else { return nil }
        let lines = urlLines.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        return AndroidAnalysis.make(
            snapshot: part.snapshot, sdk: part.sdk, assetLinks: part.assetLinks,
            offline: describedSettings.offline, urls: Array(lines.prefix(URLList.maxURLs)),
            inputName: part.name)
    }
}
