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
                DomainCardView(model: model, card: DomainCard(entry),
                               device: model.document.deviceState.filter { record in
                                   ([entry.host] + entry.entries).contains { record.isAbout(host: $0) }
                               })
                    .tag(entry.host)
            }
        }
        .overlay {
            if model.document.domains.isEmpty {
                Text("No associated domains").foregroundStyle(.secondary)
            }
        }
        .toolbar {
            ToolbarItem {
                Button("Import Device State…") { model.isImportingDeviceState = true }
                    .help("Import a sysdiagnose's swcutil_show.txt to see what a device recorded")
            }
        }
    }
}

struct DomainCardView: View {
    let model: WindowModel
    let card: DomainCard
    let device: [DeviceStateEntry]
    @State private var editing = false
    @State private var draft = ""
    @State private var isTargeted = false
    @Environment(\.undoManager) private var undoManager

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
                Button(editing ? "Cancel" : "Edit…") {
                    draft = card.fileText ?? ""
                    editing.toggle()
                }
                .accessibilityIdentifier("edit-aasa")
            }
            ForEach(card.summary, id: \.self) { line in
                Text(line).font(.callout).textSelection(.enabled)
            }
            ForEach(card.lint, id: \.self) { line in
                Label(line, systemImage: "exclamationmark.triangle").font(.callout)
            }
            if editing {
                TextEditor(text: $draft)
                    .font(.body.monospaced())
                    .frame(minHeight: 160)
                    .accessibilityLabel("Association file for \(card.host)")
                HStack {
                    Button("Apply") {
                        model.edit(draft, host: card.host, undoManager: undoManager)
                        editing = false
                    }
                    .keyboardShortcut(.return, modifiers: .command)
                    .accessibilityIdentifier("edit-aasa-apply")
                    if card.isEdited {
                        Button("Revert to Fetched") { model.revert(host: card.host, undoManager: undoManager) }
                    }
                }
            }
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
        .accessibilityElement(children: .contain)
        .accessibilityLabel("\(card.host), \(card.stateText)")
        .accessibilityValue(card.hookState)
        .accessibilityIdentifier("domain")
    }
}
