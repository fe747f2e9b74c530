import AppKit
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
                if let drafts = model.controller.drafts.summary {
                    DraftsBanner(model: model, summary: drafts)
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
        .background { WindowReader(model: model) }
        .onChange(of: model.sourceName) { model.titleWindowAfterApp() }
        // An app dropped on an empty session opens in it; an Android app dropped on a session
        // with an app joins it; any other app or session opens in its own window, like the Dock
        // icon does. A drop that cannot open says why (the package decides: AppFileDrop).
        .dropDestination(for: URL.self) { urls, _ in
            guard let url = urls.first else { return false }
            switch model.drop(url) {
            case .refuse: return false
            case .openIOSApp, .openAndroidApp, .addAndroidApp, .addIOSApp: return true
            case .openElsewhere: break
            }
            Task {
                do {
                    try await openDocument(at: url)
                } catch {
                    model.alertMessage = "\(url.lastPathComponent) could not be opened: \(error.localizedDescription)"
                }
            }
            return true
        }
        .sheet(isPresented: $model.isChoosingExportFormat, onDismiss: { model.exportSheetDismissed() }) {
            ExportFormatSheet(model: model)
        }
        .sheet(isPresented: $model.isAskingToGoOnline) {
            OnlineConsentSheet(model: model)
        }
        .sheet(item: $model.editor) { editor in
            WhatIfEditorSheet(model: model, editor: editor)
        }
        .fileExporter(
            isPresented: $model.isExporting, document: model.exportRequest?.file,
            contentType: model.exportRequest?.file.contentType ?? .pdf,
            defaultFilename: model.exportRequest?.defaultName
        ) { result in
            if case .failure(let error) = result { model.alertMessage = error.localizedDescription }
            model.exportRequest = nil
        }
        .fileImporter(
            isPresented: $model.isImportingDeviceState,
            allowedContentTypes: [.plainText, .text, .data]
        ) { result in
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
                // The sheet closes first; the save panel opens from its onDismiss.
                Button("Export…") { model.confirmExportFormat() }
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
                Divider()
                // The page of links to tap on a device, each with its expected outcome.
                Button(ExportFormat.testLinks.label) { model.requestExport(.testLinks) }
            } label: {
                Label("Export Report", systemImage: "square.and.arrow.down")
            }
            .disabled(!model.isReady)
            .help("Export the report as PDF, Markdown, HTML, JSON or SARIF, or the test-link page")

            ShareLink(item: model.shareItem, preview: SharePreview("UniversalLinkLab report"))
                .disabled(!model.isReady)

            // Offline is a one-click choice per document (the Settings default otherwise).
            Button {
                model.toggleOnline()
            } label: {
                Label(
                    model.controller.consent.toggleTitle,
                    systemImage: model.controller.consent.isOffline ? "network.slash" : "network")
            }
            .help(
                model.controller.consent.isOffline
                    ? "This document does not fetch: click to fetch from the network from now on"
                    : "This document fetches from the network: click to stay offline from now on")

            Button {
                model.showsInspector.toggle()
            } label: {
                Label("Inspector", systemImage: "sidebar.trailing")
            }
            .help("Show or hide the finding inspector (⌃⌘I)")
        }
    }
}

/// Hands the window's `NSWindow` to the model (to bring it forward and title it after the app).
struct WindowReader: NSViewRepresentable {
    let model: WindowModel

    func makeNSView(context: Context) -> NSView { NSView(frame: .zero) }

    func updateNSView(_ nsView: NSView, context: Context) {
        Task { @MainActor in
            guard model.window !== nsView.window else { return }
            model.window = nsView.window
            model.titleWindowAfterApp()
        }
    }
}

/// Drafts typed and not applied: saved with the session until applied or discarded (⌘Z brings
/// discarded ones back).
struct DraftsBanner: View {
    let model: WindowModel
    let summary: String

    var body: some View {
        HStack {
            Label(summary, systemImage: "square.and.pencil")
                .font(.callout)
            Spacer()
            Button("Discard Drafts") { model.controller.discardDrafts() }
        }
        .padding(8)
        .background(.blue.opacity(0.08))
    }
}

/// Before a new session goes online: the domains the app claims, Fetch or Stay Offline.
struct OnlineConsentSheet: View {
    let model: WindowModel

    var body: some View {
        let question = model.controller.consent.question
        VStack(alignment: .leading, spacing: 12) {
            Text("Fetch the association files?").font(.headline)
            Text(question?.message ?? "").fixedSize(horizontal: false, vertical: true)
            List(question?.hosts ?? [], id: \.self) { host in
                Text(host).font(.body.monospaced())
            }
            .frame(minHeight: 80, maxHeight: 200)
            HStack {
                Spacer()
                Button("Stay Offline") { model.choose(.offline) }
                    .keyboardShortcut(.cancelAction)
                Button("Fetch") { model.choose(.online) }
                    .keyboardShortcut(.defaultAction)
            }
        }
        .padding(20)
        .frame(width: 440)
    }
}

/// The what-if editor of one host of one platform's app (`HostEditor`), as a sheet, the same
/// for every platform: its draft is kept when the sheet closes (Close), applied (Apply) or
/// discarded.
struct WhatIfEditorSheet: View {
    @Bindable var model: WindowModel
    let editor: HostEditor

    var body: some View {
        let host = editor.host
        let platform = editor.platform
        let hasDraft = model.controller.hasWhatIfDraft(for: host, on: platform)
        VStack(alignment: .leading, spacing: 12) {
            Text("Association file for \(host)").font(.headline)
            if let title = editor.title {
                Text(title).font(.subheadline).foregroundStyle(.secondary)
            }
            Text(
                "Decide as if the server served this text. Closing keeps the draft; "
                    + "Apply decides with it (⌘Z undoes)."
            )
            .font(.callout).foregroundStyle(.secondary)
            if let note = editor.note {
                Label(note, systemImage: "exclamationmark.triangle").font(.callout)
            }
            TextEditor(text: $model[whatIfDraftFor: host, on: platform])
                .font(.body.monospaced())
                .frame(minHeight: 240)
                .accessibilityLabel("Association file for \(host)")
            HStack {
                Button("Discard Draft", role: .destructive) { model.discardWhatIf(host, on: platform) }
                    .disabled(!hasDraft)
                Spacer()
                Button("Close") { model.editor = nil }
                    .keyboardShortcut(.cancelAction)
                Button("Apply") { model.applyWhatIf(host, on: platform) }
                    .keyboardShortcut(.return, modifiers: .command)
                    .disabled(!hasDraft)
                    .accessibilityIdentifier("edit-aasa-apply")
            }
        }
        .padding(20)
        .frame(minWidth: 560, minHeight: 380)
    }
}
