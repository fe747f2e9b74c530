import Foundation
import SwiftUI
import UniformTypeIdentifiers

/// The tester's work: a `.linklab` session (JSON, small). The one document type of the app's
/// windows: opening an `.ipa` starts an untitled one for it (`AppArchiveOpener`), so the work
/// has the dirty mark, Save, "Save changes?" on close, autosave, versions and Open Recent from
/// its first second.
///
/// The bytes are kept as they are; the window opens them with `SessionController.open(value:)`
/// (which validates and bounds them) and writes each real edit's bytes back: those writes are
/// the document's undo steps (`SessionController` in the package holds the rules).
struct SessionDocument: FileDocument {
    /// Larger files are refused before they are read (a session is kilobytes).
    static let maximumSize = 64 * 1024 * 1024
    static let readableContentTypes: [UTType] = [.linkLabSession]
    static let writableContentTypes: [UTType] = [.linkLabSession]

    /// The saved session (empty for a new session that has had no edit yet).
    var data: Data
    /// The app this untitled session was started for; never saved (the session records the
    /// app's path, SHA-256 and bookmark itself once it is inspected).
    var appURL: URL?
    /// The inspected session of a new session with no edit yet: what Save writes while `data`
    /// is empty. Not part of the value (so setting it registers no undo and marks nothing).
    let baseline = SessionBaseline()

    init(data: Data = Data(), appURL: URL? = nil) {
        self.data = data
        self.appURL = appURL
    }

    init(configuration: ReadConfiguration) throws {
        let size = (configuration.file.fileAttributes[FileAttributeKey.size.rawValue] as? NSNumber)?.intValue ?? 0
        guard size <= Self.maximumSize, let contents = configuration.file.regularFileContents,
            contents.count <= Self.maximumSize
        else { throw CocoaError(.fileReadTooLarge) }
        data = contents
        appURL = nil
    }

    func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
        let bytes = data.isEmpty ? (baseline.bytes ?? Data()) : data
        guard !bytes.isEmpty else { throw CocoaError(.fileWriteUnknown) }
        return FileWrapper(regularFileWithContents: bytes)
    }
}

/// The baseline bytes, shared by every copy of one document value; written on the main actor,
/// read wherever SwiftUI saves.
final class SessionBaseline: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Data?

    var bytes: Data? {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    func store(_ bytes: Data?) {
        lock.lock()
        stored = bytes
        lock.unlock()
    }
}
