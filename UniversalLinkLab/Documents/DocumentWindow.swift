import AppKit
import SwiftUI
import Workbench

/// The one window of the app, over the one document type: a session. The window binds the
/// document to the package's `SessionController` (through `WindowModel`) and decides nothing:
/// every real edit is written into the document's value as one step of the document's undo
/// (the controller names it); a value replaced from outside — Undo, Redo, Revert, Browse All
/// Versions — is reloaded into the window; an inspection landing is no edit (the session keeps
/// it as its baseline, which ⌘S writes while nothing was edited yet).
struct DocumentWindow: View {
    @Binding var document: SessionDocument
    @Environment(AppSettings.self) private var settings
    @Environment(\.undoManager) private var undoManager
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
                    .onChange(of: model.controller.baseline, initial: true) {
                        document.baseline.store(model.controller.baseline)
                    }
            } else {
                ProgressView().frame(minWidth: 900, minHeight: 600)
            }
        }
        .task {
            guard model == nil else { return }
            let binding = $document
            let undo = undoManager
            let model = WindowModel(
                settings: settings.workbenchSettings,
                binding: SessionFileBinding(
                    write: { data in binding.wrappedValue.data = data },
                    nameUndo: { name in undo?.setActionName(name) }))
            model.tab = tab
            model.selectedFinding = selectedFinding
            model.selectedHost = selectedHost
            if !document.data.isEmpty {
                model.openSession(document.data)
            } else if let appURL = document.appURL {
                model.open(appURL)
            }
            self.model = model
        }
        // Undo, Redo, Revert and Browse All Versions replace the value: the window follows.
        .onChange(of: document.data) { model?.valueChanged(document.data) }
        // The Settings default applies to open windows too (a document's own choice wins).
        .onChange(of: settings.workbenchSettings) { model?.settingsChanged(settings.workbenchSettings) }
        .onDisappear { model?.close() }
    }
}
