import Reports
import SwiftUI
import UniformTypeIdentifiers

/// Bytes handed to `fileExporter`: one of the document's exports (`ExportFormat.documentExports`).
/// Exports are plain PDF, HTML, Markdown and JSON files, so Quick Look previews them.
struct ReportFile: FileDocument {
    static let readableContentTypes: [UTType] = []
    static let writableContentTypes: [UTType] = ExportFormat.documentExports.map(\.contentType)

    var data: Data
    var contentType: UTType

    init(data: Data, contentType: UTType) {
        self.data = data
        self.contentType = contentType
    }

    init(configuration: ReadConfiguration) throws {
        throw CocoaError(.featureUnsupported)
    }

    func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
        FileWrapper(regularFileWithContents: data)
    }
}

extension ExportFormat {
    /// The type `fileExporter` writes for this format (the labels, hooks and names are the
    /// package's, on `ExportFormat`).
    var contentType: UTType {
        switch self {
        case .markdown: .markdownReport
        case .html, .testLinks: .html
        case .pdf: .pdf
        case .json: .json
        case .sarif: .sarifReport
        case .session: .linkLabSession
        }
    }
}

/// The PDF report as a shareable file (Share menu): rendered only when a service asks for it.
struct ReportShareItem: Transferable {
    let fileName: String
    let render: @Sendable () async throws -> Data

    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(exportedContentType: .pdf) { item in
            let folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("UniversalLinkLab-share-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let url = folder.appendingPathComponent(item.fileName)
            try await item.render().write(to: url, options: .atomic)
            return SentTransferredFile(url)
        }
    }
}
