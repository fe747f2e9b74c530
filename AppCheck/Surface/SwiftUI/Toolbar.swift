// Declaration-only surface of Apple's SwiftUI framework (macOS), for type-checking the Mac app
// on Linux (scripts/typecheck-app). Written by this project from Apple's public documentation;
// it is NOT Apple's SDK and holds no code of it. Bodies are stubs, never run.

/// Conforming types represent items that can be placed in various locations in a toolbar.
@MainActor @preconcurrency
public protocol ToolbarContent {
    associatedtype Body: ToolbarContent
    @ToolbarContentBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// Conforming types represent items that can be placed in various locations in a customizable toolbar.
@MainActor @preconcurrency
public protocol CustomizableToolbarContent: ToolbarContent where Self.Body: CustomizableToolbarContent {}

extension ToolbarContent where Body == Never {
    /// Primitive ToolbarContent types have no body.
    public var body: Never { fatalError() }
}

extension Never: ToolbarContent, CustomizableToolbarContent {}

extension Optional: ToolbarContent where Wrapped: ToolbarContent {
    public typealias Body = Never
}

extension _ConditionalContent: ToolbarContent where TrueContent: ToolbarContent, FalseContent: ToolbarContent {}

/// Constructs a toolbar item set from multi-expression closures.
@resultBuilder
public struct ToolbarContentBuilder {
    public static func buildExpression<Content: ToolbarContent>(_ content: Content) -> Content { fatalError() }
    public static func buildBlock<Content: ToolbarContent>(_ content: Content) -> Content { fatalError() }
    public static func buildBlock<each Content: ToolbarContent>(
        _ content: repeat each Content
    )
        -> some ToolbarContent
    { fatalError() }
    public static func buildBlock<each Content: CustomizableToolbarContent>(
        _ content: repeat each Content
    )
        -> some CustomizableToolbarContent
    { fatalError() }
    public static func buildIf<Content: ToolbarContent>(_ content: Content?) -> Content? { fatalError() }
    public static func buildEither<TrueContent: ToolbarContent, FalseContent: ToolbarContent>(
        first: TrueContent
    )
        -> _ConditionalContent<TrueContent, FalseContent>
    { fatalError() }
    public static func buildEither<TrueContent: ToolbarContent, FalseContent: ToolbarContent>(
        second: FalseContent
    )
        -> _ConditionalContent<TrueContent, FalseContent>
    { fatalError() }
    public static func buildLimitedAvailability(_ content: any ToolbarContent) -> some ToolbarContent { fatalError() }
}

extension Group: ToolbarContent where Content: ToolbarContent {
    public init(@ToolbarContentBuilder content: () -> Content) { fatalError() }
}

extension ForEach: ToolbarContent where Content: ToolbarContent {}

/// A model that represents an item which can be placed in the toolbar or navigation bar.
nonisolated public struct ToolbarItem<ID, Content: View>: ToolbarContent {
    public typealias Body = Never
}

extension ToolbarItem where ID == () {
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) { fatalError() }
}

extension ToolbarItem: CustomizableToolbarContent where ID == String {
    public init(id: String, placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        fatalError()
    }
}

/// A model that represents a group of ToolbarItems which can be placed in the toolbar or navigation bar.
nonisolated public struct ToolbarItemGroup<Content: View>: ToolbarContent {
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) { fatalError() }
    public init<C: View, L: View>(
        placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> C,
        @ViewBuilder label: () -> L
    ) where Content == LabeledToolbarItemGroupContent<C, L> {
        fatalError()
    }
    public typealias Body = Never
}

nonisolated public struct LabeledToolbarItemGroupContent<Content: View, Label: View>: View {
    public typealias Body = Never
}

/// A structure that defines the placement of a toolbar item.
public struct ToolbarItemPlacement: Sendable {
    public static let automatic = ToolbarItemPlacement()
    public static let principal = ToolbarItemPlacement()
    public static let navigation = ToolbarItemPlacement()
    public static let primaryAction = ToolbarItemPlacement()
    public static let secondaryAction = ToolbarItemPlacement()
    public static let status = ToolbarItemPlacement()
    public static let confirmationAction = ToolbarItemPlacement()
    public static let cancellationAction = ToolbarItemPlacement()
    public static let destructiveAction = ToolbarItemPlacement()
    public static let keyboard = ToolbarItemPlacement()
    init() {}
}

/// The purpose of content that populates the toolbar.
public struct ToolbarRole: Sendable {
    public static let automatic = ToolbarRole()
    public static let editor = ToolbarRole()
    init() {}
}

extension View {
    nonisolated public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View { self }
    nonisolated public func toolbar<Content: ToolbarContent>(
        @ToolbarContentBuilder content: () -> Content
    )
        -> some View
    { self }
    nonisolated public func toolbar<Content: CustomizableToolbarContent>(
        id: String, @ToolbarContentBuilder content: () -> Content
    ) -> some View { self }
    nonisolated public func toolbarRole(_ role: ToolbarRole) -> some View { self }
}
