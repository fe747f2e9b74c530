import AppKit
import SwiftUI

/// What an opened `.ipa`, zipped `.app` or `.apk` (`.xapk`, `.apks`) becomes: an untitled session
/// for it (an iOS or an Android one, `AppFileKind`). Finder, the
/// Dock, File › Open…, Open Recent and drops all open the archive as a viewer document; this
/// view starts a session document for its URL (or, when a window already holds a session for
/// the same file, brings that window forward) and closes the viewer, so the tester's work
/// always lives in one session. The archive is never read here.
struct AppArchiveOpener: View {
    let fileURL: URL?
    @Environment(\.newDocument) private var newDocument
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        ProgressView("Opening…")
            .frame(width: 240, height: 120)
            .task {
                guard let fileURL else { return }
                let url = fileURL.standardizedFileURL
                // The session started for this file, or one saved with it and reopened.
                let open = OpenWindows.models.first { $0.appURL == url || $0.document.holdsApp(at: url) }
                if let window = open?.window {
                    window.makeKeyAndOrderFront(nil)
                } else {
                    newDocument(SessionDocument(appURL: fileURL))
                }
                // The viewer document has done its job: close it (and its window).
                NSDocumentController.shared.documents.first { $0.fileURL == fileURL }?.close()
                dismiss()
            }
    }
}
