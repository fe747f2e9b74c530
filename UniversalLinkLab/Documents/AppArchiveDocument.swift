import SwiftUI
import UniformTypeIdentifiers

/// An IPA, a zipped `.app` or an Android app (`.apk`, `.xapk`, `.apks`), opened read-only.
///
/// It deliberately holds nothing: `init(configuration:)` never touches
/// the file wrapper's contents, because a file wrapper copies the whole file into
/// memory (always, for files on external or network volumes). The window reads the URL from
/// its `FileDocumentConfiguration` and the engine streams the archive from disk.
struct AppArchiveDocument: FileDocument {
    static let readableContentTypes: [UTType] = UTType.appFiles
    static let writableContentTypes: [UTType] = []

    init() {}

    init(configuration: ReadConfiguration) throws {
        // Only the type is checked; the bytes are the engine's business.
        guard configuration.file.isRegularFile else { throw CocoaError(.fileReadCorruptFile) }
    }

    func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
        throw CocoaError(.featureUnsupported)
    }
}
