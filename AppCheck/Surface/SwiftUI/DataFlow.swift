// Declaration-only surface of Apple's SwiftUI framework (macOS), for type-checking the Mac app
// on Linux (scripts/typecheck-app). Written by this project from Apple's public documentation;
// it is NOT Apple's SDK and holds no code of it. Bodies are stubs, never run.
// Property-wrapper initialisers are declared in the primary type declarations: declared in
// extensions, the compiler folds a private wrapped property into a view's memberwise
// initialiser, which Apple's SwiftUI does not do.

import AppKit
import UniformTypeIdentifiers

/// A property wrapper type that can read and write a value managed by SwiftUI.
@propertyWrapper
public struct State<Value>: DynamicProperty {
    public init(wrappedValue value: Value) { fatalError() }
    public init(initialValue value: Value) { fatalError() }
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set { fatalError() }
    }
    public var projectedValue: Binding<Value> { fatalError() }
}

extension State where Value: ExpressibleByNilLiteral {
    /// An optional state starting at nil (in an extension: a non-optional `@State var x: Bool`
    /// without initial value is not default-initialised through it).
    public init() { fatalError() }
}

extension State: Sendable where Value: Sendable {}

/// A property wrapper type that can read and write a value owned by a source of truth.
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    public var transaction: Transaction {
        get { fatalError() }
        set { fatalError() }
    }

    @preconcurrency
    public init(
        get: @escaping @isolated(any) @Sendable () -> Value, set: @escaping @isolated(any) @Sendable (Value) -> Void
    ) { fatalError() }
    @preconcurrency
    public init(
        get: @escaping @isolated(any) @Sendable () -> Value,
        set: @escaping @isolated(any) @Sendable (Value, Transaction) -> Void
    ) { fatalError() }
    public init(projectedValue: Binding<Value>) { fatalError() }
    public init<V>(_ base: Binding<V>) where Value == V? { fatalError() }
    public init?(_ base: Binding<Value?>) { fatalError() }
    public init<V: Hashable>(_ base: Binding<V>) where Value == AnyHashable { fatalError() }

    public static func constant(_ value: Value) -> Binding<Value> { fatalError() }

    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set { fatalError() }
    }
    public var projectedValue: Binding<Value> { fatalError() }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        fatalError()
    }
    public func transaction(_ transaction: Transaction) -> Binding<Value> { fatalError() }
    public func animation(_ animation: Animation? = .default) -> Binding<Value> { fatalError() }
}

extension Binding: @unchecked Sendable where Value: Sendable {}
extension Binding: Identifiable where Value: Identifiable {
    public var id: Value.ID { fatalError() }
}
extension Binding: DynamicProperty {}

extension Binding: Sequence where Value: MutableCollection {
    public typealias Element = Binding<Value.Element>
    public typealias Iterator = IndexingIterator<Binding<Value>>
    public typealias SubSequence = Slice<Binding<Value>>
}

extension Binding: Collection where Value: MutableCollection {
    public typealias Index = Value.Index
    public typealias Indices = Value.Indices
    public var startIndex: Binding<Value>.Index { fatalError() }
    public var endIndex: Binding<Value>.Index { fatalError() }
    public var indices: Value.Indices { fatalError() }
    public func index(after i: Binding<Value>.Index) -> Binding<Value>.Index { fatalError() }
    public subscript(position: Binding<Value>.Index) -> Binding<Value>.Element { fatalError() }
}

extension Binding: BidirectionalCollection where Value: BidirectionalCollection, Value: MutableCollection {
    public func index(before i: Binding<Value>.Index) -> Binding<Value>.Index { fatalError() }
}

extension Binding: RandomAccessCollection where Value: MutableCollection, Value: RandomAccessCollection {}

/// A property wrapper type that supports creating bindings to the mutable properties of observable objects.
@propertyWrapper @dynamicMemberLookup
public struct Bindable<Value> {
    public init(wrappedValue: Value) where Value: AnyObject, Value: Observable { fatalError() }
    public init(_ wrappedValue: Value) where Value: AnyObject, Value: Observable { fatalError() }
    public init(projectedValue: Bindable<Value>) where Value: AnyObject, Value: Observable { fatalError() }
    public var wrappedValue: Value {
        get { fatalError() }
        set { fatalError() }
    }
    public var projectedValue: Bindable<Value> { fatalError() }
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject>
    where Value: AnyObject { fatalError() }
}

extension Bindable: Identifiable where Value: Identifiable {
    public var id: Value.ID { fatalError() }
}
extension Bindable: Sendable where Value: Sendable {}
extension Bindable: DynamicProperty {}

/// A key for accessing values in the environment.
public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Self.Value { get }
}

/// A collection of environment values propagated through a view hierarchy.
public struct EnvironmentValues: CustomStringConvertible {
    public init() {}
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { fatalError() }
        set { fatalError() }
    }
    public var description: String { fatalError() }
}

/// A property wrapper that reads a value from a view's environment.
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { fatalError() }
    public init(_ objectType: Value.Type) where Value: AnyObject, Value: Observable { fatalError() }
    public init<T>(_ objectType: T.Type) where Value == T?, T: AnyObject, T: Observable { fatalError() }
    public var wrappedValue: Value { fatalError() }
}

extension Environment: Sendable where Value: Sendable {}

/// A property wrapper type for an observable object that a parent or ancestor view supplies.
@propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject>: DynamicProperty {
    public init() { fatalError() }
    public var wrappedValue: ObjectType { fatalError() }
    public var projectedValue: EnvironmentObject<ObjectType>.Wrapper { fatalError() }

    @dynamicMemberLookup
    public struct Wrapper {
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>)
            -> Binding<Subject>
        { fatalError() }
    }
}

