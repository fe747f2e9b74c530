// Declaration-only surface of Apple's SwiftUI framework (macOS), for type-checking the Mac app
// on Linux (scripts/typecheck-app). Written by this project from Apple's public documentation;
// it is NOT Apple's SDK and holds no code of it. Bodies are stubs, never run.

import AppKit
import UniformTypeIdentifiers

// MARK: Alerts, dialogs, sheets, popovers, inspector

extension View {
    nonisolated public func alert<A: View>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
        @ViewBuilder actions: () -> A
    ) -> some View { self }
    @_disfavoredOverload
    nonisolated public func alert<S: StringProtocol, A: View>(
        _ title: S, isPresented: Binding<Bool>,
        @ViewBuilder actions: () -> A
    ) -> some View { self }
    nonisolated public func alert<A: View>(
        _ title: Text, isPresented: Binding<Bool>,
        @ViewBuilder actions: () -> A
    ) -> some View { self }
    nonisolated public func alert<A: View, M: View>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
        @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    )
        -> some View
    { self }
    @_disfavoredOverload
    nonisolated public func alert<S: StringProtocol, A: View, M: View>(
        _ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    ) -> some View { self }
    nonisolated public func alert<A: View, M: View>(
        _ title: Text, isPresented: Binding<Bool>,
        @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    )
        -> some View
    { self }
    nonisolated public func alert<A: View, T>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
        presenting data: T?, @ViewBuilder actions: (T) -> A
    ) -> some View { self }
    @_disfavoredOverload
    nonisolated public func alert<S: StringProtocol, A: View, T>(
        _ title: S, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: (T) -> A
    ) -> some View { self }
    nonisolated public func alert<A: View, M: View, T>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, presenting data: T?,
        @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
    ) -> some View { self }
    @_disfavoredOverload
    nonisolated public func alert<S: StringProtocol, A: View, M: View, T>(
        _ title: S, isPresented: Binding<Bool>, presenting data: T?,
        @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
    ) -> some View { self }
    nonisolated public func alert<A: View, M: View, T>(
        _ title: Text, isPresented: Binding<Bool>, presenting data: T?,
        @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
    ) -> some View { self }
    nonisolated public func alert<E: LocalizedError, A: View>(
        isPresented: Binding<Bool>, error: E?, @ViewBuilder actions: () -> A
    ) -> some View { self }
    nonisolated public func alert<E: LocalizedError, A: View, M: View>(
        isPresented: Binding<Bool>, error: E?, @ViewBuilder actions: (E) -> A, @ViewBuilder message: (E) -> M
    ) -> some View { self }

    nonisolated public func confirmationDialog<A: View>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: () -> A
    ) -> some View { self }
    @_disfavoredOverload
    nonisolated public func confirmationDialog<S: StringProtocol, A: View>(
        _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: () -> A
    ) -> some View { self }
    nonisolated public func confirmationDialog<A: View, M: View>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    ) -> some View { self }
    nonisolated public func confirmationDialog<A: View, T>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        presenting data: T?, @ViewBuilder actions: (T) -> A
    ) -> some View { self }
    nonisolated public func dialogSeverity(_ severity: DialogSeverity) -> some View { self }

    nonisolated public func sheet<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
        @ViewBuilder content: @escaping () -> Content
    ) -> some View { self }
    nonisolated public func sheet<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View { self }
    nonisolated public func popover<Content: View>(
        isPresented: Binding<Bool>, attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds),
        arrowEdge: Edge? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View { self }
    nonisolated public func popover<Item: Identifiable, Content: View>(
        item: Binding<Item?>, attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds), arrowEdge: Edge? = nil,
        @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View { self }
    nonisolated public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View { self }

    /// Inserts an inspector at the applied position in the view hierarchy (macOS 14).
    nonisolated public func inspector<V: View>(
        isPresented: Binding<Bool>, @ViewBuilder content: () -> V
    )
        -> some View
    { self }
    nonisolated public func inspectorColumnWidth(
        min: CGFloat? = nil, ideal: CGFloat, max: CGFloat? = nil
    )
        -> some View
    { self }
    nonisolated public func inspectorColumnWidth(_ width: CGFloat) -> some View { self }
}

/// The severity of an alert or confirmation dialog.
public struct DialogSeverity: Equatable, Sendable {
    public static let automatic = DialogSeverity()
    public static let critical = DialogSeverity()
    public static let standard = DialogSeverity()
    init() {}
}

