import Sparkle
import SwiftUI

/// The app: a launch window, one document type (the `.linklab` session) with one window,
/// a viewer document group that turns an opened `.ipa` into an untitled session, Settings, and
/// the menu commands. Every decision lives in the package (`Workbench`, `DeviceTools`); this
/// layer only shows the workbench document.
@main
struct UniversalLinkLabApp: App {
    @NSApplicationDelegateAdaptor(AppDelegate.self) private var appDelegate
    /// The one updater of the app; started only when `UpdaterAvailability` says so.
    @State private var updater = AppUpdater()
    @State private var settings = AppSettings()

    var body: some Scene {
        // First, so it is the window shown at launch (instead of an empty untitled session).
        Window("Welcome to UniversalLinkLab", id: LaunchWindow.id) {
            LaunchWindow()
        }
        .windowResizability(.contentSize)
        .commands {
            CommandGroup(after: .appInfo) {
                CheckForUpdatesView(updater: updater)
            }
            SessionFileCommands()
            WorkbenchCommands()
            InspectorCommands()
        }

        // The tester's work: sessions (open, edit, save, autosave, versions, Open Recent, undo).
        DocumentGroup(newDocument: SessionDocument()) { file in
            DocumentWindow(document: file.$document)
                .environment(settings)
        }

        // IPAs and zipped .app bundles: never read here, turned into an untitled session at once.
        DocumentGroup(viewing: AppArchiveDocument.self) { file in
            AppArchiveOpener(fileURL: file.fileURL)
        }

        Settings {
            SettingsView(updater: updater)
                .environment(settings)
        }
    }
}
