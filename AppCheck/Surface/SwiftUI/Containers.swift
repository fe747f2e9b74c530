// Declaration-only surface of Apple's SwiftUI framework (macOS), for type-checking the Mac app
// on Linux (scripts/typecheck-app). Written by this project from Apple's public documentation;
// it is NOT Apple's SDK and holds no code of it. Bodies are stubs, never run.

import AppKit
import UniformTypeIdentifiers

nonisolated public struct HStack<Content: View>: View {
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        fatalError()
    }
    public typealias Body = Never
}

nonisolated public struct VStack<Content: View>: View {
    public init(
        alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
        @ViewBuilder content: () -> Content
    ) { fatalError() }
    public typealias Body = Never
}

nonisolated public struct ZStack<Content: View>: View {
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) { fatalError() }
    public typealias Body = Never
}

nonisolated public struct LazyVStack<Content: View>: View {
    public init(
        alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
        pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
    ) { fatalError() }
    public typealias Body = Never
}

nonisolated public struct LazyHStack<Content: View>: View {
    public init(
        alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
        pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
    ) { fatalError() }
    public typealias Body = Never
}

/// A description of a row or a column in a lazy grid.
public struct GridItem: Sendable {
    public enum Size: Sendable {
        case fixed(CGFloat)
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }
    public var size: GridItem.Size
    public var spacing: CGFloat?
    public var alignment: Alignment?
    public init(_ size: GridItem.Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {
        self.size = size
        self.spacing = spacing
        self.alignment = alignment
    }
}

nonisolated public struct LazyVGrid<Content: View>: View {
    public init(
        columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
        pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
    ) { fatalError() }
    public typealias Body = Never
}

nonisolated public struct Grid<Content: View>: View {
    public init(
        alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil,
        @ViewBuilder content: () -> Content
    ) { fatalError() }
    public typealias Body = Never
}

nonisolated public struct GridRow<Content: View>: View {
    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) { fatalError() }
    public typealias Body = Never
}

/// A scrollable view.
nonisolated public struct ScrollView<Content: View>: View {
    public var content: Content
    public var axes: Axis.Set
    public init(_ axes: Axis.Set = .vertical, @ViewBuilder content: () -> Content) { fatalError() }
    public init(_ axes: Axis.Set, showsIndicators: Bool, @ViewBuilder content: () -> Content) { fatalError() }
    public typealias Body = Never
}

/// A view that provides programmatic scrolling, by working with a proxy to scroll to known child views.
nonisolated public struct ScrollViewReader<Content: View>: View {
    public init(@ViewBuilder content: @escaping (ScrollViewProxy) -> Content) { fatalError() }
    public typealias Body = Never
}

public struct ScrollViewProxy {
    public func scrollTo<ID: Hashable>(_ id: ID, anchor: UnitPoint? = nil) { fatalError() }
}

/// A container view that defines its content as a function of its own size and coordinate space.
nonisolated public struct GeometryReader<Content: View>: View {
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) { fatalError() }
    public typealias Body = Never
}

/// A structure that computes views on demand from an underlying collection of identified data.
nonisolated public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    public var data: Data
    public var content: (Data.Element) -> Content
    public typealias Body = Never
}

extension ForEach: View where Content: View {}

extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) { fatalError() }
}

extension ForEach where Content: View {
    public init(
        _ data: Data, id: KeyPath<Data.Element, ID>,
        @ViewBuilder content: @escaping (Data.Element) -> Content
    ) {
        fatalError()
    }
    public init<C: MutableCollection & RandomAccessCollection>(
        _ data: Binding<C>, @ViewBuilder content: @escaping (Binding<C.Element>) -> Content
    )
    where
        Data == LazyMapSequence<C.Indices, (C.Index, ID)>, ID == C.Element.ID, C.Element: Identifiable,
        C.Index: Hashable
    { fatalError() }
    public init<C: MutableCollection & RandomAccessCollection>(
        _ data: Binding<C>, id: KeyPath<C.Element, ID>,
        @ViewBuilder content: @escaping (Binding<C.Element>) -> Content
    ) where Data == LazyMapSequence<C.Indices, (C.Index, ID)>, C.Index: Hashable { fatalError() }
}

extension ForEach where Data == Range<Int>, ID == Int, Content: View {
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) { fatalError() }
}

