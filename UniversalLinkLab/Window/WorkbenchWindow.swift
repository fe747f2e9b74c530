import Reports
import SwiftUI
import Workbench

/// The session window: findings sidebar | App, Domains, URL tester, with the finding
/// inspector (`.inspector`) on the trailing edge.
struct WorkbenchWindow: View {
    @Bindable var model: WindowModel
    @Environment(\.openDocument) private var openDocument

    var body: some View {
        NavigationSplitView {
            FindingsSidebar(model: model)
                .navigationSplitViewColumnWidth(min: 240, ideal: 300, max: 420)
        } detail: {
            VStack(spacing: 0) {
                if let location = model.appLocation, location.usablePath == nil {
                    AppLocationBanner(location: location)
                }
                ContentTabs(model: model)
            }
        }
        .inspector(isPresented: $model.showsInspector) {
            FindingInspector(model: model)
                .inspectorColumnWidth(min: 260, ideal: 340, max: 520)
        }
        .frame(minWidth: 1000, minHeight: 640)
        .navigationSubtitle(model.sourceName ?? "")
        .toolbar { WindowToolbar(model: model) }
        .focusedSceneValue(\.windowModel, model)
        // Dropping another IPA or session opens it in its own window, like the Dock icon does.
        .dropDestination(for: URL.self) { urls, _ in
            guard let url = urls.first else { return false }
            Task { try? await openDocument(at: url) }
            return true
        }
        .sheet(isPresented: $model.isChoosingExportFormat) {
            ExportFormatSheet(model: model)
        }
        .fileExporter(isPresented: $model.isExporting, document: model.exportRequest?.file,
                      contentType: model.exportRequest?.file.contentType ?? .pdf,
                      defaultFilename: model.exportRequest?.defaultName) { result in
            if case .failure(let error) = result { model.alertMessage = error.localizedDescription }
            model.exportRequest = nil
        }
        .fileImporter(isPresented: $model.isImportingDeviceState,
                      allowedContentTypes: [.plainText, .text, .data]) { result in
            switch result {
            case .success(let url): model.importDeviceState(from: url)
            case .failure(let error): model.alertMessage = error.localizedDescription
            }
        }
        .alert("UniversalLinkLab", isPresented: $model.isShowingAlert, presenting: model.alertMessage) { _ in
            Button("OK", role: .cancel) {}
        } message: { message in
            Text(message)
        }
    }
}

/// Where the session's app went, when it is not where it was (the session still works).
struct AppLocationBanner: View {
    let location: AppLocation

    var body: some View {
        Label(location.text, systemImage: "questionmark.folder")
            .font(.callout)
            .frame(maxWidth: .infinity, alignment: .leading)
            .padding(8)
            .background(.yellow.opacity(0.15))
    }
}

/// Export Report…: the format, then the save panel.
struct ExportFormatSheet: View {
    @Bindable var model: WindowModel
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        Form {
            Picker("Format", selection: $model.exportFormat) {
                ForEach(ExportFormat.documentExports, id: \.self) { format in
                    Text(format.label).tag(format)
                }
            }
            .pickerStyle(.radioGroup)
            // While a host is edited every export is hypothetical: say so before the save panel.
            if let warning = model.document.exportWarning {
                Label(warning, systemImage: "exclamationmark.triangle")
                    .font(.callout)
                    .foregroundStyle(.orange)
                    .fixedSize(horizontal: false, vertical: true)
            }
            HStack {
                Spacer()
                Button("Cancel", role: .cancel) { dismiss() }
                    .keyboardShortcut(.cancelAction)
                Button("Export…") {
                    dismiss()
                    model.requestExport(model.exportFormat)
                }
                .keyboardShortcut(.defaultAction)
            }
        }
        .padding(20)
        .frame(width: 360)
    }
}

/// Progress while inspecting and fetching (with Stop), the export menu, Share, the inspector.
struct WindowToolbar: ToolbarContent {
    @Bindable var model: WindowModel

    var body: some ToolbarContent {
        ToolbarItem(placement: .status) {
            let status = PhaseStatus(model.document.phase)
            HStack(spacing: 8) {
                if let fraction = status.fraction {
                    ProgressView(value: fraction).frame(width: 120)
                } else if status.isBusy {
                    ProgressView().controlSize(.small)
                }
                Text(status.text).font(.callout).foregroundStyle(.secondary)
            }
            .accessibilityElement(children: .combine)
            .accessibilityLabel(status.text)
            .accessibilityValue(model.document.phase.name)
            .accessibilityIdentifier("document-status")
        }
        ToolbarItemGroup(placement: .primaryAction) {
            if model.isBusy {
                Button {
                    model.cancel()
                } label: {
                    Label("Stop", systemImage: "stop.circle")
                }
                .help("Stop inspecting, fetching and running tools (⌘.)")
            }
            Menu {
                ForEach(ExportFormat.documentExports, id: \.self) { format in
                    Button(format.label) { model.requestExport(format) }
                        .accessibilityIdentifier(format.hook)
                }
            } label: {
                Label("Export Report", systemImage: "square.and.arrow.down")
            }
            .disabled(!model.isReady)
            .help("Export the report as PDF, Markdown, HTML, JSON or SARIF")

            ShareLink(item: model.shareItem, preview: SharePreview("UniversalLinkLab report"))
                .disabled(!model.isReady)

            Button {
                model.showsInspector.toggle()
            } label: {
                Label("Inspector", systemImage: "sidebar.trailing")
            }
            .help("Show or hide the finding inspector (⌃⌘I)")
        }
    }
}
