// Declaration-only surface of Apple's UI-testing API (XCUIAutomation, re-exported by XCTest),
// for type-checking the Mac app's UI tests on Linux (scripts/typecheck-app). Written by this
// project from Apple's public documentation; it is NOT Apple's SDK and holds no code of it.
// The proxies are main-actor isolated, as documented since Xcode 16.

/// Attributes exposed by user interface elements.
@MainActor @preconcurrency
public protocol XCUIElementAttributes {
    var identifier: String { get }
    var frame: CGRect { get }
    var value: Any? { get }
    var placeholderValue: String? { get }
    var title: String { get }
    var label: String { get }
    var elementType: XCUIElement.ElementType { get }
    var isEnabled: Bool { get }
    var isSelected: Bool { get }
    var hasFocus: Bool { get }
}

/// Provides ready-made queries for finding elements of a type.
@MainActor @preconcurrency
public protocol XCUIElementTypeQueryProvider {
    var buttons: XCUIElementQuery { get }
    var staticTexts: XCUIElementQuery { get }
    var textFields: XCUIElementQuery { get }
    var secureTextFields: XCUIElementQuery { get }
    var textViews: XCUIElementQuery { get }
    var searchFields: XCUIElementQuery { get }
    var menus: XCUIElementQuery { get }
    var menuItems: XCUIElementQuery { get }
    var menuBars: XCUIElementQuery { get }
    var menuBarItems: XCUIElementQuery { get }
    var menuButtons: XCUIElementQuery { get }
    var toolbarButtons: XCUIElementQuery { get }
    var toolbars: XCUIElementQuery { get }
    var windows: XCUIElementQuery { get }
    var sheets: XCUIElementQuery { get }
    var dialogs: XCUIElementQuery { get }
    var alerts: XCUIElementQuery { get }
    var popovers: XCUIElementQuery { get }
    var groups: XCUIElementQuery { get }
    var tables: XCUIElementQuery { get }
    var tableRows: XCUIElementQuery { get }
    var tableColumns: XCUIElementQuery { get }
    var outlines: XCUIElementQuery { get }
    var outlineRows: XCUIElementQuery { get }
    var cells: XCUIElementQuery { get }
    var checkBoxes: XCUIElementQuery { get }
    var radioButtons: XCUIElementQuery { get }
    var radioGroups: XCUIElementQuery { get }
    var popUpButtons: XCUIElementQuery { get }
    var comboBoxes: XCUIElementQuery { get }
    var disclosureTriangles: XCUIElementQuery { get }
    var tabGroups: XCUIElementQuery { get }
    var tabs: XCUIElementQuery { get }
    var scrollViews: XCUIElementQuery { get }
    var scrollBars: XCUIElementQuery { get }
    var images: XCUIElementQuery { get }
    var icons: XCUIElementQuery { get }
    var links: XCUIElementQuery { get }
    var sliders: XCUIElementQuery { get }
    var steppers: XCUIElementQuery { get }
    var switches: XCUIElementQuery { get }
    var toggles: XCUIElementQuery { get }
    var segmentedControls: XCUIElementQuery { get }
    var progressIndicators: XCUIElementQuery { get }
    var activityIndicators: XCUIElementQuery { get }
    var splitGroups: XCUIElementQuery { get }
    var splitters: XCUIElementQuery { get }
    var collectionViews: XCUIElementQuery { get }
    var webViews: XCUIElementQuery { get }
    var otherElements: XCUIElementQuery { get }
    var statusItems: XCUIElementQuery { get }
    var datePickers: XCUIElementQuery { get }
    var colorWells: XCUIElementQuery { get }
    var helpTags: XCUIElementQuery { get }
    var grids: XCUIElementQuery { get }
}

