// Declaration-only surface of Apple's SwiftUI framework (macOS), for type-checking the Mac app
// on Linux (scripts/typecheck-app). Written by this project from Apple's public documentation;
// it is NOT Apple's SDK and holds no code of it. Bodies are stubs, never run.

import AppKit
import UniformTypeIdentifiers

/// The key for a localized string resource; string literals and interpolations in `Text("…")`.
public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation, Sendable {
    public init(_ value: String) { fatalError() }
    public init(stringLiteral value: String) { fatalError() }
    public init(stringInterpolation: LocalizedStringKey.StringInterpolation) { fatalError() }

    /// The interpolations a localized string accepts (not arbitrary values: see `_FormatSpecifiable`).
    public struct StringInterpolation: StringInterpolationProtocol {
        public init(literalCapacity: Int, interpolationCount: Int) { fatalError() }
        public mutating func appendLiteral(_ literal: String) { fatalError() }
        public mutating func appendInterpolation(_ string: String) { fatalError() }
        public mutating func appendInterpolation<Subject: ReferenceConvertible>(
            _ subject: Subject, formatter: Formatter? = nil
        ) { fatalError() }
        public mutating func appendInterpolation<Subject: NSObject>(_ subject: Subject, formatter: Formatter? = nil) {
            fatalError()
        }
        public mutating func appendInterpolation<F: FormatStyle>(_ input: F.FormatInput, format: F)
        where F.FormatInput: Equatable, F.FormatOutput == String { fatalError() }
        public mutating func appendInterpolation<T: _FormatSpecifiable>(_ value: T) { fatalError() }
        public mutating func appendInterpolation<T: _FormatSpecifiable>(_ value: T, specifier: String) {
            fatalError()
        }
        public mutating func appendInterpolation(_ text: Text) { fatalError() }
        public mutating func appendInterpolation(_ image: Image) { fatalError() }
        public mutating func appendInterpolation(_ date: Date, style: Text.DateStyle) { fatalError() }
        public mutating func appendInterpolation(_ dates: ClosedRange<Date>) { fatalError() }
        public mutating func appendInterpolation(_ interval: DateInterval) { fatalError() }
        public mutating func appendInterpolation(_ attributedString: AttributedString) { fatalError() }
    }
}

/// Numeric types SwiftUI formats in localized string interpolations.
public protocol _FormatSpecifiable: Equatable {}
extension Int: _FormatSpecifiable {}
extension Int8: _FormatSpecifiable {}
extension Int16: _FormatSpecifiable {}
extension Int32: _FormatSpecifiable {}
extension Int64: _FormatSpecifiable {}
extension UInt: _FormatSpecifiable {}
extension UInt8: _FormatSpecifiable {}
extension UInt16: _FormatSpecifiable {}
extension UInt32: _FormatSpecifiable {}
extension UInt64: _FormatSpecifiable {}
extension Float: _FormatSpecifiable {}
extension Double: _FormatSpecifiable {}
extension CGFloat: _FormatSpecifiable {}

