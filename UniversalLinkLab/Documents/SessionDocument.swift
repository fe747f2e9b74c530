import SwiftUI
import UniformTypeIdentifiers

/// A `.linklab` session: the workbench document's saved form (JSON, small).
///
/// The bytes are kept as they are; the window opens them with `WorkbenchDocument.openSession`
/// (which validates and bounds them) and writes `save()`'s bytes back after every user change.
struct SessionDocument: FileDocument {
    /// Larger files are refused before they are read (a session is kilobytes).
    static let maximumSize = 64 * 1024 * 1024
    static let readableContentTypes: [UTType] = [.linkLabSession]

    var data: Data

    init(data: Data = Data()) {
        self.data = data
    }

    init(configuration: ReadConfiguration) throws {
        let size = (configuration.file.fileAttributes[FileAttributeKey.size.rawValue] as? NSNumber)?.intValue ?? 0
        guard size <= Self.maximumSize, let contents = configuration.file.regularFileContents,
              contents.count <= Self.maximumSize else { throw CocoaError(.fileReadTooLarge) }
        data = contents
    }

    func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
        FileWrapper(regularFileWithContents: data)
    }
}