/// A type of view that generates views from an underlying collection of data.
public protocol DynamicViewContent: View {
    associatedtype Data: Collection
    var data: Data { get }
}

extension ForEach: DynamicViewContent where Content: View {}

extension DynamicViewContent {
    nonisolated public func onDelete(perform action: ((IndexSet) -> Void)?) -> some DynamicViewContent { self }
    nonisolated public func onMove(perform action: ((IndexSet, Int) -> Void)?) -> some DynamicViewContent { self }
    nonisolated public func dropDestination<T: Transferable>(
        for payloadType: T.Type = T.self, action: @escaping ([T], Int) -> Void
    ) -> some DynamicViewContent { self }
}

/// A container that presents rows of data arranged in a single column, optionally providing the
/// ability to select one or more members.
nonisolated public struct List<SelectionValue: Hashable, Content: View>: View {
    public init(selection: Binding<Set<SelectionValue>>?, @ViewBuilder content: () -> Content) { fatalError() }
    public init(selection: Binding<SelectionValue?>?, @ViewBuilder content: () -> Content) { fatalError() }
    public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) { fatalError() }
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, selection: Binding<Set<SelectionValue>>?,
        @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable { fatalError() }
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, selection: Binding<SelectionValue?>?,
        @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable { fatalError() }
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, selection: Binding<Set<SelectionValue>>?,
        @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent> { fatalError() }
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, selection: Binding<SelectionValue?>?,
        @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent> { fatalError() }
    public typealias Body = Never
}

extension List where SelectionValue == Never {
    public init(@ViewBuilder content: () -> Content) { fatalError() }
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable { fatalError() }
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent> { fatalError() }
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, children: KeyPath<Data.Element, Data?>,
        @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    )
    where
        Content == OutlineGroup<
            Data, Data.Element.ID, RowContent, RowContent,
            DisclosureGroup<RowContent, OutlineSubgroupChildren>
        >,
        Data.Element: Identifiable
    { fatalError() }
}

extension List {
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, children: KeyPath<Data.Element, Data?>, selection: Binding<SelectionValue?>?,
        @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    )
    where
        Content == OutlineGroup<
            Data, Data.Element.ID, RowContent, RowContent,
            DisclosureGroup<RowContent, OutlineSubgroupChildren>
        >,
        Data.Element: Identifiable
    { fatalError() }
}

/// A structure that computes views and disclosure groups on demand from an underlying collection
/// of tree-structured, identified data.
nonisolated public struct OutlineGroup<Data: RandomAccessCollection, ID: Hashable, Parent, Leaf, Subgroup> {
    public typealias Body = Never
}

extension OutlineGroup: View where Parent: View, Leaf: View, Subgroup: View {}

extension OutlineGroup
where
    ID == Data.Element.ID, Parent: View, Parent == Leaf,
    Subgroup == DisclosureGroup<Parent, OutlineSubgroupChildren>, Data.Element: Identifiable
{
    public init<DataElement: Identifiable>(
        _ root: DataElement, children: KeyPath<DataElement, Data?>,
        @ViewBuilder content: @escaping (DataElement) -> Leaf
    ) where ID == DataElement.ID, DataElement == Data.Element { fatalError() }
    public init<DataElement: Identifiable>(
        _ data: Data, children: KeyPath<DataElement, Data?>, @ViewBuilder content: @escaping (DataElement) -> Leaf
    ) where ID == DataElement.ID, DataElement == Data.Element { fatalError() }
}

extension OutlineGroup
where Parent: View, Parent == Leaf, Subgroup == DisclosureGroup<Parent, OutlineSubgroupChildren> {
    public init<DataElement>(
        _ data: Data, id: KeyPath<DataElement, ID>, children: KeyPath<DataElement, Data?>,
        @ViewBuilder content: @escaping (DataElement) -> Leaf
    ) where DataElement == Data.Element { fatalError() }
}

/// A type-erased view representing the children in an outline subgroup.
nonisolated public struct OutlineSubgroupChildren: View {
    public typealias Body = Never
}

/// A container view that you can use to add hierarchy within certain views.
nonisolated public struct Section<Parent, Content, Footer> {
    public typealias Body = Never
}

