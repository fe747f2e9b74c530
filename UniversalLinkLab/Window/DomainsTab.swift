import DeviceTools
import SwiftUI
import Workbench

/// One card per claimed host: state, what decides, lint, device state, the what-if editor.
/// Drop an association file onto a card to use it for that host.
struct DomainsTab: View {
    @Bindable var model: WindowModel

    var body: some View {
        List(selection: $model.selectedHost) {
            ForEach(model.document.domains) { entry in
                DomainCardView(model: model, card: model.document.domainCards.first { $0.host == entry.host }
                                   ?? DomainCard(entry),
                               device: model.document.deviceState.filter { record in
                                   ([entry.host] + entry.entries).contains { record.isAbout(host: $0) }
                               })
                    .tag(entry.host)
            }
            // The Android app's hosts (assetlinks.json), when the session holds an APK.
            // What the device recorded (`pm get-app-links`, kept by the document and its session),
            // against the current files.
            let androidHosts = model.document.androidHostCards
            let androidDevice = model.document.androidDeviceStateCard
            if !androidHosts.isEmpty {
                Section("Android — assetlinks.json") {
                    if let state = androidDevice {
                        ForEach(state.notes, id: \.self) {
                            Label($0, systemImage: "exclamationmark.triangle").font(.callout)
                        }
                    }
                    ForEach(androidHosts, id: \.host) { card in
                        AndroidHostCardView(model: model, card: card, device: deviceRows(for: card, in: androidDevice))
                    }
                }
            }
        }
        .overlay {
            if model.document.domains.isEmpty && model.document.android == nil {
                Text("No associated domains").foregroundStyle(.secondary)
            }
        }
        .toolbar {
            ToolbarItem {
                Button("Import Device State…") { model.isImportingDeviceState = true }
                    .help("Import a sysdiagnose's swcutil_show.txt to see what a device recorded")
            }
            if model.androidActions.isShown {
                ToolbarItem {
                    Button("Read Android Device State") { model.readAndroidDeviceState() }
                        .help("adb shell pm get-app-links PACKAGE (Android 12+): what the device recorded per host")
                }
            }
        }
    }

    /// The device's rows about the hosts `card`'s file decides (declared hosts, wildcards kept).
    private func deviceRows(for card: AndroidHostCard,
                            in state: AndroidDeviceStateCard?) -> [AndroidDeviceStateCard.Row] {
        let declared = Set(card.verification.map { $0.host.lowercased() } + [card.host.lowercased()])
        return state?.rows.filter { declared.contains($0.host.lowercased()) } ?? []
    }
}

struct DomainCardView: View {
    let model: WindowModel
    let card: DomainCard
    let device: [DeviceStateEntry]
    @State private var isTargeted = false

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            HStack {
                Text(card.host).font(.headline)
                Text(card.stateText)
                    .font(.caption).padding(.horizontal, 6).padding(.vertical, 2)
                    .background(.quaternary, in: Capsule())
                Spacer()
                Button("Refetch") { model.refetch(host: card.host) }
                    .accessibilityLabel("Refetch \(card.host)")
                Button("Copy curl") { model.copyCurl(host: card.host) }
                    .help("Copy the curl command that fetches this host's file as a device would")
                // The editor is a sheet; its draft stays with the document until applied or discarded.
                Button(model.controller.hasWhatIfDraft(for: card.host) ? "Edit Draft…" : "Edit…") {
                    model.editingHost = card.host
                }
                .accessibilityIdentifier("edit-aasa")
            }
            Text(card.claims).font(.callout).foregroundStyle(.secondary).textSelection(.enabled)
            Text(card.presentation.lintSummary).font(.callout)
            ForEach(card.lint, id: \.self) { line in
                Label(line, systemImage: "exclamationmark.triangle").font(.callout)
            }
            if model.controller.hasWhatIfDraft(for: card.host) {
                Label("Unapplied draft of the association file", systemImage: "square.and.pencil").font(.callout)
            }
            if card.isEdited {
                Button("Revert to What Was Served") { model.revert(host: card.host) }
            }
            DomainDetailView(model: model, view: card.presentation)
            if !device.isEmpty {
                Text("On the device").font(.subheadline.weight(.semibold)).padding(.top, 4)
                ForEach(device.map(DeviceStateRow.init)) { row in
                    DisclosureGroup {
                        ForEach(row.details, id: \.self) { Text($0).font(.caption).textSelection(.enabled) }
                    } label: {
                        Label(row.status, systemImage: row.isProblem ? "xmark.octagon" : "checkmark.seal")
                    }
                }
            }
        }
        .padding(8)
        .background(isTargeted ? AnyShapeStyle(.selection) : AnyShapeStyle(.clear),
                    in: RoundedRectangle(cornerRadius: 8))
        .dropDestination(for: URL.self) { urls, _ in
            guard let url = urls.first else { return false }
            model.useFile(at: url, forHost: card.host)
            return true
        } isTargeted: { isTargeted = $0 }
        .contextMenu {
            Button("Copy Host") { model.copyToPasteboard(card.host) }
            Button("Copy curl") { model.copyCurl(host: card.host) }
        }
        .accessibilityElement(children: .contain)
        .accessibilityLabel("\(card.host), \(card.stateText)")
        .accessibilityValue(card.hookState)
        .accessibilityIdentifier("domain")
    }
}

