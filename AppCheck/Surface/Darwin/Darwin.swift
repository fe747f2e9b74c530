// Stand-in for Darwin (Apple's C library module) when type-checking the Mac app's tests on Linux
// (scripts/typecheck-app): it re-exports Glibc, whose POSIX declarations the tests use
// (getrusage, rusage, RUSAGE_SELF) have the same Swift shape. It is NOT Apple's SDK.

@_exported import Glibc

// Darwin's C macros that Glibc imports with another type (an enum there, `Int32` on Darwin).
public var RUSAGE_SELF: Int32 { 0 }
public var RUSAGE_CHILDREN: Int32 { -1 }
