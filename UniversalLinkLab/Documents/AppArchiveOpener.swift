import AppKit
import SwiftUI

/// What an opened `.ipa` (or zipped `.app`) becomes: an untitled session for it. Finder, the
/// Dock, File › Open…, Open Recent and drops all open the archive as a viewer document; this
/// view immediately starts a session document for its URL and closes the viewer, so the
/// tester's work always lives in a session. The archive is never read here: the session's
/// window hands the URL to the engine, which streams it.
struct AppArchiveOpener: View {
    let fileURL: URL?
    @Environment(\.newDocument) private var newDocument
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        ProgressView("Opening…")
            .frame(width: 240, height: 120)
            .task {
                guard let fileURL else { return }
                newDocument(SessionDocument(appURL: fileURL))
                // The viewer document has done its job: close it (and its window).
                NSDocumentController.shared.documents.first { $0.fileURL == fileURL }?.close()
                dismiss()
            }
    }
}
