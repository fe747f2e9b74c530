import Foundation

/// Byte order of a multi-byte integer on disk.
public enum ByteOrder: Sendable, Equatable {
    /// Least significant byte first (thin Mach-O headers and load commands, ZIP).
    case little
    /// Most significant byte first (fat headers, code signatures, DER lengths).
    case big
}

/// A bounds-checked, read-only view of untrusted bytes: the one way this project reads input.
///
/// Offsets given to its methods are relative to the reader's first byte. Every error reports
/// the *absolute* offset (`baseOffset + offset`), so a sub-reader over a Mach-O slice or a ZIP
/// entry still names the position in the original file. Reads never trap: out-of-range offsets,
/// negative counts and overflowing sums all throw `ByteReaderError`.
///
/// The reader never copies its input: it and all its sub-readers share the one `Data` they were
/// made from, each with its own window (`first`, `count`). Methods that return `Data` or `String`
/// copy only the bytes they return. The range checks, the integer reads, `subReader`, `bytes` and
/// `withBytes` are inlinable, so a read from another module is a range check and one
/// `Data.withUnsafeBytes` load, with no call; the error for a failed check is built out of line.
public struct ByteReader: Sendable {
    /// The input bytes, shared by this reader and every sub-reader made from it.
    @usableFromInline let storage: Data
    /// Position of this reader's first byte in `storage`'s bytes, counted from `storage.startIndex`.
    /// Invariant: `0 <= first` and `first + count <= storage.count`.
    @usableFromInline let first: Int
    /// Number of bytes visible through this reader.
    public let count: Int
    /// Absolute offset of this reader's first byte in the original input (used in errors).
    public let baseOffset: Int

    /// A reader over all of `data`; `baseOffset` is where `data` starts in the original input.
    public init(_ data: Data, baseOffset: Int = 0) {
        self.storage = data
        self.first = 0
        self.count = data.count
        self.baseOffset = baseOffset
    }

    /// A reader over `count` bytes of `storage` from `first` (a sub-reader's window; no copy).
    @usableFromInline
    init(storage: Data, first: Int, count: Int, baseOffset: Int) {
        self.storage = storage
        self.first = first
        self.count = count
        self.baseOffset = baseOffset
    }

    /// True when the reader holds no bytes.
    @inlinable
    public var isEmpty: Bool { count == 0 }

    /// The absolute offset (in the original input) of `offset` in this reader, saturating.
    @inlinable
    public func absoluteOffset(_ offset: Int) -> Int {
        let (sum, overflow) = baseOffset.addingReportingOverflow(offset)
        return overflow ? Int.max : sum
    }

    /// True when `offset ..< offset + length` lies inside the reader (never throws).
    ///
    /// `count - length` cannot overflow (both are non-negative), and `offset <= count - length`
    /// holds exactly when `offset + length <= count` without overflow.
    @inlinable
    public func contains(offset: Int, count length: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= count &- length
    }

    /// Throws unless `offset ..< offset + length` lies inside the reader.
    @inlinable
    public func checkRange(
        at offset: Int, count length: Int,
        reading what: @autoclosure () -> String
    ) throws(ByteReaderError) {
        guard contains(offset: offset, count: length) else {
            throw rangeError(at: offset, count: length, reading: what())
        }
    }

    /// The error for a range that `contains(offset:count:)` refused: a negative offset or length,
    /// an overflowing end, or an end past the reader (checked in that order).
    @usableFromInline @inline(never)
    func rangeError(at offset: Int, count length: Int, reading what: String) -> ByteReaderError {
        guard offset >= 0, length >= 0 else {
            return ByteReaderError(offset: absoluteOffset(offset), reading: what, problem: .negative)
        }
        guard !offset.addingReportingOverflow(length).overflow else {
            return ByteReaderError(offset: absoluteOffset(offset), reading: what, problem: .arithmeticOverflow)
        }
        return ByteReaderError(
            offset: absoluteOffset(offset), reading: what,
            problem: .outOfBounds(needed: length, available: max(0, count - offset)))
    }

