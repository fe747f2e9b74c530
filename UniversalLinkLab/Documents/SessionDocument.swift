import SwiftUI
import UniformTypeIdentifiers

/// The tester's work: a `.linklab` session (JSON, small). The one document type of the app's
/// windows: opening an `.ipa` starts an untitled one for it (`AppArchiveOpener`), so the work
/// has the dirty mark, Save, "Save changes?" on close, autosave, versions and Open Recent from
/// its first second.
///
/// The bytes are kept as they are; the window opens them with `WorkbenchDocument.openSession`
/// (which validates and bounds them) and writes `save()`'s bytes back when they change.
struct SessionDocument: FileDocument {
    /// Larger files are refused before they are read (a session is kilobytes).
    static let maximumSize = 64 * 1024 * 1024
    static let readableContentTypes: [UTType] = [.linkLabSession]
    static let writableContentTypes: [UTType] = [.linkLabSession]

    /// The saved session (empty for a new session that has not inspected its app yet).
    var data: Data
    /// The app this untitled session was started for; never saved (the session records the
    /// app's path, SHA-256 and bookmark itself once it is inspected).
    var appURL: URL?

    init(data: Data = Data(), appURL: URL? = nil) {
        self.data = data
        self.appURL = appURL
    }

    init(configuration: ReadConfiguration) throws {
        let size = (configuration.file.fileAttributes[FileAttributeKey.size.rawValue] as? NSNumber)?.intValue ?? 0
        guard size <= Self.maximumSize, let contents = configuration.file.regularFileContents,
              contents.count <= Self.maximumSize else { throw CocoaError(.fileReadTooLarge) }
        data = contents
        appURL = nil
    }

    func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
        guard !data.isEmpty else { throw CocoaError(.fileWriteUnknown) }
        return FileWrapper(regularFileWithContents: data)
    }
}