/// An attachment anchor for a popover.
public enum PopoverAttachmentAnchor {
    case rect(Anchor<CGRect>.Source)
    case point(UnitPoint)
}

/// An opaque value derived from an anchor source and a particular view.
public struct Anchor<Value> {
    public struct Source {
        public static var bounds: Anchor<CGRect>.Source { fatalError() }
    }
}

extension Anchor.Source where Value == CGRect {
    public static func rect(_ r: CGRect) -> Anchor<CGRect>.Source { fatalError() }
}

// MARK: Search

/// The placement of a search field in a view hierarchy.
public struct SearchFieldPlacement: Sendable {
    public static let automatic = SearchFieldPlacement()
    public static let toolbar = SearchFieldPlacement()
    public static let sidebar = SearchFieldPlacement()
    init() {}
}

extension View {
    nonisolated public func searchable(
        text: Binding<String>, placement: SearchFieldPlacement = .automatic,
        prompt: Text? = nil
    ) -> some View { self }
    nonisolated public func searchable(
        text: Binding<String>, placement: SearchFieldPlacement = .automatic,
        prompt: LocalizedStringKey
    ) -> some View { self }
    @_disfavoredOverload
    nonisolated public func searchable<S: StringProtocol>(
        text: Binding<String>,
        placement: SearchFieldPlacement = .automatic,
        prompt: S
    ) -> some View { self }
    nonisolated public func searchable(
        text: Binding<String>, isPresented: Binding<Bool>,
        placement: SearchFieldPlacement = .automatic, prompt: Text? = nil
    )
        -> some View
    { self }
    nonisolated public func searchable(
        text: Binding<String>, isPresented: Binding<Bool>,
        placement: SearchFieldPlacement = .automatic, prompt: LocalizedStringKey
    )
        -> some View
    { self }
    nonisolated public func searchSuggestions<S: View>(@ViewBuilder _ suggestions: () -> S) -> some View { self }
}

// MARK: Files

extension View {
    nonisolated public func fileImporter(
        isPresented: Binding<Bool>, allowedContentTypes: [UTType],
        onCompletion: @escaping (_ result: Result<URL, any Error>) -> Void
    )
        -> some View
    { self }
    nonisolated public func fileImporter(
        isPresented: Binding<Bool>, allowedContentTypes: [UTType],
        allowsMultipleSelection: Bool,
        onCompletion: @escaping (_ result: Result<[URL], any Error>) -> Void
    )
        -> some View
    { self }
    nonisolated public func fileImporter(
        isPresented: Binding<Bool>, allowedContentTypes: [UTType],
        allowsMultipleSelection: Bool,
        onCompletion: @escaping (_ result: Result<[URL], any Error>) -> Void,
        onCancellation: @escaping () -> Void
    ) -> some View { self }

    nonisolated public func fileExporter<D: FileDocument>(
        isPresented: Binding<Bool>, document: D?, contentType: UTType, defaultFilename: String? = nil,
        onCompletion: @escaping (_ result: Result<URL, any Error>) -> Void
    ) -> some View { self }
    nonisolated public func fileExporter<D: ReferenceFileDocument>(
        isPresented: Binding<Bool>, document: D?, contentType: UTType, defaultFilename: String? = nil,
        onCompletion: @escaping (_ result: Result<URL, any Error>) -> Void
    ) -> some View { self }
    nonisolated public func fileExporter<C: Collection>(
        isPresented: Binding<Bool>, documents: C, contentType: UTType,
        onCompletion: @escaping (_ result: Result<[URL], any Error>) -> Void
    ) -> some View where C.Element: FileDocument { self }
    nonisolated public func fileExporter<D: FileDocument>(
        isPresented: Binding<Bool>, document: D?, contentTypes: [UTType] = [], defaultFilename: String? = nil,
        onCompletion: @escaping (_ result: Result<URL, any Error>) -> Void, onCancellation: @escaping () -> Void = {}
    ) -> some View { self }
    nonisolated public func fileExporter<T: Transferable>(
        isPresented: Binding<Bool>, item: T?, contentTypes: [UTType] = [], defaultFilename: String? = nil,
        onCompletion: @escaping (_ result: Result<URL, any Error>) -> Void, onCancellation: @escaping () -> Void = {}
    ) -> some View { self }
    nonisolated public func fileMover(
        isPresented: Binding<Bool>, file: URL?,
        onCompletion: @escaping (_ result: Result<URL, any Error>) -> Void
    )
        -> some View
    { self }
    nonisolated public func fileExporterFilenameLabel(_ label: Text?) -> some View { self }
    nonisolated public func fileDialogMessage(_ message: Text?) -> some View { self }
    nonisolated public func fileDialogConfirmationLabel(_ label: Text?) -> some View { self }
    nonisolated public func fileDialogDefaultDirectory(_ defaultDirectory: URL?) -> some View { self }
}

