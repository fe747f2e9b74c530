import SwiftUI
import Workbench

/// Refetch and Edit… (Edit Draft… while a draft waits) of one platform's host, for a card's
/// header. Whether Refetch can run is the package's (`HostActions.canRefetch`); Edit… opens
/// the one what-if editor sheet (`WhatIfEditorSheet`) for this host of this platform.
struct HostActionButtons: View {
    let model: WindowModel
    let operations: HostActions

    var body: some View {
        Button("Refetch") { model.refetch(host: operations.host, on: operations.platform) }
            .disabled(!operations.canRefetch)
            .accessibilityLabel("Refetch \(operations.host), \(operations.platform.name)")
        // The editor is a sheet; its draft stays with the document until applied or discarded.
        Button(
            model.controller.hasWhatIfDraft(for: operations.host, on: operations.platform) ? "Edit Draft…" : "Edit…"
        ) {
            model.edit(operations)
        }
        .help(operations.editTitle)
        .accessibilityIdentifier("edit-aasa")
    }
}

/// Under a card: that the host has a what-if draft not yet applied, and Revert when the package
/// says there is something to go back to (`HostActions.canRevert`).
struct HostEditState: View {
    let model: WindowModel
    let operations: HostActions

    var body: some View {
        if model.controller.hasWhatIfDraft(for: operations.host, on: operations.platform) {
            Label("Unapplied draft of the association file", systemImage: "square.and.pencil").font(.callout)
        }
        if operations.canRevert {
            Button("Revert to What Was Served") { model.revert(host: operations.host, on: operations.platform) }
        }
    }
}

/// An association file dropped on a host's card is used for that host on that platform
/// (`WindowModel.useFile(at:forHost:on:)`); the card is highlighted while a file is over it.
/// Without operations the card takes no drop.
struct HostFileDrop: ViewModifier {
    let model: WindowModel
    let operations: HostActions?
    @State private var isTargeted = false

    func body(content: Content) -> some View {
        if let operations {
            content
                .background(
                    isTargeted ? AnyShapeStyle(.selection) : AnyShapeStyle(.clear),
                    in: RoundedRectangle(cornerRadius: 8)
                )
                .dropDestination(for: URL.self) { urls, _ in
                    guard let url = urls.first else { return false }
                    model.useFile(at: url, forHost: operations.host, on: operations.platform)
                    return true
                } isTargeted: {
                    isTargeted = $0
                }
        } else {
            content
        }
    }
}

/// A host's slot drawn as a panel (`PanelView`) with the host's operations: Refetch and Edit… in
/// the panel's header, the draft and Revert under it, and a file dropped on it used for the host.
struct HostPanelSlotView: View {
    let model: WindowModel
    let panel: Panel
    let operations: HostActions?

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            PanelView(model: model, panel: panel) {
                if let operations { HostActionButtons(model: model, operations: operations) }
            }
            if let operations { HostEditState(model: model, operations: operations) }
        }
        .padding(4)
        .modifier(HostFileDrop(model: model, operations: operations))
    }
}
