import Foundation
import Observation
import Sparkle
import SwiftUI
import Workbench

/// The app's one updater (Sparkle). It is created and started only when the Info.plist has a
/// real `SUPublicEDKey` and feed and no test drives the app (`UpdaterAvailability`, tested on
/// Linux against this Info.plist); otherwise "Check for Updates…" is disabled with the reason.
@MainActor @Observable
final class AppUpdater {
    let availability: UpdaterAvailability
    /// Sparkle holds its delegate weakly: the app keeps it.
    @ObservationIgnored private let delegate: UpdaterDelegate
    @ObservationIgnored private let controller: SPUStandardUpdaterController?
    @ObservationIgnored private var observation: NSKeyValueObservation?
    private(set) var canCheckForUpdates = false

    init(bundle: Bundle = .main, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let delegate = UpdaterDelegate()
        self.delegate = delegate
        availability = UpdaterAvailability.decide(
            publicEDKey: bundle.object(forInfoDictionaryKey: "SUPublicEDKey") as? String,
            feedURL: bundle.object(forInfoDictionaryKey: "SUFeedURL") as? String,
            environment: environment)
        guard availability == .start else {
            controller = nil
            return
        }
        let controller = SPUStandardUpdaterController(
            startingUpdater: true, updaterDelegate: delegate,
            userDriverDelegate: nil)
        self.controller = controller
        canCheckForUpdates = controller.updater.canCheckForUpdates
        observation = controller.updater.observe(\.canCheckForUpdates, options: [.new]) { [weak self] updater, _ in
            let value = updater.canCheckForUpdates
            let target = self
            Task { @MainActor in target?.canCheckForUpdates = value }
        }
    }

    /// Sparkle's updater, when it runs (Settings › Updates).
    var updater: SPUUpdater? { controller?.updater }

    func checkForUpdates() { controller?.updater.checkForUpdates() }
}

/// "Check for Updates…", after the About item; disabled (with the reason) when the updater is off.
struct CheckForUpdatesView: View {
    let updater: AppUpdater

    var body: some View {
        Button("Check for Updates…") { updater.checkForUpdates() }
            .disabled(!updater.canCheckForUpdates)
            .help(updater.availability.reason ?? "Check for a newer UniversalLinkLab")
    }
}

/// The update channel of Settings › Updates: the default channel, plus "beta" when the tester
/// asked for betas (appcast items published with `generate_appcast --channel beta`).
final class UpdaterDelegate: NSObject, SPUUpdaterDelegate {
    func allowedChannels(for updater: SPUUpdater) -> Set<String> {
        UserDefaults.standard.bool(forKey: "betaUpdates") ? ["beta"] : []
    }
}
