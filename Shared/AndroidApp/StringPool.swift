import Foundation

/// A `ResStringPool` chunk (shared by binary XML and `resources.arsc`): strings decoded lazily
/// by index, UTF-8 or UTF-16, every offset and length checked against the chunk.
struct StringPool: Sendable {
    static let chunkType: UInt16 = 0x0001
    private static let utf8Flag: UInt32 = 0x100

    let isUTF8: Bool
    let count: Int
    private let bytes: LittleEndianBytes
    /// Absolute offset of the offsets array.
    private let offsetsStart: Int
    /// Absolute offset of the string data.
    private let stringsStart: Int
    /// Absolute end of the chunk.
    private let end: Int
    private let maxLength: Int

    /// Reads the pool header of the chunk at `start` (its header already bounds-checked by the caller).
    init(_ bytes: LittleEndianBytes, chunkAt start: Int, limits: AndroidLimits,
         fail: (String, Int) -> any Error) throws {
        guard let headerSize = bytes.u16(start + 2), let size = bytes.u32(start + 4),
              let stringCount = bytes.u32(start + 8), let flags = bytes.u32(start + 16),
              let stringsOffset = bytes.u32(start + 20), headerSize >= 28,
              bytes.contains(start, Int(size)) else {
            throw fail("string pool header is truncated", start)
        }
        guard stringCount <= UInt32(limits.maxStrings) else {
            throw AndroidAppError.limitExceeded(
                what: "string pool size", limit: limits.maxStrings, actual: Int(stringCount))
        }
        let offsetsStart = start + Int(headerSize)
        guard Int(headerSize) <= Int(size), bytes.contains(offsetsStart, Int(stringCount) * 4),
              offsetsStart + Int(stringCount) * 4 <= start + Int(size) else {
            throw fail("string pool offsets run past the chunk (\(stringCount) strings)", start)
        }
        guard stringCount == 0 || Int(stringsOffset) <= Int(size) else {
            throw fail("string data starts past the chunk", start)
        }
        self.bytes = bytes
        self.isUTF8 = flags & Self.utf8Flag != 0
        self.count = Int(stringCount)
        self.offsetsStart = offsetsStart
        self.stringsStart = start + Int(stringsOffset)
        self.end = start + Int(size)
        self.maxLength = limits.maxStringLength
    }

    /// The string at `index`, or nil when the index or its bytes are out of range or not decodable.
    func string(_ index: Int) -> String? {
        guard index >= 0, index < count, let relative = bytes.u32(offsetsStart + index * 4) else { return nil }
        let (position, overflow) = stringsStart.addingReportingOverflow(Int(relative))
        guard !overflow, position < end else { return nil }
        return isUTF8 ? utf8(at: position) : utf16(at: position)
    }

    /// An index that is 0xFFFFFFFF means "no string".
    func optionalString(_ index: UInt32) -> String? {
        index == UInt32.max ? nil : string(Int(index))
    }

    private func utf8(at start: Int) -> String? {
        var position = start
        guard lengthUTF8(&position) != nil, let byteCount = lengthUTF8(&position),
              byteCount <= maxLength, position + byteCount <= end,
              let slice = bytes.slice(position, byteCount) else { return nil }
        return String(decoding: slice, as: UTF8.self)
    }

    /// One or two bytes: high bit of the first set means a 15-bit length.
    private func lengthUTF8(_ position: inout Int) -> Int? {
        guard position < end, let first = bytes.u8(position) else { return nil }
        position += 1
        guard first & 0x80 != 0 else { return Int(first) }
        guard position < end, let second = bytes.u8(position) else { return nil }
        position += 1
        return Int(first & 0x7F) << 8 | Int(second)
    }

    private func utf16(at start: Int) -> String? {
        guard let first = bytes.u16(start), start + 2 <= end else { return nil }
        var position = start + 2
        var length = Int(first)
        if first & 0x8000 != 0 {
            guard let second = bytes.u16(position), position + 2 <= end else { return nil }
            length = Int(first & 0x7FFF) << 16 | Int(second)
            position += 2
        }
        guard length <= maxLength, position + length * 2 <= end, bytes.contains(position, length * 2) else {
            return nil
        }
        var units: [UInt16] = []
        units.reserveCapacity(length)
        for unit in 0..<length {
            units.append(UInt16(bytes.bytes[position + unit * 2]) | UInt16(bytes.bytes[position + unit * 2 + 1]) << 8)
        }
        return String(decoding: units, as: UTF16.self)
    }
}
