// Declaration-only surface of Apple's AppKit framework (the part a SwiftUI document app uses),
// for type-checking the Mac app on Linux (scripts/typecheck-app). Written by this project from
// Apple's public documentation; it is NOT Apple's SDK and holds no code of it. Bodies are stubs.

/// A high-level interface for manipulating image data.
open class NSImage: NSObject, @unchecked Sendable {
    public init(size: NSSize) { fatalError() }
    public init?(contentsOf url: URL) { fatalError() }
    public init?(contentsOfFile fileName: String) { fatalError() }
    public init?(data: Data) { fatalError() }
    public init?(named name: NSImage.Name) { fatalError() }
    public init?(systemSymbolName symbolName: String, accessibilityDescription description: String?) { fatalError() }
    open var size: NSSize {
        get { fatalError() }
        set { fatalError() }
    }
    open var isTemplate: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    open var tiffRepresentation: Data? { fatalError() }
    public typealias Name = String
}

extension NSImage: NSItemProviderWriting, NSItemProviderReading {}

/// An object that stores color data and sometimes opacity.
open class NSColor: NSObject, @unchecked Sendable {
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { fatalError() }
    public init(white: CGFloat, alpha: CGFloat) { fatalError() }
    open class var labelColor: NSColor { fatalError() }
    open class var secondaryLabelColor: NSColor { fatalError() }
    open class var tertiaryLabelColor: NSColor { fatalError() }
    open class var textColor: NSColor { fatalError() }
    open class var textBackgroundColor: NSColor { fatalError() }
    open class var windowBackgroundColor: NSColor { fatalError() }
    open class var controlBackgroundColor: NSColor { fatalError() }
    open class var selectedTextBackgroundColor: NSColor { fatalError() }
    open class var separatorColor: NSColor { fatalError() }
    open class var controlAccentColor: NSColor { fatalError() }
    open class var systemRed: NSColor { fatalError() }
    open class var systemOrange: NSColor { fatalError() }
    open class var systemYellow: NSColor { fatalError() }
    open class var systemGreen: NSColor { fatalError() }
    open class var systemBlue: NSColor { fatalError() }
    open class var systemPurple: NSColor { fatalError() }
    open class var systemGray: NSColor { fatalError() }
    open class var clear: NSColor { fatalError() }
    open class var black: NSColor { fatalError() }
    open class var white: NSColor { fatalError() }
    open func withAlphaComponent(_ alpha: CGFloat) -> NSColor { fatalError() }
}

/// The representation of a font in an app.
open class NSFont: NSObject, @unchecked Sendable {
    public init?(name fontName: String, size fontSize: CGFloat) { fatalError() }
    open class func systemFont(ofSize fontSize: CGFloat) -> NSFont { fatalError() }
    open class func systemFont(ofSize fontSize: CGFloat, weight: NSFont.Weight) -> NSFont { fatalError() }
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> NSFont { fatalError() }
    open class func monospacedSystemFont(ofSize fontSize: CGFloat, weight: NSFont.Weight) -> NSFont { fatalError() }
    open class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: NSFont.Weight) -> NSFont {
        fatalError()
    }
    open class var systemFontSize: CGFloat { fatalError() }
    open class var smallSystemFontSize: CGFloat { fatalError() }
    open var pointSize: CGFloat { fatalError() }
    open var fontName: String { fatalError() }

    public struct Weight: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        public static let ultraLight = Weight(rawValue: -0.8)
        public static let thin = Weight(rawValue: -0.6)
        public static let light = Weight(rawValue: -0.4)
        public static let regular = Weight(rawValue: 0)
        public static let medium = Weight(rawValue: 0.23)
        public static let semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4)
        public static let heavy = Weight(rawValue: 0.56)
        public static let black = Weight(rawValue: 0.62)
    }
}

/// A view that displays a scrollable portion of a document view.
@MainActor
open class NSScrollView: NSView {
    open var documentView: NSView? {
        get { fatalError() }
        set { fatalError() }
    }
    open var hasVerticalScroller: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    open var hasHorizontalScroller: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    open var autohidesScrollers: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    open var drawsBackground: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    open var rulersVisible: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    open var hasVerticalRuler: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    open class func scrollableTextView() -> NSScrollView { fatalError() }
}

/// A view that draws text and handles user interactions with that text.
@MainActor
open class NSTextView: NSView {
    open var string: String {
        get { fatalError() }
        set { fatalError() }
    }
    open var isEditable: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    open var isSelectable: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    open var isRichText: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    open var font: NSFont? {
        get { fatalError() }
        set { fatalError() }
    }
    open var textColor: NSColor? {
        get { fatalError() }
        set { fatalError() }
    }
    open var backgroundColor: NSColor {
        get { fatalError() }
        set { fatalError() }
    }
    open var drawsBackground: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    open var usesFindBar: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    open var isIncrementalSearchingEnabled: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    open var isAutomaticQuoteSubstitutionEnabled: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    open var isAutomaticDashSubstitutionEnabled: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    open var isAutomaticSpellingCorrectionEnabled: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    open var textContainerInset: NSSize {
        get { fatalError() }
        set { fatalError() }
    }
    open var enclosingScrollView: NSScrollView? { fatalError() }
    open func scrollRangeToVisible(_ range: NSRange) { fatalError() }
    open func setSelectedRange(_ charRange: NSRange) { fatalError() }
    open func selectedRange() -> NSRange { fatalError() }
}
