import Foundation

// Going online after the fact: the Mac app opens an app with its fetches held, asks the tester,
// then fetches (or settles offline) the hosts still waiting.
extension WorkbenchDocument {
    /// Fetches with `settings` from now on (what already landed stays; nothing is refetched).
    public func apply(settings next: WorkbenchSettings) {
        settings = next
    }

    /// The hosts no fetch has touched yet: held (`holdsFetches`) or never fetched — the iOS
    /// app's, then the Android app's not already listed.
    public var unfetchedHosts: [String] {
        var hosts = unfetchedIOSHosts
        for host in unfetchedAndroidHosts where !hosts.contains(host) { hosts.append(host) }
        return hosts
    }

    /// The iOS app's hosts no fetch has touched yet.
    var unfetchedIOSHosts: [String] {
        domains.filter { $0.state == .pending && $0.report == nil && $0.fetched == nil }.map(\.host)
    }

    /// The Android app's hosts still waiting for their `assetlinks.json`.
    var unfetchedAndroidHosts: [String] {
        guard let part = android else { return [] }
        return part.assetLinks.filter { $0.result == nil && part.states[$0.host] == .pending }.map(\.host)
    }

    /// Starts the fetch of every host still waiting, both apps', with the current settings
    /// (offline: each becomes "not fetched (offline)"), and stops holding fetches.
    public func fetchHeldHosts() {
        holdsFetches = false
        let waiting = Set(unfetchedIOSHosts)
        let androidWaiting = unfetchedAndroidHosts
        guard !waiting.isEmpty || !androidWaiting.isEmpty else { return }
        for index in domains.indices where waiting.contains(domains[index].host) { startFetch(index) }
        if !androidWaiting.isEmpty { startAndroidFetch(androidWaiting, generation: androidGeneration) }
        updateFetchPhase()
        changed()
    }
}
