// Declaration-only surface of Apple Foundation API that swift-corelibs-foundation lacks on Linux,
// for type-checking the Mac app (scripts/typecheck-app). Written by this project from Apple's
// public documentation; it is NOT Apple's SDK and holds no code of it. Bodies are stubs, never run.

extension NSPredicate {
    /// A predicate from a format string (unavailable in swift-corelibs-foundation; UI tests use it).
    public convenience init(format predicateFormat: String, _ args: any CVarArg...) { fatalError() }
    public convenience init(format predicateFormat: String, argumentArray arguments: [Any]?) { fatalError() }
}