extension XCUIElementTypeQueryProvider {
    public var buttons: XCUIElementQuery { fatalError() }
    public var staticTexts: XCUIElementQuery { fatalError() }
    public var textFields: XCUIElementQuery { fatalError() }
    public var secureTextFields: XCUIElementQuery { fatalError() }
    public var textViews: XCUIElementQuery { fatalError() }
    public var searchFields: XCUIElementQuery { fatalError() }
    public var menus: XCUIElementQuery { fatalError() }
    public var menuItems: XCUIElementQuery { fatalError() }
    public var menuBars: XCUIElementQuery { fatalError() }
    public var menuBarItems: XCUIElementQuery { fatalError() }
    public var menuButtons: XCUIElementQuery { fatalError() }
    public var toolbarButtons: XCUIElementQuery { fatalError() }
    public var toolbars: XCUIElementQuery { fatalError() }
    public var windows: XCUIElementQuery { fatalError() }
    public var sheets: XCUIElementQuery { fatalError() }
    public var dialogs: XCUIElementQuery { fatalError() }
    public var alerts: XCUIElementQuery { fatalError() }
    public var popovers: XCUIElementQuery { fatalError() }
    public var groups: XCUIElementQuery { fatalError() }
    public var tables: XCUIElementQuery { fatalError() }
    public var tableRows: XCUIElementQuery { fatalError() }
    public var tableColumns: XCUIElementQuery { fatalError() }
    public var outlines: XCUIElementQuery { fatalError() }
    public var outlineRows: XCUIElementQuery { fatalError() }
    public var cells: XCUIElementQuery { fatalError() }
    public var checkBoxes: XCUIElementQuery { fatalError() }
    public var radioButtons: XCUIElementQuery { fatalError() }
    public var radioGroups: XCUIElementQuery { fatalError() }
    public var popUpButtons: XCUIElementQuery { fatalError() }
    public var comboBoxes: XCUIElementQuery { fatalError() }
    public var disclosureTriangles: XCUIElementQuery { fatalError() }
    public var tabGroups: XCUIElementQuery { fatalError() }
    public var tabs: XCUIElementQuery { fatalError() }
    public var scrollViews: XCUIElementQuery { fatalError() }
    public var scrollBars: XCUIElementQuery { fatalError() }
    public var images: XCUIElementQuery { fatalError() }
    public var icons: XCUIElementQuery { fatalError() }
    public var links: XCUIElementQuery { fatalError() }
    public var sliders: XCUIElementQuery { fatalError() }
    public var steppers: XCUIElementQuery { fatalError() }
    public var switches: XCUIElementQuery { fatalError() }
    public var toggles: XCUIElementQuery { fatalError() }
    public var segmentedControls: XCUIElementQuery { fatalError() }
    public var progressIndicators: XCUIElementQuery { fatalError() }
    public var activityIndicators: XCUIElementQuery { fatalError() }
    public var splitGroups: XCUIElementQuery { fatalError() }
    public var splitters: XCUIElementQuery { fatalError() }
    public var collectionViews: XCUIElementQuery { fatalError() }
    public var webViews: XCUIElementQuery { fatalError() }
    public var otherElements: XCUIElementQuery { fatalError() }
    public var statusItems: XCUIElementQuery { fatalError() }
    public var datePickers: XCUIElementQuery { fatalError() }
    public var colorWells: XCUIElementQuery { fatalError() }
    public var helpTags: XCUIElementQuery { fatalError() }
    public var grids: XCUIElementQuery { fatalError() }
}

/// A UI element in an application.
@MainActor
open class XCUIElement: NSObject, XCUIElementAttributes, XCUIElementTypeQueryProvider {
    /// The type of a UI element.
    public enum ElementType: UInt, Sendable {
        case any = 0
        case other = 1
        case application = 2
        case group = 3
        case window = 4
        case sheet = 5
        case drawer = 6
        case alert = 7
        case dialog = 8
        case button = 9
        case radioButton = 10
        case radioGroup = 11
        case checkBox = 12
        case disclosureTriangle = 13
        case popUpButton = 14
        case comboBox = 15
        case menuButton = 16
        case toolbarButton = 17
        case popover = 18
        case keyboard = 19
        case key = 20
        case navigationBar = 21
        case tabBar = 22
        case tabGroup = 23
        case toolbar = 24
        case statusBar = 25
        case table = 26
        case tableRow = 27
        case tableColumn = 28
        case outline = 29
        case outlineRow = 30
        case browser = 31
        case collectionView = 32
        case slider = 33
        case pageIndicator = 34
        case progressIndicator = 35
        case activityIndicator = 36
        case segmentedControl = 37
        case picker = 38
        case pickerWheel = 39
        case `switch` = 40
        case toggle = 41
        case link = 42
        case image = 43
        case icon = 44
        case searchField = 45
        case scrollView = 46
        case scrollBar = 47
        case staticText = 48
        case textField = 49
        case secureTextField = 50
        case datePicker = 51
        case textView = 52
        case menu = 53
        case menuItem = 54
        case menuBar = 55
        case menuBarItem = 56
        case map = 57
        case webView = 58
        case incrementArrow = 59
        case decrementArrow = 60
        case timeline = 61
        case ratingIndicator = 62
        case valueIndicator = 63
        case splitGroup = 64
        case splitter = 65
        case relevanceIndicator = 66
        case colorWell = 67
        case helpTag = 68
        case matte = 69
        case dockItem = 70
        case ruler = 71
        case rulerMarker = 72
        case grid = 73
        case levelIndicator = 74
        case cell = 75
        case layoutArea = 76
        case layoutItem = 77
        case handle = 78
        case stepper = 79
        case tab = 80
        case touchBar = 81
        case statusItem = 82
    }

