import SwiftUI
import UniformTypeIdentifiers
import Workbench

/// Every bundle of the app (`AppBundleCard`, the same values the web App tab shows):
/// identifiers, signed entitlements with XML and DER side by side, the profile, URL schemes,
/// associated domains with their problems, link handlers with their evidence and `frida-trace`;
/// then the Android app of the product (`AndroidAppCard`), when the session holds one.
struct AppTab: View {
    let model: WindowModel

    var body: some View {
        let cards = model.bundleCards
        let android = model.document.androidAppCard
        if cards.isEmpty && android == nil {
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
                    ForEach(cards) { card in
                        BundleCardView(model: model, card: card)
                    }
                    // The product's Android app, beside the iOS app (or alone).
                    if let android {
                        AndroidAppCardView(model: model, card: android)
                    }
                }
                .padding()
            }
        }
    }
}

/// An app card's identity lines, each label beside its selectable value: the iOS card's
/// (`BundleCardView`) and the Android card's (`AndroidAppCardView`) alike.
struct IdentifierGrid: View {
    let lines: [LabeledText]

    var body: some View {
        Grid(alignment: .leadingFirstTextBaseline, horizontalSpacing: 12, verticalSpacing: 4) {
            ForEach(lines, id: \.self) { line in
                GridRow {
                    Text(line.label).foregroundStyle(.secondary)
                    Text(line.text).textSelection(.enabled)
                }
            }
        }
    }
}

struct BundleCardView: View {
    let model: WindowModel
    let card: AppBundleCard

    var body: some View {
        GroupBox {
            VStack(alignment: .leading, spacing: 10) {
                IdentifierGrid(lines: card.identifiers)
                EntitlementsTableView(table: card.entitlements)
                if let profile = card.profile { ProfileView(profile: profile) }
                if !card.urlSchemes.isEmpty || !card.queriedSchemes.isEmpty {
                    CardSection(title: "URL schemes") {
                        if !card.urlSchemes.isEmpty {
                            Text("Handles: " + card.urlSchemes.joined(separator: ", ")).textSelection(.enabled)
                        }
                        if !card.queriedSchemes.isEmpty {
                            Text("Queries: " + card.queriedSchemes.joined(separator: ", ")).textSelection(.enabled)
                        }
                    }
                }
                if !card.associatedDomains.isEmpty {
                    CardSection(title: "Associated domains") {
                        ForEach(card.associatedDomains) { row in
                            VStack(alignment: .leading, spacing: 2) {
                                Label(row.entry,
                                    systemImage: row.problems.isEmpty ? "checkmark.circle" : "exclamationmark.triangle")
                                    .font(.callout.monospaced())
                                    .textSelection(.enabled)
                                ForEach(row.problems, id: \.self) {
                                    Text($0).font(.caption).foregroundStyle(.secondary)
                                }
                            }
                        }
                    }
                }
                LinkHandlersView(model: model, card: card)
                if !card.diagnostics.isEmpty {
                    CardSection(title: "Could not be read") {
                        ForEach(card.diagnostics, id: \.self) { Text($0).font(.caption).textSelection(.enabled) }
                    }
                }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        } label: {
            Text(card.title).font(.headline)
        }
        .accessibilityElement(children: .contain)
        .accessibilityIdentifier("bundle")
    }
}

struct CardSection<Content: View>: View {
    let title: String
    @ViewBuilder let content: Content

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(title).font(.subheadline.weight(.semibold))
            content
        }
        .accessibilityElement(children: .contain)
    }
}

/// One row per key: the XML blob's value beside the DER blob's, disagreements marked.
struct EntitlementsTableView: View {
    let table: EntitlementsTable

    var body: some View {
        CardSection(title: "Signed entitlements") {
            Text(table.summary).font(.caption).foregroundStyle(.secondary)
            if !table.rows.isEmpty {
                Grid(alignment: .topLeading, horizontalSpacing: 12, verticalSpacing: 6) {
                    GridRow {
                        Text("Key")
                        Text("XML (slot 5)")
                        Text("DER (slot 7)")
                    }
                    .font(.caption.weight(.semibold))
                    ForEach(table.rows) { row in
                        GridRow {
                            Label(row.key, systemImage: row.differs ? "exclamationmark.triangle.fill" : "checkmark")
                                .labelStyle(.titleAndIcon)
                                .foregroundStyle(row.differs ? .orange : .primary)
                            Text(row.xml ?? "—").textSelection(.enabled)
                            VStack(alignment: .leading, spacing: 2) {
                                Text(row.der ?? "—").textSelection(.enabled)
                                ForEach(row.differences, id: \.self) { Text($0).foregroundStyle(.orange) }
                            }
                        }
                        .font(.caption.monospaced())
                        .accessibilityElement(children: .combine)
                        .accessibilityLabel(row.differs ? "\(row.key): XML and DER differ" : row.key)
                    }
                }
            }
        }
    }
}

