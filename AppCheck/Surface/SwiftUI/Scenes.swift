// Declaration-only surface of Apple's SwiftUI framework (macOS), for type-checking the Mac app
// on Linux (scripts/typecheck-app). Written by this project from Apple's public documentation;
// it is NOT Apple's SDK and holds no code of it. Bodies are stubs, never run.

import AppKit
import UniformTypeIdentifiers

/// A type that represents the structure and behavior of an app.
@MainActor @preconcurrency
public protocol App {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
    @MainActor @preconcurrency init()
}

extension App {
    /// Initializes and runs the app.
    @MainActor @preconcurrency public static func main() { fatalError() }
}

/// A part of an app's user interface with a life cycle managed by the system.
@MainActor @preconcurrency
public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Scene where Body == Never {
    /// Primitive Scene types have no body.
    public var body: Never { fatalError() }
}

extension Never: Scene {}

/// A result builder for composing a collection of scenes into a single composite scene.
@resultBuilder
public struct SceneBuilder {
    public static func buildExpression<Content: Scene>(_ content: Content) -> Content { fatalError() }
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { fatalError() }
    public static func buildBlock<each Content: Scene>(_ content: repeat each Content) -> some Scene { fatalError() }
    public static func buildLimitedAvailability(_ content: some Scene) -> some Scene { fatalError() }
}

extension Group: Scene where Content: Scene {
    public init(@SceneBuilder content: () -> Content) { fatalError() }
}

/// A scene that presents a group of identically structured windows.
nonisolated public struct WindowGroup<Content: View>: Scene {
    public init(@ViewBuilder content: () -> Content) { fatalError() }
    public init(id: String, @ViewBuilder content: () -> Content) { fatalError() }
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) { fatalError() }
    public init(_ titleKey: LocalizedStringKey, id: String, @ViewBuilder content: () -> Content) { fatalError() }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) { fatalError() }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, id: String, @ViewBuilder content: () -> Content) { fatalError() }
    public init(_ title: Text, @ViewBuilder content: () -> Content) { fatalError() }
    public init<D: Codable & Hashable, C: View>(for type: D.Type, @ViewBuilder content: @escaping (Binding<D?>) -> C)
    where Content == PresentedWindowContent<D, C> { fatalError() }
    public init<D: Codable & Hashable, C: View>(
        id: String, for type: D.Type,
        @ViewBuilder content: @escaping (Binding<D?>) -> C
    )
    where Content == PresentedWindowContent<D, C> { fatalError() }
    public typealias Body = Never
}

/// A view that represents the content of a presented window.
nonisolated public struct PresentedWindowContent<Data, Content: View>: View {
    public typealias Body = Never
}

/// A scene that presents its content in a single, unique window.
nonisolated public struct Window<Content: View>: Scene {
    public init(_ titleKey: LocalizedStringKey, id: String, @ViewBuilder content: () -> Content) { fatalError() }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, id: String, @ViewBuilder content: () -> Content) { fatalError() }
    public init(_ title: Text, id: String, @ViewBuilder content: () -> Content) { fatalError() }
    public typealias Body = Never
}

/// A scene that presents an interface for viewing and modifying an app's settings.
nonisolated public struct Settings<Content: View>: Scene {
    public init(@ViewBuilder content: () -> Content) { fatalError() }
    public typealias Body = Never
}

/// A scene that renders itself as a persistent control in the system menu bar.
nonisolated public struct MenuBarExtra<Label: View, Content: View>: Scene {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) { fatalError() }
    public typealias Body = Never
}

extension MenuBarExtra where Label == SwiftUI.Label<Text, Image> {
    public init(_ titleKey: LocalizedStringKey, systemImage: String, @ViewBuilder content: () -> Content) {
        fatalError()
    }
}

// MARK: Documents

/// A type that you use to serialize documents to and from file.
@preconcurrency
public protocol FileDocument: Sendable {
    static var readableContentTypes: [UTType] { get }
    static var writableContentTypes: [UTType] { get }
    init(configuration: Self.ReadConfiguration) throws
    typealias ReadConfiguration = FileDocumentReadConfiguration
    func fileWrapper(configuration: Self.WriteConfiguration) throws -> FileWrapper
    typealias WriteConfiguration = FileDocumentWriteConfiguration
}

extension FileDocument {
    public static var writableContentTypes: [UTType] { readableContentTypes }
}

/// A type that you use to serialize reference type documents to and from file.
@preconcurrency
public protocol ReferenceFileDocument: ObservableObject, Sendable {
    associatedtype Snapshot
    static var readableContentTypes: [UTType] { get }
    static var writableContentTypes: [UTType] { get }
    init(configuration: Self.ReadConfiguration) throws
    typealias ReadConfiguration = FileDocumentReadConfiguration
    func snapshot(contentType: UTType) throws -> Self.Snapshot
    func fileWrapper(snapshot: Self.Snapshot, configuration: Self.WriteConfiguration) throws -> FileWrapper
    typealias WriteConfiguration = FileDocumentWriteConfiguration
}

extension ReferenceFileDocument {
    public static var writableContentTypes: [UTType] { readableContentTypes }
}

/// The configuration for reading file contents.
public struct FileDocumentReadConfiguration {
    public let contentType: UTType
    public let file: FileWrapper
}

/// The configuration for serializing file contents.
public struct FileDocumentWriteConfiguration {
    public let contentType: UTType
    public let existingFile: FileWrapper?
}

/// The properties of an open file document.
@MainActor @preconcurrency
public struct FileDocumentConfiguration<Document: FileDocument> {
    @Binding public var document: Document
    public let fileURL: URL?
    public let isEditable: Bool
}

