// Declaration-only surface of Apple's SwiftUI framework (macOS), for type-checking the Mac app
// on Linux (scripts/typecheck-app). Written by this project from Apple's public documentation;
// it is NOT Apple's SDK and holds no code of it. Bodies are stubs, never run. Style protocols
// other than ButtonStyle and PrimitiveButtonStyle are modelled without their makeBody
// requirement: the app uses the built-in styles, and a custom style is then checked only on a Mac.

import AppKit
import UniformTypeIdentifiers

public protocol TextFieldStyle {}
public struct DefaultTextFieldStyle: TextFieldStyle { public init() {} }
extension TextFieldStyle where Self == DefaultTextFieldStyle {
    public static var automatic: DefaultTextFieldStyle { DefaultTextFieldStyle() }
}
public struct PlainTextFieldStyle: TextFieldStyle { public init() {} }
extension TextFieldStyle where Self == PlainTextFieldStyle {
    public static var plain: PlainTextFieldStyle { PlainTextFieldStyle() }
}
public struct RoundedBorderTextFieldStyle: TextFieldStyle { public init() {} }
extension TextFieldStyle where Self == RoundedBorderTextFieldStyle {
    public static var roundedBorder: RoundedBorderTextFieldStyle { RoundedBorderTextFieldStyle() }
}
public struct SquareBorderTextFieldStyle: TextFieldStyle { public init() {} }
extension TextFieldStyle where Self == SquareBorderTextFieldStyle {
    public static var squareBorder: SquareBorderTextFieldStyle { SquareBorderTextFieldStyle() }
}
extension View {
    nonisolated public func textFieldStyle<S: TextFieldStyle>(_ style: S) -> some View { self }
}

public protocol MenuStyle {}
public struct DefaultMenuStyle: MenuStyle { public init() {} }
extension MenuStyle where Self == DefaultMenuStyle {
    public static var automatic: DefaultMenuStyle { DefaultMenuStyle() }
}
public struct ButtonMenuStyle: MenuStyle { public init() {} }
extension MenuStyle where Self == ButtonMenuStyle {
    public static var button: ButtonMenuStyle { ButtonMenuStyle() }
}
public struct BorderlessButtonMenuStyle: MenuStyle { public init() {} }
extension MenuStyle where Self == BorderlessButtonMenuStyle {
    public static var borderlessButton: BorderlessButtonMenuStyle { BorderlessButtonMenuStyle() }
}
extension View {
    nonisolated public func menuStyle<S: MenuStyle>(_ style: S) -> some View { self }
}

public protocol PickerStyle {}
public struct DefaultPickerStyle: PickerStyle { public init() {} }
extension PickerStyle where Self == DefaultPickerStyle {
    public static var automatic: DefaultPickerStyle { DefaultPickerStyle() }
}
public struct MenuPickerStyle: PickerStyle { public init() {} }
extension PickerStyle where Self == MenuPickerStyle {
    public static var menu: MenuPickerStyle { MenuPickerStyle() }
}
public struct SegmentedPickerStyle: PickerStyle { public init() {} }
extension PickerStyle where Self == SegmentedPickerStyle {
    public static var segmented: SegmentedPickerStyle { SegmentedPickerStyle() }
}
public struct RadioGroupPickerStyle: PickerStyle { public init() {} }
extension PickerStyle where Self == RadioGroupPickerStyle {
    public static var radioGroup: RadioGroupPickerStyle { RadioGroupPickerStyle() }
}
public struct InlinePickerStyle: PickerStyle { public init() {} }
extension PickerStyle where Self == InlinePickerStyle {
    public static var `inline`: InlinePickerStyle { InlinePickerStyle() }
}
public struct PalettePickerStyle: PickerStyle { public init() {} }
extension PickerStyle where Self == PalettePickerStyle {
    public static var palette: PalettePickerStyle { PalettePickerStyle() }
}
extension View {
    nonisolated public func pickerStyle<S: PickerStyle>(_ style: S) -> some View { self }
}

