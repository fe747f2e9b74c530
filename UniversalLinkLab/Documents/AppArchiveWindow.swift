import SwiftUI

/// The window of an opened IPA: a fresh workbench document fed with the file's URL.
struct AppArchiveWindow: View {
    let fileURL: URL?
    @Environment(AppSettings.self) private var settings
    @State private var model: WindowModel?

    var body: some View {
        Group {
            if let model {
                WorkbenchWindow(model: model)
            } else {
                ProgressView().frame(minWidth: 900, minHeight: 600)
            }
        }
        // Re-run when the file moves or is replaced; the URL, never the bytes, goes to the engine.
        .task(id: fileURL) {
            let model = self.model ?? WindowModel(settings: settings.workbenchSettings, kind: .appArchive)
            self.model = model
            if let fileURL { model.openApp(at: fileURL) }
        }
        .onDisappear { model?.close() }
    }
}
