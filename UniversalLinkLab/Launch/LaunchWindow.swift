import AppKit
import Combine
import SwiftUI
import UniformTypeIdentifiers

/// The window shown at launch instead of an empty session (and from File › Welcome to
/// UniversalLinkLab), as Xcode's welcome window: a drop zone for an app or a session, Open…,
/// and the recent documents. It closes itself once it opened a document or another document
/// opened (⌘N is the system's New: an empty session window).
struct LaunchWindow: View {
    @Environment(\.openDocument) private var openDocument
    @Environment(\.dismissWindow) private var dismissWindow
    @State private var recent: [URL] = []
    @State private var isTargeted = false
    @State private var failure: String?
    /// How many documents were open when this window appeared: it closes itself once another
    /// opens (Finder, the Dock), not whenever a document window becomes key.
    @State private var documentsAtAppearance = 0

    static let id = "launch"

    var body: some View {
        HStack(spacing: 0) {
            VStack(spacing: 16) {
                Image(systemName: "link.badge.plus").font(.system(size: 48)).foregroundStyle(.tint)
                Text("UniversalLinkLab").font(.largeTitle.weight(.semibold))
                Text("Drop an .ipa, a zipped .app, an .apk or a .linklab session here.")
                    .foregroundStyle(.secondary)
                Button("Open…") { NSDocumentController.shared.openDocument(nil) }
                if let failure {
                    Text(failure).font(.callout).foregroundStyle(.red)
                }
            }
            .padding(32)
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .background(
                isTargeted ? AnyShapeStyle(.selection) : AnyShapeStyle(.clear),
                in: RoundedRectangle(cornerRadius: 12)
            )
            .dropDestination(for: URL.self) { urls, _ in
                guard let url = urls.first else { return false }
                if let refusal = DropCheck.documentRefusal(url) {
                    failure = refusal
                    return false
                }
                open(url)
                return true
            } isTargeted: {
                isTargeted = $0
            }
            .accessibilityElement(children: .contain)
            .accessibilityLabel("Drop an app or a session to open it")
            .accessibilityIdentifier("drop-zone")

            Divider()
            RecentDocumentsList(urls: recent, open: open)
                .frame(width: 280)
        }
        .frame(width: 760, height: 440)
        .onAppear {
            recent = NSDocumentController.shared.recentDocumentURLs
            documentsAtAppearance = NSDocumentController.shared.documents.count
        }
        .onReceive(NotificationCenter.default.publisher(for: NSWindow.didBecomeKeyNotification)) { _ in
            recent = NSDocumentController.shared.recentDocumentURLs
            if NSDocumentController.shared.documents.count > documentsAtAppearance { dismissWindow(id: Self.id) }
        }
    }

    private func open(_ url: URL) {
        Task {
            do {
                try await openDocument(at: url)
                failure = nil
                dismissWindow(id: Self.id)
            } catch {
                failure = "\(url.lastPathComponent) could not be opened: \(error.localizedDescription)"
            }
        }
    }
}

/// The recent documents (sessions and apps), newest first; double-click or Return opens one.
struct RecentDocumentsList: View {
    let urls: [URL]
    let open: (URL) -> Void
    @State private var selection: URL?

    var body: some View {
        List(urls, id: \.self, selection: $selection) { url in
            VStack(alignment: .leading, spacing: 2) {
                Text(url.lastPathComponent).lineLimit(1)
                Text(url.deletingLastPathComponent().path).font(.caption).foregroundStyle(.secondary)
                    .lineLimit(1).truncationMode(.middle)
            }
        }
        .contextMenu(forSelectionType: URL.self) { selected in
            Button("Open") { if let url = selected.first { open(url) } }
            Button("Show in Finder") { NSWorkspace.shared.activateFileViewerSelecting(Array(selected)) }
        } primaryAction: { selected in
            if let url = selected.first { open(url) }
        }
        .overlay {
            if urls.isEmpty { Text("No recent documents").foregroundStyle(.secondary) }
        }
        .accessibilityLabel("Recent documents")
    }
}