public protocol ToggleStyle {}
public struct DefaultToggleStyle: ToggleStyle { public init() {} }
extension ToggleStyle where Self == DefaultToggleStyle {
    public static var automatic: DefaultToggleStyle { DefaultToggleStyle() }
}
public struct SwitchToggleStyle: ToggleStyle { public init() {} }
extension ToggleStyle where Self == SwitchToggleStyle {
    public static var `switch`: SwitchToggleStyle { SwitchToggleStyle() }
}
public struct CheckboxToggleStyle: ToggleStyle { public init() {} }
extension ToggleStyle where Self == CheckboxToggleStyle {
    public static var checkbox: CheckboxToggleStyle { CheckboxToggleStyle() }
}
public struct ButtonToggleStyle: ToggleStyle { public init() {} }
extension ToggleStyle where Self == ButtonToggleStyle {
    public static var button: ButtonToggleStyle { ButtonToggleStyle() }
}
extension View {
    nonisolated public func toggleStyle<S: ToggleStyle>(_ style: S) -> some View { self }
}

public protocol ListStyle {}
public struct DefaultListStyle: ListStyle { public init() {} }
extension ListStyle where Self == DefaultListStyle {
    public static var automatic: DefaultListStyle { DefaultListStyle() }
}
public struct SidebarListStyle: ListStyle { public init() {} }
extension ListStyle where Self == SidebarListStyle {
    public static var sidebar: SidebarListStyle { SidebarListStyle() }
}
public struct InsetListStyle: ListStyle { public init() {} }
extension ListStyle where Self == InsetListStyle {
    public static var inset: InsetListStyle { InsetListStyle() }
}
public struct PlainListStyle: ListStyle { public init() {} }
extension ListStyle where Self == PlainListStyle {
    public static var plain: PlainListStyle { PlainListStyle() }
}
public struct BorderedListStyle: ListStyle { public init() {} }
extension ListStyle where Self == BorderedListStyle {
    public static var bordered: BorderedListStyle { BorderedListStyle() }
}
extension View {
    nonisolated public func listStyle<S: ListStyle>(_ style: S) -> some View { self }
}

public protocol FormStyle {}
public struct AutomaticFormStyle: FormStyle { public init() {} }
extension FormStyle where Self == AutomaticFormStyle {
    public static var automatic: AutomaticFormStyle { AutomaticFormStyle() }
}
public struct GroupedFormStyle: FormStyle { public init() {} }
extension FormStyle where Self == GroupedFormStyle {
    public static var grouped: GroupedFormStyle { GroupedFormStyle() }
}
public struct ColumnsFormStyle: FormStyle { public init() {} }
extension FormStyle where Self == ColumnsFormStyle {
    public static var columns: ColumnsFormStyle { ColumnsFormStyle() }
}
extension View {
    nonisolated public func formStyle<S: FormStyle>(_ style: S) -> some View { self }
}

public protocol ProgressViewStyle {}
public struct DefaultProgressViewStyle: ProgressViewStyle { public init() {} }
extension ProgressViewStyle where Self == DefaultProgressViewStyle {
    public static var automatic: DefaultProgressViewStyle { DefaultProgressViewStyle() }
}
public struct LinearProgressViewStyle: ProgressViewStyle { public init() {} }
extension ProgressViewStyle where Self == LinearProgressViewStyle {
    public static var linear: LinearProgressViewStyle { LinearProgressViewStyle() }
}
public struct CircularProgressViewStyle: ProgressViewStyle { public init() {} }
extension ProgressViewStyle where Self == CircularProgressViewStyle {
    public static var circular: CircularProgressViewStyle { CircularProgressViewStyle() }
}
extension View {
    nonisolated public func progressViewStyle<S: ProgressViewStyle>(_ style: S) -> some View { self }
}