    /// The `T` stored (in host order) at `offset`; the caller has checked the range.
    @inlinable @inline(__always)
    func load<T: FixedWidthInteger>(at offset: Int, as type: T.Type) -> T {
        storage.withUnsafeBytes { raw in raw.loadUnaligned(fromByteOffset: first &+ offset, as: T.self) }
    }

    // MARK: Integers

    /// A fixed-width integer at `offset` in `order`: every multi-byte read below.
    @inlinable
    func integer<T: FixedWidthInteger>(
        at offset: Int, _ order: ByteOrder,
        reading what: @autoclosure () -> String
    ) throws(ByteReaderError) -> T {
        try checkRange(at: offset, count: MemoryLayout<T>.size, reading: what())
        let raw = load(at: offset, as: T.self)
        return order == .little ? T(littleEndian: raw) : T(bigEndian: raw)
    }

    /// The byte at `offset`.
    @inlinable
    public func uint8(
        at offset: Int,
        reading what: @autoclosure () -> String = "UInt8"
    ) throws(ByteReaderError) -> UInt8 {
        try checkRange(at: offset, count: 1, reading: what())
        return load(at: offset, as: UInt8.self)
    }

    /// A 16-bit unsigned integer at `offset`.
    @inlinable
    public func uint16(
        at offset: Int, _ order: ByteOrder,
        reading what: @autoclosure () -> String = "UInt16"
    ) throws(ByteReaderError) -> UInt16 {
        try integer(at: offset, order, reading: what())
    }

    /// A 32-bit unsigned integer at `offset`.
    @inlinable
    public func uint32(
        at offset: Int, _ order: ByteOrder,
        reading what: @autoclosure () -> String = "UInt32"
    ) throws(ByteReaderError) -> UInt32 {
        try integer(at: offset, order, reading: what())
    }

    /// A 64-bit unsigned integer at `offset`.
    @inlinable
    public func uint64(
        at offset: Int, _ order: ByteOrder,
        reading what: @autoclosure () -> String = "UInt64"
    ) throws(ByteReaderError) -> UInt64 {
        try integer(at: offset, order, reading: what())
    }

    /// A 32-bit unsigned integer at `offset`, converted to `Int` (always fits on 64-bit hosts).
    @inlinable
    public func int32Value(
        at offset: Int, _ order: ByteOrder,
        reading what: @autoclosure () -> String = "UInt32"
    ) throws(ByteReaderError) -> Int {
        Int(try uint32(at: offset, order, reading: what()))
    }

    /// A 64-bit unsigned integer at `offset` as `Int`; throws when it exceeds `Int.max`.
    @inlinable
    public func int64Value(
        at offset: Int, _ order: ByteOrder,
        reading what: @autoclosure () -> String = "UInt64"
    ) throws(ByteReaderError) -> Int {
        let value = try uint64(at: offset, order, reading: what())
        guard let result = Int(exactly: value) else {
            throw ByteReaderError(offset: absoluteOffset(offset), reading: what(), problem: .valueTooLarge(value))
        }
        return result
    }

    // MARK: Ranges

    /// A reader over `offset ..< offset + length` sharing this reader's bytes (no copy); its
    /// errors keep absolute offsets.
    @inlinable
    public func subReader(
        at offset: Int, count length: Int,
        reading what: @autoclosure () -> String = "range"
    ) throws(ByteReaderError) -> ByteReader {
        try checkRange(at: offset, count: length, reading: what())
        return ByteReader(storage: storage, first: first + offset, count: length, baseOffset: absoluteOffset(offset))
    }

    /// A reader from `offset` to the end.
    @inlinable
    public func subReader(
        from offset: Int,
        reading what: @autoclosure () -> String = "range"
    ) throws(ByteReaderError) -> ByteReader {
        guard offset >= 0, offset <= count else {
            throw ByteReaderError(
                offset: absoluteOffset(offset), reading: what(),
                problem: .outOfBounds(needed: 0, available: 0))
        }
        return try subReader(at: offset, count: count - offset, reading: what())
    }

