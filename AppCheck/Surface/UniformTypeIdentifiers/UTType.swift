// Declaration-only surface of Apple's UniformTypeIdentifiers framework, for type-checking the Mac
// app on Linux (scripts/typecheck-app). Written by this project from Apple's public documentation;
// it is NOT Apple's SDK and holds no code of it. Bodies are stubs, never run.

@_exported import MacFoundation

/// A structure that represents a type of data to load, send, or receive.
public struct UTType: Hashable, Sendable, Codable, CustomStringConvertible, CustomDebugStringConvertible {
    public init?(_ identifier: String) { fatalError() }
    public init(importedAs identifier: String, conformingTo parentType: UTType? = nil) { fatalError() }
    public init(exportedAs identifier: String, conformingTo parentType: UTType? = nil) { fatalError() }
    public init?(filenameExtension: String) { fatalError() }
    public init?(filenameExtension: String, conformingTo supertype: UTType) { fatalError() }
    public init?(mimeType: String, conformingTo supertype: UTType = .data) { fatalError() }
    public init?(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) { fatalError() }
    public static func types(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) -> [UTType] {
        fatalError()
    }
    public init(from decoder: any Decoder) throws { fatalError() }
    public func encode(to encoder: any Encoder) throws { fatalError() }

    public var identifier: String { fatalError() }
    public var preferredFilenameExtension: String? { fatalError() }
    public var preferredMIMEType: String? { fatalError() }
    public var localizedDescription: String? { fatalError() }
    public var version: Int? { fatalError() }
    public var referenceURL: URL? { fatalError() }
    public var isDynamic: Bool { fatalError() }
    public var isDeclared: Bool { fatalError() }
    public var isPublic: Bool { fatalError() }
    public var tags: [UTTagClass: [String]] { fatalError() }
    public var supertypes: Set<UTType> { fatalError() }
    public var description: String { fatalError() }
    public var debugDescription: String { fatalError() }

    public func conforms(to type: UTType) -> Bool { fatalError() }
    public func isSupertype(of type: UTType) -> Bool { fatalError() }
    public func isSubtype(of type: UTType) -> Bool { fatalError() }
}

/// A tag class (filename extension, MIME type).
public struct UTTagClass: RawRepresentable, Hashable, Sendable, Codable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static var filenameExtension: UTTagClass { fatalError() }
    public static var mimeType: UTTagClass { fatalError() }
}

// The system-declared types.
extension UTType {
    public static var item: UTType { fatalError() }
    public static var content: UTType { fatalError() }
    public static var compositeContent: UTType { fatalError() }
    public static var diskImage: UTType { fatalError() }
    public static var data: UTType { fatalError() }
    public static var directory: UTType { fatalError() }
    public static var resolvable: UTType { fatalError() }
    public static var symbolicLink: UTType { fatalError() }
    public static var executable: UTType { fatalError() }
    public static var mountPoint: UTType { fatalError() }
    public static var aliasFile: UTType { fatalError() }
    public static var urlBookmarkData: UTType { fatalError() }
    public static var url: UTType { fatalError() }
    public static var fileURL: UTType { fatalError() }
    public static var text: UTType { fatalError() }
    public static var plainText: UTType { fatalError() }
    public static var utf8PlainText: UTType { fatalError() }
    public static var utf16ExternalPlainText: UTType { fatalError() }
    public static var utf16PlainText: UTType { fatalError() }
    public static var delimitedText: UTType { fatalError() }
    public static var commaSeparatedText: UTType { fatalError() }
    public static var tabSeparatedText: UTType { fatalError() }
    public static var utf8TabSeparatedText: UTType { fatalError() }
    public static var rtf: UTType { fatalError() }
    public static var html: UTType { fatalError() }
    public static var xml: UTType { fatalError() }
    public static var yaml: UTType { fatalError() }
    public static var sourceCode: UTType { fatalError() }
    public static var swiftSource: UTType { fatalError() }
    public static var cSource: UTType { fatalError() }
    public static var cHeader: UTType { fatalError() }
    public static var script: UTType { fatalError() }
    public static var shellScript: UTType { fatalError() }
    public static var pythonScript: UTType { fatalError() }
    public static var javaScript: UTType { fatalError() }
    public static var json: UTType { fatalError() }
    public static var propertyList: UTType { fatalError() }
    public static var xmlPropertyList: UTType { fatalError() }
    public static var binaryPropertyList: UTType { fatalError() }
    public static var pdf: UTType { fatalError() }
    public static var rtfd: UTType { fatalError() }
    public static var flatRTFD: UTType { fatalError() }
    public static var webArchive: UTType { fatalError() }
    public static var image: UTType { fatalError() }
    public static var jpeg: UTType { fatalError() }
    public static var tiff: UTType { fatalError() }
    public static var gif: UTType { fatalError() }
    public static var png: UTType { fatalError() }
    public static var icns: UTType { fatalError() }
    public static var svg: UTType { fatalError() }
    public static var heic: UTType { fatalError() }
    public static var movie: UTType { fatalError() }
    public static var audio: UTType { fatalError() }
    public static var folder: UTType { fatalError() }
    public static var volume: UTType { fatalError() }
    public static var package: UTType { fatalError() }
    public static var bundle: UTType { fatalError() }
    public static var pluginBundle: UTType { fatalError() }
    public static var framework: UTType { fatalError() }
    public static var application: UTType { fatalError() }
    public static var applicationBundle: UTType { fatalError() }
    public static var applicationExtension: UTType { fatalError() }
    public static var unixExecutable: UTType { fatalError() }
    public static var archive: UTType { fatalError() }
    public static var gzip: UTType { fatalError() }
    public static var bz2: UTType { fatalError() }
    public static var zip: UTType { fatalError() }
    public static var appleArchive: UTType { fatalError() }
    public static var tarArchive: UTType { fatalError() }
    public static var spreadsheet: UTType { fatalError() }
    public static var database: UTType { fatalError() }
    public static var message: UTType { fatalError() }
    public static var emailMessage: UTType { fatalError() }
    public static var internetLocation: UTType { fatalError() }
    public static var internetShortcut: UTType { fatalError() }
    public static var font: UTType { fatalError() }
    public static var bookmark: UTType { fatalError() }
    public static var pkcs12: UTType { fatalError() }
    public static var x509Certificate: UTType { fatalError() }
    public static var log: UTType { fatalError() }
}

// NSItemProvider's content-type API is declared by this framework.
extension NSItemProvider {
    public convenience init(
        contentsOf fileURL: URL, contentType: UTType?, openInPlace: Bool = false, coordinated: Bool = false,
        visibility: NSItemProviderRepresentationVisibility = .all
    ) { fatalError() }

    public var registeredContentTypes: [UTType] { fatalError() }
    public var registeredContentTypesForOpenInPlace: [UTType] { fatalError() }
    public func registeredContentTypes(conformingTo contentType: UTType) -> [UTType] { fatalError() }
    public func hasItemConformingTo(_ contentType: UTType) -> Bool { fatalError() }

    public func loadDataRepresentation(
        for contentType: UTType, completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void
    ) -> Progress { fatalError() }

    public func loadFileRepresentation(
        for contentType: UTType, openInPlace: Bool = false,
        completionHandler: @escaping @Sendable (URL?, Bool, (any Error)?) -> Void
    ) -> Progress { fatalError() }

    public func register(
        _ contentType: UTType, visibility: NSItemProviderRepresentationVisibility = .all,
        loadHandler: @escaping @Sendable (@escaping @Sendable (Data?, (any Error)?) -> Void) -> Progress?
    ) { fatalError() }
}
