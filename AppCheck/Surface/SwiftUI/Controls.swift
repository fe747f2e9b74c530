// Declaration-only surface of Apple's SwiftUI framework (macOS), for type-checking the Mac app
// on Linux (scripts/typecheck-app). Written by this project from Apple's public documentation;
// it is NOT Apple's SDK and holds no code of it. Bodies are stubs, never run.

import AppKit
import UniformTypeIdentifiers

/// A value that describes the purpose of a button.
public struct ButtonRole: Equatable, Sendable {
    public static let destructive = ButtonRole()
    public static let cancel = ButtonRole()
    init() {}
}

/// A control that initiates an action.
nonisolated public struct Button<Label: View>: View {
    @preconcurrency
    public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) { fatalError() }
    @preconcurrency
    public init(role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        fatalError()
    }
    public typealias Body = Never
}

extension Button where Label == Text {
    @preconcurrency
    public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) { fatalError() }
    @_disfavoredOverload @preconcurrency
    public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) { fatalError() }
    @preconcurrency
    public init(_ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping @MainActor () -> Void) {
        fatalError()
    }
    @_disfavoredOverload @preconcurrency
    public init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void) {
        fatalError()
    }
}

extension Button where Label == SwiftUI.Label<Text, Image> {
    @preconcurrency
    public init(_ titleKey: LocalizedStringKey, systemImage: String, action: @escaping @MainActor () -> Void) {
        fatalError()
    }
    @_disfavoredOverload @preconcurrency
    public init<S: StringProtocol>(_ title: S, systemImage: String, action: @escaping @MainActor () -> Void) {
        fatalError()
    }
    @preconcurrency
    public init(
        _ titleKey: LocalizedStringKey, systemImage: String, role: ButtonRole?,
        action: @escaping @MainActor () -> Void
    ) { fatalError() }
    @_disfavoredOverload @preconcurrency
    public init<S: StringProtocol>(
        _ title: S, systemImage: String, role: ButtonRole?,
        action: @escaping @MainActor () -> Void
    ) { fatalError() }
}

/// A control for navigating to a URL.
nonisolated public struct Link<Label: View>: View {
    public init(destination: URL, @ViewBuilder label: () -> Label) { fatalError() }
    public typealias Body = Never
}

extension Link where Label == Text {
    public init(_ titleKey: LocalizedStringKey, destination: URL) { fatalError() }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, destination: URL) { fatalError() }
}

/// A control that toggles between on and off states.
nonisolated public struct Toggle<Label: View>: View {
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) { fatalError() }
    public typealias Body = Never
}

extension Toggle where Label == Text {
    public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) { fatalError() }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) { fatalError() }
}

extension Toggle where Label == SwiftUI.Label<Text, Image> {
    public init(_ titleKey: LocalizedStringKey, systemImage: String, isOn: Binding<Bool>) { fatalError() }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage: String, isOn: Binding<Bool>) { fatalError() }
}

/// A control for selecting from a set of mutually exclusive values.
nonisolated public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View {
    public init(
        selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content,
        @ViewBuilder label: () -> Label
    ) { fatalError() }
    public typealias Body = Never
}

extension Picker where Label == Text {
    public init(
        _ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>,
        @ViewBuilder content: () -> Content
    ) { fatalError() }
    @_disfavoredOverload
    public init<S: StringProtocol>(
        _ title: S, selection: Binding<SelectionValue>,
        @ViewBuilder content: () -> Content
    ) { fatalError() }
}

extension Picker where Label == SwiftUI.Label<Text, Image> {
    public init(
        _ titleKey: LocalizedStringKey, systemImage: String, selection: Binding<SelectionValue>,
        @ViewBuilder content: () -> Content
    ) { fatalError() }
}

/// A control that performs increment and decrement actions.
nonisolated public struct Stepper<Label: View>: View {
    public init<V: Strideable>(
        value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
        onEditingChanged: @escaping (Bool) -> Void = { _ in },
        @ViewBuilder label: () -> Label
    ) { fatalError() }
    public init<V: Strideable>(
        value: Binding<V>, step: V.Stride = 1,
        onEditingChanged: @escaping (Bool) -> Void = { _ in },
        @ViewBuilder label: () -> Label
    ) { fatalError() }
    public init(
        @ViewBuilder label: () -> Label, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) { fatalError() }
    public typealias Body = Never
}

