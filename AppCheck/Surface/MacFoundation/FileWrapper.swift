// Declaration-only surface of Apple Foundation API that swift-corelibs-foundation lacks on Linux,
// for type-checking the Mac app (scripts/typecheck-app). Written by this project from Apple's
// public documentation; it is NOT Apple's SDK and holds no code of it. Bodies are stubs, never run.

@_exported import Foundation

/// A representation of a node (a file, directory, or symbolic link) in the file system.
open class FileWrapper: NSObject, NSSecureCoding {
    public struct ReadingOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let immediate = ReadingOptions(rawValue: 1 << 0)
        public static let withoutMapping = ReadingOptions(rawValue: 1 << 1)
    }

    public struct WritingOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let atomic = WritingOptions(rawValue: 1 << 0)
        public static let withNameUpdating = WritingOptions(rawValue: 1 << 1)
    }

    public init(url: URL, options: FileWrapper.ReadingOptions = []) throws { fatalError() }
    public init(directoryWithFileWrappers childrenByPreferredName: [String: FileWrapper]) { fatalError() }
    public init(regularFileWithContents contents: Data) { fatalError() }
    public init(symbolicLinkWithDestinationURL url: URL) { fatalError() }
    public init?(serializedRepresentation serializeRepresentation: Data) { fatalError() }
    public required init?(coder inCoder: NSCoder) { fatalError() }

    public static var supportsSecureCoding: Bool { fatalError() }
    public func encode(with coder: NSCoder) { fatalError() }

    open var isDirectory: Bool { fatalError() }
    open var isRegularFile: Bool { fatalError() }
    open var isSymbolicLink: Bool { fatalError() }
    open var preferredFilename: String? {
        get { fatalError() }
        set { fatalError() }
    }
    open var filename: String? {
        get { fatalError() }
        set { fatalError() }
    }
    open var fileAttributes: [String: Any] {
        get { fatalError() }
        set { fatalError() }
    }

    open func matchesContents(of url: URL) -> Bool { fatalError() }
    open func read(from url: URL, options: FileWrapper.ReadingOptions = []) throws { fatalError() }
    open func write(to url: URL, options: FileWrapper.WritingOptions = [], originalContentsURL: URL?) throws {
        fatalError()
    }

    open var serializedRepresentation: Data? { fatalError() }
    open func addFileWrapper(_ child: FileWrapper) -> String { fatalError() }
    open func addRegularFile(withContents data: Data, preferredFilename fileName: String) -> String { fatalError() }
    open func removeFileWrapper(_ child: FileWrapper) { fatalError() }
    open var fileWrappers: [String: FileWrapper]? { fatalError() }
    open func keyForChildFileWrapper(_ child: FileWrapper) -> String? { fatalError() }
    open var regularFileContents: Data? { fatalError() }
    open var symbolicLinkDestinationURL: URL? { fatalError() }
}
