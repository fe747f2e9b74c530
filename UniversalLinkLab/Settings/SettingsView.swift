import Sparkle
import SwiftUI

/// Fetching (timeouts, user agent, CDN base, extra CA, offline, Google's API) and Updates.
struct SettingsView: View {
    let updater: AppUpdater
    @Environment(AppSettings.self) private var settings

    var body: some View {
        @Bindable var settings = settings
        TabView {
            Form {
                Toggle("Offline (never fetch; use supplied files only)", isOn: $settings.offline)
                Stepper(
                    "Timeout per request: \(settings.timeoutSeconds) s",
                    value: $settings.timeoutSeconds, in: 1...120)
                TextField("User agent", text: $settings.userAgent)
                TextField("Apple CDN base URL", text: $settings.cdnBase)
                TextField("Extra CA certificate file (PEM)", text: $settings.caFile)
                Toggle("Also ask Google's Digital Asset Links API for Android hosts", isOn: $settings.askGoogle)
                Text(
                    "Open windows use these settings from their next fetch; "
                        + "a window's own Go Online or Go Offline choice wins over Offline here."
                )
                .font(.caption).foregroundStyle(.secondary)
            }
            .tabItem { Label("Fetching", systemImage: "network") }

            Group {
                if let sparkle = updater.updater {
                    UpdaterSettingsView(updater: sparkle, betaUpdates: $settings.betaUpdates)
                } else {
                    Text(updater.availability.reason ?? "").foregroundStyle(.secondary)
                        .frame(maxWidth: .infinity, alignment: .leading)
                }
            }
            .tabItem { Label("Updates", systemImage: "arrow.triangle.2.circlepath") }
        }
        .padding(20)
        .frame(width: 520)
    }
}

/// Sparkle's preferences, set only when the user changes them (Sparkle's documented pattern).
struct UpdaterSettingsView: View {
    let updater: SPUUpdater
    @Binding var betaUpdates: Bool
    @State private var automaticallyChecks: Bool
    @State private var automaticallyDownloads: Bool

    init(updater: SPUUpdater, betaUpdates: Binding<Bool>) {
        self.updater = updater
        _betaUpdates = betaUpdates
        _automaticallyChecks = State(initialValue: updater.automaticallyChecksForUpdates)
        _automaticallyDownloads = State(initialValue: updater.automaticallyDownloadsUpdates)
    }

    var body: some View {
        Form {
            Toggle("Automatically check for updates", isOn: $automaticallyChecks)
                .onChange(of: automaticallyChecks) { updater.automaticallyChecksForUpdates = automaticallyChecks }
            Toggle("Automatically download updates", isOn: $automaticallyDownloads)
                .disabled(!automaticallyChecks)
                .onChange(of: automaticallyDownloads) {
                    updater.automaticallyDownloadsUpdates = automaticallyDownloads
                }
            Toggle("Include beta versions (update channel \"beta\")", isOn: $betaUpdates)
        }
    }
}