    /// Modifier keys for typing and clicking.
    public struct KeyModifierFlags: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let capsLock = KeyModifierFlags(rawValue: 1 << 0)
        public static let shift = KeyModifierFlags(rawValue: 1 << 1)
        public static let control = KeyModifierFlags(rawValue: 1 << 2)
        public static let option = KeyModifierFlags(rawValue: 1 << 3)
        public static let command = KeyModifierFlags(rawValue: 1 << 4)
        public static let function = KeyModifierFlags(rawValue: 1 << 5)
    }

    open var exists: Bool { fatalError() }
    open func waitForExistence(timeout: TimeInterval) -> Bool { fatalError() }
    open func waitForNonExistence(timeout: TimeInterval) -> Bool { fatalError() }
    open func wait<V: Equatable>(
        for keyPath: KeyPath<XCUIElement, V>, toEqual expectedValue: V,
        timeout: TimeInterval
    ) -> Bool { fatalError() }
    open var isHittable: Bool { fatalError() }
    open var firstMatch: XCUIElement { fatalError() }
    open override var debugDescription: String { fatalError() }
    open func descendants(matching type: XCUIElement.ElementType) -> XCUIElementQuery { fatalError() }
    open func children(matching type: XCUIElement.ElementType) -> XCUIElementQuery { fatalError() }
    open func coordinate(withNormalizedOffset normalizedOffset: CGVector) -> XCUICoordinate { fatalError() }
    open func screenshot() -> XCUIScreenshot { fatalError() }

    open func click() { fatalError() }
    open func doubleClick() { fatalError() }
    open func rightClick() { fatalError() }
    open func hover() { fatalError() }
    open func click(forDuration duration: TimeInterval, thenDragTo otherElement: XCUIElement) { fatalError() }
    open func typeText(_ text: String) { fatalError() }
    open func typeKey(_ key: String, modifierFlags flags: XCUIElement.KeyModifierFlags) { fatalError() }
    open func typeKey(_ key: XCUIKeyboardKey, modifierFlags flags: XCUIElement.KeyModifierFlags) { fatalError() }
    open func scroll(byDeltaX deltaX: CGFloat, deltaY: CGFloat) { fatalError() }
    open func adjust(toNormalizedSliderPosition normalizedSliderPosition: CGFloat) { fatalError() }
    open class func perform(withKeyModifiers flags: XCUIElement.KeyModifierFlags, block: () -> Void) { fatalError() }

    open var identifier: String { fatalError() }
    open var frame: CGRect { fatalError() }
    open var value: Any? { fatalError() }
    open var placeholderValue: String? { fatalError() }
    open var title: String { fatalError() }
    open var label: String { fatalError() }
    open var elementType: XCUIElement.ElementType { fatalError() }
    open var isEnabled: Bool { fatalError() }
    open var isSelected: Bool { fatalError() }
    open var hasFocus: Bool { fatalError() }
}

