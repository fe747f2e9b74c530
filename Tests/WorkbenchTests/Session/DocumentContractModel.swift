import Foundation

@testable import Workbench

/// SwiftUI's document contract for a `FileDocument`, as `SessionController` relies on it:
/// - a value write that changes the value registers an undo (restoring the old value) with the
///   document's one undo manager, clears redo, and marks the document edited;
/// - undo and redo replace the value (and register the opposite step); the window hears of
///   every replaced value (`onChange(of: document.data)` → `valueChanged`);
/// - Revert (and a version chosen in Browse All Versions) replaces the value with the file's
///   and clears undo;
/// - saving and autosave read the value (an untitled session with no edit yet writes the
///   inspected baseline, as `SessionDocument` does).
@MainActor final class DocumentContractModel {
    private(set) var value = Data()
    private(set) var file: Data?
    private(set) var undoStack: [(value: Data, name: String)] = []
    private(set) var redoStack: [(value: Data, name: String)] = []
    private(set) var controller: SessionController!
    /// Writes the window made while undo or redo ran (a second undo stack would show up here).
    private(set) var writesDuringUndo = 0
    private var undoing = false
    let settings: WorkbenchSettings
    let now: @Sendable () -> Date

    init(settings: WorkbenchSettings, now: @escaping @Sendable () -> Date) {
        self.settings = settings
        self.now = now
        controller = makeController()
    }

    private func makeController() -> SessionController {
        SessionController(
            settings: settings,
            binding: SessionFileBinding(
                write: { [unowned self] bytes in self.write(bytes) },
                nameUndo: { [unowned self] name in
                    if !self.undoStack.isEmpty { self.undoStack[self.undoStack.count - 1].name = name }
                }), now: now)
    }

    var isEdited: Bool { value != (file ?? Data()) }
    var canUndo: Bool { !undoStack.isEmpty }
    var canRedo: Bool { !redoStack.isEmpty }
    /// What the window must show: the value, or the baseline while an untitled value is empty.
    var shownBytes: Data? { value.isEmpty ? controller.baseline : value }

    private func write(_ bytes: Data) {
        if undoing { writesDuringUndo += 1 }
        guard bytes != value else { return }
        undoStack.append((value, ""))
        redoStack.removeAll()
        value = bytes
    }

    func undo() {
        guard let step = undoStack.popLast() else { return }
        redoStack.append((value, step.name))
        replace(with: step.value)
    }

    func redo() {
        guard let step = redoStack.popLast() else { return }
        undoStack.append((value, step.name))
        replace(with: step.value)
    }

    private func replace(with bytes: Data) {
        value = bytes
        undoing = true
        controller.valueChanged(bytes)
        undoing = false
    }

    /// ⌘S (or autosave).
    func save() {
        guard let bytes = shownBytes else { return }
        file = bytes
        controller.didSave(bytes)
    }

    /// File › Revert To › Last Saved.
    func revert() {
        guard let file else { return }
        undoStack = []
        redoStack = []
        replace(with: file)
    }

    /// Close ("Save changes?" answered Save when edited) and open the file in a new window.
    func reopen() throws {
        if isEdited || file == nil { save() }
        guard let file else { return }
        value = file
        undoStack = []
        redoStack = []
        controller = makeController()
        try controller.open(value: file)
        controller.didSave(file)
    }

    /// A new untitled session for the app at `url`.
    func openApp(at url: URL) async {
        value = Data()
        file = nil
        undoStack = []
        redoStack = []
        controller = makeController()
        await controller.openApp(at: url)
    }

    /// Opens `bytes` as a saved file.
    func open(file bytes: Data) throws {
        file = bytes
        value = bytes
        undoStack = []
        redoStack = []
        controller = makeController()
        try controller.open(value: bytes)
    }
}
