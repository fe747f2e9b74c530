// Declaration-only surface of Apple's XCTest framework (test cases, assertions, expectations)
// as the Mac app's test targets see it, for type-checking them on Linux (scripts/typecheck-app).
// Written by this project from Apple's public documentation; it is NOT Apple's SDK (nor
// swift-corelibs-xctest, which it shadows while type-checking) and holds no code of either.

@_exported import MacFoundation

/// An abstract base class for creating, managing, and executing tests.
open class XCTest: NSObject {
    open var name: String { fatalError() }
    open var testCaseCount: Int { fatalError() }
    open func setUp() { fatalError() }
    open func tearDown() { fatalError() }
    open func setUpWithError() throws { fatalError() }
    open func tearDownWithError() throws { fatalError() }
    open func setUp() async throws { fatalError() }
    open func tearDown() async throws { fatalError() }
}

/// The primary class for defining test cases, test methods, and performance tests.
open class XCTestCase: XCTest {
    public override init() { fatalError() }
    open var continueAfterFailure: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    open var executionTimeAllowance: TimeInterval {
        get { fatalError() }
        set { fatalError() }
    }
    open class func setUp() { fatalError() }
    open class func tearDown() { fatalError() }
    open func addTeardownBlock(_ block: @escaping @Sendable () -> Void) { fatalError() }
    open func addTeardownBlock(_ block: @escaping @Sendable () async throws -> Void) { fatalError() }
    open func expectation(description: String) -> XCTestExpectation { fatalError() }
    open func expectation(
        for predicate: NSPredicate, evaluatedWith object: Any?,
        handler: XCTNSPredicateExpectation.Handler? = nil
    ) -> XCTestExpectation { fatalError() }
    open func wait(
        for expectations: [XCTestExpectation], timeout seconds: TimeInterval = .infinity,
        enforceOrder enforceOrderOfFulfillment: Bool = false
    ) { fatalError() }
    open func fulfillment(
        of expectations: [XCTestExpectation], timeout seconds: TimeInterval = .infinity,
        enforceOrder enforceOrderOfFulfillment: Bool = false
    ) async { fatalError() }
    open func waitForExpectations(timeout: TimeInterval, handler: XCWaitCompletionHandler? = nil) { fatalError() }
    open func measure(_ block: () -> Void) { fatalError() }
    open func measure(metrics: [any XCTMetric], block: () -> Void) { fatalError() }
    open func measure(metrics: [any XCTMetric], options: XCTMeasureOptions, block: () -> Void) { fatalError() }
    open func add(_ attachment: XCTAttachment) { fatalError() }
}

public typealias XCWaitCompletionHandler = ((any Error)?) -> Void

/// An expected outcome in an asynchronous test.
open class XCTestExpectation: NSObject, @unchecked Sendable {
    public init(description expectationDescription: String) { fatalError() }
    open var expectationDescription: String {
        get { fatalError() }
        set { fatalError() }
    }
    open var isInverted: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    open var expectedFulfillmentCount: Int {
        get { fatalError() }
        set { fatalError() }
    }
    open var assertForOverFulfill: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    open func fulfill() { fatalError() }
}

/// An expectation that is fulfilled when an NSPredicate is satisfied.
open class XCTNSPredicateExpectation: XCTestExpectation, @unchecked Sendable {
    public typealias Handler = @Sendable () -> Bool
    public init(predicate: NSPredicate, object: Any?) { fatalError() }
    open var predicate: NSPredicate { fatalError() }
    open var object: Any? { fatalError() }
    open var handler: XCTNSPredicateExpectation.Handler? {
        get { fatalError() }
        set { fatalError() }
    }
}

/// A proxy that waits for expectations.
open class XCTWaiter: NSObject {
    public enum Result: Int, Sendable {
        case completed = 1
        case timedOut = 2
        case incorrectOrder = 3
        case invertedFulfillment = 4
        case interrupted = 5
    }
    public override init() { fatalError() }
    open class func wait(
        for expectations: [XCTestExpectation], timeout seconds: TimeInterval = .infinity,
        enforceOrder enforceOrderOfFulfillment: Bool = false
    ) -> XCTWaiter.Result { fatalError() }
    open func wait(
        for expectations: [XCTestExpectation], timeout seconds: TimeInterval = .infinity,
        enforceOrder enforceOrderOfFulfillment: Bool = false
    ) -> XCTWaiter.Result { fatalError() }
    open func fulfillment(
        of expectations: [XCTestExpectation], timeout seconds: TimeInterval = .infinity,
        enforceOrder enforceOrderOfFulfillment: Bool = false
    ) async -> XCTWaiter.Result {
        fatalError()
    }
}

