import DeviceTools
import SwiftUI
import Workbench

/// One card per claimed host: state, what decides, lint, device state, the what-if editor.
/// Drop an association file onto a card to use it for that host. When the package lists the
/// product's hosts (`productHosts(domains:)`, empty when the association-file cards say it all),
/// one row per host (`ProductHostPresentation`): each platform's slot is the interactive
/// association-file card, a panel (`PanelView`) with the same host operations, or why that
/// platform has none.
struct DomainsTab: View {
    @Bindable var model: WindowModel

    var body: some View {
        let cards = model.document.domainCards
        let hosts = model.document.productHosts(domains: cards.map(\.presentation))
        List(selection: $model.selectedHost) {
            if hosts.isEmpty {
                ForEach(model.document.domains) { entry in
                    DomainCardView(
                        model: model, card: cards.first { $0.host == entry.host } ?? DomainCard(entry),
                        device: deviceStateEntries(model: model, host: entry.host)
                    )
                    .tag(entry.host)
                }
            } else {
                ForEach(hosts, id: \.host) { row in
                    ProductHostView(model: model, row: row, cards: cards)
                        .tag(row.host)
                }
            }
        }
        .overlay {
            if model.document.domains.isEmpty && hosts.isEmpty {
                Text("No associated domains").foregroundStyle(.secondary)
            }
        }
        .toolbar {
            ToolbarItem { DeviceStateButtons(model: model) }
        }
    }
}

/// The imported device records (`swcutil show`) about `host` and the entries that claim it.
@MainActor
func deviceStateEntries(model: WindowModel, host: String) -> [DeviceStateEntry] {
    let claims = model.document.domains.first { $0.host == host }.map { [$0.host] + $0.entries } ?? [host]
    return model.document.deviceState.filter { record in claims.contains { record.isAbout(host: $0) } }
}

/// One host of the product: the host, the platforms whose apps claim it, then each platform's
/// slot in the package's order (a panel holds what a device recorded about the host). Every
/// slot offers the operations it carries (`HostSlot.actions`: Refetch, Edit…, Revert, a dropped
/// file), the same views whatever its platform.
struct ProductHostView: View {
    let model: WindowModel
    let row: ProductHostPresentation
    /// The document's domain cards: a slot's `domain` is an index into them.
    let cards: [DomainCard]

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            HStack(alignment: .firstTextBaseline) {
                Text(row.host).font(.title3.weight(.semibold)).textSelection(.enabled)
                ForEach(row.platformNames, id: \.self) { BadgeView(badge: Badge($0)) }
                Spacer()
            }
            ForEach(Array(row.slots.enumerated()), id: \.offset) { _, slot in
                VStack(alignment: .leading, spacing: 4) {
                    Text(slot.platformName).font(.caption.weight(.semibold)).foregroundStyle(.secondary)
                    if let index = slot.domain, cards.indices.contains(index) {
                        DomainCardView(
                            model: model, card: cards[index],
                            device: deviceStateEntries(model: model, host: cards[index].host),
                            operations: slot.actions)
                    } else if let panel = slot.panel {
                        HostPanelSlotView(model: model, panel: panel, operations: slot.actions)
                    } else if let absent = slot.absent {
                        Text(absent).font(.callout).foregroundStyle(.secondary)
                    }
                }
            }
        }
        .padding(.vertical, 4)
        .accessibilityElement(children: .contain)
    }
}

/// A host's association-file card (one of the document's `domains`): its header with the host's
/// operations (`HostActionButtons`, and Copy curl), lint, the draft and Revert (`HostEditState`),
/// the host in depth and what the device recorded. A file dropped on it is used for the host.
struct DomainCardView: View {
    let model: WindowModel
    let card: DomainCard
    let device: [DeviceStateEntry]
    /// The slot's operations in a host row; the card's own outside one.
    let operations: HostActions

    init(model: WindowModel, card: DomainCard, device: [DeviceStateEntry], operations: HostActions? = nil) {
        self.model = model
        self.card = card
        self.device = device
        self.operations = operations ?? HostActions(card.presentation)
    }

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            HStack {
                Text(card.host).font(.headline)
                Text(card.stateText)
                    .font(.caption).padding(.horizontal, 6).padding(.vertical, 2)
                    .background(.quaternary, in: Capsule())
                Spacer()
                HostActionButtons(model: model, operations: operations)
                Button("Copy curl") { model.copyCurl(host: card.host) }
                    .help("Copy the curl command that fetches this host's file as a device would")
            }
            Text(card.claims).font(.callout).foregroundStyle(.secondary).textSelection(.enabled)
            Text(card.presentation.lintSummary).font(.callout)
            ForEach(card.lint, id: \.self) { line in
                Label(line, systemImage: "exclamationmark.triangle").font(.callout)
            }
            HostEditState(model: model, operations: operations)
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
        .modifier(HostFileDrop(model: model, operations: operations))
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
                        Text(
                            zip(routes.columns, row.cells).filter { !$0.1.isEmpty }.map { "\($0.0): \($0.1)" }
                                .joined(separator: " · ")
                        )
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
