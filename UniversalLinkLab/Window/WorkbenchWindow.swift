import Reports
import SwiftUI
import Workbench

/// The document window: findings sidebar | App, Domains, URL tester | inspector.
struct WorkbenchWindow: View {
    @Bindable var model: WindowModel
    @Environment(\.openDocument) private var openDocument

    var body: some View {
        NavigationSplitView {
            FindingsSidebar(model: model)
                .navigationSplitViewColumnWidth(min: 240, ideal: 300, max: 420)
        } content: {
            ContentTabs(model: model)
                .navigationSplitViewColumnWidth(min: 420, ideal: 560)
        } detail: {
            FindingInspector(model: model)
                .navigationSplitViewColumnWidth(min: 280, ideal: 340)
        }
        .frame(minWidth: 1000, minHeight: 640)
        .navigationTitle(model.sourceName ?? "UniversalLinkLab")
        .toolbar { WindowToolbar(model: model) }
        .focusedSceneValue(\.windowModel, model)
        // Dropping another IPA or session opens it in its own window, like the Dock icon does.
        .dropDestination(for: URL.self) { urls, _ in
            guard let url = urls.first else { return false }
            Task { try? await openDocument(at: url) }
            return true
        }
        .fileExporter(isPresented: exportBinding, document: model.exportRequest?.file,
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
        .alert("UniversalLinkLab", isPresented: alertBinding, presenting: model.alertMessage) { _ in
            Button("OK", role: .cancel) {}
        } message: { message in
            Text(message)
        }
    }

    private var exportBinding: Binding<Bool> {
        Binding(get: { model.exportRequest != nil }, set: { if !$0 { model.exportRequest = nil } })
    }

    private var alertBinding: Binding<Bool> {
        Binding(get: { model.alertMessage != nil }, set: { if !$0 { model.alertMessage = nil } })
    }
}

/// Progress while inspecting and fetching, the export menu, Share.
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
            Menu {
                ForEach(ReportFormat.allCases, id: \.self) { format in
                    Button(format.title) { model.requestExport(format) }
                        .accessibilityIdentifier(format.hook)
                }
                if model.kind == .appArchive {
                    Divider()
                    Button("Session (.linklab)…") { model.requestSessionExport() }
                        .accessibilityIdentifier("export-session")
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
            .help("Show or hide the finding inspector")
        }
    }
}
