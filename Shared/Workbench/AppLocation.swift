import AppInspection
import Foundation

/// Where a session's app file is now, decided from what the session recorded (path, SHA-256,
/// bookmark) and what a face found on disk. The session works without the file (its snapshot
/// is in the session); the file is needed only to inspect the app again. Pure: the face
/// resolves the bookmark and hashes the candidates, this decides.
public enum AppLocation: Sendable, Equatable {
    /// The recorded file, unchanged, where it was.
    case found(path: String)
    /// The same file (same SHA-256), now at another path (moved or renamed).
    case moved(from: String, to: String)
    /// A file is there but it is another build (different SHA-256).
    case changed(path: String, sha256: String)
    /// No candidate exists (deleted, on an unmounted disk, or never recorded).
    case missing(path: String?)

    /// A file a face looked at: where, how it was found, and its SHA-256 (nil when it does not
    /// exist or cannot be read).
    public struct Candidate: Sendable, Equatable {
        public var path: String
        public var sha256: String?

        public init(path: String, sha256: String?) {
            self.path = path
            self.sha256 = sha256
        }
    }

    /// Decides from the recorded path and SHA-256 and the candidates in the order the face
    /// tried them (the bookmark's resolution first, then the recorded path): the first one with
    /// the recorded hash wins; else the first that exists is a changed file; else missing.
    /// With no recorded hash, the first existing candidate counts as the file.
    public static func locate(
        recordedPath: String?, recordedSHA256: String,
        candidates: [Candidate]
    ) -> AppLocation {
        let existing = candidates.filter { $0.sha256 != nil }
        let expected = recordedSHA256.lowercased()
        if let same = existing.first(where: { expected.isEmpty || $0.sha256?.lowercased() == expected }) {
            guard let recordedPath, same.path != recordedPath else { return .found(path: same.path) }
            return .moved(from: recordedPath, to: same.path)
        }
        if let other = existing.first, let hash = other.sha256 {
            return .changed(path: other.path, sha256: hash)
        }
        return .missing(path: recordedPath)
    }

    /// SHA-256 of the file at `url` (lowercase hex, streamed), or nil when it cannot be read:
    /// what a face hashes each candidate with.
    public static func sha256(ofFileAt url: URL) -> String? {
        try? AppInspector.sha256(ofFileAt: url)
    }

    /// The path of the right file, when there is one.
    public var usablePath: String? {
        switch self {
        case .found(let path), .moved(_, let path): path
        case .changed, .missing: nil
        }
    }

    /// One sentence for the window.
    public var text: String {
        switch self {
        case .found(let path):
            "The app is at \(path)."
        case .moved(let from, let to):
            "The app moved from \(from) to \(to) (same SHA-256)."
        case .changed(let path, let sha256):
            """
            The file at \(path) is another build (SHA-256 \(sha256.prefix(12))…): this session keeps the app it \
            recorded.
            """
        case .missing(let path?):
            "The app is no longer at \(path): this session keeps everything it recorded about it."
        case .missing(nil):
            "This session recorded no app file: it keeps everything it recorded about the app."
        }
    }
}

extension WorkbenchDocument {
    /// Records where the app file is (the path and a bookmark the face made), so the session
    /// finds it again; saved in the session's `source`. Does nothing without an app source or
    /// when nothing changed, so an unchanged session keeps its bytes.
    public func recordAppLocation(path: String, bookmark: Data?) {
        guard var recorded = source, app != nil, recorded.path != path || recorded.bookmark != bookmark else { return }
        recorded.path = path
        recorded.bookmark = bookmark
        source = recorded
        emit(.app)
        changed()
    }
}

extension WorkbenchDocument {
    /// True when this document was started for, or recorded, the app file at `url` (its path,
    /// standardized): the window a face brings forward when the tester opens that file again,
    /// instead of starting a second session for it. Only an app document's own file counts.
    public func holdsApp(at url: URL) -> Bool {
        guard app != nil, let recorded = source?.path else { return false }
        return URL(fileURLWithPath: recorded).standardizedFileURL.path == url.standardizedFileURL.path
    }
}