// MARK: Navigation, lists, tabs

extension View {
    nonisolated public func navigationTitle(_ title: Text) -> some View { self }
    nonisolated public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View { self }
    @_disfavoredOverload
    nonisolated public func navigationTitle<S: StringProtocol>(_ title: S) -> some View { self }
    nonisolated public func navigationTitle(_ title: Binding<String>) -> some View { self }
    nonisolated public func navigationSubtitle(_ subtitle: Text) -> some View { self }
    nonisolated public func navigationSubtitle(_ subtitleKey: LocalizedStringKey) -> some View { self }
    @_disfavoredOverload
    nonisolated public func navigationSubtitle<S: StringProtocol>(_ subtitle: S) -> some View { self }
    nonisolated public func navigationDocument(_ url: URL) -> some View { self }
    nonisolated public func navigationSplitViewColumnWidth(_ width: CGFloat) -> some View { self }
    nonisolated public func navigationSplitViewColumnWidth(
        min: CGFloat? = nil, ideal: CGFloat, max: CGFloat? = nil
    )
        -> some View
    { self }
    nonisolated public func navigationSplitViewStyle<S: NavigationSplitViewStyle>(_ style: S) -> some View { self }
    nonisolated public func navigationDestination<D: Hashable, C: View>(
        for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View { self }
    nonisolated public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View { self }
    nonisolated public func listRowInsets(_ insets: EdgeInsets?) -> some View { self }
    nonisolated public func listRowBackground<V: View>(_ view: V?) -> some View { self }
    nonisolated public func listRowSeparator(_ visibility: Visibility, edges: VerticalEdge.Set = .all) -> some View {
        self
    }
    nonisolated public func listSectionSeparator(
        _ visibility: Visibility, edges: VerticalEdge.Set = .all
    )
        -> some View
    { self }
    nonisolated public func alternatingRowBackgrounds(
        _ behavior: AlternatingRowBackgroundBehavior = .enabled
    )
        -> some View
    { self }
    nonisolated public func scrollContentBackground(_ visibility: Visibility) -> some View { self }
    nonisolated public func scrollDisabled(_ disabled: Bool) -> some View { self }
    nonisolated public func scrollIndicators(
        _ visibility: ScrollIndicatorVisibility,
        axes: Axis.Set = [.vertical, .horizontal]
    ) -> some View { self }
    nonisolated public func badge(_ count: Int) -> some View { self }
    nonisolated public func badge(_ label: Text?) -> some View { self }
    nonisolated public func badge(_ key: LocalizedStringKey?) -> some View { self }
    @_disfavoredOverload
    nonisolated public func badge<S: StringProtocol>(_ label: S?) -> some View { self }
}

/// The styling of views with respect to alternating row backgrounds.
public struct AlternatingRowBackgroundBehavior: Hashable, Sendable {
    public static let automatic = AlternatingRowBackgroundBehavior()
    public static let enabled = AlternatingRowBackgroundBehavior()
    public static let disabled = AlternatingRowBackgroundBehavior()
    init() {}
}

// MARK: Context menus

extension View {
    nonisolated public func contextMenu<MenuItems: View>(@ViewBuilder menuItems: () -> MenuItems) -> some View {
        self
    }
    nonisolated public func contextMenu<M: View, P: View>(
        @ViewBuilder menuItems: () -> M,
        @ViewBuilder preview: () -> P
    ) -> some View { self }
    nonisolated public func contextMenu<I: Hashable, M: View>(
        forSelectionType itemType: I.Type = I.self, @ViewBuilder menu: @escaping (Set<I>) -> M,
        primaryAction: ((Set<I>) -> Void)? = nil
    ) -> some View { self }
}
