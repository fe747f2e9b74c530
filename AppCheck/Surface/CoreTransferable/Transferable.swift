// Declaration-only surface of Apple's CoreTransferable framework, for type-checking the Mac app
// on Linux (scripts/typecheck-app). Written by this project from Apple's public documentation;
// it is NOT Apple's SDK and holds no code of it. Bodies are stubs, never run.

@_exported import MacFoundation
import UniformTypeIdentifiers

/// A type that describes how it is transferred (drag and drop, copy and paste, sharing).
@preconcurrency
public protocol Transferable: Sendable {
    associatedtype Representation: TransferRepresentation
    @TransferRepresentationBuilder<Self> static var transferRepresentation: Self.Representation { get }
}

/// A declarative description of how an item is transferred.
public protocol TransferRepresentation<Item>: Sendable {
    associatedtype Item: Transferable
    associatedtype Body: TransferRepresentation
    @TransferRepresentationBuilder<Self.Item> var body: Self.Body { get }
}

extension Never: Transferable {
    public static var transferRepresentation: Never { fatalError() }
}

extension Never: TransferRepresentation {
    public typealias Item = Never
    public typealias Body = Never
}

extension Never {
    /// Never is the body of every primitive type of the frameworks (representations, views, scenes…).
    public var body: Never { fatalError() }
}

extension TransferRepresentation where Body == Never {
    /// Primitive representations have no body.
    public var body: Never { fatalError() }
}

/// Builds a transfer representation from one or more representations.
@resultBuilder
public struct TransferRepresentationBuilder<Item: Transferable> {
    public static func buildExpression<Content: TransferRepresentation>(_ content: Content) -> Content
    where Content.Item == Item { fatalError() }
    public static func buildBlock<Content: TransferRepresentation>(_ content: Content) -> Content
    where Content.Item == Item { fatalError() }
    public static func buildBlock<each Content: TransferRepresentation>(
        _ content: repeat each Content
    ) -> TupleTransferRepresentation<Item, (repeat each Content)> { fatalError() }
    public static func buildLimitedAvailability<Content: TransferRepresentation>(
        _ content: Content
    )
        -> some TransferRepresentation<Item> where Content.Item == Item
    { content }
}

/// Several representations of one item, in order of preference.
public struct TupleTransferRepresentation<Item: Transferable, Value>: TransferRepresentation, @unchecked Sendable {
    public typealias Body = Never
}

/// A representation for items that transfer as binary data.
public struct DataRepresentation<Item: Transferable>: TransferRepresentation {
    public init(
        contentType: UTType, exporting: @escaping @Sendable (Item) async throws -> Data,
        importing: @escaping @Sendable (Data) async throws -> Item
    ) { fatalError() }
    public init(exportedContentType: UTType, exporting: @escaping @Sendable (Item) async throws -> Data) {
        fatalError()
    }
    public init(importedContentType: UTType, importing: @escaping @Sendable (Data) async throws -> Item) {
        fatalError()
    }
    public typealias Body = Never
}

/// A representation for items that transfer as a file.
public struct FileRepresentation<Item: Transferable>: TransferRepresentation {
    public init(
        contentType: UTType, shouldAttemptToOpenInPlace: Bool = false,
        exporting: @escaping @Sendable (Item) async throws -> SentTransferredFile,
        importing: @escaping @Sendable (ReceivedTransferredFile) async throws -> Item
    ) { fatalError() }
    public init(
        exportedContentType: UTType, shouldAllowToOpenInPlace: Bool = false,
        exporting: @escaping @Sendable (Item) async throws -> SentTransferredFile
    ) { fatalError() }
    public init(
        importedContentType: UTType, shouldAttemptToOpenInPlace: Bool = false,
        importing: @escaping @Sendable (ReceivedTransferredFile) async throws -> Item
    ) { fatalError() }
    public typealias Body = Never
}

/// A representation that uses Codable and a content type.
public struct CodableRepresentation<Item: Transferable & Codable>: TransferRepresentation {
    public init(contentType: UTType) { fatalError() }
    public init(for itemType: Item.Type = Item.self, contentType: UTType) { fatalError() }
    public typealias Body = Never
}

/// A representation that transfers an item through another transferable value.
public struct ProxyRepresentation<Item: Transferable, ProxyRepresentation: Transferable>: TransferRepresentation {
    public init(exporting: @escaping @Sendable (Item) throws -> ProxyRepresentation) { fatalError() }
    public init(
        exporting: @escaping @Sendable (Item) throws -> ProxyRepresentation,
        importing: @escaping @Sendable (ProxyRepresentation) throws -> Item
    ) { fatalError() }
    public init(importing: @escaping @Sendable (ProxyRepresentation) throws -> Item) { fatalError() }
    public typealias Body = Never
}

/// A file the sender provides.
public struct SentTransferredFile: Sendable {
    public var file: URL
    public var allowAccessingOriginalFile: Bool
    public init(_ file: URL, allowAccessingOriginalFile: Bool = false) { fatalError() }
}

/// A file the receiver gets.
public struct ReceivedTransferredFile: Sendable {
    public let file: URL
    public let isOriginalFile: Bool
}

/// Which processes may see a representation.
public struct TransferRepresentationVisibility: Sendable {
    public static let all = TransferRepresentationVisibility()
    public static let team = TransferRepresentationVisibility()
    public static let group = TransferRepresentationVisibility()
    public static let ownProcess = TransferRepresentationVisibility()
    init() {}
}

extension TransferRepresentation {
    public func suggestedFileName(_ fileName: String) -> some TransferRepresentation<Item> { self }
    public func suggestedFileName(
        _ fileName: @escaping @Sendable (Item) -> String?
    )
        -> some TransferRepresentation<Item>
    { self }
    public func exportingCondition(
        _ condition: @escaping @Sendable (Item) -> Bool
    )
        -> some TransferRepresentation<Item>
    { self }
    public func visibility(_ visibility: TransferRepresentationVisibility) -> some TransferRepresentation<Item> {
        self
    }
}

// Foundation types the framework makes transferable.
extension String: Transferable {}

extension String {
    public static var transferRepresentation: DataRepresentation<String> { fatalError() }
}

extension Data: Transferable {}

extension Data {
    public static var transferRepresentation: DataRepresentation<Data> { fatalError() }
}

extension URL: Transferable {}

extension URL {
    public static var transferRepresentation: DataRepresentation<URL> { fatalError() }
}

extension AttributedString: Transferable {}

extension AttributedString {
    public static var transferRepresentation: DataRepresentation<AttributedString> { fatalError() }
}

extension Transferable {
    /// Exports the value as data of `contentType` (the first matching representation).
    public func exported(as contentType: UTType?) async throws -> Data { fatalError() }
    public init(importing data: Data, contentType: UTType?) async throws { fatalError() }
    public init(importing file: URL, contentType: UTType?) async throws { fatalError() }
    public func export(to destinationDirectory: URL, contentType: UTType?) async throws -> URL { fatalError() }
}

extension NSItemProvider {
    public func loadTransferable<T: Transferable>(
        type transferableType: T.Type, completionHandler: @escaping @Sendable (Result<T, any Error>) -> Void
    ) -> Progress { fatalError() }
    public func register<T: Transferable>(_ transferable: @autoclosure @escaping @Sendable () -> T) { fatalError() }
}