extension Section: View where Parent: View, Content: View, Footer: View {
    public init(
        @ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent,
        @ViewBuilder footer: () -> Footer
    ) { fatalError() }
}

extension Section where Parent: View, Content: View, Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) { fatalError() }
    public init(isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
        fatalError()
    }
}

extension Section where Parent == EmptyView, Content: View, Footer: View {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer) { fatalError() }
}

extension Section where Parent == EmptyView, Content: View, Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content) { fatalError() }
}

extension Section where Parent == Text, Content: View, Footer == EmptyView {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) { fatalError() }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) { fatalError() }
    public init(_ titleKey: LocalizedStringKey, isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content) {
        fatalError()
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content) {
        fatalError()
    }
}

/// A layout container that arranges its children in a horizontal line and allows the user to resize them.
nonisolated public struct HSplitView<Content: View>: View {
    public init(@ViewBuilder content: () -> Content) { fatalError() }
    public typealias Body = Never
}

/// A layout container that arranges its children in a vertical line and allows the user to resize them.
nonisolated public struct VSplitView<Content: View>: View {
    public init(@ViewBuilder content: () -> Content) { fatalError() }
    public typealias Body = Never
}

/// A container for grouping controls used for data entry, such as in settings or inspectors.
nonisolated public struct Form<Content: View>: View {
    public init(@ViewBuilder content: () -> Content) { fatalError() }
    public typealias Body = Never
}

/// The visibility of the leading columns in a navigation split view.
public struct NavigationSplitViewVisibility: Equatable, Codable, Sendable {
    public static let automatic = NavigationSplitViewVisibility()
    public static let all = NavigationSplitViewVisibility()
    public static let doubleColumn = NavigationSplitViewVisibility()
    public static let detailOnly = NavigationSplitViewVisibility()
    init() {}
}

/// A view that presents views in two or three columns, where selections in leading columns control
/// presentations in subsequent columns.
nonisolated public struct NavigationSplitView<Sidebar: View, Content: View, Detail: View>: View {
    public init(
        @ViewBuilder sidebar: () -> Sidebar, @ViewBuilder content: () -> Content,
        @ViewBuilder detail: () -> Detail
    ) { fatalError() }
    public init(
        columnVisibility: Binding<NavigationSplitViewVisibility>, @ViewBuilder sidebar: () -> Sidebar,
        @ViewBuilder content: () -> Content, @ViewBuilder detail: () -> Detail
    ) { fatalError() }
    public typealias Body = Never
}

extension NavigationSplitView where Content == EmptyView {
    public init(@ViewBuilder sidebar: () -> Sidebar, @ViewBuilder detail: () -> Detail) { fatalError() }
    public init(
        columnVisibility: Binding<NavigationSplitViewVisibility>, @ViewBuilder sidebar: () -> Sidebar,
        @ViewBuilder detail: () -> Detail
    ) { fatalError() }
}

/// A type-erased list of data representing the content of a navigation stack.
public struct NavigationPath: Equatable {
    public init() {}
    public var count: Int { fatalError() }
    public var isEmpty: Bool { fatalError() }
    public mutating func append<V: Hashable>(_ value: V) { fatalError() }
    public mutating func removeLast(_ k: Int = 1) { fatalError() }
}

/// A view that displays a root view and enables you to present additional views over the root view.
nonisolated public struct NavigationStack<Data, Root: View>: View {
    public init(@ViewBuilder root: () -> Root) where Data == NavigationPath { fatalError() }
    public init(path: Binding<NavigationPath>, @ViewBuilder root: () -> Root) where Data == NavigationPath {
        fatalError()
    }
    public typealias Body = Never
}

/// A view that controls a navigation presentation.
nonisolated public struct NavigationLink<Label: View, Destination: View>: View {
    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) { fatalError() }
    public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) where Destination == Never { fatalError() }
    public typealias Body = Never
}

extension NavigationLink where Label == Text, Destination == Never {
    public init<P: Hashable>(_ titleKey: LocalizedStringKey, value: P?) { fatalError() }
}

/// A view that switches between multiple child views using interactive user interface elements.
nonisolated public struct TabView<SelectionValue: Hashable, Content: View>: View {
    public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) { fatalError() }
    public typealias Body = Never
}

extension TabView where SelectionValue == Int {
    public init(@ViewBuilder content: () -> Content) { fatalError() }
}
