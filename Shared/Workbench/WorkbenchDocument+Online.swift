import Foundation

// Going online after the fact: the Mac app opens an app with its fetches held, asks the tester,
// then fetches (or settles offline) the hosts still waiting.
extension WorkbenchDocument {
    /// Fetches with `settings` from now on (what already landed stays; nothing is refetched).
    public func apply(settings next: WorkbenchSettings) {
        settings = next
    }

    /// The hosts no fetch has touched yet: held (`holdsFetches`) or never fetched.
    public var unfetchedHosts: [String] {
        domains.filter { $0.state == .pending && $0.report == nil && $0.fetched == nil }.map(\.host)
    }

    /// Starts the fetch of every host still waiting, with the current settings (offline: each
    /// becomes "not fetched (offline)"), and stops holding fetches.
    public func fetchHeldHosts() {
        holdsFetches = false
        let waiting = Set(unfetchedHosts)
        guard !waiting.isEmpty else { return }
        for index in domains.indices where waiting.contains(domains[index].host) { startFetch(index) }
        updateFetchPhase()
        changed()
    }
}
