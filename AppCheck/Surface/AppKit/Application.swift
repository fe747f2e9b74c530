// Declaration-only surface of Apple's AppKit framework (the part a SwiftUI document app uses),
// for type-checking the Mac app on Linux (scripts/typecheck-app). Written by this project from
// Apple's public documentation; it is NOT Apple's SDK and holds no code of it. Bodies are stubs.
// Objective-C optional protocol requirements are declared as requirements with default
// implementations in protocol extensions (Linux Swift has no @objc optional).

@_exported import MacFoundation

/// An abstract class that forms the basis of event and command processing in AppKit.
@MainActor
open class NSResponder: NSObject {
    public override init() { fatalError() }
    open var nextResponder: NSResponder? {
        get { fatalError() }
        set { fatalError() }
    }
    open var undoManager: UndoManager? { fatalError() }
}

/// An object that manages an app's main event loop and resources used by all of that app's objects.
@MainActor
open class NSApplication: NSResponder {
    open class var shared: NSApplication { fatalError() }
    open weak var delegate: (any NSApplicationDelegate)? {
        get { fatalError() }
        set { fatalError() }
    }
    open var windows: [NSWindow] { fatalError() }
    open var keyWindow: NSWindow? { fatalError() }
    open var mainWindow: NSWindow? { fatalError() }
    open var isActive: Bool { fatalError() }
    open var mainMenu: NSMenu? {
        get { fatalError() }
        set { fatalError() }
    }
    open var applicationIconImage: NSImage! {
        get { fatalError() }
        set { fatalError() }
    }
    open func terminate(_ sender: Any?) { fatalError() }
    open func activate(ignoringOtherApps flag: Bool) { fatalError() }
    open func activate() { fatalError() }
    open func hide(_ sender: Any?) { fatalError() }
    open func orderFrontStandardAboutPanel(_ sender: Any?) { fatalError() }
    open func orderFrontStandardAboutPanel(options optionsDictionary: [NSApplication.AboutPanelOptionKey: Any] = [:]) {
        fatalError()
    }
    open func requestUserAttention(_ requestType: NSApplication.RequestUserAttentionType) -> Int { fatalError() }
    open func reply(toApplicationShouldTerminate shouldTerminate: Bool) { fatalError() }
    open func presentError(_ error: any Error) -> Bool { fatalError() }
    open func setActivationPolicy(_ activationPolicy: NSApplication.ActivationPolicy) -> Bool { fatalError() }

    public enum TerminateReply: UInt, Sendable {
        case terminateCancel = 0
        case terminateNow = 1
        case terminateLater = 2
    }

    public enum RequestUserAttentionType: UInt, Sendable {
        case criticalRequest = 0
        case informationalRequest = 10
    }

    public enum ActivationPolicy: Int, Sendable {
        case regular = 0
        case accessory = 1
        case prohibited = 2
    }

    public struct AboutPanelOptionKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let credits = AboutPanelOptionKey(rawValue: "Credits")
        public static let applicationName = AboutPanelOptionKey(rawValue: "ApplicationName")
        public static let applicationVersion = AboutPanelOptionKey(rawValue: "ApplicationVersion")
        public static let version = AboutPanelOptionKey(rawValue: "Version")
    }

    public struct ModalResponse: RawRepresentable, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let OK = ModalResponse(rawValue: 1)
        public static let cancel = ModalResponse(rawValue: 0)
        public static let stop = ModalResponse(rawValue: -1000)
        public static let abort = ModalResponse(rawValue: -1001)
        public static let `continue` = ModalResponse(rawValue: -1002)
        public static let alertFirstButtonReturn = ModalResponse(rawValue: 1000)
        public static let alertSecondButtonReturn = ModalResponse(rawValue: 1001)
        public static let alertThirdButtonReturn = ModalResponse(rawValue: 1002)
    }
}

/// The global application object.
@MainActor public var NSApp: NSApplication! { fatalError() }

