// Declaration-only surface of Apple's AppKit framework (the part a SwiftUI document app uses),
// for type-checking the Mac app on Linux (scripts/typecheck-app). Written by this project from
// Apple's public documentation; it is NOT Apple's SDK and holds no code of it. Bodies are stubs.

import UniformTypeIdentifiers

/// An object that transfers data to and from the pasteboard server.
open class NSPasteboard: NSObject {
    open class var general: NSPasteboard { fatalError() }
    public convenience init(name: NSPasteboard.Name) { fatalError() }
    open var name: NSPasteboard.Name { fatalError() }
    open var changeCount: Int { fatalError() }
    open var types: [NSPasteboard.PasteboardType]? { fatalError() }
    open var pasteboardItems: [NSPasteboardItem]? { fatalError() }

    @discardableResult
    open func clearContents() -> Int { fatalError() }
    open func declareTypes(_ newTypes: [NSPasteboard.PasteboardType], owner newOwner: Any?) -> Int { fatalError() }
    @discardableResult
    open func setString(_ string: String, forType dataType: NSPasteboard.PasteboardType) -> Bool { fatalError() }
    @discardableResult
    open func setData(_ data: Data?, forType dataType: NSPasteboard.PasteboardType) -> Bool { fatalError() }
    @discardableResult
    open func setPropertyList(_ plist: Any, forType dataType: NSPasteboard.PasteboardType) -> Bool { fatalError() }
    @discardableResult
    open func writeObjects(_ objects: [any NSPasteboardWriting]) -> Bool { fatalError() }
    open func string(forType dataType: NSPasteboard.PasteboardType) -> String? { fatalError() }
    open func data(forType dataType: NSPasteboard.PasteboardType) -> Data? { fatalError() }
    open func propertyList(forType dataType: NSPasteboard.PasteboardType) -> Any? { fatalError() }
    open func availableType(from types: [NSPasteboard.PasteboardType]) -> NSPasteboard.PasteboardType? {
        fatalError()
    }
    open func canReadItem(withDataConformingToTypes types: [String]) -> Bool { fatalError() }
    open func readObjects(
        forClasses classArray: [AnyClass], options: [NSPasteboard.ReadingOptionKey: Any]? = nil
    )
        -> [Any]?
    { fatalError() }

    public struct Name: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public static let general = Name(rawValue: "Apple CFPasteboard general")
        public static let find = Name(rawValue: "Apple CFPasteboard find")
        public static let drag = Name(rawValue: "Apple CFPasteboard drag")
    }

    /// A pasteboard data type.
    public struct PasteboardType: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public static let string = PasteboardType(rawValue: "public.utf8-plain-text")
        public static let URL = PasteboardType(rawValue: "public.url")
        public static let fileURL = PasteboardType(rawValue: "public.file-url")
        public static let html = PasteboardType(rawValue: "public.html")
        public static let pdf = PasteboardType(rawValue: "com.adobe.pdf")
        public static let png = PasteboardType(rawValue: "public.png")
        public static let tiff = PasteboardType(rawValue: "public.tiff")
        public static let rtf = PasteboardType(rawValue: "public.rtf")
        public static let rtfd = PasteboardType(rawValue: "com.apple.flat-rtfd")
        public static let tabularText = PasteboardType(rawValue: "public.utf8-tab-separated-values-text")
        public static let fileContents = PasteboardType(rawValue: "com.apple.pasteboard.fileContents")
        public static let color = PasteboardType(rawValue: "com.apple.cocoa.pasteboard.color")
        public static let sound = PasteboardType(rawValue: "com.apple.cocoa.pasteboard.sound")
        public static let font = PasteboardType(rawValue: "com.apple.cocoa.pasteboard.character-formatting")
        public static let ruler = PasteboardType(rawValue: "com.apple.cocoa.pasteboard.paragraph-formatting")
        public static let textFinderOptions =
            PasteboardType(rawValue: "com.apple.cocoa.pasteboard.find-panel-search-options")
        public static let multipleTextSelection =
            PasteboardType(rawValue: "com.apple.cocoa.pasteboard.multiple-text-selection")
        public init(utType: UTType) { fatalError() }
    }

    public struct ReadingOptionKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let urlReadingFileURLsOnly = ReadingOptionKey(rawValue: "NSPasteboardURLReadingFileURLsOnlyKey")
        public static let urlReadingContentsConformToTypes =
            ReadingOptionKey(rawValue: "NSPasteboardURLReadingContentsConformToTypesKey")
    }
}

