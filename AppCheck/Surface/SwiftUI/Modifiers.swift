// Declaration-only surface of Apple's SwiftUI framework (macOS), for type-checking the Mac app
// on Linux (scripts/typecheck-app). Written by this project from Apple's public documentation;
// it is NOT Apple's SDK and holds no code of it. Bodies are stubs, never run. Modifiers are
// `nonisolated` and return opaque views, as documented; each has its documented labels and
// generic constraints, so a wrong label, argument type or missing conformance fails here.

import AppKit
import UniformTypeIdentifiers

// MARK: Layout

extension View {
    nonisolated public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { self }
    nonisolated public func padding(_ insets: EdgeInsets) -> some View { self }
    nonisolated public func padding(_ length: CGFloat) -> some View { self }
    nonisolated public func frame(
        width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center
    )
        -> some View
    { self }
    nonisolated public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
        minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
        alignment: Alignment = .center
    ) -> some View { self }
    nonisolated public func fixedSize() -> some View { self }
    nonisolated public func fixedSize(horizontal: Bool, vertical: Bool) -> some View { self }
    nonisolated public func layoutPriority(_ value: Double) -> some View { self }
    nonisolated public func offset(_ offset: CGSize) -> some View { self }
    nonisolated public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View { self }
    nonisolated public func position(x: CGFloat = 0, y: CGFloat = 0) -> some View { self }
    nonisolated public func zIndex(_ value: Double) -> some View { self }
    nonisolated public func alignmentGuide(
        _ g: HorizontalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat
    ) -> some View { self }
    nonisolated public func alignmentGuide(
        _ g: VerticalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat
    )
        -> some View
    { self }
    nonisolated public func safeAreaInset<V: View>(
        edge: VerticalEdge, alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
        @ViewBuilder content: () -> V
    ) -> some View { self }
    nonisolated public func safeAreaInset<V: View>(
        edge: HorizontalEdge, alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
        @ViewBuilder content: () -> V
    ) -> some View { self }
    nonisolated public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View {
        self
    }
}

/// A view's size and alignment guides in its own coordinate space.
public struct ViewDimensions {
    public var width: CGFloat { fatalError() }
    public var height: CGFloat { fatalError() }
    public subscript(guide: HorizontalAlignment) -> CGFloat { fatalError() }
    public subscript(guide: VerticalAlignment) -> CGFloat { fatalError() }
}

/// A set of symbolic safe area regions.
public struct SafeAreaRegions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let container = SafeAreaRegions(rawValue: 1)
    public static let keyboard = SafeAreaRegions(rawValue: 2)
    public static let all = SafeAreaRegions(rawValue: 3)
}

// MARK: Appearance

