// Declaration-only surface of Apple's SwiftUI framework (macOS), for type-checking the Mac app
// on Linux (scripts/typecheck-app). Written by this project from Apple's public documentation;
// it is NOT Apple's SDK and holds no code of it. Bodies are stubs, never run. Primitive views
// are `nonisolated` structs whose `Body` is `Never`, as the documentation declares them.

import AppKit
@_exported import Combine
@_exported import CoreTransferable
@_exported import MacFoundation
@_exported import Observation
import UniformTypeIdentifiers

/// A type that represents part of your app's user interface.
@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension View where Body == Never {
    /// Primitive views have no body.
    public var body: Never { fatalError() }
}

extension Never: View {}

extension Optional: View where Wrapped: View {
    public typealias Body = Never
}

/// A custom parameter attribute that constructs views from closures.
@resultBuilder
public struct ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { fatalError() }
    public static func buildBlock() -> EmptyView { fatalError() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { fatalError() }
    public static func buildBlock<each Content: View>(
        _ content: repeat each Content
    )
        -> TupleView<(repeat each Content)>
    { fatalError() }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { fatalError() }
    public static func buildEither<TrueContent: View, FalseContent: View>(
        first: TrueContent
    )
        -> _ConditionalContent<TrueContent, FalseContent>
    { fatalError() }
    public static func buildEither<TrueContent: View, FalseContent: View>(
        second: FalseContent
    )
        -> _ConditionalContent<TrueContent, FalseContent>
    { fatalError() }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { fatalError() }
}

/// A view that doesn't contain any content.
nonisolated public struct EmptyView: View, Sendable {
    public init() {}
    public typealias Body = Never
}

/// A View created from a swift tuple of View values.
nonisolated public struct TupleView<T>: View {
    public var value: T
    public init(_ value: T) { self.value = value }
    public typealias Body = Never
}

/// Content that is one of two kinds, chosen by a condition.
nonisolated public struct _ConditionalContent<TrueContent, FalseContent> {
    public typealias Body = Never
}

extension _ConditionalContent: View where TrueContent: View, FalseContent: View {}

/// A type-erased view.
nonisolated public struct AnyView: View {
    public init<V: View>(_ view: V) { fatalError() }
    public init<V: View>(erasing view: V) { fatalError() }
    public init?(_fromValue value: Any) { fatalError() }
    public typealias Body = Never
}

/// A type that collects multiple instances of a content type into a single unit.
nonisolated public struct Group<Content> {
    public typealias Body = Never
}

extension Group: View where Content: View {
    public init(@ViewBuilder content: () -> Content) { fatalError() }
}

/// A view that adapts to the available space by providing the first child view that fits.
nonisolated public struct ViewThatFits<Content: View>: View {
    public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) { fatalError() }
    public typealias Body = Never
}

/// A modifier that you apply to a view or another view modifier.
@MainActor @preconcurrency
public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
}

/// The content view type passed to `ViewModifier.body()`.
nonisolated public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    public typealias Body = Never
}

/// A value with a modifier applied to it.
nonisolated public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier
    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
    public typealias Body = Never
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {}

/// An empty, or identity, modifier.
nonisolated public struct EmptyModifier: ViewModifier, Sendable {
    public static let identity = EmptyModifier()
    public init() {}
    public func body(content: Content) -> Never { fatalError() }
}

extension View {
    nonisolated public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> { fatalError() }
}

/// An interface for a stored variable that updates an external property of a view.
public protocol DynamicProperty {
    mutating func update()
}

extension DynamicProperty {
    public mutating func update() {}
}

/// The context of the current state-processing update.
nonisolated public struct Transaction {
    public init() {}
    public init(animation: Animation?) { fatalError() }
    public var animation: Animation?
    public var disablesAnimations: Bool = false
}

/// The way a view changes over time to create a smooth visual transition from one state to another.
nonisolated public struct Animation: Equatable, Sendable {
    public static let `default` = Animation()
    public static var easeInOut: Animation { fatalError() }
    public static var easeIn: Animation { fatalError() }
    public static var easeOut: Animation { fatalError() }
    public static var linear: Animation { fatalError() }
    public static var spring: Animation { fatalError() }
    public static var smooth: Animation { fatalError() }
    public static func easeInOut(duration: TimeInterval) -> Animation { fatalError() }
    public static func linear(duration: TimeInterval) -> Animation { fatalError() }
    public func delay(_ delay: TimeInterval) -> Animation { fatalError() }
    public func speed(_ speed: Double) -> Animation { fatalError() }
    init() {}
}

/// Returns the result of recomputing the view's body with the provided animation.
@MainActor @preconcurrency
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    fatalError()
}

/// Executes a closure with the specified transaction and returns the result.
@MainActor @preconcurrency
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
    fatalError()
}