/// A view that displays one or more lines of read-only text.
nonisolated public struct Text: View, Equatable, Sendable {
    public init(
        _ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil,
        comment: StaticString? = nil
    ) { fatalError() }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ content: S) { fatalError() }
    public init(verbatim content: String) { fatalError() }
    public init(_ attributedContent: AttributedString) { fatalError() }
    public init(_ date: Date, style: Text.DateStyle) { fatalError() }
    public init(_ dates: ClosedRange<Date>) { fatalError() }
    public init<F: FormatStyle>(_ input: F.FormatInput, format: F)
    where F.FormatInput: Equatable, F.FormatOutput == String { fatalError() }
    public init<Subject: ReferenceConvertible>(_ subject: Subject, formatter: Formatter) { fatalError() }
    public init(_ image: Image) { fatalError() }
    public typealias Body = Never

    public static func == (lhs: Text, rhs: Text) -> Bool { fatalError() }
    public static func + (lhs: Text, rhs: Text) -> Text { fatalError() }

    public func font(_ font: Font?) -> Text { fatalError() }
    public func fontWeight(_ weight: Font.Weight?) -> Text { fatalError() }
    public func fontDesign(_ design: Font.Design?) -> Text { fatalError() }
    public func bold() -> Text { fatalError() }
    public func bold(_ isActive: Bool) -> Text { fatalError() }
    public func italic() -> Text { fatalError() }
    public func italic(_ isActive: Bool) -> Text { fatalError() }
    public func monospaced(_ isActive: Bool = true) -> Text { fatalError() }
    public func monospacedDigit() -> Text { fatalError() }
    public func foregroundColor(_ color: Color?) -> Text { fatalError() }
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text { fatalError() }
    public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text { fatalError() }
    public func underline(_ isActive: Bool = true, color: Color? = nil) -> Text { fatalError() }
    public func kerning(_ kerning: CGFloat) -> Text { fatalError() }
    public func tracking(_ tracking: CGFloat) -> Text { fatalError() }
    public func baselineOffset(_ baselineOffset: CGFloat) -> Text { fatalError() }
    public func textScale(_ scale: Text.Scale, isEnabled: Bool = true) -> Text { fatalError() }

    public struct DateStyle: Sendable {
        public static let time = DateStyle()
        public static let date = DateStyle()
        public static let relative = DateStyle()
        public static let offset = DateStyle()
        public static let timer = DateStyle()
        init() {}
    }

    public enum TruncationMode: Sendable {
        case head, tail, middle
    }

    public enum Case: Sendable {
        case uppercase, lowercase
    }

    public struct Scale: Hashable, Sendable {
        public static let `default` = Scale()
        public static let secondary = Scale()
        init() {}
    }
}

/// An environment-dependent font.
public struct Font: Hashable, Sendable {
    public static let largeTitle = Font()
    public static let title = Font()
    public static let title2 = Font()
    public static let title3 = Font()
    public static let headline = Font()
    public static let subheadline = Font()
    public static let body = Font()
    public static let callout = Font()
    public static let footnote = Font()
    public static let caption = Font()
    public static let caption2 = Font()

    public init(_ font: NSFont) { fatalError() }
    init() {}

    public static func system(
        _ style: Font.TextStyle, design: Font.Design? = nil, weight: Font.Weight? = nil
    )
        -> Font
    { fatalError() }
    public static func system(size: CGFloat, weight: Font.Weight? = nil, design: Font.Design? = nil) -> Font {
        fatalError()
    }
    public static func custom(_ name: String, size: CGFloat) -> Font { fatalError() }
    public static func custom(_ name: String, size: CGFloat, relativeTo textStyle: Font.TextStyle) -> Font {
        fatalError()
    }
    public static func custom(_ name: String, fixedSize: CGFloat) -> Font { fatalError() }

    public func italic() -> Font { fatalError() }
    public func smallCaps() -> Font { fatalError() }
    public func lowercaseSmallCaps() -> Font { fatalError() }
    public func uppercaseSmallCaps() -> Font { fatalError() }
    public func monospacedDigit() -> Font { fatalError() }
    public func weight(_ weight: Font.Weight) -> Font { fatalError() }
    public func width(_ width: Font.Width) -> Font { fatalError() }
    public func bold() -> Font { fatalError() }
    public func monospaced() -> Font { fatalError() }
    public func leading(_ leading: Font.Leading) -> Font { fatalError() }

    public struct Weight: Hashable, Sendable {
        public static let ultraLight = Weight()
        public static let thin = Weight()
        public static let light = Weight()
        public static let regular = Weight()
        public static let medium = Weight()
        public static let semibold = Weight()
        public static let bold = Weight()
        public static let heavy = Weight()
        public static let black = Weight()
        init() {}
    }

    public struct Width: Hashable, Sendable {
        public var value: CGFloat
        public init(_ value: CGFloat) { self.value = value }
        public static let compressed = Width(0.8)
        public static let condensed = Width(0.9)
        public static let standard = Width(1)
        public static let expanded = Width(1.2)
    }

    public enum Design: Hashable, Sendable {
        case `default`, serif, rounded, monospaced
    }

    public enum Leading: Hashable, Sendable {
        case standard, tight, loose
    }

    public enum TextStyle: CaseIterable, Hashable, Sendable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2
    }
}

