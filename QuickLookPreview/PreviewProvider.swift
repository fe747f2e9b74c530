import Foundation
import QuickLookUI
import UniformTypeIdentifiers
import Workbench

/// The Quick Look preview extension (Space in Finder on an `.ipa`, an `.apk` (`.xapk`, `.apks`),
/// a `.mobileprovision`, a `.provisionprofile` or a `.linklab`: the types its Info.plist claims).
/// The package builds the
/// whole preview (`QuickLookPreview.make(fileAt:deadline:)`, bounded to 2 s, the file read in
/// place and never held whole); this class only hands its HTML to Quick Look. Sandboxed: it reads
/// the one file Quick Look grants it and runs no process.
final class PreviewProvider: QLPreviewProvider, QLPreviewingController {
    func providePreview(for request: QLFilePreviewRequest) async throws -> QLPreviewReply {
        let preview = QuickLookPreview.make(fileAt: request.fileURL)
        // A file that holds no app (an `.ipa` that is a plain ZIP): an error makes Quick Look
        // show its own preview.
        if preview.fallsBackToSystemPreview { throw CocoaError(.fileReadUnsupportedScheme) }
        let html = Data(preview.html.utf8)
        let reply = QLPreviewReply(dataOfContentType: .html, contentSize: CGSize(width: 720, height: 900)) { _ in
            html
        }
        reply.title = preview.title
        return reply
    }
}