/// A query for locating UI elements.
@MainActor
open class XCUIElementQuery: NSObject, XCUIElementTypeQueryProvider {
    open var element: XCUIElement { fatalError() }
    open var count: Int { fatalError() }
    open var firstMatch: XCUIElement { fatalError() }
    open var allElementsBoundByIndex: [XCUIElement] { fatalError() }
    open override var debugDescription: String { fatalError() }
    open func element(boundBy index: Int) -> XCUIElement { fatalError() }
    open func element(matching predicate: NSPredicate) -> XCUIElement { fatalError() }
    open func element(matching elementType: XCUIElement.ElementType, identifier: String?) -> XCUIElement {
        fatalError()
    }
    open subscript(key: String) -> XCUIElement { fatalError() }
    open func descendants(matching type: XCUIElement.ElementType) -> XCUIElementQuery { fatalError() }
    open func children(matching type: XCUIElement.ElementType) -> XCUIElementQuery { fatalError() }
    open func matching(_ predicate: NSPredicate) -> XCUIElementQuery { fatalError() }
    open func matching(_ elementType: XCUIElement.ElementType, identifier: String?) -> XCUIElementQuery {
        fatalError()
    }
    open func matching(identifier: String) -> XCUIElementQuery { fatalError() }
    open func containing(_ predicate: NSPredicate) -> XCUIElementQuery { fatalError() }
    open func containing(_ elementType: XCUIElement.ElementType, identifier: String?) -> XCUIElementQuery {
        fatalError()
    }
}

/// A proxy that can launch, monitor, and terminate a test application.
@MainActor
open class XCUIApplication: XCUIElement {
    /// The application's state.
    public enum State: UInt, Sendable {
        case unknown = 0
        case notRunning = 1
        case runningBackgroundSuspended = 2
        case runningBackground = 3
        case runningForeground = 4
    }

    public override init() { fatalError() }
    public init(bundleIdentifier: String) { fatalError() }
    public init(url: URL) { fatalError() }
    open func launch() { fatalError() }
    open func activate() { fatalError() }
    open func terminate() { fatalError() }
    open func open(_ url: URL) { fatalError() }
    open var launchArguments: [String] {
        get { fatalError() }
        set { fatalError() }
    }
    open var launchEnvironment: [String: String] {
        get { fatalError() }
        set { fatalError() }
    }
    open var state: XCUIApplication.State { fatalError() }
    open func wait(for state: XCUIApplication.State, timeout: TimeInterval) -> Bool { fatalError() }
}

/// A location on screen relative to some UI element.
@MainActor
open class XCUICoordinate: NSObject {
    open var referencedElement: XCUIElement { fatalError() }
    open var screenPoint: CGPoint { fatalError() }
    open func withOffset(_ offsetVector: CGVector) -> XCUICoordinate { fatalError() }
    open func click() { fatalError() }
    open func doubleClick() { fatalError() }
    open func rightClick() { fatalError() }
    open func hover() { fatalError() }
    open func click(forDuration duration: TimeInterval, thenDragTo otherCoordinate: XCUICoordinate) { fatalError() }
}

/// A capture of the screen or of an element.
@MainActor
open class XCUIScreenshot: NSObject {
    open var pngRepresentation: Data { fatalError() }
}

/// The main screen.
@MainActor
open class XCUIScreen: NSObject {
    open class var main: XCUIScreen { fatalError() }
    open func screenshot() -> XCUIScreenshot { fatalError() }
}

/// A vector in two dimensions.
public struct CGVector: Equatable, Sendable {
    public var dx: CGFloat
    public var dy: CGFloat
    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }
}

/// Keys for `typeKey(_:modifierFlags:)`.
public struct XCUIKeyboardKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let delete = XCUIKeyboardKey(rawValue: "\u{8}")
    public static let `return` = XCUIKeyboardKey(rawValue: "\r")
    public static let enter = XCUIKeyboardKey(rawValue: "\u{3}")
    public static let tab = XCUIKeyboardKey(rawValue: "\t")
    public static let space = XCUIKeyboardKey(rawValue: " ")
    public static let escape = XCUIKeyboardKey(rawValue: "\u{1b}")
    public static let upArrow = XCUIKeyboardKey(rawValue: "\u{F700}")
    public static let downArrow = XCUIKeyboardKey(rawValue: "\u{F701}")
    public static let leftArrow = XCUIKeyboardKey(rawValue: "\u{F702}")
    public static let rightArrow = XCUIKeyboardKey(rawValue: "\u{F703}")
    public static let home = XCUIKeyboardKey(rawValue: "\u{F729}")
    public static let end = XCUIKeyboardKey(rawValue: "\u{F72B}")
    public static let pageUp = XCUIKeyboardKey(rawValue: "\u{F72C}")
    public static let pageDown = XCUIKeyboardKey(rawValue: "\u{F72D}")
}