public protocol NavigationSplitViewStyle {}
public struct AutomaticNavigationSplitViewStyle: NavigationSplitViewStyle { public init() {} }
extension NavigationSplitViewStyle where Self == AutomaticNavigationSplitViewStyle {
    public static var automatic: AutomaticNavigationSplitViewStyle { AutomaticNavigationSplitViewStyle() }
}
public struct BalancedNavigationSplitViewStyle: NavigationSplitViewStyle { public init() {} }
extension NavigationSplitViewStyle where Self == BalancedNavigationSplitViewStyle {
    public static var balanced: BalancedNavigationSplitViewStyle { BalancedNavigationSplitViewStyle() }
}
public struct ProminentDetailNavigationSplitViewStyle: NavigationSplitViewStyle { public init() {} }
extension NavigationSplitViewStyle where Self == ProminentDetailNavigationSplitViewStyle {
    public static var prominentDetail: ProminentDetailNavigationSplitViewStyle {
        ProminentDetailNavigationSplitViewStyle()
    }
}

public protocol GroupBoxStyle {}
public struct DefaultGroupBoxStyle: GroupBoxStyle { public init() {} }
extension GroupBoxStyle where Self == DefaultGroupBoxStyle {
    public static var automatic: DefaultGroupBoxStyle { DefaultGroupBoxStyle() }
}
extension View {
    nonisolated public func groupBoxStyle<S: GroupBoxStyle>(_ style: S) -> some View { self }
}

public protocol DisclosureGroupStyle {}
public struct AutomaticDisclosureGroupStyle: DisclosureGroupStyle { public init() {} }
extension DisclosureGroupStyle where Self == AutomaticDisclosureGroupStyle {
    public static var automatic: AutomaticDisclosureGroupStyle { AutomaticDisclosureGroupStyle() }
}
extension View {
    nonisolated public func disclosureGroupStyle<S: DisclosureGroupStyle>(_ style: S) -> some View { self }
}

public protocol TableStyle {}
public struct AutomaticTableStyle: TableStyle { public init() {} }
extension TableStyle where Self == AutomaticTableStyle {
    public static var automatic: AutomaticTableStyle { AutomaticTableStyle() }
}
public struct InsetTableStyle: TableStyle { public init() {} }
extension TableStyle where Self == InsetTableStyle {
    public static var inset: InsetTableStyle { InsetTableStyle() }
}
public struct BorderedTableStyle: TableStyle { public init() {} }
extension TableStyle where Self == BorderedTableStyle {
    public static var bordered: BorderedTableStyle { BorderedTableStyle() }
}
extension View {
    nonisolated public func tableStyle<S: TableStyle>(_ style: S) -> some View { self }
}

public protocol ControlGroupStyle {}
public struct AutomaticControlGroupStyle: ControlGroupStyle { public init() {} }
extension ControlGroupStyle where Self == AutomaticControlGroupStyle {
    public static var automatic: AutomaticControlGroupStyle { AutomaticControlGroupStyle() }
}
public struct NavigationControlGroupStyle: ControlGroupStyle { public init() {} }
extension ControlGroupStyle where Self == NavigationControlGroupStyle {
    public static var navigation: NavigationControlGroupStyle { NavigationControlGroupStyle() }
}
extension View {
    nonisolated public func controlGroupStyle<S: ControlGroupStyle>(_ style: S) -> some View { self }
}

public protocol LabeledContentStyle {}
public struct AutomaticLabeledContentStyle: LabeledContentStyle { public init() {} }
extension LabeledContentStyle where Self == AutomaticLabeledContentStyle {
    public static var automatic: AutomaticLabeledContentStyle { AutomaticLabeledContentStyle() }
}
extension View {
    nonisolated public func labeledContentStyle<S: LabeledContentStyle>(_ style: S) -> some View { self }
}

