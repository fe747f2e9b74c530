import Foundation
import Workbench

/// The file-system half of "the session finds its app again": makes the bookmark recorded in
/// the session, resolves it, and hashes what it finds. The decision is the package's
/// (`AppLocation.locate`).
enum AppFileLocator {
    /// A bookmark to `url` (it survives moves and renames): security-scoped when the system
    /// makes one (it is needed if the app is ever sandboxed), else a plain one; nil when neither.
    static func bookmark(for url: URL) -> Data? {
        (try? url.bookmarkData(options: [.withSecurityScope], includingResourceValuesForKeys: nil, relativeTo: nil))
            ?? (try? url.bookmarkData(options: [], includingResourceValuesForKeys: nil, relativeTo: nil))
    }

    /// The file a bookmark points at now, whichever kind it is.
    static func resolve(_ bookmark: Data) -> URL? {
        for options: URL.BookmarkResolutionOptions in [[.withSecurityScope], []] {
            var stale = false
            if let url = try? URL(
                resolvingBookmarkData: bookmark, options: options, relativeTo: nil,
                bookmarkDataIsStale: &stale)
            {
                return url
            }
        }
        return nil
    }

    /// Where the recorded app is now: the bookmark's file first, then the recorded path, each
    /// hashed off the main actor (an IPA can be gigabytes; the hash is streamed).
    static func locate(path: String?, sha256: String, bookmark: Data?) async -> AppLocation {
        var urls: [URL] = []
        if let bookmark, let url = resolve(bookmark) { urls.append(url) }
        if let path, !urls.contains(where: { $0.path == path }) { urls.append(URL(fileURLWithPath: path)) }
        let tried = urls
        let candidates = await Task.detached(priority: .utility) {
            tried.map { url in
                let scoped = url.startAccessingSecurityScopedResource()
                defer { if scoped { url.stopAccessingSecurityScopedResource() } }
                return AppLocation.Candidate(path: url.path, sha256: AppLocation.sha256(ofFileAt: url))
            }
        }.value
        return AppLocation.locate(recordedPath: path, recordedSHA256: sha256, candidates: candidates)
    }
}
