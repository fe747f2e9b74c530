import Observation
import Sparkle
import SwiftUI

/// Publishes Sparkle's `canCheckForUpdates` (KVO) to SwiftUI through Observation.
@MainActor @Observable
final class UpdaterState {
    private(set) var canCheckForUpdates = false
    @ObservationIgnored private var observation: NSKeyValueObservation?

    init(updater: SPUUpdater) {
        canCheckForUpdates = updater.canCheckForUpdates
        observation = updater.observe(\.canCheckForUpdates, options: [.new]) { [weak self] updater, _ in
            let value = updater.canCheckForUpdates
            let target = self
            Task { @MainActor in target?.canCheckForUpdates = value }
        }
    }
}

/// "Check for Updates…", after the About item; disabled while Sparkle cannot check.
struct CheckForUpdatesView: View {
    private let updater: SPUUpdater
    @State private var state: UpdaterState

    init(updater: SPUUpdater) {
        self.updater = updater
        _state = State(initialValue: UpdaterState(updater: updater))
    }

    var body: some View {
        Button("Check for Updates…") { updater.checkForUpdates() }
            .disabled(!state.canCheckForUpdates)
    }
}

/// The update channel of Settings › Updates: the default channel, plus "beta" when the tester
/// asked for betas (appcast items published with `generate_appcast --channel beta`).
final class UpdaterDelegate: NSObject, SPUUpdaterDelegate {
    func allowedChannels(for updater: SPUUpdater) -> Set<String> {
        UserDefaults.standard.bool(forKey: "betaUpdates") ? ["beta"] : []
    }
}
