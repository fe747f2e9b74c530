import AppInspection
import Foundation
import Workbench

/// The file-system half of "the session finds its app again": makes the bookmark recorded in
/// the session, resolves it, and hashes what it finds. The decision is the package's
/// (`AppLocation.locate`).
enum AppFileLocator {
    /// A security-scoped bookmark to `url` (it survives moves and renames), or nil.
    static func bookmark(for url: URL) -> Data? {
        try? url.bookmarkData(options: [.withSecurityScope], includingResourceValuesForKeys: nil, relativeTo: nil)
    }

    /// Where the recorded app is now: the bookmark's file first, then the recorded path, each
    /// hashed off the main actor (an IPA can be gigabytes; the hash is streamed).
    static func locate(path: String?, sha256: String, bookmark: Data?) async -> AppLocation {
        var urls: [URL] = []
        if let bookmark {
            var stale = false
            if let url = try? URL(resolvingBookmarkData: bookmark, options: [.withSecurityScope],
                                  relativeTo: nil, bookmarkDataIsStale: &stale) {
                urls.append(url)
            }
        }
        if let path, !urls.contains(where: { $0.path == path }) { urls.append(URL(fileURLWithPath: path)) }
        let tried = urls
        let candidates = await Task.detached(priority: .utility) {
            tried.map { url in
                let scoped = url.startAccessingSecurityScopedResource()
                defer { if scoped { url.stopAccessingSecurityScopedResource() } }
                return AppLocation.Candidate(path: url.path, sha256: try? AppInspector.sha256(ofFileAt: url))
            }
        }.value
        return AppLocation.locate(recordedPath: path, recordedSHA256: sha256, candidates: candidates)
    }
}