extension Stepper where Label == Text {
    public init<V: Strideable>(
        _ titleKey: LocalizedStringKey, value: Binding<V>, in bounds: ClosedRange<V>,
        step: V.Stride = 1, onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) {
        fatalError()
    }
    @_disfavoredOverload
    public init<S: StringProtocol, V: Strideable>(
        _ title: S, value: Binding<V>, in bounds: ClosedRange<V>,
        step: V.Stride = 1,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) {
        fatalError()
    }
    public init<V: Strideable>(
        _ titleKey: LocalizedStringKey, value: Binding<V>, step: V.Stride = 1,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) { fatalError() }
    @_disfavoredOverload
    public init<S: StringProtocol, V: Strideable>(
        _ title: S, value: Binding<V>, step: V.Stride = 1,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) {
        fatalError()
    }
    public init(
        _ titleKey: LocalizedStringKey, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) { fatalError() }
}

/// A control for selecting a value from a bounded linear range of values.
nonisolated public struct Slider<Label: View, ValueLabel: View>: View {
    public init<V: BinaryFloatingPoint>(
        value: Binding<V>, in bounds: ClosedRange<V> = 0...1,
        @ViewBuilder label: () -> Label,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    )
    where V.Stride: BinaryFloatingPoint, ValueLabel == EmptyView { fatalError() }
    public typealias Body = Never
}

extension Slider where Label == EmptyView, ValueLabel == EmptyView {
    public init<V: BinaryFloatingPoint>(
        value: Binding<V>, in bounds: ClosedRange<V> = 0...1,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    )
    where V.Stride: BinaryFloatingPoint { fatalError() }
    public init<V: BinaryFloatingPoint>(
        value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    )
    where V.Stride: BinaryFloatingPoint { fatalError() }
}

/// A control that displays an editable text interface.
nonisolated public struct TextField<Label: View>: View {
    public init(text: Binding<String>, prompt: Text? = nil, @ViewBuilder label: () -> Label) { fatalError() }
    public init(text: Binding<String>, prompt: Text? = nil, axis: Axis, @ViewBuilder label: () -> Label) {
        fatalError()
    }
    public init<F: ParseableFormatStyle>(
        value: Binding<F.FormatInput>, format: F, prompt: Text? = nil,
        @ViewBuilder label: () -> Label
    ) where F.FormatOutput == String {
        fatalError()
    }
    public typealias Body = Never
}

extension TextField where Label == Text {
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) { fatalError() }
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text?) { fatalError() }
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, axis: Axis) { fatalError() }
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text?, axis: Axis) { fatalError() }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) { fatalError() }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text?) { fatalError() }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, axis: Axis) { fatalError() }
    public init<F: ParseableFormatStyle>(
        _ titleKey: LocalizedStringKey, value: Binding<F.FormatInput>,
        format: F, prompt: Text? = nil
    ) where F.FormatOutput == String {
        fatalError()
    }
    public init<V>(_ titleKey: LocalizedStringKey, value: Binding<V>, formatter: Formatter) { fatalError() }
}

/// A control into which people securely enter private text.
nonisolated public struct SecureField<Label: View>: View {
    public init(text: Binding<String>, prompt: Text? = nil, @ViewBuilder label: () -> Label) { fatalError() }
    public typealias Body = Never
}

extension SecureField where Label == Text {
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) { fatalError() }
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text?) { fatalError() }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) { fatalError() }
}

/// A view that can display and edit long-form text.
nonisolated public struct TextEditor: View {
    public init(text: Binding<String>) { fatalError() }
    public typealias Body = Never
}

/// A view that shows the progress toward completion of a task.
nonisolated public struct ProgressView<Label: View, CurrentValueLabel: View>: View {
    public init<V: BinaryFloatingPoint>(
        value: V?, total: V = 1.0, @ViewBuilder label: () -> Label,
        @ViewBuilder currentValueLabel: () -> CurrentValueLabel
    ) { fatalError() }
    public typealias Body = Never
}

extension ProgressView where CurrentValueLabel == EmptyView {
    public init(@ViewBuilder label: () -> Label) { fatalError() }
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0, @ViewBuilder label: () -> Label) { fatalError() }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    public init() { fatalError() }
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) { fatalError() }
    public init(_ progress: Progress) { fatalError() }
}

extension ProgressView where CurrentValueLabel == EmptyView, Label == Text {
    public init(_ titleKey: LocalizedStringKey) { fatalError() }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S) { fatalError() }
    public init<V: BinaryFloatingPoint>(_ titleKey: LocalizedStringKey, value: V?, total: V = 1.0) { fatalError() }
    @_disfavoredOverload
    public init<S: StringProtocol, V: BinaryFloatingPoint>(_ title: S, value: V?, total: V = 1.0) { fatalError() }
}

