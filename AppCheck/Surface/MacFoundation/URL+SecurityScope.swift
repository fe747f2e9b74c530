// Declaration-only surface of Apple Foundation API that swift-corelibs-foundation lacks on Linux,
// for type-checking the Mac app (scripts/typecheck-app). Written by this project from Apple's
// public documentation; it is NOT Apple's SDK and holds no code of it. Bodies are stubs, never run.

extension URL {
    /// Options for creating bookmark data (`NSURL.BookmarkCreationOptions`).
    public struct BookmarkCreationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let minimalBookmark = BookmarkCreationOptions(rawValue: 1 << 9)
        public static let suitableForBookmarkFile = BookmarkCreationOptions(rawValue: 1 << 10)
        public static let withSecurityScope = BookmarkCreationOptions(rawValue: 1 << 11)
        public static let securityScopeAllowOnlyReadAccess = BookmarkCreationOptions(rawValue: 1 << 12)
        public static let withoutImplicitSecurityScope = BookmarkCreationOptions(rawValue: 1 << 29)
    }

    /// Options for resolving bookmark data (`NSURL.BookmarkResolutionOptions`).
    public struct BookmarkResolutionOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let withoutUI = BookmarkResolutionOptions(rawValue: 1 << 8)
        public static let withoutMounting = BookmarkResolutionOptions(rawValue: 1 << 9)
        public static let withSecurityScope = BookmarkResolutionOptions(rawValue: 1 << 10)
        public static let withoutImplicitStartAccessing = BookmarkResolutionOptions(rawValue: 1 << 15)
    }

    /// Bookmark data for this file URL.
    public func bookmarkData(
        options: URL.BookmarkCreationOptions = [], includingResourceValuesForKeys keys: Set<URLResourceKey>? = nil,
        relativeTo url: URL? = nil
    ) throws -> Data { fatalError() }

    /// The URL a bookmark resolves to; `bookmarkDataIsStale` says whether to create a new bookmark.
    public init(
        resolvingBookmarkData data: Data, options: URL.BookmarkResolutionOptions = [], relativeTo url: URL? = nil,
        bookmarkDataIsStale: inout Bool
    ) throws { fatalError() }

    public static func resourceValues(
        forKeys keys: Set<URLResourceKey>, fromBookmarkData data: Data
    )
        -> URLResourceValues?
    { fatalError() }
    public static func writeBookmarkData(_ data: Data, to url: URL) throws { fatalError() }
    public static func bookmarkData(withContentsOf url: URL) throws -> Data { fatalError() }

    /// In a sandboxed app, makes the resource a security-scoped URL points to accessible.
    public func startAccessingSecurityScopedResource() -> Bool { fatalError() }
    public func stopAccessingSecurityScopedResource() { fatalError() }
}
