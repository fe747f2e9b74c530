import AppKit
import Reports
import SwiftUI

/// File menu: New (⌘N: an empty session, where an app is chosen or dropped), Open…, Open
/// Recent, Save, Save As…, Duplicate, Rename, Revert and Browse All Versions are the system's;
/// the welcome window is one item after them.
struct SessionFileCommands: Commands {
    var body: some Commands {
        CommandGroup(after: .newItem) {
            WelcomeWindowButton()
        }
    }
}

/// Shows the welcome window (drop zone and recent documents).
struct WelcomeWindowButton: View {
    @Environment(\.openWindow) private var openWindow

    var body: some View {
        Button("Welcome to UniversalLinkLab") { openWindow(id: LaunchWindow.id) }
            .keyboardShortcut("n", modifiers: [.command, .shift])
    }
}

/// The menu commands of the spec, acting on the focused document window. No shortcut shadows
/// a standard one: ⇧⌘S and ⌥⇧⌘S stay Save As, ⌘F stays the text views' Find, ⌘C stays Copy
/// (it copies the selected finding when the findings list has focus).
struct WorkbenchCommands: Commands {
    @FocusedValue(\.windowModel) private var model

    var body: some Commands {
        CommandGroup(after: .saveItem) {
            Button("Export Report…") { model?.chooseExportFormat() }
                .keyboardShortcut("e", modifiers: [.command, .shift])
                .disabled(model?.isReady != true)
        }
        CommandGroup(after: .toolbar) {
            ForEach(Array(WindowModel.Tab.allCases.enumerated()), id: \.element) { index, tab in
                Button(tab.title) { model?.tab = tab }
                    .keyboardShortcut(KeyEquivalent(Character(String(index + 1))), modifiers: .command)
                    .disabled(model == nil)
            }
            Divider()
        }
        CommandMenu("Workbench") {
            Button("Find in Findings") { model?.focusFindingSearch() }
                .keyboardShortcut("f", modifiers: [.command, .option])
                .disabled(model == nil)
            Button("Next Finding") { model?.selectNextFinding() }
                .keyboardShortcut(.downArrow, modifiers: [.command, .option])
                .disabled(model == nil)
            Button("Previous Finding") { model?.selectPreviousFinding() }
                .keyboardShortcut(.upArrow, modifiers: [.command, .option])
                .disabled(model == nil)
            Button("Copy Finding as Markdown") { model?.copySelectedFinding() }
                .disabled(model?.selected == nil)
            Divider()
            Button("Test URL") { model?.focusURLTester() }
                .keyboardShortcut("l", modifiers: .command)
                .disabled(model == nil)
            Divider()
            Button("Refetch All") { model?.refetchAll() }
                .keyboardShortcut("r", modifiers: [.command, .shift])
                .disabled(model?.hasDomains != true)
            Button("Refetch Host") { model?.refetchSelectedHost() }
                .disabled(model?.selectedHost == nil)
            Button("Copy curl for Host") {
                if let host = model?.selectedHost { model?.copyCurl(host: host) }
            }
            .disabled(model?.selectedHost == nil)
            Button("Stop") { model?.cancel() }
                .keyboardShortcut(".", modifiers: .command)
                .disabled(model?.isBusy != true)
            Divider()
            Button("Import Device State…") { model?.isImportingDeviceState = true }
                .disabled(model == nil)
            Button("Refresh Simulators") { model?.loadSimulators() }
                .disabled(model == nil)
            Divider()
            Button("Save a Copy of the Session…") { model?.requestExport(.session) }
                .disabled(model?.isReady != true)
        }
    }
}