/// An item on a pasteboard.
open class NSPasteboardItem: NSObject, NSPasteboardWriting {
    public override init() { fatalError() }
    open var types: [NSPasteboard.PasteboardType] { fatalError() }
    @discardableResult
    open func setString(_ string: String, forType type: NSPasteboard.PasteboardType) -> Bool { fatalError() }
    @discardableResult
    open func setData(_ data: Data, forType type: NSPasteboard.PasteboardType) -> Bool { fatalError() }
    open func string(forType type: NSPasteboard.PasteboardType) -> String? { fatalError() }
    open func data(forType type: NSPasteboard.PasteboardType) -> Data? { fatalError() }
}

/// A type whose values can be written to a pasteboard (NSString, NSURL, NSImage, NSPasteboardItem…).
public protocol NSPasteboardWriting: NSObjectProtocol {}

extension NSString: NSPasteboardWriting {}
extension NSURL: NSPasteboardWriting {}

/// An object that can launch other apps and perform a variety of file-handling services.
open class NSWorkspace: NSObject {
    open class var shared: NSWorkspace { fatalError() }

    @discardableResult
    open func open(_ url: URL) -> Bool { fatalError() }
    open func open(
        _ url: URL, configuration: NSWorkspace.OpenConfiguration,
        completionHandler: (@Sendable (NSRunningApplication?, (any Error)?) -> Void)? = nil
    ) { fatalError() }
    open func open(
        _ urls: [URL], withApplicationAt applicationURL: URL, configuration: NSWorkspace.OpenConfiguration,
        completionHandler: (@Sendable (NSRunningApplication?, (any Error)?) -> Void)? = nil
    ) { fatalError() }
    open func openApplication(
        at applicationURL: URL, configuration: NSWorkspace.OpenConfiguration,
        completionHandler: (@Sendable (NSRunningApplication?, (any Error)?) -> Void)? = nil
    ) { fatalError() }
    open func activateFileViewerSelecting(_ fileURLs: [URL]) { fatalError() }
    @discardableResult
    open func selectFile(_ fullPath: String?, inFileViewerRootedAtPath rootFullPath: String) -> Bool { fatalError() }
    open func urlForApplication(withBundleIdentifier bundleIdentifier: String) -> URL? { fatalError() }
    open func urlForApplication(toOpen url: URL) -> URL? { fatalError() }
    open func urlForApplication(toOpen contentType: UTType) -> URL? { fatalError() }
    open func icon(forFile fullPath: String) -> NSImage { fatalError() }
    open func icon(for contentType: UTType) -> NSImage { fatalError() }
    open func isFilePackage(atPath fullPath: String) -> Bool { fatalError() }
    open func recycle(_ URLs: [URL], completionHandler handler: (@Sendable ([URL: URL], (any Error)?) -> Void)? = nil) {
        fatalError()
    }
    open var runningApplications: [NSRunningApplication] { fatalError() }
    open var frontmostApplication: NSRunningApplication? { fatalError() }

    /// Options for opening URLs and applications.
    open class OpenConfiguration: NSObject {
        public override init() { fatalError() }
        open var activates: Bool {
            get { fatalError() }
            set { fatalError() }
        }
        open var promptsUserIfNeeded: Bool {
            get { fatalError() }
            set { fatalError() }
        }
        open var addsToRecentItems: Bool {
            get { fatalError() }
            set { fatalError() }
        }
        open var arguments: [String] {
            get { fatalError() }
            set { fatalError() }
        }
        open var environment: [String: String] {
            get { fatalError() }
            set { fatalError() }
        }
        open var createsNewApplicationInstance: Bool {
            get { fatalError() }
            set { fatalError() }
        }
    }
}

/// An object that can manipulate and provide information for a single instance of an app.
open class NSRunningApplication: NSObject {
    open class var current: NSRunningApplication { fatalError() }
    open var bundleIdentifier: String? { fatalError() }
    open var localizedName: String? { fatalError() }
    open var bundleURL: URL? { fatalError() }
    open var executableURL: URL? { fatalError() }
    open var processIdentifier: Int32 { fatalError() }
    open var isActive: Bool { fatalError() }
    open var isTerminated: Bool { fatalError() }
    @discardableResult
    open func terminate() -> Bool { fatalError() }
    open class func runningApplications(withBundleIdentifier bundleIdentifier: String) -> [NSRunningApplication] {
        fatalError()
    }
}