/// A property wrapper type that subscribes to an observable object.
@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    public init(wrappedValue: ObjectType) { fatalError() }
    public init(initialValue: ObjectType) { fatalError() }
    public var wrappedValue: ObjectType {
        get { fatalError() }
        set { fatalError() }
    }
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { fatalError() }

    @dynamicMemberLookup
    public struct Wrapper {
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>)
            -> Binding<Subject>
        { fatalError() }
    }
}

/// A property wrapper type that instantiates an observable object.
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) { fatalError() }
    public var wrappedValue: ObjectType { fatalError() }
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { fatalError() }
}

/// A dynamic property type that allows access to a namespace defined by the persistent identity.
@propertyWrapper
public struct Namespace: DynamicProperty, Sendable {
    public init() { fatalError() }
    public var wrappedValue: Namespace.ID { fatalError() }
    public struct ID: Hashable, Sendable {}
}

/// A property wrapper type that can read and write a value that SwiftUI updates as the placement of
/// focus within the scene changes.
@propertyWrapper
public struct FocusState<Value: Hashable>: DynamicProperty {
    public init() where Value == Bool { fatalError() }
    public init<T: Hashable>() where Value == T? { fatalError() }
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set { fatalError() }
    }
    public var projectedValue: FocusState<Value>.Binding { fatalError() }

    /// A property wrapper type that can read and write a value that indicates the current focus location.
    @propertyWrapper
    public struct Binding {
        public init(projectedValue: FocusState<Value>.Binding) { fatalError() }
        public var wrappedValue: Value {
            get { fatalError() }
            nonmutating set { fatalError() }
        }
        public var projectedValue: FocusState<Value>.Binding { fatalError() }
    }
}

/// A protocol for identifier types used when publishing and observing focused values.
public protocol FocusedValueKey {
    associatedtype Value
}

/// A collection of state exported by the focused scene and its ancestors.
public struct FocusedValues {
    public subscript<Key: FocusedValueKey>(key: Key.Type) -> Key.Value? {
        get { fatalError() }
        set { fatalError() }
    }
}

/// A property wrapper for observing values from the focused view or one of its ancestors.
@propertyWrapper
public struct FocusedValue<Value>: DynamicProperty {
    public init(_ keyPath: KeyPath<FocusedValues, Value?>) { fatalError() }
    public init(_ objectType: Value.Type) where Value: AnyObject, Value: Observable { fatalError() }
    public var wrappedValue: Value? { fatalError() }
}

/// A convenience property wrapper for observing and automatically unwrapping state bindings from the
/// focused view or one of its ancestors.
@propertyWrapper
public struct FocusedBinding<Value>: DynamicProperty {
    public init(_ keyPath: KeyPath<FocusedValues, Binding<Value>?>) { fatalError() }
    public var wrappedValue: Value? {
        get { fatalError() }
        nonmutating set { fatalError() }
    }
    public var projectedValue: Binding<Value?> { fatalError() }
}

/// A property wrapper type that reflects a value from UserDefaults.
@propertyWrapper
public struct AppStorage<Value>: DynamicProperty {
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Bool { fatalError() }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Int { fatalError() }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Double { fatalError() }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == String { fatalError() }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == URL { fatalError() }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Data { fatalError() }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Date { fatalError() }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil)
    where Value: RawRepresentable, Value.RawValue == Int { fatalError() }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil)
    where Value: RawRepresentable, Value.RawValue == String { fatalError() }
    public init(_ key: String, store: UserDefaults? = nil) where Value == Bool? { fatalError() }
    public init(_ key: String, store: UserDefaults? = nil) where Value == Int? { fatalError() }
    public init(_ key: String, store: UserDefaults? = nil) where Value == Double? { fatalError() }
    public init(_ key: String, store: UserDefaults? = nil) where Value == String? { fatalError() }
    public init(_ key: String, store: UserDefaults? = nil) where Value == URL? { fatalError() }
    public init(_ key: String, store: UserDefaults? = nil) where Value == Data? { fatalError() }
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set { fatalError() }
    }
    public var projectedValue: Binding<Value> { fatalError() }
}

/// A property wrapper type that reads and writes to persisted, per-scene storage.
@propertyWrapper
public struct SceneStorage<Value>: DynamicProperty {
    public init(wrappedValue: Value, _ key: String) where Value == Bool { fatalError() }
    public init(wrappedValue: Value, _ key: String) where Value == Int { fatalError() }
    public init(wrappedValue: Value, _ key: String) where Value == Double { fatalError() }
    public init(wrappedValue: Value, _ key: String) where Value == String { fatalError() }
    public init(wrappedValue: Value, _ key: String) where Value == URL { fatalError() }
    public init(wrappedValue: Value, _ key: String) where Value == Data { fatalError() }
    public init(wrappedValue: Value, _ key: String) where Value: RawRepresentable, Value.RawValue == Int {
        fatalError()
    }
    public init(wrappedValue: Value, _ key: String) where Value: RawRepresentable, Value.RawValue == String {
        fatalError()
    }
    public init(_ key: String) where Value == Bool? { fatalError() }
    public init(_ key: String) where Value == Int? { fatalError() }
    public init(_ key: String) where Value == Double? { fatalError() }
    public init(_ key: String) where Value == String? { fatalError() }
    public init(_ key: String) where Value == URL? { fatalError() }
    public init(_ key: String) where Value == Data? { fatalError() }
    public init<R: RawRepresentable>(_ key: String) where Value == R?, R.RawValue == String { fatalError() }
    public init<R: RawRepresentable>(_ key: String) where Value == R?, R.RawValue == Int { fatalError() }
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set { fatalError() }
    }
    public var projectedValue: Binding<Value> { fatalError() }
}