/// The properties of an open reference file document.
@MainActor @preconcurrency
public struct ReferenceFileDocumentConfiguration<Document: ReferenceFileDocument> {
    @ObservedObject public var document: Document
    public let fileURL: URL?
    public let isEditable: Bool
}

/// The properties of an open document (macOS 14), read from the environment.
public struct DocumentConfiguration {
    public var fileURL: URL? { fatalError() }
    public var isEditable: Bool { fatalError() }
}

/// A scene that enables support for opening, creating, and saving documents.
nonisolated public struct DocumentGroup<Document, Content: View>: Scene {
    public typealias Body = Never
}

extension DocumentGroup where Document: FileDocument {
    @preconcurrency
    public init(
        newDocument: @autoclosure @escaping @Sendable () -> Document,
        @ViewBuilder editor: @escaping (FileDocumentConfiguration<Document>) -> Content
    ) { fatalError() }
    public init(
        viewing documentType: Document.Type,
        @ViewBuilder viewer: @escaping (FileDocumentConfiguration<Document>) -> Content
    ) { fatalError() }
}

extension DocumentGroup where Document: ReferenceFileDocument {
    @preconcurrency
    public init(
        newDocument: @escaping @Sendable () -> Document,
        @ViewBuilder editor: @escaping (ReferenceFileDocumentConfiguration<Document>) -> Content
    ) {
        fatalError()
    }
    public init(
        viewing documentType: Document.Type,
        @ViewBuilder viewer: @escaping (ReferenceFileDocumentConfiguration<Document>) -> Content
    ) {
        fatalError()
    }
}

// MARK: Scene modifiers

/// A specification for the appearance and interaction of a window.
public protocol WindowStyle {}
public struct DefaultWindowStyle: WindowStyle { public init() {} }
public struct HiddenTitleBarWindowStyle: WindowStyle { public init() {} }
public struct TitleBarWindowStyle: WindowStyle { public init() {} }
extension WindowStyle where Self == DefaultWindowStyle {
    public static var automatic: DefaultWindowStyle { DefaultWindowStyle() }
}
extension WindowStyle where Self == HiddenTitleBarWindowStyle {
    public static var hiddenTitleBar: HiddenTitleBarWindowStyle { HiddenTitleBarWindowStyle() }
}
extension WindowStyle where Self == TitleBarWindowStyle {
    public static var titleBar: TitleBarWindowStyle { TitleBarWindowStyle() }
}

/// A specification for the appearance and behavior of a window's toolbar.
public protocol WindowToolbarStyle {}
public struct DefaultWindowToolbarStyle: WindowToolbarStyle { public init() {} }
public struct ExpandedWindowToolbarStyle: WindowToolbarStyle { public init() {} }
public struct UnifiedWindowToolbarStyle: WindowToolbarStyle {
    public init() {}
    public init(showsTitle: Bool) {}
}
public struct UnifiedCompactWindowToolbarStyle: WindowToolbarStyle {
    public init() {}
    public init(showsTitle: Bool) {}
}
extension WindowToolbarStyle where Self == DefaultWindowToolbarStyle {
    public static var automatic: DefaultWindowToolbarStyle { DefaultWindowToolbarStyle() }
}
extension WindowToolbarStyle where Self == ExpandedWindowToolbarStyle {
    public static var expanded: ExpandedWindowToolbarStyle { ExpandedWindowToolbarStyle() }
}
extension WindowToolbarStyle where Self == UnifiedWindowToolbarStyle {
    public static var unified: UnifiedWindowToolbarStyle { UnifiedWindowToolbarStyle() }
    public static func unified(showsTitle: Bool) -> UnifiedWindowToolbarStyle { UnifiedWindowToolbarStyle() }
}
extension WindowToolbarStyle where Self == UnifiedCompactWindowToolbarStyle {
    public static var unifiedCompact: UnifiedCompactWindowToolbarStyle { UnifiedCompactWindowToolbarStyle() }
}

/// The resizability of a window.
public struct WindowResizability: Sendable {
    public static let automatic = WindowResizability()
    public static let contentSize = WindowResizability()
    public static let contentMinSize = WindowResizability()
    init() {}
}

extension Scene {
    nonisolated public func commands<Content: Commands>(@CommandsBuilder content: () -> Content) -> some Scene {
        self
    }
    nonisolated public func commandsRemoved() -> some Scene { self }
    nonisolated public func commandsReplaced<Content: Commands>(
        @CommandsBuilder content: () -> Content
    )
        -> some Scene
    { self }
    nonisolated public func defaultSize(_ size: CGSize) -> some Scene { self }
    nonisolated public func defaultSize(width: CGFloat, height: CGFloat) -> some Scene { self }
    nonisolated public func defaultPosition(_ position: UnitPoint) -> some Scene { self }
    nonisolated public func windowResizability(_ resizability: WindowResizability) -> some Scene { self }
    nonisolated public func windowStyle<S: WindowStyle>(_ style: S) -> some Scene { self }
    nonisolated public func windowToolbarStyle<S: WindowToolbarStyle>(_ style: S) -> some Scene { self }
    nonisolated public func handlesExternalEvents(matching conditions: Set<String>) -> some Scene { self }
    nonisolated public func environment<V>(
        _ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V
    )
        -> some Scene
    { self }
    nonisolated public func environment<T: AnyObject & Observable>(_ object: T?) -> some Scene { self }
    nonisolated public func environmentObject<T: ObservableObject>(_ object: T) -> some Scene { self }
    nonisolated public func onChange<V: Equatable>(
        of value: V, initial: Bool = false,
        _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
    )
        -> some Scene
    { self }
    nonisolated public func onChange<V: Equatable>(
        of value: V, initial: Bool = false,
        _ action: @escaping () -> Void
    ) -> some Scene { self }
}
