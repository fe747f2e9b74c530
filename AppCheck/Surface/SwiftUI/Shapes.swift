// Declaration-only surface of Apple's SwiftUI framework (macOS), for type-checking the Mac app
// on Linux (scripts/typecheck-app). Written by this project from Apple's public documentation;
// it is NOT Apple's SDK and holds no code of it. Bodies are stubs, never run.

import AppKit
import UniformTypeIdentifiers

/// A color or pattern to use when rendering a shape.
public protocol ShapeStyle: Sendable {}

/// A type-erased ShapeStyle value.
public struct AnyShapeStyle: ShapeStyle {
    public init<S: ShapeStyle>(_ style: S) { fatalError() }
}

/// A shape style that maps to one of the numbered content styles.
public struct HierarchicalShapeStyle: ShapeStyle {
    public static let primary = HierarchicalShapeStyle()
    public static let secondary = HierarchicalShapeStyle()
    public static let tertiary = HierarchicalShapeStyle()
    public static let quaternary = HierarchicalShapeStyle()
    public static let quinary = HierarchicalShapeStyle()
    init() {}
}

public struct ForegroundStyle: ShapeStyle {
    public init() {}
}
public struct BackgroundStyle: ShapeStyle {
    public init() {}
}
public struct SelectionShapeStyle: ShapeStyle {
    public init() {}
}
public struct SeparatorShapeStyle: ShapeStyle {
    public init() {}
}
public struct TintShapeStyle: ShapeStyle {
    public init() {}
}
public struct PlaceholderTextShapeStyle: ShapeStyle {
    public init() {}
}
public struct LinkShapeStyle: ShapeStyle {
    public init() {}
}

/// A background material type.
public struct Material: ShapeStyle {
    public static let regular = Material()
    public static let thick = Material()
    public static let thin = Material()
    public static let ultraThin = Material()
    public static let ultraThick = Material()
    public static let bar = Material()
    init() {}
}

extension ShapeStyle where Self == ForegroundStyle {
    public static var foreground: ForegroundStyle { fatalError() }
}
extension ShapeStyle where Self == BackgroundStyle {
    public static var background: BackgroundStyle { fatalError() }
}
extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var primary: HierarchicalShapeStyle { fatalError() }
    public static var secondary: HierarchicalShapeStyle { fatalError() }
    public static var tertiary: HierarchicalShapeStyle { fatalError() }
    public static var quaternary: HierarchicalShapeStyle { fatalError() }
    public static var quinary: HierarchicalShapeStyle { fatalError() }
}
extension ShapeStyle where Self == SelectionShapeStyle {
    public static var selection: SelectionShapeStyle { fatalError() }
}
extension ShapeStyle where Self == SeparatorShapeStyle {
    public static var separator: SeparatorShapeStyle { fatalError() }
}
extension ShapeStyle where Self == TintShapeStyle {
    public static var tint: TintShapeStyle { fatalError() }
}
extension ShapeStyle where Self == PlaceholderTextShapeStyle {
    public static var placeholder: PlaceholderTextShapeStyle { fatalError() }
}
extension ShapeStyle where Self == LinkShapeStyle {
    public static var link: LinkShapeStyle { fatalError() }
}
extension ShapeStyle where Self == Material {
    public static var regularMaterial: Material { fatalError() }
    public static var thickMaterial: Material { fatalError() }
    public static var thinMaterial: Material { fatalError() }
    public static var ultraThinMaterial: Material { fatalError() }
    public static var ultraThickMaterial: Material { fatalError() }
    public static var bar: Material { fatalError() }
}
extension ShapeStyle where Self == Color {
    public static var black: Color { fatalError() }
    public static var white: Color { fatalError() }
    public static var gray: Color { fatalError() }
    public static var red: Color { fatalError() }
    public static var orange: Color { fatalError() }
    public static var yellow: Color { fatalError() }
    public static var green: Color { fatalError() }
    public static var mint: Color { fatalError() }
    public static var teal: Color { fatalError() }
    public static var cyan: Color { fatalError() }
    public static var blue: Color { fatalError() }
    public static var indigo: Color { fatalError() }
    public static var purple: Color { fatalError() }
    public static var pink: Color { fatalError() }
    public static var brown: Color { fatalError() }
    public static var clear: Color { fatalError() }
}