/// An error that skips the current test.
public struct XCTSkip: Error, CustomStringConvertible {
    public init(_ message: String? = nil, file: StaticString = #filePath, line: UInt = #line) { fatalError() }
    public var message: String? { fatalError() }
    public var description: String { fatalError() }
}

/// A performance metric.
public protocol XCTMetric: NSCopying, NSObjectProtocol {}

open class XCTClockMetric: NSObject, XCTMetric {
    public override init() { fatalError() }
    public func copy(with zone: NSZone? = nil) -> Any { fatalError() }
}

open class XCTMemoryMetric: NSObject, XCTMetric {
    public override init() { fatalError() }
    public func copy(with zone: NSZone? = nil) -> Any { fatalError() }
}

open class XCTApplicationLaunchMetric: NSObject, XCTMetric {
    public override init() { fatalError() }
    public init(waitUntilResponsive: Bool) { fatalError() }
    public func copy(with zone: NSZone? = nil) -> Any { fatalError() }
}

open class XCTMeasureOptions: NSObject {
    open class var `default`: XCTMeasureOptions { fatalError() }
    open var iterationCount: Int {
        get { fatalError() }
        set { fatalError() }
    }
}

/// Data from a test run kept with the results.
open class XCTAttachment: NSObject {
    public enum Lifetime: Int, Sendable {
        case keepAlways = 0
        case deleteOnSuccess = 1
    }
    public convenience init(string: String) { fatalError() }
    public convenience init(data payload: Data) { fatalError() }
    public convenience init(contentsOfFile url: URL) { fatalError() }
    public convenience init(screenshot: XCUIScreenshot) { fatalError() }
    open var name: String? {
        get { fatalError() }
        set { fatalError() }
    }
    open var lifetime: XCTAttachment.Lifetime {
        get { fatalError() }
        set { fatalError() }
    }
}

/// A proxy for the current testing context.
public struct XCTContext {
    @MainActor @preconcurrency
    public static func runActivity<Result>(
        named name: String, block: (any XCTActivity) throws -> Result
    ) rethrows
        -> Result
    { fatalError() }
}

/// A named substep of a test method.
public protocol XCTActivity: NSObjectProtocol {
    var name: String { get }
    func add(_ attachment: XCTAttachment)
}

// MARK: Assertions

public func XCTFail(_ message: String = "", file: StaticString = #filePath, line: UInt = #line) { fatalError() }

public func XCTAssert(
    _ expression: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) { fatalError() }
public func XCTAssertTrue(
    _ expression: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) { fatalError() }
public func XCTAssertFalse(
    _ expression: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) { fatalError() }
public func XCTAssertNil(
    _ expression: @autoclosure () throws -> Any?, _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) { fatalError() }
public func XCTAssertNotNil(
    _ expression: @autoclosure () throws -> Any?, _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) { fatalError() }
public func XCTAssertEqual<T: Equatable>(
    _ expression1: @autoclosure () throws -> T,
    _ expression2: @autoclosure () throws -> T,
    _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) { fatalError() }
public func XCTAssertEqual<T: FloatingPoint>(
    _ expression1: @autoclosure () throws -> T,
    _ expression2: @autoclosure () throws -> T, accuracy: T,
    _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) { fatalError() }
public func XCTAssertNotEqual<T: Equatable>(
    _ expression1: @autoclosure () throws -> T,
    _ expression2: @autoclosure () throws -> T,
    _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) { fatalError() }
public func XCTAssertIdentical(
    _ expression1: @autoclosure () throws -> AnyObject?,
    _ expression2: @autoclosure () throws -> AnyObject?,
    _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) { fatalError() }
public func XCTAssertGreaterThan<T: Comparable>(
    _ expression1: @autoclosure () throws -> T,
    _ expression2: @autoclosure () throws -> T,
    _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) { fatalError() }
public func XCTAssertGreaterThanOrEqual<T: Comparable>(
    _ expression1: @autoclosure () throws -> T,
    _ expression2: @autoclosure () throws -> T,
    _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) {
    fatalError()
}
public func XCTAssertLessThan<T: Comparable>(
    _ expression1: @autoclosure () throws -> T,
    _ expression2: @autoclosure () throws -> T,
    _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) { fatalError() }
public func XCTAssertLessThanOrEqual<T: Comparable>(
    _ expression1: @autoclosure () throws -> T,
    _ expression2: @autoclosure () throws -> T,
    _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) { fatalError() }
public func XCTAssertThrowsError<T>(
    _ expression: @autoclosure () throws -> T,
    _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line,
    _ errorHandler: (_ error: any Error) -> Void = { _ in }
) { fatalError() }
public func XCTAssertNoThrow<T>(
    _ expression: @autoclosure () throws -> T, _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) { fatalError() }
public func XCTUnwrap<T>(
    _ expression: @autoclosure () throws -> T?, _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) throws -> T { fatalError() }
public func XCTExpectFailure(_ failureReason: String? = nil, strict: Bool = true) { fatalError() }
