// Declaration-only surface: SwiftUI declarations newer than the app's deployment target
// (macOS 14.0). Written by this project from Apple's public documentation (each symbol's
// documented availability); it is NOT Apple's SDK and holds no code of it. Stubs only.
//
// Each carries `@available(macOS N, *)` as the SDK does. Linux Swift ignores macOS
// availability, so scripts/typecheck-app compiles the surface and the app with each such
// version turned into a custom availability domain: a use outside `if #available(macOS N, *)`
// (or an `@available(macOS N, *)` context) fails the check, as Xcode fails it for a macOS 14
// deployment target.

/// The launch behavior for a scene (macOS 15.0+).
@available(macOS 15.0, *)
public struct SceneLaunchBehavior: Sendable {
    public static let automatic = SceneLaunchBehavior()
    public static let presented = SceneLaunchBehavior()
    public static let suppressed = SceneLaunchBehavior()
}

/// The restoration behavior for a scene (macOS 15.0+).
@available(macOS 15.0, *)
public struct SceneRestorationBehavior: Sendable {
    public static let automatic = SceneRestorationBehavior()
    public static let disabled = SceneRestorationBehavior()
}

extension Scene {
    /// Sets the default launch behavior for this scene (macOS 15.0+).
    @available(macOS 15.0, *)
    nonisolated public func defaultLaunchBehavior(_ behavior: SceneLaunchBehavior) -> some Scene { self }
    /// Sets the restoration behavior for this scene (macOS 15.0+).
    @available(macOS 15.0, *)
    nonisolated public func restorationBehavior(_ behavior: SceneRestorationBehavior) -> some Scene { self }
}

/// The appearance of the pointer when it is over a view (macOS 15.0+).
@available(macOS 15.0, *)
public struct PointerStyle: Sendable {
    public static let `default` = PointerStyle()
    public static let horizontalText = PointerStyle()
    public static let verticalText = PointerStyle()
    public static let rectSelection = PointerStyle()
    public static let link = PointerStyle()
}

extension View {
    /// Sets the pointer style to display when the pointer is over the view (macOS 15.0+).
    @available(macOS 15.0, *)
    nonisolated public func pointerStyle(_ style: PointerStyle?) -> some View { self }
    /// Sets the visibility of the pointer when it's over the view (macOS 15.0+).
    @available(macOS 15.0, *)
    nonisolated public func pointerVisibility(_ visibility: Visibility) -> some View { self }
}

extension View {
    /// Binds the focus state of the search field of the nearest `searchable` modifier to a
    /// Boolean value (macOS 15.0+).
    @available(macOS 15.0, *)
    nonisolated public func searchFocused(_ binding: FocusState<Bool>.Binding) -> some View { self }
    /// Binds the focus state of the search field of the nearest `searchable` modifier to a
    /// value (macOS 15.0+).
    @available(macOS 15.0, *)
    nonisolated public func searchFocused<V: Hashable>(
        _ binding: FocusState<V>.Binding, equals value: V
    )
        -> some View
    { self }
}