extension View {
    nonisolated public func background<V: View>(
        alignment: Alignment = .center, @ViewBuilder content: () -> V
    )
        -> some View
    { self }
    nonisolated public func background<S: ShapeStyle>(
        _ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all
    )
        -> some View
    { self }
    nonisolated public func background(ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View { self }
    nonisolated public func background<S: ShapeStyle, T: Shape>(
        _ style: S, in shape: T,
        fillStyle: FillStyle = FillStyle()
    ) -> some View { self }
    nonisolated public func background<T: Shape>(in shape: T, fillStyle: FillStyle = FillStyle()) -> some View {
        self
    }
    nonisolated public func overlay<V: View>(
        alignment: Alignment = .center, @ViewBuilder content: () -> V
    )
        -> some View
    { self }
    nonisolated public func overlay<S: ShapeStyle>(
        _ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all
    )
        -> some View
    { self }
    nonisolated public func overlay<S: ShapeStyle, T: Shape>(
        _ style: S, in shape: T,
        fillStyle: FillStyle = FillStyle()
    ) -> some View { self }
    nonisolated public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { self }
    nonisolated public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle>(
        _ primary: S1, _ secondary: S2
    )
        -> some View
    { self }
    nonisolated public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle, S3: ShapeStyle>(
        _ primary: S1, _ secondary: S2, _ tertiary: S3
    ) -> some View { self }
    nonisolated public func foregroundColor(_ color: Color?) -> some View { self }
    nonisolated public func tint<S: ShapeStyle>(_ tint: S?) -> some View { self }
    nonisolated public func tint(_ tint: Color?) -> some View { self }
    nonisolated public func opacity(_ opacity: Double) -> some View { self }
    nonisolated public func hidden() -> some View { self }
    nonisolated public func disabled(_ disabled: Bool) -> some View { self }
    nonisolated public func clipped(antialiased: Bool = false) -> some View { self }
    nonisolated public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View { self }
    nonisolated public func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> some View { self }
    nonisolated public func border<S: ShapeStyle>(_ content: S, width: CGFloat = 1) -> some View { self }
    nonisolated public func shadow(
        color: Color = Color(.sRGBLinear, white: 0, opacity: 0.33), radius: CGFloat,
        x: CGFloat = 0, y: CGFloat = 0
    ) -> some View { self }
    nonisolated public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> some View { self }
    nonisolated public func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> some View { self }
    nonisolated public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View { self }
    nonisolated public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View { self }
    nonisolated public func transaction(_ transform: @escaping (inout Transaction) -> Void) -> some View { self }
    nonisolated public func id<ID: Hashable>(_ id: ID) -> some View { self }
    nonisolated public func tag<V: Hashable>(_ tag: V, includeOptional: Bool = true) -> some View { self }
    nonisolated public func equatable() -> some View where Self: Equatable { self }
    nonisolated public func controlSize(_ controlSize: ControlSize) -> some View { self }
    nonisolated public func environment<V>(
        _ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V
    )
        -> some View
    { self }
    nonisolated public func environment<T: AnyObject & Observable>(_ object: T?) -> some View { self }
    nonisolated public func environmentObject<T: ObservableObject>(_ object: T) -> some View { self }
    nonisolated public func transformEnvironment<V>(
        _ keyPath: WritableKeyPath<EnvironmentValues, V>, transform: @escaping (inout V) -> Void
    ) -> some View { self }
    nonisolated public func preferredColorScheme(_ colorScheme: ColorScheme?) -> some View { self }
}

// MARK: Text and symbols

extension View {
    nonisolated public func font(_ font: Font?) -> some View { self }
    nonisolated public func fontWeight(_ weight: Font.Weight?) -> some View { self }
    nonisolated public func fontDesign(_ design: Font.Design?) -> some View { self }
    nonisolated public func bold(_ isActive: Bool = true) -> some View { self }
    nonisolated public func italic(_ isActive: Bool = true) -> some View { self }
    nonisolated public func monospaced(_ isActive: Bool = true) -> some View { self }
    nonisolated public func monospacedDigit() -> some View { self }
    nonisolated public func textCase(_ textCase: Text.Case?) -> some View { self }
    nonisolated public func lineLimit(_ number: Int?) -> some View { self }
    nonisolated public func lineLimit(_ limit: ClosedRange<Int>) -> some View { self }
    nonisolated public func lineLimit(_ limit: PartialRangeFrom<Int>) -> some View { self }
    nonisolated public func lineLimit(_ limit: PartialRangeThrough<Int>) -> some View { self }
    nonisolated public func lineLimit(_ limit: Int, reservesSpace: Bool) -> some View { self }
    nonisolated public func lineSpacing(_ lineSpacing: CGFloat) -> some View { self }
    nonisolated public func multilineTextAlignment(_ alignment: TextAlignment) -> some View { self }
    nonisolated public func truncationMode(_ mode: Text.TruncationMode) -> some View { self }
    nonisolated public func minimumScaleFactor(_ factor: CGFloat) -> some View { self }
    nonisolated public func allowsTightening(_ flag: Bool) -> some View { self }
    nonisolated public func textSelection<S: TextSelectability>(_ selectability: S) -> some View { self }
    nonisolated public func imageScale(_ scale: Image.Scale) -> some View { self }
    nonisolated public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> some View { self }
    nonisolated public func symbolVariant(_ variant: SymbolVariants) -> some View { self }
    nonisolated public func labelsHidden() -> some View { self }
    nonisolated public func autocorrectionDisabled(_ disable: Bool = true) -> some View { self }
    nonisolated public func help(_ textKey: LocalizedStringKey) -> some View { self }
    nonisolated public func help(_ text: Text) -> some View { self }
    @_disfavoredOverload
    nonisolated public func help<S: StringProtocol>(_ text: S) -> some View { self }
}

// MARK: Life cycle and events

extension View {
    nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View { self }
    nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> some View { self }

