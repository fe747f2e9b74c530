// Declaration-only surface of Apple's AppKit framework (the part a SwiftUI document app uses),
// for type-checking the Mac app on Linux (scripts/typecheck-app). Written by this project from
// Apple's public documentation; it is NOT Apple's SDK and holds no code of it. Bodies are stubs.

import UniformTypeIdentifiers

/// The infrastructure for drawing, printing, and handling events in an app.
@MainActor
open class NSView: NSResponder {
    public init(frame frameRect: NSRect) { fatalError() }
    public required init?(coder: NSCoder) { fatalError() }
    open var frame: NSRect {
        get { fatalError() }
        set { fatalError() }
    }
    open var bounds: NSRect {
        get { fatalError() }
        set { fatalError() }
    }
    open var subviews: [NSView] {
        get { fatalError() }
        set { fatalError() }
    }
    open var superview: NSView? { fatalError() }
    open var window: NSWindow? { fatalError() }
    open var isHidden: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    open var translatesAutoresizingMaskIntoConstraints: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    open func addSubview(_ view: NSView) { fatalError() }
    open func removeFromSuperview() { fatalError() }
    open var needsDisplay: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    open func setAccessibilityIdentifier(_ accessibilityIdentifier: String?) { fatalError() }
    open func setAccessibilityLabel(_ accessibilityLabel: String?) { fatalError() }
}

/// A controller that manages a view.
@MainActor
open class NSViewController: NSResponder {
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { fatalError() }
    public required init?(coder: NSCoder) { fatalError() }
    open var view: NSView {
        get { fatalError() }
        set { fatalError() }
    }
    open var nibName: String? { fatalError() }
    open var representedObject: Any? {
        get { fatalError() }
        set { fatalError() }
    }
    open var preferredContentSize: NSSize {
        get { fatalError() }
        set { fatalError() }
    }
    open var title: String? {
        get { fatalError() }
        set { fatalError() }
    }
    open func loadView() { fatalError() }
    open func viewDidLoad() { fatalError() }
    open func viewWillAppear() { fatalError() }
    open func viewDidAppear() { fatalError() }
    open func viewWillDisappear() { fatalError() }
    open func viewDidDisappear() { fatalError() }
    open func addChild(_ childViewController: NSViewController) { fatalError() }
}

/// A window that an app displays on the screen.
@MainActor
open class NSWindow: NSResponder {
    open var title: String {
        get { fatalError() }
        set { fatalError() }
    }
    open var subtitle: String {
        get { fatalError() }
        set { fatalError() }
    }
    open var representedURL: URL? {
        get { fatalError() }
        set { fatalError() }
    }
    open var isDocumentEdited: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    open var isVisible: Bool { fatalError() }
    open var isKeyWindow: Bool { fatalError() }
    open var isMainWindow: Bool { fatalError() }
    open var frame: NSRect { fatalError() }
    open var contentView: NSView? {
        get { fatalError() }
        set { fatalError() }
    }
    open var contentViewController: NSViewController? {
        get { fatalError() }
        set { fatalError() }
    }
    open var identifier: NSUserInterfaceItemIdentifier? {
        get { fatalError() }
        set { fatalError() }
    }
    open var tabbingMode: NSWindow.TabbingMode {
        get { fatalError() }
        set { fatalError() }
    }
    open var attachedSheet: NSWindow? { fatalError() }
    open func makeKeyAndOrderFront(_ sender: Any?) { fatalError() }
    open func orderFront(_ sender: Any?) { fatalError() }
    open func orderOut(_ sender: Any?) { fatalError() }
    open func close() { fatalError() }
    open func performClose(_ sender: Any?) { fatalError() }
    open func setFrameAutosaveName(_ name: String) -> Bool { fatalError() }
    open func beginSheet(
        _ sheetWindow: NSWindow, completionHandler handler: ((NSApplication.ModalResponse) -> Void)? = nil
    ) {
        fatalError()
    }

    nonisolated public static let didBecomeKeyNotification =
        Notification.Name("NSWindowDidBecomeKeyNotification")
    nonisolated public static let didResignKeyNotification =
        Notification.Name("NSWindowDidResignKeyNotification")
    nonisolated public static let didBecomeMainNotification =
        Notification.Name("NSWindowDidBecomeMainNotification")
    nonisolated public static let didResignMainNotification =
        Notification.Name("NSWindowDidResignMainNotification")
    nonisolated public static let willCloseNotification =
        Notification.Name("NSWindowWillCloseNotification")
    nonisolated public static let didMoveNotification =
        Notification.Name("NSWindowDidMoveNotification")
    nonisolated public static let didResizeNotification =
        Notification.Name("NSWindowDidResizeNotification")

    public enum TabbingMode: Int, Sendable {
        case automatic = 0
        case preferred = 1
        case disallowed = 2
    }
}

/// A string that identifies a user interface item.
public struct NSUserInterfaceItemIdentifier: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

public typealias NSRect = CGRect
public typealias NSSize = CGSize
public typealias NSPoint = CGPoint

/// A modal alert.
@MainActor
open class NSAlert: NSObject {
    public override init() { fatalError() }
    public init(error: any Error) { fatalError() }
    open var messageText: String {
        get { fatalError() }
        set { fatalError() }
    }
    open var informativeText: String {
        get { fatalError() }
        set { fatalError() }
    }
    open var alertStyle: NSAlert.Style {
        get { fatalError() }
        set { fatalError() }
    }
    open var showsHelp: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    open var window: NSWindow { fatalError() }
    open func addButton(withTitle title: String) -> NSButton { fatalError() }
    open func runModal() -> NSApplication.ModalResponse { fatalError() }
    open func beginSheetModal(
        for sheetWindow: NSWindow, completionHandler handler: ((NSApplication.ModalResponse) -> Void)? = nil
    ) { fatalError() }

