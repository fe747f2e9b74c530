import Reports
import SwiftUI

/// The menu commands of the spec, acting on the focused document window.
struct WorkbenchCommands: Commands {
    @FocusedValue(\.windowModel) private var model

    var body: some Commands {
        CommandGroup(after: .saveItem) {
            Button("Save Session As…") { model?.requestSessionExport() }
                .keyboardShortcut("s", modifiers: [.command, .option, .shift])
                .disabled(model?.canSaveSessionAs != true)
            Button("Export Report…") { model?.requestExport(.pdf) }
                .keyboardShortcut("e", modifiers: [.command, .shift])
                .disabled(model?.isReady != true)
        }
        CommandMenu("Workbench") {
            Button("Find in Findings") { model?.focusFindingSearch() }
                .keyboardShortcut("f", modifiers: .command)
                .disabled(model == nil)
            Button("Next Finding") { model?.selectNextFinding() }
                .keyboardShortcut(.downArrow, modifiers: [.command, .option])
                .disabled(model == nil)
            Button("Previous Finding") { model?.selectPreviousFinding() }
                .keyboardShortcut(.upArrow, modifiers: [.command, .option])
                .disabled(model == nil)
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
            Divider()
            Button("Import Device State…") { model?.isImportingDeviceState = true }
                .disabled(model == nil)
        }
    }
}
