import Sparkle
import SwiftUI

/// The app: a viewer document group for IPAs, an editor document group for `.linklab`
/// sessions, Settings, and the menu commands. Every decision lives in the package
/// (`Workbench`, `DeviceTools`); this layer only shows the workbench document.
@main
struct UniversalLinkLabApp: App {
    @NSApplicationDelegateAdaptor(AppDelegate.self) private var appDelegate
    /// Sparkle holds its delegate weakly: the app keeps it.
    private let updaterDelegate: UpdaterDelegate
    /// The one updater of the app (Sparkle's documented SwiftUI setup); never create a second.
    private let updaterController: SPUStandardUpdaterController
    @State private var settings = AppSettings()

    init() {
        let delegate = UpdaterDelegate()
        updaterDelegate = delegate
        updaterController = SPUStandardUpdaterController(
            startingUpdater: true, updaterDelegate: delegate, userDriverDelegate: nil)
    }

    var body: some Scene {
        // IPAs (and zipped .app bundles) are opened read-only. The document type holds no bytes:
        // the window takes the file URL and the engine streams the archive from disk.
        DocumentGroup(viewing: AppArchiveDocument.self) { file in
            AppArchiveWindow(fileURL: file.fileURL)
                .environment(settings)
        }
        // Sessions: open, edit (triage, notes, URL lines, edited files), save, Open Recent, undo.
        DocumentGroup(newDocument: SessionDocument()) { file in
            SessionWindow(document: file.$document)
                .environment(settings)
        }
        .commands {
            CommandGroup(after: .appInfo) {
                CheckForUpdatesView(updater: updaterController.updater)
            }
            WorkbenchCommands()
        }

        Settings {
            SettingsView(updater: updaterController.updater)
                .environment(settings)
        }
    }
}