    public enum Style: UInt, Sendable {
        case warning = 0
        case informational = 1
        case critical = 2
    }
}

/// A control that performs an action when clicked.
@MainActor
open class NSButton: NSView {
    open var title: String {
        get { fatalError() }
        set { fatalError() }
    }
    open var keyEquivalent: String {
        get { fatalError() }
        set { fatalError() }
    }
    open var hasDestructiveAction: Bool {
        get { fatalError() }
        set { fatalError() }
    }
}

/// A panel that prompts the user for a location to save a file.
@MainActor
open class NSSavePanel: NSPanel {
    open var url: URL? { fatalError() }
    open var directoryURL: URL? {
        get { fatalError() }
        set { fatalError() }
    }
    open var allowedContentTypes: [UTType] {
        get { fatalError() }
        set { fatalError() }
    }
    open var allowsOtherFileTypes: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    open var canCreateDirectories: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    open var nameFieldStringValue: String {
        get { fatalError() }
        set { fatalError() }
    }
    open var message: String! {
        get { fatalError() }
        set { fatalError() }
    }
    open var prompt: String! {
        get { fatalError() }
        set { fatalError() }
    }
    open var showsHiddenFiles: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    open var accessoryView: NSView? {
        get { fatalError() }
        set { fatalError() }
    }
    open func runModal() -> NSApplication.ModalResponse { fatalError() }
    open func begin(completionHandler handler: @escaping (NSApplication.ModalResponse) -> Void) { fatalError() }
    open func beginSheetModal(
        for window: NSWindow, completionHandler handler: @escaping (NSApplication.ModalResponse) -> Void
    ) { fatalError() }
}

/// A panel that prompts the user to select files to open.
@MainActor
open class NSOpenPanel: NSSavePanel {
    open var urls: [URL] { fatalError() }
    open var canChooseFiles: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    open var canChooseDirectories: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    open var allowsMultipleSelection: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    open var resolvesAliases: Bool {
        get { fatalError() }
        set { fatalError() }
    }
}

/// A special kind of window that typically performs a function that is auxiliary to the main window.
@MainActor
open class NSPanel: NSWindow {}

/// A document, with its window and undo manager (the class SwiftUI's DocumentGroup builds on).
@MainActor
open class NSDocument: NSObject {
    public override init() { fatalError() }
    open var fileURL: URL? {
        get { fatalError() }
        set { fatalError() }
    }
    open var fileType: String? {
        get { fatalError() }
        set { fatalError() }
    }
    open var displayName: String! {
        get { fatalError() }
        set { fatalError() }
    }
    open var isDocumentEdited: Bool { fatalError() }
    open var undoManager: UndoManager? {
        get { fatalError() }
        set { fatalError() }
    }
    open var windowControllers: [NSWindowController] { fatalError() }
    open func updateChangeCount(_ change: NSDocument.ChangeType) { fatalError() }
    open func close() { fatalError() }

    public enum ChangeType: UInt, Sendable {
        case changeDone = 0
        case changeUndone = 1
        case changeCleared = 2
        case changeRedone = 5
        case changeReadOtherContents = 3
        case changeAutosaved = 4
        case changeDiscardable = 256
    }
}

/// A controller that manages a window.
@MainActor
open class NSWindowController: NSResponder {
    public init(window: NSWindow?) { fatalError() }
    public required init?(coder: NSCoder) { fatalError() }
    open var window: NSWindow? {
        get { fatalError() }
        set { fatalError() }
    }
    open func showWindow(_ sender: Any?) { fatalError() }
    open func close() { fatalError() }
}

/// An object that manages an app's documents.
@MainActor
open class NSDocumentController: NSObject {
    open class var shared: NSDocumentController { fatalError() }
    open var documents: [NSDocument] { fatalError() }
    open var currentDocument: NSDocument? { fatalError() }
    open var recentDocumentURLs: [URL] { fatalError() }
    open var maximumRecentDocumentCount: Int { fatalError() }
    open var documentClassNames: [String] { fatalError() }
    open var defaultType: String? { fatalError() }
    open func document(for url: URL) -> NSDocument? { fatalError() }
    /// The document whose window is `window`, if any.
    open func document(for window: NSWindow) -> NSDocument? { fatalError() }
    open func noteNewRecentDocumentURL(_ url: URL) { fatalError() }
    open func noteNewRecentDocument(_ document: NSDocument) { fatalError() }
    open func clearRecentDocuments(_ sender: Any?) { fatalError() }
    open func newDocument(_ sender: Any?) { fatalError() }
    open func openDocument(_ sender: Any?) { fatalError() }
    open func openDocument(
        withContentsOf url: URL, display displayDocument: Bool,
        completionHandler: @escaping (NSDocument?, Bool, (any Error)?) -> Void
    ) { fatalError() }
    open func openDocument(
        withContentsOf url: URL, display displayDocument: Bool
    ) async throws
        -> (NSDocument, Bool)
    { fatalError() }
    open func openUntitledDocumentAndDisplay(_ displayDocument: Bool) throws -> NSDocument { fatalError() }
    open func typeForContents(of url: URL) throws -> String { fatalError() }
}