struct ProfileView: View {
    let profile: ProfileSummary

    var body: some View {
        CardSection(title: "Provisioning profile") {
            Grid(alignment: .leadingFirstTextBaseline, horizontalSpacing: 12, verticalSpacing: 4) {
                row("Name", profile.name ?? profile.uuid ?? "embedded.mobileprovision")
                row("Team", profile.team)
                row("Distribution", profile.distribution)
                row("Expires", [profile.expires, profile.expiryText].compactMap { $0 }.joined(separator: " — "))
                row("Devices", profile.devicesText)
                row("Associated domains", profile.ceilingText)
            }
            if profile.isExpired {
                Label(profile.expiryText, systemImage: "clock.badge.exclamationmark").foregroundStyle(.red)
            }
            ForEach(profile.notAllowed, id: \.self) { entry in
                Label("Signed but not allowed by the profile: \(entry)", systemImage: "xmark.octagon")
                    .foregroundStyle(.red)
            }
            if !profile.devices.isEmpty {
                DisclosureGroup("\(profile.devices.count) device UDIDs") {
                    ForEach(profile.devices, id: \.self) {
                        Text($0).font(.caption.monospaced()).textSelection(.enabled)
                    }
                }
            }
            ForEach(profile.problems, id: \.self) { Text($0).font(.caption).foregroundStyle(.orange) }
        }
    }

    private func row(_ label: String, _ text: String) -> some View {
        GridRow {
            Text(label).foregroundStyle(.secondary)
            Text(text).textSelection(.enabled)
        }
    }
}

/// Each link API found, with where (file, slice, section, offset) and the `frida-trace` to hook it.
struct LinkHandlersView: View {
    let model: WindowModel
    let card: AppBundleCard

    var body: some View {
        if !card.linkHandlers.isEmpty || card.linkScanNote != nil {
            CardSection(title: "Link handlers") {
                if let note = card.linkScanNote { Text(note).font(.caption).foregroundStyle(.orange) }
                ForEach(card.linkHandlers) { handler in
                    VStack(alignment: .leading, spacing: 2) {
                        Text("\(handler.kindText): \(handler.name)").font(.callout.monospaced())
                        Text("\(handler.file) · \(handler.slice) · \(handler.section) · \(handler.offsetText)")
                            .font(.caption.monospaced()).foregroundStyle(.secondary)
                    }
                    .textSelection(.enabled)
                    .contextMenu {
                        if let command = handler.fridaCommand {
                            Button("Copy frida-trace Command") { model.copyToPasteboard(command) }
                        }
                        Button("Copy Name") { model.copyToPasteboard(handler.name) }
                    }
                }
                if let command = card.fridaCommand {
                    HStack(alignment: .firstTextBaseline) {
                        Text(command).font(.caption.monospaced()).textSelection(.enabled).lineLimit(3)
                        Spacer()
                        Button("Copy") { model.copyToPasteboard(command) }
                            .help("Copy the frida-trace command hooking every receiver of this bundle")
                    }
                }
            }
        }
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
                Text("Or drop an .ipa, a zipped .app, an .app folder, a Mach-O executable or an .apk here; "
                     + "a .linklab session opens in its own window.")
                    .font(.callout).foregroundStyle(.tertiary)
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .accessibilityElement(children: .combine)
        .accessibilityIdentifier("drop-zone")
        .sheet(isPresented: $isCheckingDomain) {
            DomainSessionSheet(model: model)
        }
        .fileImporter(isPresented: $isChoosingApp,
                      allowedContentTypes: UTType.appFiles + [.applicationBundle, .unixExecutable]) { result in
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

private extension Result where Success == String, Failure == DomainSessionRefusal {
    /// The host, when the typed text is one.
    var host: String? {
        if case .success(let host) = self { return host }
        return nil
    }
}