/// The host in depth (`DomainPresentation`, the card the web page renders too): the file that
/// decides read-only with line numbers and lint markers, what was served beside an edit, each
/// route's answer with Apple's headers, CDN versus origin, and the refetch difference.
struct DomainDetailView: View {
    let model: WindowModel
    let view: DomainPresentation

    var body: some View {
        ForEach(view.notes, id: \.self) { Text($0).font(.callout) }
        if let file = view.file {
            DisclosureGroup(file.title) {
                if let note = file.note { Text(note).font(.caption).foregroundStyle(.secondary) }
                ServedFileView(lines: file.numberedLines)
            }
            .font(.callout)
        }
        if let served = view.served {
            DisclosureGroup(served.title) { ServedFileView(lines: served.numberedLines) }
                .font(.callout)
        }
        if let routes = view.routes {
            DisclosureGroup("Routes") {
                ForEach(routes.rows, id: \.route) { row in
                    VStack(alignment: .leading, spacing: 2) {
                        Text(zip(routes.columns, row.cells).filter { !$0.1.isEmpty }.map { "\($0.0): \($0.1)" }
                            .joined(separator: " · "))
                            .font(.callout)
                        Text(row.url).font(.caption.monospaced()).foregroundStyle(.secondary).textSelection(.enabled)
                        if let error = row.error { Text(error).font(.caption).foregroundStyle(.red) }
                    }
                    .contextMenu {
                        if let curl = row.curl { Button("Copy curl") { model.copyToPasteboard(curl) } }
                        Button("Copy URL") { model.copyToPasteboard(row.url) }
                    }
                }
                ForEach(view.headers, id: \.title) { block in
                    DisclosureGroup("\(block.title) headers") {
                        ForEach(block.lines, id: \.self) {
                            Text($0).font(.caption.monospaced()).textSelection(.enabled)
                        }
                    }
                    .contextMenu {
                        Button("Copy Headers") { model.copyToPasteboard(block.lines.joined(separator: "\n")) }
                    }
                }
            }
            .font(.callout)
        }
        ForEach([view.cdnOriginDiff, view.refetchDiff].compactMap { $0 }, id: \.title) { block in
            DisclosureGroup(block.title) {
                ForEach(block.lines, id: \.self) { Text($0).font(.caption).textSelection(.enabled) }
            }
            .font(.callout)
        }
    }
}

/// A file read-only: line numbers, the text, the lint that points at each line. Lazy, so a
/// 128 KiB file of thousands of lines scrolls without building every row.
struct ServedFileView: View {
    let lines: [NumberedLine]

    var body: some View {
        ScrollView([.vertical, .horizontal]) {
            LazyVStack(alignment: .leading, spacing: 0) {
                ForEach(lines) { line in
                    HStack(alignment: .firstTextBaseline, spacing: 8) {
                        Text("\(line.number)").foregroundStyle(.tertiary).frame(minWidth: 36, alignment: .trailing)
                        Text(line.text).fixedSize()
                        ForEach(line.markers, id: \.self) { marker in
                            Label(marker, systemImage: "exclamationmark.triangle.fill")
                                .foregroundStyle(.orange).fixedSize()
                        }
                    }
                    .font(.caption.monospaced())
                    .accessibilityElement(children: .combine)
                }
            }
            .textSelection(.enabled)
        }
        .frame(minHeight: 120, maxHeight: 320)
        .accessibilityLabel("Served file")
    }
}
