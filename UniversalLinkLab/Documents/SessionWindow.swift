import SwiftUI

/// The window of a `.linklab` session: opens the saved bytes without network, and writes the
/// session back into the document after every user change (so Save, autosave and Open Recent
/// work as in any Mac document app).
struct SessionWindow: View {
    @Binding var document: SessionDocument
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
        .task {
            guard model == nil else { return }
            let model = WindowModel(settings: settings.workbenchSettings, kind: .session)
            let binding = $document
            model.persist = { data in binding.wrappedValue.data = data }
            if !document.data.isEmpty { model.openSession(document.data) }
            self.model = model
        }
        .onDisappear { model?.close() }
    }
}
