import AppKit

/// Launch-time behaviour SwiftUI scenes do not cover.
///
/// No empty untitled session ever opens by itself: the launch window takes its place (at launch
/// and when the last window closes and the Dock icon is clicked). UI tests pass
/// `LINKLAB_OPEN=/path/to/file` in the launch environment: the file is opened through the
/// shared document controller exactly as Finder or the Dock would open it.
final class AppDelegate: NSObject, NSApplicationDelegate {
    /// The file a UI test asked to open, if any.
    static var testFileToOpen: URL? {
        guard let path = ProcessInfo.processInfo.environment["LINKLAB_OPEN"], !path.isEmpty else { return nil }
        return URL(fileURLWithPath: path)
    }

    func applicationDidFinishLaunching(_ notification: Notification) {
        guard let url = Self.testFileToOpen else { return }
        NSDocumentController.shared.openDocument(withContentsOf: url, display: true) { _, _, error in
            if let error {
                NSLog("LINKLAB_OPEN could not open %@: %@", url.path, error.localizedDescription)
            }
        }
    }

    func applicationShouldOpenUntitledFile(_ sender: NSApplication) -> Bool {
        false
    }
}