/// A control for presenting a menu of actions.
nonisolated public struct Menu<Label: View, Content: View>: View {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) { fatalError() }
    @preconcurrency
    public init(
        @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label,
        primaryAction: @escaping @MainActor () -> Void
    ) { fatalError() }
    public typealias Body = Never
}

extension Menu where Label == Text {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) { fatalError() }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) { fatalError() }
    @preconcurrency
    public init(
        _ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content,
        primaryAction: @escaping @MainActor () -> Void
    ) { fatalError() }
}

extension Menu where Label == SwiftUI.Label<Text, Image> {
    public init(_ titleKey: LocalizedStringKey, systemImage: String, @ViewBuilder content: () -> Content) {
        fatalError()
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage: String, @ViewBuilder content: () -> Content) {
        fatalError()
    }
}

/// A visual element that can be used to separate other content.
nonisolated public struct Divider: View {
    public init() {}
    public typealias Body = Never
}

/// A flexible space that expands along the major axis of its containing stack layout.
nonisolated public struct Spacer: View {
    public var minLength: CGFloat?
    public init(minLength: CGFloat? = nil) { self.minLength = minLength }
    public typealias Body = Never
}

/// A container view that displays semantically-related controls in visually-appropriate manner.
nonisolated public struct ControlGroup<Content: View>: View {
    public init(@ViewBuilder content: () -> Content) { fatalError() }
    public typealias Body = Never
}

/// A container for attaching a label to a value-bearing view.
nonisolated public struct LabeledContent<Label: View, Content: View>: View {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) { fatalError() }
    public typealias Body = Never
}

extension LabeledContent where Label == Text {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) { fatalError() }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) { fatalError() }
}

extension LabeledContent where Label == Text, Content == Text {
    public init<S: StringProtocol>(_ titleKey: LocalizedStringKey, value: S) { fatalError() }
    @_disfavoredOverload
    public init<S1: StringProtocol, S2: StringProtocol>(_ title: S1, value: S2) { fatalError() }
    public init<F: FormatStyle>(_ titleKey: LocalizedStringKey, value: F.FormatInput, format: F)
    where F.FormatInput: Equatable, F.FormatOutput == String { fatalError() }
}

/// An interface, consisting of a label and additional content, that you display when the content of
/// your app is unavailable to users.
nonisolated public struct ContentUnavailableView<Label: View, Description: View, Actions: View>: View {
    public init(
        @ViewBuilder label: () -> Label, @ViewBuilder description: () -> Description,
        @ViewBuilder actions: () -> Actions
    ) { fatalError() }
    public typealias Body = Never
}

extension ContentUnavailableView where Actions == EmptyView {
    public init(@ViewBuilder label: () -> Label, @ViewBuilder description: () -> Description) { fatalError() }
}

extension ContentUnavailableView where Description == EmptyView, Actions == EmptyView {
    public init(@ViewBuilder label: () -> Label) { fatalError() }
}

extension ContentUnavailableView
where
    Label == SwiftUI.Label<Text, Image>, Description == Text?,
    Actions == EmptyView
{
    public init(_ title: LocalizedStringKey, systemImage name: String, description: Text? = nil) { fatalError() }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage name: String, description: Text? = nil) {
        fatalError()
    }
}

/// A view that shows or hides another content view, based on the state of a disclosure control.
nonisolated public struct DisclosureGroup<Label: View, Content: View>: View {
    public init(@ViewBuilder content: @escaping () -> Content, @ViewBuilder label: () -> Label) { fatalError() }
    public init(
        isExpanded: Binding<Bool>, @ViewBuilder content: @escaping () -> Content,
        @ViewBuilder label: () -> Label
    ) { fatalError() }
    public typealias Body = Never
}

extension DisclosureGroup where Label == Text {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: @escaping () -> Content) { fatalError() }
    public init(
        _ titleKey: LocalizedStringKey, isExpanded: Binding<Bool>,
        @ViewBuilder content: @escaping () -> Content
    ) { fatalError() }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ label: S, @ViewBuilder content: @escaping () -> Content) { fatalError() }
    @_disfavoredOverload
    public init<S: StringProtocol>(
        _ label: S, isExpanded: Binding<Bool>,
        @ViewBuilder content: @escaping () -> Content
    ) { fatalError() }
}