    /// Adds a task to perform before this view appears (the closure inherits the caller's actor).
    nonisolated public func task(
        priority: TaskPriority = .userInitiated,
        @_inheritActorContext _ action: @escaping @isolated(any) @Sendable () async -> Void
    ) -> some View { self }

    /// Adds a task that restarts whenever `id` changes.
    nonisolated public func task<T: Equatable>(
        id value: T, priority: TaskPriority = .userInitiated,
        @_inheritActorContext _ action: @escaping @isolated(any) @Sendable () async -> Void
    ) -> some View { self }

    nonisolated public func onChange<V: Equatable>(
        of value: V, initial: Bool = false,
        _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
    )
        -> some View
    { self }
    nonisolated public func onChange<V: Equatable>(
        of value: V, initial: Bool = false,
        _ action: @escaping () -> Void
    ) -> some View { self }
    nonisolated public func onSubmit(
        of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void
    )
        -> some View
    { self }
    nonisolated public func onReceive<P: Publisher>(
        _ publisher: P, perform action: @escaping (P.Output) -> Void
    )
        -> some View where P.Failure == Never
    { self }
    nonisolated public func onHover(perform action: @escaping (Bool) -> Void) -> some View { self }
    nonisolated public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View { self }
    nonisolated public func onOpenURL(perform action: @escaping (URL) -> Void) -> some View { self }
    nonisolated public func onExitCommand(perform action: (() -> Void)?) -> some View { self }
    nonisolated public func onDeleteCommand(perform action: (() -> Void)?) -> some View { self }
    nonisolated public func onMoveCommand(perform action: ((MoveCommandDirection) -> Void)?) -> some View { self }
    nonisolated public func onCopyCommand(perform payloadAction: (() -> [NSItemProvider])?) -> some View { self }
    nonisolated public func onCutCommand(perform payloadAction: (() -> [NSItemProvider])?) -> some View { self }
    nonisolated public func onPasteCommand(
        of supportedContentTypes: [UTType],
        perform payloadAction: @escaping ([NSItemProvider]) -> Void
    )
        -> some View
    { self }
    nonisolated public func copyable<T: Transferable>(_ payload: @autoclosure @escaping () -> [T]) -> some View {
        self
    }
    nonisolated public func cuttable<T: Transferable>(
        for payloadType: T.Type = T.self,
        action: @escaping () -> [T]
    ) -> some View { self }
    nonisolated public func pasteDestination<T: Transferable>(
        for payloadType: T.Type = T.self, action: @escaping ([T]) -> Void,
        validator: @escaping ([T]) -> [T]? = { $0 }
    ) -> some View { self }
    nonisolated public func onKeyPress(_ key: KeyEquivalent, action: @escaping () -> KeyPress.Result) -> some View {
        self
    }
    nonisolated public func onKeyPress(
        _ key: KeyEquivalent, phases: KeyPress.Phases,
        action: @escaping (KeyPress) -> KeyPress.Result
    ) -> some View { self }
    nonisolated public func onKeyPress(
        keys: Set<KeyEquivalent>, phases: KeyPress.Phases = [.down, .repeat],
        action: @escaping (KeyPress) -> KeyPress.Result
    ) -> some View { self }
    nonisolated public func onKeyPress(
        characters: CharacterSet, phases: KeyPress.Phases = [.down, .repeat],
        action: @escaping (KeyPress) -> KeyPress.Result
    ) -> some View { self }
    nonisolated public func onKeyPress(
        phases: KeyPress.Phases = [.down, .repeat],
        action: @escaping (KeyPress) -> KeyPress.Result
    ) -> some View { self }
}

/// A type that defines various triggers that result in the firing of a submission action.
public struct SubmitTriggers: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let text = SubmitTriggers(rawValue: 1)
    public static let search = SubmitTriggers(rawValue: 2)
}

/// Keyboard input events (macOS 14).
public struct KeyPress: Sendable {
    public var phase: KeyPress.Phases { fatalError() }
    public var key: KeyEquivalent { fatalError() }
    public var characters: String { fatalError() }
    public var modifiers: EventModifiers { fatalError() }

    public struct Phases: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let down = Phases(rawValue: 1)
        public static let `repeat` = Phases(rawValue: 2)
        public static let up = Phases(rawValue: 4)
        public static let all = Phases(rawValue: 7)
    }

    public enum Result: Sendable {
        case handled, ignored
    }
}