/// A representation of a color that adapts to a given context.
nonisolated public struct Color: View, ShapeStyle, Hashable, CustomStringConvertible {
    public init(_ name: String, bundle: Bundle? = nil) { fatalError() }
    public init(nsColor: NSColor) { fatalError() }
    public init(_ color: NSColor) { fatalError() }
    public init(
        _ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double,
        opacity: Double = 1
    ) { fatalError() }
    public init(_ colorSpace: Color.RGBColorSpace = .sRGB, white: Double, opacity: Double = 1) { fatalError() }
    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) { fatalError() }
    public typealias Body = Never
    public var description: String { fatalError() }

    public static let black = Color(white: 0)
    public static let white = Color(white: 1)
    public static let gray = Color(white: 0.5)
    public static let red = Color(white: 0)
    public static let orange = Color(white: 0)
    public static let yellow = Color(white: 0)
    public static let green = Color(white: 0)
    public static let mint = Color(white: 0)
    public static let teal = Color(white: 0)
    public static let cyan = Color(white: 0)
    public static let blue = Color(white: 0)
    public static let indigo = Color(white: 0)
    public static let purple = Color(white: 0)
    public static let pink = Color(white: 0)
    public static let brown = Color(white: 0)
    public static let clear = Color(white: 0)
    public static let primary = Color(white: 0)
    public static let secondary = Color(white: 0)
    public static var accentColor: Color { fatalError() }

    public func opacity(_ opacity: Double) -> Color { fatalError() }

    public enum RGBColorSpace: Sendable {
        case sRGB, sRGBLinear, displayP3
    }
}

/// The drawing path of a 2D shape.
public struct Path: Equatable, Sendable {
    public init() {}
    public init(_ rect: CGRect) {}
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat) {}
    public init(ellipseIn rect: CGRect) {}
    public init(_ callback: (inout Path) -> Void) {}
    public mutating func move(to end: CGPoint) { fatalError() }
    public mutating func addLine(to end: CGPoint) { fatalError() }
    public mutating func addRect(_ rect: CGRect) { fatalError() }
    public mutating func closeSubpath() { fatalError() }
}

/// A style for rasterizing vector shapes.
public struct FillStyle: Equatable, Sendable {
    public var isEOFilled: Bool
    public var isAntialiased: Bool
    public init(eoFill: Bool = false, antialiased: Bool = true) {
        isEOFilled = eoFill
        isAntialiased = antialiased
    }
}

/// The characteristics of a stroke that traces a path.
public struct StrokeStyle: Equatable, Sendable {
    public var lineWidth: CGFloat
    public var dash: [CGFloat]
    public init(lineWidth: CGFloat = 1, dash: [CGFloat] = [], dashPhase: CGFloat = 0) {
        self.lineWidth = lineWidth
        self.dash = dash
    }
}

/// Defines the shape of a rounded rectangle's corners.
public enum RoundedCornerStyle: Sendable, Equatable {
    case circular, continuous
}

/// A 2D shape that you can use when drawing a view.
public protocol Shape: Sendable, View {
    nonisolated func path(in rect: CGRect) -> Path
}

/// The view a shape draws.
nonisolated public struct _ShapeView<Content: Shape, Style: ShapeStyle>: View {
    public typealias Body = Never
}

extension Shape {
    public var body: _ShapeView<Self, ForegroundStyle> { fatalError() }
    nonisolated public func fill<S: ShapeStyle>(
        _ content: S = .foreground, style: FillStyle = FillStyle()
    )
        -> some View
    { _ShapeView<Self, S>() }
    nonisolated public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> some View {
        _ShapeView<Self, S>()
    }
    nonisolated public func stroke<S: ShapeStyle>(
        _ content: S, style: StrokeStyle, antialiased: Bool = true
    )
        -> some View
    { _ShapeView<Self, S>() }
    nonisolated public func strokeBorder<S: ShapeStyle>(
        _ content: S = .foreground, lineWidth: CGFloat = 1,
        antialiased: Bool = true
    ) -> some View {
        _ShapeView<Self, S>()
    }
}

nonisolated public struct Rectangle: Shape {
    public init() {}
    public func path(in rect: CGRect) -> Path { fatalError() }
}
nonisolated public struct RoundedRectangle: Shape {
    public var cornerSize: CGSize
    public var style: RoundedCornerStyle
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        self.cornerSize = cornerSize
        self.style = style
    }
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        self.init(cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }
    public func path(in rect: CGRect) -> Path { fatalError() }
}
nonisolated public struct Circle: Shape {
    public init() {}
    public func path(in rect: CGRect) -> Path { fatalError() }
}
nonisolated public struct Ellipse: Shape {
    public init() {}
    public func path(in rect: CGRect) -> Path { fatalError() }
}
nonisolated public struct Capsule: Shape {
    public var style: RoundedCornerStyle
    public init(style: RoundedCornerStyle = .continuous) { self.style = style }
    public func path(in rect: CGRect) -> Path { fatalError() }
}