/// A set of methods that manage your app's life cycle and its interaction with common system services.
// typecheck-app: objc-optional
@MainActor
public protocol NSApplicationDelegate: NSObjectProtocol {
    func applicationWillFinishLaunching(_ notification: Notification)
    func applicationDidFinishLaunching(_ notification: Notification)
    func applicationWillTerminate(_ notification: Notification)
    func applicationDidBecomeActive(_ notification: Notification)
    func applicationWillResignActive(_ notification: Notification)
    func applicationShouldTerminate(_ sender: NSApplication) -> NSApplication.TerminateReply
    func applicationShouldTerminateAfterLastWindowClosed(_ sender: NSApplication) -> Bool
    func applicationShouldOpenUntitledFile(_ sender: NSApplication) -> Bool
    func applicationOpenUntitledFile(_ sender: NSApplication) -> Bool
    func applicationShouldHandleReopen(_ sender: NSApplication, hasVisibleWindows flag: Bool) -> Bool
    func application(_ application: NSApplication, open urls: [URL])
    func application(_ sender: NSApplication, openFile filename: String) -> Bool
    func applicationSupportsSecureRestorableState(_ app: NSApplication) -> Bool
    func applicationDockMenu(_ sender: NSApplication) -> NSMenu?
}

extension NSApplicationDelegate {
    public func applicationWillFinishLaunching(_ notification: Notification) {}
    public func applicationDidFinishLaunching(_ notification: Notification) {}
    public func applicationWillTerminate(_ notification: Notification) {}
    public func applicationDidBecomeActive(_ notification: Notification) {}
    public func applicationWillResignActive(_ notification: Notification) {}
    public func applicationShouldTerminate(_ sender: NSApplication) -> NSApplication.TerminateReply { fatalError() }
    public func applicationShouldTerminateAfterLastWindowClosed(_ sender: NSApplication) -> Bool { fatalError() }
    public func applicationShouldOpenUntitledFile(_ sender: NSApplication) -> Bool { fatalError() }
    public func applicationOpenUntitledFile(_ sender: NSApplication) -> Bool { fatalError() }
    public func applicationShouldHandleReopen(_ sender: NSApplication, hasVisibleWindows flag: Bool) -> Bool {
        fatalError()
    }
    public func application(_ application: NSApplication, open urls: [URL]) {}
    public func application(_ sender: NSApplication, openFile filename: String) -> Bool { fatalError() }
    public func applicationSupportsSecureRestorableState(_ app: NSApplication) -> Bool { fatalError() }
    public func applicationDockMenu(_ sender: NSApplication) -> NSMenu? { fatalError() }
}

extension NSApplication {
    nonisolated public static let didFinishLaunchingNotification =
        Notification.Name("NSApplicationDidFinishLaunchingNotification")
    nonisolated public static let willTerminateNotification =
        Notification.Name("NSApplicationWillTerminateNotification")
    nonisolated public static let didBecomeActiveNotification =
        Notification.Name("NSApplicationDidBecomeActiveNotification")
    nonisolated public static let didResignActiveNotification =
        Notification.Name("NSApplicationDidResignActiveNotification")
}

/// An object that manages an app's menus.
@MainActor
open class NSMenu: NSObject {
    public init(title: String) { fatalError() }
    open var title: String {
        get { fatalError() }
        set { fatalError() }
    }
    open var items: [NSMenuItem] {
        get { fatalError() }
        set { fatalError() }
    }
    open func addItem(_ newItem: NSMenuItem) { fatalError() }
    open func removeAllItems() { fatalError() }
}

/// A command item in an app menu.
@MainActor
open class NSMenuItem: NSObject {
    open class func separator() -> NSMenuItem { fatalError() }
    open var title: String {
        get { fatalError() }
        set { fatalError() }
    }
    open var isEnabled: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    open var submenu: NSMenu? {
        get { fatalError() }
        set { fatalError() }
    }
    open var representedObject: Any? {
        get { fatalError() }
        set { fatalError() }
    }
}

/// Plays the system alert sound.
public func NSBeep() { fatalError() }