/// A view that displays an image.
nonisolated public struct Image: View, Equatable, Sendable {
    public init(_ name: String, bundle: Bundle? = nil) { fatalError() }
    public init(_ name: String, bundle: Bundle? = nil, label: Text) { fatalError() }
    public init(decorative name: String, bundle: Bundle? = nil) { fatalError() }
    public init(systemName: String) { fatalError() }
    public init(systemName: String, variableValue: Double?) { fatalError() }
    public init(nsImage: NSImage) { fatalError() }
    public typealias Body = Never

    public static func == (lhs: Image, rhs: Image) -> Bool { fatalError() }

    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: Image.ResizingMode = .stretch) -> Image {
        fatalError()
    }
    public func renderingMode(_ renderingMode: Image.TemplateRenderingMode?) -> Image { fatalError() }
    public func interpolation(_ interpolation: Image.Interpolation) -> Image { fatalError() }
    public func antialiased(_ isAntialiased: Bool) -> Image { fatalError() }
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> Image { fatalError() }

    public enum ResizingMode: Sendable { case tile, stretch }
    public enum TemplateRenderingMode: Sendable { case template, original }
    public enum Interpolation: Sendable { case none, low, medium, high }
    public enum Scale: Sendable { case small, medium, large }
}

/// A symbol rendering mode.
public struct SymbolRenderingMode: Sendable, Equatable {
    public static let monochrome = SymbolRenderingMode()
    public static let multicolor = SymbolRenderingMode()
    public static let hierarchical = SymbolRenderingMode()
    public static let palette = SymbolRenderingMode()
    init() {}
}

/// A variant of a symbol.
public struct SymbolVariants: Hashable, Sendable {
    public static let none = SymbolVariants()
    public static let circle = SymbolVariants()
    public static let square = SymbolVariants()
    public static let rectangle = SymbolVariants()
    public static let fill = SymbolVariants()
    public static let slash = SymbolVariants()
    public var fill: SymbolVariants { fatalError() }
    init() {}
}

/// A standard label for user interface items, consisting of an icon with a title.
nonisolated public struct Label<Title: View, Icon: View>: View {
    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) { fatalError() }
    public typealias Body = Never
}

extension Label where Title == Text, Icon == Image {
    public init(_ titleKey: LocalizedStringKey, systemImage name: String) { fatalError() }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage name: String) { fatalError() }
    public init(_ titleKey: LocalizedStringKey, image name: String) { fatalError() }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, image name: String) { fatalError() }
}

/// A type that applies a custom appearance to all labels within a view.
@MainActor @preconcurrency
public protocol LabelStyle {
    associatedtype Body: View
    @ViewBuilder func makeBody(configuration: Self.Configuration) -> Self.Body
    typealias Configuration = LabelStyleConfiguration
}

public struct LabelStyleConfiguration {
    public struct Title: View { public typealias Body = Never }
    public struct Icon: View { public typealias Body = Never }
    public var title: LabelStyleConfiguration.Title { fatalError() }
    public var icon: LabelStyleConfiguration.Icon { fatalError() }
}

public struct DefaultLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> Never { fatalError() }
}
public struct IconOnlyLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> Never { fatalError() }
}
public struct TitleOnlyLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> Never { fatalError() }
}
public struct TitleAndIconLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> Never { fatalError() }
}

extension LabelStyle where Self == DefaultLabelStyle {
    public static var automatic: DefaultLabelStyle { fatalError() }
}
extension LabelStyle where Self == IconOnlyLabelStyle {
    public static var iconOnly: IconOnlyLabelStyle { fatalError() }
}
extension LabelStyle where Self == TitleOnlyLabelStyle {
    public static var titleOnly: TitleOnlyLabelStyle { fatalError() }
}
extension LabelStyle where Self == TitleAndIconLabelStyle {
    public static var titleAndIcon: TitleAndIconLabelStyle { fatalError() }
}

extension View {
    nonisolated public func labelStyle<S: LabelStyle>(_ style: S) -> some View { self }
}

/// A type that describes the ability to select text.
public protocol TextSelectability {
    static var allowsSelection: Bool { get }
}
public struct EnabledTextSelectability: TextSelectability {
    public static var allowsSelection: Bool { true }
}
public struct DisabledTextSelectability: TextSelectability {
    public static var allowsSelection: Bool { false }
}
extension TextSelectability where Self == EnabledTextSelectability {
    public static var enabled: EnabledTextSelectability { fatalError() }
}
extension TextSelectability where Self == DisabledTextSelectability {
    public static var disabled: DisabledTextSelectability { fatalError() }
}
