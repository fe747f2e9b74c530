import SwiftUI
import Workbench

/// The one window of the app, over the one document type: a session. A session started from an
/// `.ipa` inspects it (by URL, streamed); a saved session opens without network and looks for
/// its app. Every change the tester makes is written back into the document, so the window
/// has the dirty mark, ⌘S, "Save changes?" on close, autosave and versions.
struct DocumentWindow: View {
    @Binding var document: SessionDocument
    @Environment(AppSettings.self) private var settings
    @State private var model: WindowModel?
    /// The tab and the selected finding and host come back with the window (state restoration).
    @SceneStorage("tab") private var tab: WindowModel.Tab = .app
    @SceneStorage("selectedFinding") private var selectedFinding: String?
    @SceneStorage("selectedHost") private var selectedHost: String?

    var body: some View {
        Group {
            if let model {
                WorkbenchWindow(model: model)
                    .onChange(of: model.tab) { tab = model.tab }
                    .onChange(of: model.selectedFinding) { selectedFinding = model.selectedFinding }
                    .onChange(of: model.selectedHost) { selectedHost = model.selectedHost }
            } else {
                ProgressView().frame(minWidth: 900, minHeight: 600)
            }
        }
        .task {
            guard model == nil else { return }
            let model = WindowModel(settings: settings.workbenchSettings)
            model.tab = tab
            model.selectedFinding = selectedFinding
            model.selectedHost = selectedHost
            let binding = $document
            model.persist = { data in
                // Only a real change marks the document edited (the same bytes again do not).
                if binding.wrappedValue.data != data { binding.wrappedValue.data = data }
            }
            if !document.data.isEmpty {
                model.openSession(document.data)
            } else if let appURL = document.appURL {
                model.openApp(at: appURL)
            }
            self.model = model
        }
        .onDisappear { model?.close() }
    }
}
