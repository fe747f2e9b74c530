// Declaration-only surface of Apple's QuickLookUI framework (the preview-extension API), for
// type-checking a Quick Look extension on Linux (scripts/typecheck-app). Written by this project
// from Apple's public documentation; it is NOT Apple's SDK and holds no code of it. Stubs only.

@_exported import AppKit
import UniformTypeIdentifiers

/// A protocol for implementing a custom controller to create previews of files (macOS 10.15+).
/// As documented: `protocol QLPreviewingController : NSObjectProtocol`, not main-actor isolated;
/// its completion handlers are `@Sendable`. Its methods are optional in Objective-C; here they
/// have default implementations, and scripts/typecheck-app reports a method of a conforming type
/// that nearly matches one of them (the objc-optional marker below names the protocol to it).
// typecheck-app: objc-optional
public protocol QLPreviewingController: NSObjectProtocol {
    func preparePreviewOfFile(at url: URL, completionHandler handler: @escaping @Sendable ((any Error)?) -> Void)
    func preparePreviewOfFile(at url: URL) async throws
    func preparePreviewOfSearchableItem(
        identifier: String, queryString: String?,
        completionHandler handler: @escaping @Sendable ((any Error)?) -> Void)
    func providePreview(
        for request: QLFilePreviewRequest,
        completionHandler handler: @escaping @Sendable (QLPreviewReply?, (any Error)?) -> Void)
    func providePreview(for request: QLFilePreviewRequest) async throws -> QLPreviewReply
}

extension QLPreviewingController {
    public func preparePreviewOfFile(
        at url: URL,
        completionHandler handler: @escaping @Sendable ((any Error)?) -> Void
    ) {}
    public func preparePreviewOfFile(at url: URL) async throws {}
    public func preparePreviewOfSearchableItem(
        identifier: String, queryString: String?,
        completionHandler handler: @escaping @Sendable ((any Error)?) -> Void
    ) {}
    public func providePreview(
        for request: QLFilePreviewRequest,
        completionHandler handler:
            @escaping @Sendable (
                QLPreviewReply?,
                (any Error)?
            ) -> Void
    ) {}
    public func providePreview(for request: QLFilePreviewRequest) async throws -> QLPreviewReply { fatalError() }
}

/// An object that contains information about a file preview request.
open class QLFilePreviewRequest: NSObject {
    open var fileURL: URL { fatalError() }
}

/// A reply that contains the content of a data-based or file-based preview.
open class QLPreviewReply: NSObject {
    /// `convenience init(dataOfContentType:contentSize:createDataUsing:)` (macOS 12+).
    public convenience init(
        dataOfContentType contentType: UTType, contentSize: CGSize,
        createDataUsing closure: @escaping (QLPreviewReply) throws -> Data
    ) { fatalError() }
    public init(fileURL: URL) { fatalError() }
    open var stringEncoding: String.Encoding {
        get { fatalError() }
        set { fatalError() }
    }
    open var attachments: [String: QLPreviewReplyAttachment] {
        get { fatalError() }
        set { fatalError() }
    }
    open var title: String {
        get { fatalError() }
        set { fatalError() }
    }
}

/// An attachment (an image, a style sheet) an HTML preview refers to with a `cid:` URL.
open class QLPreviewReplyAttachment: NSObject {
    public init(data: Data, contentType: UTType) { fatalError() }
    open var data: Data { fatalError() }
    open var contentType: UTType { fatalError() }
}
