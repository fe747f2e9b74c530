// Declaration-only surface of Apple Foundation API that swift-corelibs-foundation lacks on Linux,
// for type-checking the Mac app (scripts/typecheck-app). Written by this project from Apple's
// public documentation; it is NOT Apple's SDK and holds no code of it. Bodies are stubs, never run.

/// A general-purpose recorder of operations that enables undo and redo (main actor, as documented).
@MainActor
open class UndoManager: NSObject {
    public override init() { fatalError() }

    open func beginUndoGrouping() { fatalError() }
    open func endUndoGrouping() { fatalError() }
    open var groupingLevel: Int { fatalError() }
    open func disableUndoRegistration() { fatalError() }
    open func enableUndoRegistration() { fatalError() }
    open var isUndoRegistrationEnabled: Bool { fatalError() }
    open var groupsByEvent: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    open var levelsOfUndo: Int {
        get { fatalError() }
        set { fatalError() }
    }
    open var runLoopModes: [RunLoop.Mode] {
        get { fatalError() }
        set { fatalError() }
    }

    open func undo() { fatalError() }
    open func redo() { fatalError() }
    open func undoNestedGroup() { fatalError() }
    open var canUndo: Bool { fatalError() }
    open var canRedo: Bool { fatalError() }
    open var isUndoing: Bool { fatalError() }
    open var isRedoing: Bool { fatalError() }

    open func removeAllActions() { fatalError() }
    open func removeAllActions(withTarget target: Any) { fatalError() }
    open func prepare(withInvocationTarget target: Any) -> Any { fatalError() }

    open var undoActionIsDiscardable: Bool { fatalError() }
    open var redoActionIsDiscardable: Bool { fatalError() }
    open func setActionIsDiscardable(_ discardable: Bool) { fatalError() }

    open var undoActionName: String { fatalError() }
    open var redoActionName: String { fatalError() }
    open func setActionName(_ actionName: String) { fatalError() }
    open var undoMenuItemTitle: String { fatalError() }
    open var redoMenuItemTitle: String { fatalError() }
    open func undoMenuTitle(forUndoActionName actionName: String) -> String { fatalError() }
    open func redoMenuTitle(forUndoActionName actionName: String) -> String { fatalError() }

    /// Registers a closure that undoes one operation on `target` (held unowned by the manager).
    @preconcurrency
    public func registerUndo<TargetType: AnyObject>(
        withTarget target: TargetType, handler: @escaping @MainActor (TargetType) -> Void
    ) { fatalError() }
}

extension NSNotification.Name {
    public static let NSUndoManagerCheckpoint = NSNotification.Name("NSUndoManagerCheckpointNotification")
    public static let NSUndoManagerDidUndoChange = NSNotification.Name("NSUndoManagerDidUndoChangeNotification")
    public static let NSUndoManagerDidRedoChange = NSNotification.Name("NSUndoManagerDidRedoChangeNotification")
}