// MARK: Keyboard shortcuts

/// Keyboard shortcuts describe combinations of keys on a keyboard that the user can press in order to
/// activate a button or toggle.
public struct KeyboardShortcut: Hashable, Sendable {
    public static let defaultAction = KeyboardShortcut(.return, modifiers: [])
    public static let cancelAction = KeyboardShortcut(.escape, modifiers: [])
    public var key: KeyEquivalent
    public var modifiers: EventModifiers
    public init(_ key: KeyEquivalent, modifiers: EventModifiers = .command) {
        self.key = key
        self.modifiers = modifiers
    }
    public init(
        _ key: KeyEquivalent, modifiers: EventModifiers = .command,
        localization: KeyboardShortcut.Localization
    ) {
        self.key = key
        self.modifiers = modifiers
    }

    public struct Localization: Sendable {
        public static let automatic = Localization()
        public static let withoutMirroring = Localization()
        public static let custom = Localization()
        init() {}
    }
}

/// Key equivalents consist of a letter, punctuation, or function key that can be combined with an
/// optional set of modifier keys to specify a keyboard shortcut.
public struct KeyEquivalent: Hashable, Sendable, ExpressibleByExtendedGraphemeClusterLiteral {
    public var character: Character
    public init(_ character: Character) { self.character = character }
    public init(extendedGraphemeClusterLiteral: Character) { self.character = extendedGraphemeClusterLiteral }
    public static let upArrow = KeyEquivalent("\u{F700}")
    public static let downArrow = KeyEquivalent("\u{F701}")
    public static let leftArrow = KeyEquivalent("\u{F702}")
    public static let rightArrow = KeyEquivalent("\u{F703}")
    public static let escape = KeyEquivalent("\u{1B}")
    public static let delete = KeyEquivalent("\u{8}")
    public static let deleteForward = KeyEquivalent("\u{F728}")
    public static let home = KeyEquivalent("\u{F729}")
    public static let end = KeyEquivalent("\u{F72B}")
    public static let pageUp = KeyEquivalent("\u{F72C}")
    public static let pageDown = KeyEquivalent("\u{F72D}")
    public static let clear = KeyEquivalent("\u{F739}")
    public static let tab = KeyEquivalent("\t")
    public static let space = KeyEquivalent(" ")
    public static let `return` = KeyEquivalent("\r")
}

/// A set of key modifiers that you can add to a gesture.
public struct EventModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let capsLock = EventModifiers(rawValue: 1)
    public static let shift = EventModifiers(rawValue: 2)
    public static let control = EventModifiers(rawValue: 4)
    public static let option = EventModifiers(rawValue: 8)
    public static let command = EventModifiers(rawValue: 16)
    public static let numericPad = EventModifiers(rawValue: 32)
    public static let function = EventModifiers(rawValue: 64)
    public static let all = EventModifiers(rawValue: 127)
}

extension View {
    nonisolated public func keyboardShortcut(
        _ key: KeyEquivalent, modifiers: EventModifiers = .command
    )
        -> some View
    { self }
    nonisolated public func keyboardShortcut(_ shortcut: KeyboardShortcut) -> some View { self }
    nonisolated public func keyboardShortcut(_ shortcut: KeyboardShortcut?) -> some View { self }
    nonisolated public func keyboardShortcut(
        _ key: KeyEquivalent, modifiers: EventModifiers = .command,
        localization: KeyboardShortcut.Localization
    ) -> some View { self }
}

// MARK: Focus

/// Focus interactions (macOS 14).
public struct FocusInteractions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let activate = FocusInteractions(rawValue: 1)
    public static let edit = FocusInteractions(rawValue: 2)
    public static let automatic = FocusInteractions(rawValue: 3)
}

/// Prioritizations for default focus preferences.
public struct DefaultFocusEvaluationPriority: Sendable {
    public static let automatic = DefaultFocusEvaluationPriority()
    public static let userInitiated = DefaultFocusEvaluationPriority()
    init() {}
}