    /// Calls `body` with the reader's bytes from `offset` to the end; the caller has checked that
    /// `offset` lies in `0 ... count`.
    @inlinable
    func withRest<R, E: Error>(from offset: Int, _ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        let result: Result<R, E> = storage.withUnsafeBytes { raw in
            let rest = UnsafeRawBufferPointer(rebasing: raw[(first + offset)..<(first + count)])
            do throws(E) { return .success(try body(rest)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// A copy of `length` bytes at `offset` (indices start at 0).
    @inlinable
    public func bytes(
        at offset: Int, count length: Int,
        reading what: @autoclosure () -> String = "bytes"
    ) throws(ByteReaderError) -> Data {
        try checkRange(at: offset, count: length, reading: what())
        return withRest(from: offset) { rest in Data(UnsafeRawBufferPointer(rebasing: rest[0..<length])) }
    }

    /// A copy of every byte in the reader (indices start at 0).
    public var data: Data { withRest(from: 0) { rest in Data(rest) } }

    /// Calls `body` with the raw bytes of `offset ..< offset + length` (valid only inside `body`).
    @inlinable
    public func withBytes<R>(
        at offset: Int, count length: Int, reading what: @autoclosure () -> String = "bytes",
        _ body: (UnsafeRawBufferPointer) throws -> R
    ) throws -> R {
        try checkRange(at: offset, count: length, reading: what())
        return try withRest(from: offset) { rest in try body(UnsafeRawBufferPointer(rebasing: rest[0..<length])) }
    }

    // MARK: Strings

    /// The bytes of a NUL-terminated string at `offset`, without the NUL.
    ///
    /// Throws when no NUL appears within `maxLength` bytes or before the end of the reader.
    public func cStringBytes(
        at offset: Int, maxLength: Int,
        reading what: @autoclosure () -> String = "C string"
    ) throws(ByteReaderError) -> Data {
        try checkRange(at: offset, count: 0, reading: what())
        let limit = min(count - offset, max(0, maxLength))
        let string: Data? = withRest(from: offset) { rest in
            UnsafeRawBufferPointer(rebasing: rest[0..<limit]).firstIndex(of: 0).map { terminator in
                Data(UnsafeRawBufferPointer(rebasing: rest[0..<terminator]))
            }
        }
        if let string { return string }
        if limit < count - offset {
            throw ByteReaderError(
                offset: absoluteOffset(offset), reading: what(),
                problem: .stringTooLong(maxLength: maxLength))
        }
        throw ByteReaderError(offset: absoluteOffset(offset), reading: what(), problem: .unterminatedString)
    }

    /// A NUL-terminated string at `offset` (invalid UTF-8 is replaced, never trusted).
    public func cString(
        at offset: Int, maxLength: Int,
        reading what: @autoclosure () -> String = "C string"
    ) throws(ByteReaderError) -> String {
        String(decoding: try cStringBytes(at: offset, maxLength: maxLength, reading: what()), as: UTF8.self)
    }

    /// A fixed-size string field (e.g. a 16-byte `segname`): bytes up to the first NUL or `length`.
    public func fixedString(
        at offset: Int, length: Int,
        reading what: @autoclosure () -> String = "fixed string"
    ) throws(ByteReaderError) -> String {
        try checkRange(at: offset, count: length, reading: what())
        return withRest(from: offset) { rest in
            let field = UnsafeRawBufferPointer(rebasing: rest[0..<length])
            let end = field.firstIndex(of: 0) ?? field.count
            return String(decoding: field[0..<end], as: UTF8.self)
        }
    }

    /// One NUL-terminated string found by `cStrings(maxLength:maxCount:)`.
    public struct CString: Sendable, Equatable {
        /// Offset of the first byte, relative to the reader.
        public var offset: Int
        /// The string's bytes without the terminating NUL.
        public var bytes: Data
        /// The bytes decoded as UTF-8 (invalid sequences replaced).
        public var string: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// Splits the reader into its NUL-terminated strings (empty strings skipped).
    ///
    /// A string longer than `maxLength` is skipped whole; at most `maxCount` strings are returned;
    /// trailing bytes without a NUL are returned as a final string (sections may lack padding).
    public func cStrings(maxLength: Int, maxCount: Int) -> [CString] {
        var result: [CString] = []
        forEachCString(maxLength: maxLength, maxCount: maxCount) { offset, bytes in
            result.append(CString(offset: offset, bytes: Data(bytes)))
        }
        return result
    }

    /// Visits the reader's NUL-terminated strings in place, as `cStrings` lists them, without
    /// copying them (a 20 MB `__cstring` section holds over half a million strings); returns
    /// how many were visited.
    @discardableResult
    public func forEachCString(maxLength: Int, maxCount: Int, _ body: (Int, UnsafeRawBufferPointer) -> Void) -> Int {
        var visited = 0
        withRest(from: 0) { (buffer: UnsafeRawBufferPointer) in
            var index = 0
            while index < buffer.count, visited < maxCount {
                let rest = UnsafeRawBufferPointer(rebasing: buffer[index...])
                let end = rest.firstIndex(of: 0).map { index + $0 } ?? buffer.count
                let length = end - index
                if length > 0, length <= maxLength {
                    body(index, UnsafeRawBufferPointer(rebasing: buffer[index..<end]))
                    visited += 1
                }
                index = end + 1
            }
        }
        return visited
    }

    // MARK: Checked arithmetic

    /// `a + b`, throwing `ByteReaderError.Problem.arithmeticOverflow` instead of trapping.
    @inlinable
    public static func sum(
        _ a: Int, _ b: Int, at offset: Int = 0,
        reading what: @autoclosure () -> String = "offset"
    ) throws(ByteReaderError) -> Int {
        let (value, overflow) = a.addingReportingOverflow(b)
        guard !overflow else { throw ByteReaderError(offset: offset, reading: what(), problem: .arithmeticOverflow) }
        return value
    }

    /// `a * b`, throwing instead of trapping.
    @inlinable
    public static func product(
        _ a: Int, _ b: Int, at offset: Int = 0,
        reading what: @autoclosure () -> String = "size"
    ) throws(ByteReaderError) -> Int {
        let (value, overflow) = a.multipliedReportingOverflow(by: b)
        guard !overflow else { throw ByteReaderError(offset: offset, reading: what(), problem: .arithmeticOverflow) }
        return value
    }

    /// `a - b`, throwing when the result would be negative or overflow.
    @inlinable
    public static func difference(
        _ a: Int, _ b: Int, at offset: Int = 0,
        reading what: @autoclosure () -> String = "offset"
    ) throws(ByteReaderError) -> Int {
        let (value, overflow) = a.subtractingReportingOverflow(b)
        guard !overflow, value >= 0 else {
            throw ByteReaderError(offset: offset, reading: what(), problem: .arithmeticOverflow)
        }
        return value
    }
}

/// A read that `ByteReader` refused: where (absolute offset), what was being read, and why.
public struct ByteReaderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Why a read failed.
    public enum Problem: Equatable, Sendable {
        /// The read needs `needed` bytes but only `available` remain.
        case outOfBounds(needed: Int, available: Int)
        /// A negative offset or length was asked for.
        case negative
        /// An offset or size computation overflowed.
        case arithmeticOverflow
        /// A NUL-terminated string runs to the end of the data.
        case unterminatedString
        /// A NUL-terminated string is longer than the allowed maximum.
        case stringTooLong(maxLength: Int)
        /// A 64-bit value does not fit the host's `Int`.
        case valueTooLarge(UInt64)
    }

    /// Absolute offset in the original input where the read started.
    public var offset: Int
    /// What was being read (e.g. "ncmds", "SuperBlob index").
    public var reading: String
    /// Why the read failed.
    public var problem: Problem

    /// Creates an error for a read of `reading` at absolute `offset`.
    public init(offset: Int, reading: String, problem: Problem) {
        self.offset = offset
        self.reading = reading
        self.problem = problem
    }

    public var description: String {
        let location = "\(reading) at offset \(offset) (0x\(String(offset, radix: 16)))"
        switch problem {
        case .outOfBounds(let needed, let available):
            return "\(location): needs \(needed) bytes, only \(available) available (truncated or bad offset)"
        case .negative:
            return "\(location): negative offset or length"
        case .arithmeticOverflow:
            return "\(location): offset or size overflows"
        case .unterminatedString:
            return "\(location): string has no terminating NUL"
        case .stringTooLong(let maxLength):
            return "\(location): string longer than \(maxLength) bytes"
        case .valueTooLarge(let value):
            return "\(location): value \(value) is too large"
        }
    }
}
