import Foundation

/// Little-endian reads at absolute offsets of a byte array, every one bounds-checked.
struct LittleEndianBytes: Sendable {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }
    init(_ data: Data) { self.bytes = [UInt8](data) }

    var count: Int { bytes.count }

    /// True when `[offset, offset + length)` lies inside the bytes (no overflow).
    func contains(_ offset: Int, _ length: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= bytes.count && length <= bytes.count - offset
    }

    func u8(_ offset: Int) -> UInt8? {
        contains(offset, 1) ? bytes[offset] : nil
    }

    func u16(_ offset: Int) -> UInt16? {
        guard contains(offset, 2) else { return nil }
        return UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    func u32(_ offset: Int) -> UInt32? {
        guard contains(offset, 4) else { return nil }
        return UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8
            | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }

    func u64(_ offset: Int) -> UInt64? {
        guard let low = u32(offset), let high = u32(offset + 4) else { return nil }
        return UInt64(low) | UInt64(high) << 32
    }

    func slice(_ offset: Int, _ length: Int) -> ArraySlice<UInt8>? {
        contains(offset, length) ? bytes[offset..<(offset + length)] : nil
    }
}
