// Declaration-only surface of the part of Apple's Combine framework that SwiftUI apps use
// (ObservableObject, @Published, publishers for onReceive), for type-checking the Mac app on
// Linux (scripts/typecheck-app). Written by this project from Apple's public documentation;
// it is NOT Apple's SDK and holds no code of it. Bodies are stubs, never run.

@_exported import MacFoundation

/// Declares that a type can transmit a sequence of values over time.
public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error
}

/// A protocol indicating that an activity or action supports cancellation.
public protocol Cancellable {
    func cancel()
}

/// A type-erasing cancellable object that cancels when deinitialised.
final public class AnyCancellable: Cancellable, Hashable {
    public init(_ cancel: @escaping () -> Void) { fatalError() }
    public init<C: Cancellable>(_ canceller: C) { fatalError() }
    final public func cancel() { fatalError() }
    final public func store(in set: inout Set<AnyCancellable>) { fatalError() }
    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { fatalError() }
    final public func hash(into hasher: inout Hasher) { fatalError() }
}

extension Publisher where Failure == Never {
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable { fatalError() }
}

extension Publisher {
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable { fatalError() }
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { fatalError() }
}

public enum Subscribers {
    public enum Completion<Failure: Error> {
        case finished
        case failure(Failure)
    }
}

/// A publisher that performs type erasure.
public struct AnyPublisher<Output, Failure: Error>: Publisher {
    public init<P: Publisher>(_ publisher: P) where Output == P.Output, Failure == P.Failure { fatalError() }
}

/// A subject that broadcasts elements to downstream subscribers.
final public class PassthroughSubject<Output, Failure: Error>: Publisher {
    public init() { fatalError() }
    final public func send(_ input: Output) { fatalError() }
    final public func send(completion: Subscribers.Completion<Failure>) { fatalError() }
}

/// A subject that wraps a single value and publishes a new element whenever the value changes.
final public class CurrentValueSubject<Output, Failure: Error>: Publisher {
    public init(_ value: Output) { fatalError() }
    final public var value: Output {
        get { fatalError() }
        set { fatalError() }
    }
    final public func send(_ input: Output) { fatalError() }
}

/// A publisher that emits before an observable object changes.
final public class ObservableObjectPublisher: Publisher {
    public typealias Output = Void
    public typealias Failure = Never
    public init() { fatalError() }
    final public func send() { fatalError() }
}

/// A type of object with a publisher that emits before the object has changed.
public protocol ObservableObject: AnyObject {
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
    where Self.ObjectWillChangePublisher.Failure == Never
    var objectWillChange: Self.ObjectWillChangePublisher { get }
}

extension ObservableObject where Self.ObjectWillChangePublisher == ObservableObjectPublisher {
    public var objectWillChange: ObservableObjectPublisher { fatalError() }
}

/// A type that publishes a property marked with an attribute (classes only).
@propertyWrapper
public struct Published<Value> {
    public init(wrappedValue: Value) { fatalError() }
    public init(initialValue: Value) { fatalError() }

    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { fatalError() }
        set { fatalError() }
    }

    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get { fatalError() }
        set { fatalError() }
    }

    public var projectedValue: Published<Value>.Publisher {
        mutating get { fatalError() }
        set { fatalError() }
    }

    public struct Publisher: Combine.Publisher {
        public typealias Output = Value
        public typealias Failure = Never
    }
}

extension NotificationCenter {
    public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> NotificationCenter.Publisher {
        fatalError()
    }

    public struct Publisher: Combine.Publisher {
        public typealias Output = Notification
        public typealias Failure = Never
    }
}