public protocol TabViewStyle {}
public struct DefaultTabViewStyle: TabViewStyle { public init() {} }
extension TabViewStyle where Self == DefaultTabViewStyle {
    public static var automatic: DefaultTabViewStyle { DefaultTabViewStyle() }
}
extension View {
    nonisolated public func tabViewStyle<S: TabViewStyle>(_ style: S) -> some View { self }
}

/// The properties of a button.
public struct ButtonStyleConfiguration {
    public struct Label: View { public typealias Body = Never }
    public let role: ButtonRole?
    public let label: ButtonStyleConfiguration.Label
    public let isPressed: Bool
}

/// The properties of a button, for a style that defines its own interaction.
public struct PrimitiveButtonStyleConfiguration {
    public struct Label: View { public typealias Body = Never }
    public let role: ButtonRole?
    public let label: PrimitiveButtonStyleConfiguration.Label
    public func trigger() { fatalError() }
}

/// A type that applies standard interaction behavior and a custom appearance to all buttons within a view hierarchy.
@MainActor @preconcurrency
public protocol ButtonStyle {
    associatedtype Body: View
    @ViewBuilder func makeBody(configuration: Self.Configuration) -> Self.Body
    typealias Configuration = ButtonStyleConfiguration
}

/// A type that applies custom interaction behavior and a custom appearance to all buttons within a view hierarchy.
@MainActor @preconcurrency
public protocol PrimitiveButtonStyle {
    associatedtype Body: View
    @ViewBuilder func makeBody(configuration: Self.Configuration) -> Self.Body
    typealias Configuration = PrimitiveButtonStyleConfiguration
}

nonisolated public struct DefaultButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> Never { fatalError() }
}
extension PrimitiveButtonStyle where Self == DefaultButtonStyle {
    public static var automatic: DefaultButtonStyle { DefaultButtonStyle() }
}
nonisolated public struct BorderedButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> Never { fatalError() }
}
extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
    public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}
nonisolated public struct BorderedProminentButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> Never { fatalError() }
}
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    public static var borderedProminent: BorderedProminentButtonStyle { BorderedProminentButtonStyle() }
}
nonisolated public struct BorderlessButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> Never { fatalError() }
}
extension PrimitiveButtonStyle where Self == BorderlessButtonStyle {
    public static var borderless: BorderlessButtonStyle { BorderlessButtonStyle() }
}
nonisolated public struct PlainButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> Never { fatalError() }
}
extension PrimitiveButtonStyle where Self == PlainButtonStyle {
    public static var plain: PlainButtonStyle { PlainButtonStyle() }
}
nonisolated public struct LinkButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> Never { fatalError() }
}
extension PrimitiveButtonStyle where Self == LinkButtonStyle {
    public static var link: LinkButtonStyle { LinkButtonStyle() }
}
nonisolated public struct AccessoryBarButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> Never { fatalError() }
}
extension PrimitiveButtonStyle where Self == AccessoryBarButtonStyle {
    public static var accessoryBar: AccessoryBarButtonStyle { AccessoryBarButtonStyle() }
}
nonisolated public struct AccessoryBarActionButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> Never { fatalError() }
}
extension PrimitiveButtonStyle where Self == AccessoryBarActionButtonStyle {
    public static var accessoryBarAction: AccessoryBarActionButtonStyle { AccessoryBarActionButtonStyle() }
}

extension View {
    nonisolated public func buttonStyle<S: ButtonStyle>(_ style: S) -> some View { self }
    nonisolated public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View { self }
    nonisolated public func buttonBorderShape(_ shape: ButtonBorderShape) -> some View { self }
    nonisolated public func menuIndicator(_ visibility: Visibility) -> some View { self }
}

/// A shape used to draw a button's border.
public struct ButtonBorderShape: Equatable, Sendable {
    public static let automatic = ButtonBorderShape()
    public static let capsule = ButtonBorderShape()
    public static let roundedRectangle = ButtonBorderShape()
    public static func roundedRectangle(radius: CGFloat) -> ButtonBorderShape { ButtonBorderShape() }
    init() {}
}