extension View {
    nonisolated public func focused(_ condition: FocusState<Bool>.Binding) -> some View { self }
    nonisolated public func focused<Value: Hashable>(
        _ binding: FocusState<Value>.Binding, equals value: Value
    )
        -> some View
    { self }
    nonisolated public func focusable(_ isFocusable: Bool = true) -> some View { self }
    nonisolated public func focusable(_ isFocusable: Bool = true, interactions: FocusInteractions) -> some View {
        self
    }
    nonisolated public func focusEffectDisabled(_ disabled: Bool = true) -> some View { self }
    nonisolated public func focusSection() -> some View { self }
    nonisolated public func defaultFocus<V: Hashable>(
        _ binding: FocusState<V>.Binding, _ value: V,
        priority: DefaultFocusEvaluationPriority = .automatic
    )
        -> some View
    { self }
    nonisolated public func focusedValue<Value>(
        _ keyPath: WritableKeyPath<FocusedValues, Value?>, _ value: Value
    )
        -> some View
    { self }
    nonisolated public func focusedValue<Value>(
        _ keyPath: WritableKeyPath<FocusedValues, Value?>, _ value: Value?
    )
        -> some View
    { self }
    nonisolated public func focusedValue<T: AnyObject & Observable>(_ object: T?) -> some View { self }
    nonisolated public func focusedSceneValue<T>(
        _ keyPath: WritableKeyPath<FocusedValues, T?>, _ value: T
    )
        -> some View
    { self }
    nonisolated public func focusedSceneValue<T>(
        _ keyPath: WritableKeyPath<FocusedValues, T?>, _ value: T?
    )
        -> some View
    { self }
    nonisolated public func focusedSceneValue<T: AnyObject & Observable>(_ object: T?) -> some View { self }
}

// MARK: Drag and drop, pasteboard

/// An interface that you implement to interact with a drop operation in a view modified to accept drops.
@MainActor @preconcurrency
public protocol DropDelegate {
    func validateDrop(info: DropInfo) -> Bool
    func performDrop(info: DropInfo) -> Bool
    func dropEntered(info: DropInfo)
    func dropUpdated(info: DropInfo) -> DropProposal?
    func dropExited(info: DropInfo)
}

extension DropDelegate {
    public func validateDrop(info: DropInfo) -> Bool { fatalError() }
    public func dropEntered(info: DropInfo) {}
    public func dropUpdated(info: DropInfo) -> DropProposal? { nil }
    public func dropExited(info: DropInfo) {}
}

/// The current state of a drop.
@MainActor
public struct DropInfo {
    public var location: CGPoint { fatalError() }
    public func hasItemsConforming(to contentTypes: [UTType]) -> Bool { fatalError() }
    public func itemProviders(for contentTypes: [UTType]) -> [NSItemProvider] { fatalError() }
}

/// The behavior of a drop.
public struct DropProposal: Sendable {
    public let operation: DropOperation
    public init(operation: DropOperation) { self.operation = operation }
}

public enum DropOperation: Sendable {
    case cancel, forbidden, copy, move
}

extension View {
    nonisolated public func dropDestination<T: Transferable>(
        for payloadType: T.Type = T.self, action: @escaping ([T], CGPoint) -> Bool,
        isTargeted: @escaping (Bool) -> Void = { _ in }
    ) -> some View { self }
    nonisolated public func onDrop(
        of supportedContentTypes: [UTType], isTargeted: Binding<Bool>?,
        perform action: @escaping ([NSItemProvider]) -> Bool
    ) -> some View { self }
    nonisolated public func onDrop(
        of supportedContentTypes: [UTType], isTargeted: Binding<Bool>?,
        perform action: @escaping ([NSItemProvider], CGPoint) -> Bool
    ) -> some View { self }
    nonisolated public func onDrop(of supportedContentTypes: [UTType], delegate: any DropDelegate) -> some View { self }
    nonisolated public func draggable<T: Transferable>(_ payload: @autoclosure @escaping () -> T) -> some View { self }
    nonisolated public func draggable<V: View, T: Transferable>(
        _ payload: @autoclosure @escaping () -> T,
        @ViewBuilder preview: () -> V
    ) -> some View { self }
    nonisolated public func onDrag(_ data: @escaping () -> NSItemProvider) -> some View { self }
}

// MARK: Accessibility

