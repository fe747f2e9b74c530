import SwiftUI
import UniformTypeIdentifiers
import Workbench

/// The App tab as the package presents it (`WorkbenchDocument.appSections`, the values the web
/// App tab shows): one section per platform the document can hold, each with its title, its
/// cards drawn by `PanelView` (or the note that says why there is none), and what could not be
/// read. Nothing here knows which platform a section or a card is about.
struct AppTab: View {
    let model: WindowModel

    var body: some View {
        let sections = model.document.appSections
        if sections.allSatisfy({ $0.panels.isEmpty }) {
            EmptyDocumentView(model: model)
        } else {
            ScrollView {
                LazyVStack(alignment: .leading, spacing: 16) {
                    // What the document could not use and how it was evaluated (the web's notes).
                    if !model.document.notes.isEmpty {
                        DisclosureGroup("Notes (\(model.document.notes.count))") {
                            ForEach(model.document.notes, id: \.self) {
                                Text($0).font(.callout).textSelection(.enabled)
                                    .frame(maxWidth: .infinity, alignment: .leading)
                            }
                        }
                    }
                    ForEach(sections) { section in
                        AppSectionView(model: model, section: section)
                    }
                }
                .padding()
            }
        }
    }
}

/// One platform's part of the App tab: its title, its cards, or why there are none, and what
/// could not be read in the input as a whole.
struct AppSectionView: View {
    let model: WindowModel
    let section: AppSection

    var body: some View {
        VStack(alignment: .leading, spacing: 10) {
            Text(section.title).font(.title3.weight(.semibold))
            if let note = section.note {
                Text(note).font(.callout).foregroundStyle(.secondary)
            }
            ForEach(section.panels) { panel in
                PanelView(model: model, panel: panel)
            }
            if !section.diagnostics.isEmpty {
                VStack(alignment: .leading, spacing: 2) {
                    Text("Could not be read").font(.subheadline.weight(.semibold))
                    ForEach(section.diagnostics, id: \.self) {
                        Label($0, systemImage: "exclamationmark.triangle").font(.caption).textSelection(.enabled)
                    }
                }
            }
        }
        .accessibilityElement(children: .contain)
    }
}

/// Shown before anything is loaded, or when opening failed.
struct EmptyDocumentView: View {
    let model: WindowModel
    @State private var isChoosingApp = false
    @State private var isCheckingDomain = false

    var body: some View {
        VStack(spacing: 12) {
            Image(systemName: "shippingbox").font(.system(size: 40)).foregroundStyle(.secondary)
            Text(PhaseStatus(model.document.phase).text).foregroundStyle(.secondary)
            if model.document.phase == .idle {
                // A new session (⌘N) starts here: choose or drop the app it is about, or a domain.
                HStack {
                    Button("Choose App…") { isChoosingApp = true }
                    Button("Check a Domain…") { isCheckingDomain = true }
                        .help("A session about one host and no app: fetch its association file, or use one you have")
                }
                Text(
                    "Or drop an .ipa, a zipped .app, an .app folder, a Mach-O executable or an .apk here; "
                        + "a .linklab session opens in its own window."
                )
                .font(.callout).foregroundStyle(.tertiary)
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .accessibilityElement(children: .combine)
        .accessibilityIdentifier("drop-zone")
        .sheet(isPresented: $isCheckingDomain) {
            DomainSessionSheet(model: model)
        }
        .fileImporter(
            isPresented: $isChoosingApp,
            allowedContentTypes: UTType.appFiles + [.applicationBundle, .unixExecutable]
        ) { result in
            switch result {
            case .success(let url): model.open(url)
            case .failure(let error): model.alertMessage = error.localizedDescription
            }
        }
    }
}

/// Check a Domain…: a session about one host and no app (the web workbench's association-file-
/// only mode). The host is read by the package (`DomainSessionRequest`: a pasted URL gives its
/// host); Fetch checks it as the online choice allows, Use a File… decides with a file instead.
struct DomainSessionSheet: View {
    let model: WindowModel
    @Environment(\.dismiss) private var dismiss
    @State private var typed = ""
    @State private var isChoosingFile = false

    var body: some View {
        let request = DomainSessionRequest.host(from: typed)
        VStack(alignment: .leading, spacing: 12) {
            Text("Check a Domain").font(.headline)
            TextField("example.com", text: $typed)
                .textFieldStyle(.roundedBorder)
                .font(.body.monospaced())
                .frame(minWidth: 360)
            if case .failure(let refusal) = request, !typed.isEmpty {
                Text(refusal.description).font(.caption).foregroundStyle(.secondary)
            }
            HStack {
                Button("Cancel", role: .cancel) { dismiss() }
                    .keyboardShortcut(.cancelAction)
                Spacer()
                Button("Use a File…") { isChoosingFile = true }
                    .disabled(request.host == nil)
                    .help("Decide this host with an apple-app-site-association file you have (nothing is fetched)")
                Button("Fetch") {
                    if let host = request.host { model.openDomain(host) }
                    dismiss()
                }
                .keyboardShortcut(.defaultAction)
                .disabled(request.host == nil)
            }
        }
        .padding(20)
        .fileImporter(isPresented: $isChoosingFile, allowedContentTypes: [.json, .data]) { result in
            switch result {
            case .success(let url):
                if let host = request.host { model.openAssociationFile(at: url, host: host) }
                dismiss()
            case .failure(let error):
                model.alertMessage = error.localizedDescription
            }
        }
    }
}

extension Result where Success == String, Failure == DomainSessionRefusal {
    /// The host, when the typed text is one.
    fileprivate var host: String? {
        if case .success(let host) = self { return host }
        return nil
    }
}
