import Foundation

/// Sequential reads over a `ByteReader`: each read advances `position` (for headers read field
/// by field, such as ZIP records or DER). Same bounds checks and errors as `ByteReader`.
public struct ByteCursor: Sendable {
    /// The reader being walked.
    public let reader: ByteReader
    /// Offset of the next read, relative to `reader`.
    public private(set) var position: Int

    /// A cursor at `position` (default: the reader's first byte).
    public init(_ reader: ByteReader, position: Int = 0) {
        self.reader = reader
        self.position = position
    }

    /// Bytes left between `position` and the end of the reader.
    public var remaining: Int { max(0, reader.count - position) }

    /// True when no bytes are left.
    public var isAtEnd: Bool { remaining == 0 }

    /// Reads one byte.
    public mutating func uint8(reading what: @autoclosure () -> String = "UInt8") throws(ByteReaderError) -> UInt8 {
        let value = try reader.uint8(at: position, reading: what())
        position += 1
        return value
    }

    /// Reads a 16-bit unsigned integer.
    public mutating func uint16(
        _ order: ByteOrder,
        reading what: @autoclosure () -> String = "UInt16"
    ) throws(ByteReaderError) -> UInt16 {
        let value = try reader.uint16(at: position, order, reading: what())
        position += 2
        return value
    }

    /// Reads a 32-bit unsigned integer.
    public mutating func uint32(
        _ order: ByteOrder,
        reading what: @autoclosure () -> String = "UInt32"
    ) throws(ByteReaderError) -> UInt32 {
        let value = try reader.uint32(at: position, order, reading: what())
        position += 4
        return value
    }

    /// Reads a 64-bit unsigned integer.
    public mutating func uint64(
        _ order: ByteOrder,
        reading what: @autoclosure () -> String = "UInt64"
    ) throws(ByteReaderError) -> UInt64 {
        let value = try reader.uint64(at: position, order, reading: what())
        position += 8
        return value
    }

    /// Reads `count` bytes as a copy.
    public mutating func bytes(
        count: Int,
        reading what: @autoclosure () -> String = "bytes"
    ) throws(ByteReaderError) -> Data {
        let value = try reader.bytes(at: position, count: count, reading: what())
        position += count
        return value
    }

    /// Reads `count` bytes as a sub-reader (no copy).
    public mutating func subReader(
        count: Int,
        reading what: @autoclosure () -> String = "range"
    ) throws(ByteReaderError) -> ByteReader {
        let value = try reader.subReader(at: position, count: count, reading: what())
        position += count
        return value
    }

    /// Skips `count` bytes (throws when that passes the end).
    public mutating func skip(_ count: Int, reading what: @autoclosure () -> String = "skip") throws(ByteReaderError) {
        try reader.checkRange(at: position, count: count, reading: what())
        position += count
    }

    /// Moves to an absolute position inside the reader (`0 ... reader.count`).
    public mutating func seek(
        to newPosition: Int,
        reading what: @autoclosure () -> String = "seek"
    ) throws(ByteReaderError) {
        try reader.checkRange(at: newPosition, count: 0, reading: what())
        position = newPosition
    }
}