/// A set of accessibility traits that describe how an element behaves.
public struct AccessibilityTraits: SetAlgebra, Sendable {
    public init() {}
    public static let isButton = AccessibilityTraits()
    public static let isHeader = AccessibilityTraits()
    public static let isSelected = AccessibilityTraits()
    public static let isLink = AccessibilityTraits()
    public static let isSearchField = AccessibilityTraits()
    public static let isImage = AccessibilityTraits()
    public static let playsSound = AccessibilityTraits()
    public static let isKeyboardKey = AccessibilityTraits()
    public static let isStaticText = AccessibilityTraits()
    public static let isSummaryElement = AccessibilityTraits()
    public static let updatesFrequently = AccessibilityTraits()
    public static let startsMediaSession = AccessibilityTraits()
    public static let allowsDirectInteraction = AccessibilityTraits()
    public static let causesPageTurn = AccessibilityTraits()
    public static let isModal = AccessibilityTraits()
    public static let isToggle = AccessibilityTraits()
    public func union(_ other: AccessibilityTraits) -> AccessibilityTraits { fatalError() }
    public func intersection(_ other: AccessibilityTraits) -> AccessibilityTraits { fatalError() }
    public func symmetricDifference(_ other: AccessibilityTraits) -> AccessibilityTraits { fatalError() }
    public func contains(_ member: AccessibilityTraits) -> Bool { fatalError() }
    public mutating func insert(
        _ newMember: AccessibilityTraits
    )
        -> (inserted: Bool, memberAfterInsert: AccessibilityTraits)
    {
        fatalError()
    }
    public mutating func remove(_ member: AccessibilityTraits) -> AccessibilityTraits? { fatalError() }
    public mutating func update(with newMember: AccessibilityTraits) -> AccessibilityTraits? { fatalError() }
    public mutating func formUnion(_ other: AccessibilityTraits) { fatalError() }
    public mutating func formIntersection(_ other: AccessibilityTraits) { fatalError() }
    public mutating func formSymmetricDifference(_ other: AccessibilityTraits) { fatalError() }
    public static func == (lhs: AccessibilityTraits, rhs: AccessibilityTraits) -> Bool { fatalError() }
}

/// Defines the behavior for the child elements of the new parent element.
public struct AccessibilityChildBehavior: Hashable, Sendable {
    public static let ignore = AccessibilityChildBehavior()
    public static let contain = AccessibilityChildBehavior()
    public static let combine = AccessibilityChildBehavior()
    init() {}
}

/// The structure that defines the kinds of available accessibility actions.
public struct AccessibilityActionKind: Equatable, Sendable {
    public static let `default` = AccessibilityActionKind()
    public static let escape = AccessibilityActionKind()
    public static let showMenu = AccessibilityActionKind()
    public init(named name: Text) {}
    init() {}
}

extension View {
    nonisolated public func accessibilityLabel(_ label: Text) -> some View { self }
    nonisolated public func accessibilityLabel(_ labelKey: LocalizedStringKey) -> some View { self }
    @_disfavoredOverload
    nonisolated public func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View { self }
    nonisolated public func accessibilityValue(_ valueDescription: Text) -> some View { self }
    nonisolated public func accessibilityValue(_ valueKey: LocalizedStringKey) -> some View { self }
    @_disfavoredOverload
    nonisolated public func accessibilityValue<S: StringProtocol>(_ value: S) -> some View { self }
    nonisolated public func accessibilityHint(_ hint: Text) -> some View { self }
    nonisolated public func accessibilityHint(_ hintKey: LocalizedStringKey) -> some View { self }
    @_disfavoredOverload
    nonisolated public func accessibilityHint<S: StringProtocol>(_ hint: S) -> some View { self }
    nonisolated public func accessibilityIdentifier(_ identifier: String) -> some View { self }
    nonisolated public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View { self }
    nonisolated public func accessibilityRemoveTraits(_ traits: AccessibilityTraits) -> some View { self }
    nonisolated public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View { self }
    nonisolated public func accessibilityHidden(_ hidden: Bool) -> some View { self }
    nonisolated public func accessibilitySortPriority(_ sortPriority: Double) -> some View { self }
    nonisolated public func accessibilityAction(
        _ actionKind: AccessibilityActionKind = .default,
        _ handler: @escaping () -> Void
    ) -> some View { self }
    nonisolated public func accessibilityAction(
        named nameKey: LocalizedStringKey, _ handler: @escaping () -> Void
    )
        -> some View
    { self }
    @_disfavoredOverload
    nonisolated public func accessibilityAction<S: StringProtocol>(
        named name: S, _ handler: @escaping () -> Void
    )
        -> some View
    { self }
}
