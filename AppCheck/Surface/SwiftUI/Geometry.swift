// Declaration-only surface of Apple's SwiftUI framework (macOS), for type-checking the Mac app
// on Linux (scripts/typecheck-app). Written by this project from Apple's public documentation;
// it is NOT Apple's SDK and holds no code of it. Bodies are stubs, never run.

import AppKit
import UniformTypeIdentifiers

/// The horizontal or vertical dimension in a 2D coordinate system.
public enum Axis: Int8, CaseIterable, Sendable {
    case horizontal
    case vertical

    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}

/// An enumeration to indicate one edge of a rectangle.
public enum Edge: Int8, CaseIterable, Sendable {
    case top, leading, bottom, trailing

    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public init(_ e: Edge) { self.rawValue = 1 << e.rawValue }
        public static let top = Set(rawValue: 1)
        public static let leading = Set(rawValue: 2)
        public static let bottom = Set(rawValue: 4)
        public static let trailing = Set(rawValue: 8)
        public static let all = Set(rawValue: 15)
        public static let horizontal = Set(rawValue: 10)
        public static let vertical = Set(rawValue: 5)
    }
}

public enum VerticalEdge: Int8, CaseIterable, Sendable {
    case top, bottom

    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1)
        public static let bottom = Set(rawValue: 2)
        public static let all = Set(rawValue: 3)
    }
}

public enum HorizontalEdge: Int8, CaseIterable, Sendable {
    case leading, trailing
}

/// The inset distances for the sides of a rectangle.
public struct EdgeInsets: Equatable, Sendable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }
}

/// An alignment position along the horizontal axis.
public struct HorizontalAlignment: Equatable, Sendable {
    public static let leading = HorizontalAlignment()
    public static let center = HorizontalAlignment()
    public static let trailing = HorizontalAlignment()
    public static let listRowSeparatorLeading = HorizontalAlignment()
    public static let listRowSeparatorTrailing = HorizontalAlignment()
    init() {}
}

/// An alignment position along the vertical axis.
public struct VerticalAlignment: Equatable, Sendable {
    public static let top = VerticalAlignment()
    public static let center = VerticalAlignment()
    public static let bottom = VerticalAlignment()
    public static let firstTextBaseline = VerticalAlignment()
    public static let lastTextBaseline = VerticalAlignment()
    init() {}
}

/// An alignment in both axes.
public struct Alignment: Equatable, Sendable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
    public static let centerFirstTextBaseline = Alignment(horizontal: .center, vertical: .firstTextBaseline)
    public static let leadingFirstTextBaseline = Alignment(horizontal: .leading, vertical: .firstTextBaseline)
}

/// An alignment position for text along the horizontal axis.
public enum TextAlignment: Hashable, CaseIterable, Sendable {
    case leading, center, trailing
}

/// A normalized 2D point in a view's coordinate space.
public struct UnitPoint: Hashable, Sendable {
    public var x: CGFloat
    public var y: CGFloat
    public init() { self.init(x: 0, y: 0) }
    public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }
    public static let zero = UnitPoint(x: 0, y: 0)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

/// A geometric angle whose value you access in either radians or degrees.
public struct Angle: Hashable, Comparable, Sendable {
    public var radians: Double
    public var degrees: Double { radians * 180 / .pi }
    public init(radians: Double) { self.radians = radians }
    public init(degrees: Double) { self.radians = degrees * .pi / 180 }
    public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }
    public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }
    public static func < (lhs: Angle, rhs: Angle) -> Bool { lhs.radians < rhs.radians }
}

/// A proposal for the size of a view.
public struct ProposedViewSize: Equatable, Sendable {
    public var width: CGFloat?
    public var height: CGFloat?
    public init(width: CGFloat?, height: CGFloat?) {
        self.width = width
        self.height = height
    }
    public init(_ size: CGSize) { self.init(width: size.width, height: size.height) }
    public static let zero = ProposedViewSize(width: 0, height: 0)
    public static let unspecified = ProposedViewSize(width: nil, height: nil)
    public static let infinity = ProposedViewSize(width: .infinity, height: .infinity)
    public func replacingUnspecifiedDimensions(by size: CGSize = CGSize(width: 10, height: 10)) -> CGSize {
        fatalError()
    }
}

/// A proxy for access to the size and coordinate space of the container view.
public struct GeometryProxy {
    public var size: CGSize { fatalError() }
    public var safeAreaInsets: EdgeInsets { fatalError() }
    public func frame(in coordinateSpace: CoordinateSpace) -> CGRect { fatalError() }
}

/// A resolved coordinate space.
public enum CoordinateSpace {
    case global
    case local
    case named(AnyHashable)
}

/// The visibility of a UI element, chosen automatically based on the platform and context.
public enum Visibility: Hashable, CaseIterable, Sendable {
    case automatic, visible, hidden
}

/// The size classes, like regular or small, that you can apply to controls within a view.
public enum ControlSize: CaseIterable, Hashable, Sendable {
    case mini, small, regular, large, extraLarge
}

/// The possible color schemes, corresponding to the light and dark appearances.
public enum ColorScheme: CaseIterable, Hashable, Sendable {
    case light, dark
}

/// The active appearance expected of controls in a window.
public enum ControlActiveState: Equatable, CaseIterable, Sendable {
    case key, active, inactive
}

/// An indication of a scene's operational state.
public enum ScenePhase: Comparable, Hashable, Sendable {
    case background, inactive, active
}

/// A direction on the horizontal axis.
public enum LayoutDirection: Hashable, CaseIterable, Sendable {
    case leftToRight, rightToLeft
}

/// Specifies the direction of a move command (arrow keys).
public enum MoveCommandDirection: Hashable, Sendable {
    case up, down, left, right
}

/// A set of view types that may be pinned to the bounds of a scroll view.
public struct PinnedScrollableViews: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

/// The visibility of scroll indicators.
public struct ScrollIndicatorVisibility: Equatable, Sendable {
    public static let automatic = ScrollIndicatorVisibility()
    public static let visible = ScrollIndicatorVisibility()
    public static let hidden = ScrollIndicatorVisibility()
    public static let never = ScrollIndicatorVisibility()
    init() {}
}
