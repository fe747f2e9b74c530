// Declaration-only surface of Apple Foundation API that swift-corelibs-foundation lacks on Linux,
// for type-checking the Mac app (scripts/typecheck-app). Written by this project from Apple's
// public documentation; it is NOT Apple's SDK and holds no code of it. Bodies are stubs, never run.

/// Options for key-value observation.
public struct NSKeyValueObservingOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let new = NSKeyValueObservingOptions(rawValue: 0x01)
    public static let old = NSKeyValueObservingOptions(rawValue: 0x02)
    public static let initial = NSKeyValueObservingOptions(rawValue: 0x04)
    public static let prior = NSKeyValueObservingOptions(rawValue: 0x08)
}

/// The kinds of changes that can be observed.
public enum NSKeyValueChange: UInt, Sendable {
    case setting = 1
    case insertion = 2
    case removal = 3
    case replacement = 4
}

/// A change reported to a key-path based observer.
public struct NSKeyValueObservedChange<Value> {
    public typealias Kind = NSKeyValueChange
    public let kind: NSKeyValueObservedChange<Value>.Kind
    public let newValue: Value?
    public let oldValue: Value?
    public let indexes: IndexSet?
    public let isPrior: Bool
}

/// An object that stops observing when it is invalidated or deinitialised.
public class NSKeyValueObservation: NSObject {
    public func invalidate() { fatalError() }
}

/// The protocol through which every `NSObject` gets key-path based KVO.
public protocol _KeyValueCodingAndObserving {}

extension NSObject: _KeyValueCodingAndObserving {}

extension _KeyValueCodingAndObserving {
    /// Observes the property at `keyPath`; stops when the returned observation is deinitialised.
    @preconcurrency
    public func observe<Value>(
        _ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
        changeHandler: @escaping @Sendable (Self, NSKeyValueObservedChange<Value>) -> Void
    ) -> NSKeyValueObservation { fatalError() }

    public func willChangeValue<Value>(for keyPath: KeyPath<Self, Value>) { fatalError() }
    public func didChangeValue<Value>(for keyPath: KeyPath<Self, Value>) { fatalError() }
}