/// A stylized view, with an optional label, that visually collects a logical grouping of content.
nonisolated public struct GroupBox<Label: View, Content: View>: View {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) { fatalError() }
    public typealias Body = Never
}

extension GroupBox where Label == EmptyView {
    public init(@ViewBuilder content: () -> Content) { fatalError() }
}

extension GroupBox where Label == Text {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) { fatalError() }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) { fatalError() }
}

/// A view that controls a sharing presentation.
nonisolated public struct ShareLink<
    Data: RandomAccessCollection, PreviewImage: Transferable,
    PreviewIcon: Transferable, Label: View
>: View where Data.Element: Transferable {
    public init(
        items: Data, subject: Text? = nil, message: Text? = nil,
        preview: @escaping (Data.Element) -> SharePreview<PreviewImage, PreviewIcon>,
        @ViewBuilder label: () -> Label
    ) { fatalError() }
    public typealias Body = Never
}

/// The default label of a share link.
nonisolated public struct DefaultShareLinkLabel: View {
    public typealias Body = Never
}

extension ShareLink where Label == DefaultShareLinkLabel {
    public init<I: Transferable>(
        item: I, subject: Text? = nil, message: Text? = nil,
        preview: SharePreview<PreviewImage, PreviewIcon>
    )
    where Data == CollectionOfOne<I> { fatalError() }
    public init(
        items: Data, subject: Text? = nil, message: Text? = nil,
        preview: @escaping (Data.Element) -> SharePreview<PreviewImage, PreviewIcon>
    ) { fatalError() }
}

extension ShareLink where PreviewImage == Never, PreviewIcon == Never, Label == DefaultShareLinkLabel {
    public init(item: URL, subject: Text? = nil, message: Text? = nil) where Data == CollectionOfOne<URL> {
        fatalError()
    }
    public init(item: String, subject: Text? = nil, message: Text? = nil) where Data == CollectionOfOne<String> {
        fatalError()
    }
    public init(items: Data, subject: Text? = nil, message: Text? = nil)
    where Data.Element == URL { fatalError() }
}

extension ShareLink where Label == Text {
    public init<I: Transferable>(
        _ titleKey: LocalizedStringKey, item: I, subject: Text? = nil,
        message: Text? = nil, preview: SharePreview<PreviewImage, PreviewIcon>
    )
    where Data == CollectionOfOne<I> { fatalError() }
}

extension ShareLink where PreviewImage == Never, PreviewIcon == Never, Label == Text {
    public init(_ titleKey: LocalizedStringKey, item: URL, subject: Text? = nil, message: Text? = nil)
    where Data == CollectionOfOne<URL> { fatalError() }
}

extension ShareLink {
    public init<I: Transferable>(
        item: I, subject: Text? = nil, message: Text? = nil,
        preview: SharePreview<PreviewImage, PreviewIcon>, @ViewBuilder label: () -> Label
    )
    where Data == CollectionOfOne<I> { fatalError() }
}

/// A representation of a type to display in a share preview.
public struct SharePreview<Image: Transferable, Icon: Transferable> {
    public init(_ titleKey: LocalizedStringKey, image: Image, icon: Icon) { fatalError() }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, image: Image, icon: Icon) { fatalError() }
}

extension SharePreview where Image == Never, Icon == Never {
    public init(_ titleKey: LocalizedStringKey) { fatalError() }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S) { fatalError() }
}

extension SharePreview where Icon == Never {
    public init(_ titleKey: LocalizedStringKey, image: Image) { fatalError() }
}

extension SharePreview where Image == Never {
    public init(_ titleKey: LocalizedStringKey, icon: Icon) { fatalError() }
}

/// A view that opens the Settings scene defined by an app.
nonisolated public struct SettingsLink<Label: View>: View {
    public init(@ViewBuilder label: () -> Label) { fatalError() }
    public typealias Body = Never
}

/// The default label of a settings link.
nonisolated public struct DefaultSettingsLinkLabel: View {
    public typealias Body = Never
}

extension SettingsLink where Label == DefaultSettingsLinkLabel {
    public init() { fatalError() }
}

/// A system button that reads items from the pasteboard and delivers it to a closure.
nonisolated public struct PasteButton: View {
    @preconcurrency
    public init(supportedContentTypes: [UTType], payloadAction: @escaping ([NSItemProvider]) -> Void) { fatalError() }
    @preconcurrency
    public init<T: Transferable>(payloadType: T.Type, onPaste: @escaping ([T]) -> Void) { fatalError() }
    public typealias Body = Never
}
