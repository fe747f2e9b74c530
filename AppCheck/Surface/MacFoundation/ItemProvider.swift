// Declaration-only surface of Apple Foundation API that swift-corelibs-foundation lacks on Linux,
// for type-checking the Mac app (scripts/typecheck-app). Written by this project from Apple's
// public documentation; it is NOT Apple's SDK and holds no code of it. Bodies are stubs, never run.
// The UTType-based members of NSItemProvider are in the UniformTypeIdentifiers surface, and
// `loadTransferable(type:)` in CoreTransferable, as in Apple's frameworks.

/// Who may see a registered representation.
public enum NSItemProviderRepresentationVisibility: Int, Sendable {
    case all = 0
    case team = 1
    case group = 2
    case ownProcess = 3
}

/// A type whose values an item provider can write (NSString, NSURL, NSAttributedString, NSImage…).
/// Its requirements are not modelled: a custom conformance is checked only on a Mac.
public protocol NSItemProviderWriting: NSObjectProtocol {}

/// A type whose values an item provider can read.
public protocol NSItemProviderReading: NSObjectProtocol {}

extension NSString: NSItemProviderWriting, NSItemProviderReading {}
extension NSURL: NSItemProviderWriting, NSItemProviderReading {}
extension NSAttributedString: NSItemProviderWriting, NSItemProviderReading {}

/// An item provider for conveying data or a file between processes (drag and drop, copy and paste).
open class NSItemProvider: NSObject, NSCopying {
    public override init() { fatalError() }
    public init(item: (any NSSecureCoding)?, typeIdentifier: String?) { fatalError() }
    public convenience init?(contentsOf fileURL: URL!) { fatalError() }
    public convenience init(object: any NSItemProviderWriting) { fatalError() }
    open func registerObject(_ object: any NSItemProviderWriting, visibility: NSItemProviderRepresentationVisibility) {
        fatalError()
    }
    open func canLoadObject(ofClass aClass: any NSItemProviderReading.Type) -> Bool { fatalError() }
    open func loadObject(
        ofClass aClass: any NSItemProviderReading.Type,
        completionHandler: @escaping @Sendable ((any NSItemProviderReading)?, (any Error)?) -> Void
    ) -> Progress { fatalError() }

    open var registeredTypeIdentifiers: [String] { fatalError() }
    open func hasItemConformingToTypeIdentifier(_ typeIdentifier: String) -> Bool { fatalError() }
    open func hasRepresentationConforming(
        toTypeIdentifier typeIdentifier: String, fileOptions: Int = 0
    ) -> Bool { fatalError() }
    open var suggestedName: String? {
        get { fatalError() }
        set { fatalError() }
    }

    open func registerDataRepresentation(
        forTypeIdentifier typeIdentifier: String, visibility: NSItemProviderRepresentationVisibility,
        loadHandler: @escaping @Sendable (@escaping @Sendable (Data?, (any Error)?) -> Void) -> Progress?
    ) { fatalError() }

    open func loadDataRepresentation(
        forTypeIdentifier typeIdentifier: String,
        completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void
    ) -> Progress { fatalError() }

    open func loadFileRepresentation(
        forTypeIdentifier typeIdentifier: String,
        completionHandler: @escaping @Sendable (URL?, (any Error)?) -> Void
    ) -> Progress { fatalError() }

    open func loadInPlaceFileRepresentation(
        forTypeIdentifier typeIdentifier: String,
        completionHandler: @escaping @Sendable (URL?, Bool, (any Error)?) -> Void
    ) -> Progress { fatalError() }

    public func copy(with zone: NSZone? = nil) -> Any { fatalError() }
}
