// Declaration-only surface of Apple's SwiftUI framework (macOS), for type-checking the Mac app
// on Linux (scripts/typecheck-app). Written by this project from Apple's public documentation;
// it is NOT Apple's SDK and holds no code of it. Bodies are stubs, never run.

import AppKit
import UniformTypeIdentifiers

/// A property wrapper type that you use to create an AppKit app delegate.
@MainActor @preconcurrency @propertyWrapper
public struct NSApplicationDelegateAdaptor<DelegateType: NSObject & NSApplicationDelegate>: DynamicProperty {
    public init(_ delegateType: DelegateType.Type = DelegateType.self) { fatalError() }
    public var wrappedValue: DelegateType { fatalError() }
}

/// A wrapper that you use to integrate an AppKit view into your SwiftUI view hierarchy.
@MainActor @preconcurrency
public protocol NSViewRepresentable: View where Self.Body == Never {
    associatedtype NSViewType: NSView
    associatedtype Coordinator = Void
    typealias Context = NSViewRepresentableContext<Self>
    @MainActor @preconcurrency func makeNSView(context: Self.Context) -> Self.NSViewType
    @MainActor @preconcurrency func updateNSView(_ nsView: Self.NSViewType, context: Self.Context)
    @MainActor @preconcurrency static func dismantleNSView(_ nsView: Self.NSViewType, coordinator: Self.Coordinator)
    @MainActor @preconcurrency func makeCoordinator() -> Self.Coordinator
    @MainActor @preconcurrency func sizeThatFits(
        _ proposal: ProposedViewSize, nsView: Self.NSViewType,
        context: Self.Context
    ) -> CGSize?
}

extension NSViewRepresentable {
    public static func dismantleNSView(_ nsView: Self.NSViewType, coordinator: Self.Coordinator) {}
    public func sizeThatFits(_ proposal: ProposedViewSize, nsView: Self.NSViewType, context: Self.Context) -> CGSize? {
        nil
    }
}

extension NSViewRepresentable where Self.Coordinator == Void {
    public func makeCoordinator() -> Self.Coordinator { fatalError() }
}

/// Contextual information about the state of the system that you use to create and update your AppKit view.
@MainActor @preconcurrency
public struct NSViewRepresentableContext<View: NSViewRepresentable> {
    public let coordinator: View.Coordinator
    public var transaction: Transaction { fatalError() }
    public var environment: EnvironmentValues { fatalError() }
}

/// A wrapper that you use to integrate an AppKit view controller into your SwiftUI interface.
@MainActor @preconcurrency
public protocol NSViewControllerRepresentable: View where Self.Body == Never {
    associatedtype NSViewControllerType: NSViewController
    associatedtype Coordinator = Void
    typealias Context = NSViewControllerRepresentableContext<Self>
    @MainActor @preconcurrency func makeNSViewController(context: Self.Context) -> Self.NSViewControllerType
    @MainActor @preconcurrency func updateNSViewController(
        _ nsViewController: Self.NSViewControllerType,
        context: Self.Context)
    @MainActor @preconcurrency func makeCoordinator() -> Self.Coordinator
}

extension NSViewControllerRepresentable where Self.Coordinator == Void {
    public func makeCoordinator() -> Self.Coordinator { fatalError() }
}

@MainActor @preconcurrency
public struct NSViewControllerRepresentableContext<ViewController: NSViewControllerRepresentable> {
    public let coordinator: ViewController.Coordinator
    public var environment: EnvironmentValues { fatalError() }
}

/// An AppKit view that hosts a SwiftUI view hierarchy.
@MainActor @preconcurrency
open class NSHostingView<Content: View>: NSView {
    public required init(rootView: Content) { fatalError() }
    public required init?(coder: NSCoder) { fatalError() }
    public var rootView: Content {
        get { fatalError() }
        set { fatalError() }
    }
}

/// An AppKit view controller that hosts a SwiftUI view hierarchy.
@MainActor @preconcurrency
open class NSHostingController<Content: View>: NSViewController {
    public init(rootView: Content) { fatalError() }
    public required init?(coder: NSCoder) { fatalError() }
    public var rootView: Content {
        get { fatalError() }
        set { fatalError() }
    }
}

extension Image {
    public init(nsImage: NSImage, label: Text) { fatalError() }
}
