// Declaration-only surface of Apple's AppKit framework (the part a SwiftUI document app uses),
// for type-checking the Mac app on Linux (scripts/typecheck-app). Written by this project from
// Apple's public documentation; it is NOT Apple's SDK and holds no code of it. Bodies are stubs.

/// An object that contains information about an input action, such as a mouse click or a key press.
open class NSEvent: NSObject, @unchecked Sendable {
    /// Flags that represent key states in an event object.
    public struct ModifierFlags: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let capsLock = ModifierFlags(rawValue: 1 << 16)
        public static let shift = ModifierFlags(rawValue: 1 << 17)
        public static let control = ModifierFlags(rawValue: 1 << 18)
        public static let option = ModifierFlags(rawValue: 1 << 19)
        public static let command = ModifierFlags(rawValue: 1 << 20)
        public static let numericPad = ModifierFlags(rawValue: 1 << 21)
        public static let help = ModifierFlags(rawValue: 1 << 22)
        public static let function = ModifierFlags(rawValue: 1 << 23)
        public static let deviceIndependentFlagsMask = ModifierFlags(rawValue: 0xffff_0000)
    }

    /// A mask of event types.
    public struct EventTypeMask: OptionSet, Sendable {
        public let rawValue: UInt64
        public init(rawValue: UInt64) { self.rawValue = rawValue }
        public static let keyDown = EventTypeMask(rawValue: 1 << 10)
        public static let keyUp = EventTypeMask(rawValue: 1 << 11)
        public static let flagsChanged = EventTypeMask(rawValue: 1 << 12)
        public static let leftMouseDown = EventTypeMask(rawValue: 1 << 1)
        public static let any = EventTypeMask(rawValue: .max)
    }

    open class var modifierFlags: NSEvent.ModifierFlags { fatalError() }
    open var modifierFlags: NSEvent.ModifierFlags { fatalError() }
    open var keyCode: UInt16 { fatalError() }
    open var characters: String? { fatalError() }
    open var charactersIgnoringModifiers: String? { fatalError() }
    open var isARepeat: Bool { fatalError() }
    open var window: NSWindow? { fatalError() }

    @MainActor
    open class func addLocalMonitorForEvents(
        matching mask: NSEvent.EventTypeMask,
        handler block: @escaping (NSEvent) -> NSEvent?
    ) -> Any? { fatalError() }
    @MainActor
    open class func removeMonitor(_ eventMonitor: Any) { fatalError() }
}
