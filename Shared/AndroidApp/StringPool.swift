import Foundation
import MachOReader

/// A `ResStringPool` chunk (shared by binary XML and `resources.arsc`): strings decoded lazily
/// by index, UTF-8 or UTF-16, every offset and length checked against the chunk.
struct StringPool: Sendable {
    static let chunkType: UInt16 = 0x0001
    private static let utf8Flag: UInt32 = 0x100

    let isUTF8: Bool
    let count: Int
    private let bytes: ByteReader
    /// Absolute offset of the offsets array.
    private let offsetsStart: Int
    /// Absolute offset of the string data.
    private let stringsStart: Int
    /// Absolute end of the chunk.
    private let end: Int
    private let maxLength: Int

    /// Reads the pool header of the chunk at `start` (its header already bounds-checked by the caller).
    init(
        _ bytes: ByteReader, chunkAt start: Int, limits: AndroidLimits,
        fail: (String, Int) -> any Error
    ) throws {
        guard let headerSize = try? bytes.uint16(at: start + 2, .little),
            let size = try? bytes.uint32(at: start + 4, .little),
            let stringCount = try? bytes.uint32(at: start + 8, .little),
            let flags = try? bytes.uint32(at: start + 16, .little),
            let stringsOffset = try? bytes.uint32(at: start + 20, .little), headerSize >= 28,
            bytes.contains(offset: start, count: Int(size))
        else {
            throw fail("string pool header is truncated", start)
        }
        guard stringCount <= UInt32(limits.maxStrings) else {
            throw AndroidAppError.limitExceeded(
                what: "string pool size", limit: limits.maxStrings, actual: Int(stringCount))
        }
        let offsetsStart = start + Int(headerSize)
        guard Int(headerSize) <= Int(size), bytes.contains(offset: offsetsStart, count: Int(stringCount) * 4),
            offsetsStart + Int(stringCount) * 4 <= start + Int(size)
        else {
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
        guard index >= 0, index < count,
            let relative = try? bytes.uint32(at: offsetsStart + index * 4, .little)
        else { return nil }
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
            byteCount <= maxLength, position + byteCount <= end
        else { return nil }
        return try? bytes.withBytes(at: position, count: byteCount) { String(decoding: $0, as: UTF8.self) }
    }

    /// One or two bytes: high bit of the first set means a 15-bit length.
    private func lengthUTF8(_ position: inout Int) -> Int? {
        guard position < end, let first = try? bytes.uint8(at: position) else { return nil }
        position += 1
        guard first & 0x80 != 0 else { return Int(first) }
        guard position < end, let second = try? bytes.uint8(at: position) else { return nil }
        position += 1
        return Int(first & 0x7F) << 8 | Int(second)
    }

    private func utf16(at start: Int) -> String? {
        guard let first = try? bytes.uint16(at: start, .little), start + 2 <= end else { return nil }
        var position = start + 2
        var length = Int(first)
        if first & 0x8000 != 0 {
            guard let second = try? bytes.uint16(at: position, .little), position + 2 <= end else { return nil }
            length = Int(first & 0x7FFF) << 16 | Int(second)
            position += 2
        }
        guard length <= maxLength, position + length * 2 <= end else { return nil }
        // One bounds check for the whole string, then the units from that checked range.
        return try? bytes.withBytes(at: position, count: length * 2) { raw in
            String(decoding: (0..<length).map { UInt16(raw[$0 * 2]) | UInt16(raw[$0 * 2 + 1]) << 8 }, as: UTF16.self)
        }
    }
}
