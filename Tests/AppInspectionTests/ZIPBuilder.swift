import Foundation

/// Writes small ZIP archives byte by byte (stored entries), so tests can build exactly the
/// malformed or unusual structures they need.
struct ZIPBuilder {
    struct Entry {
        var name: [UInt8]
        var data: Data
        var crc: UInt32?
        var localName: [UInt8]?
        var forceZIP64 = false
        var unixMode: UInt32 = 0o100644
    }

    var entries: [Entry] = []
    var declaredCount: UInt64?
    var zip64EndRecord = false

    mutating func add(
        _ name: String, _ data: Data, crc: UInt32? = nil, localName: String? = nil,
        forceZIP64: Bool = false, unixMode: UInt32 = 0o100644
    ) {
        entries.append(
            Entry(
                name: Array(name.utf8), data: data, crc: crc, localName: localName.map { Array($0.utf8) },
                forceZIP64: forceZIP64, unixMode: unixMode))
    }

    mutating func add(rawName: [UInt8], _ data: Data) {
        entries.append(Entry(name: rawName, data: data, crc: nil, localName: nil))
    }

    static func crc32(_ data: Data) -> UInt32 {
        var table = [UInt32](repeating: 0, count: 256)
        for index in 0..<256 {
            var value = UInt32(index)
            for _ in 0..<8 { value = value & 1 != 0 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
            table[index] = value
        }
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    func build() -> Data {
        var out = Data()
        var central = Data()
        for entry in entries {
            let offset = UInt64(out.count)
            let crc = entry.crc ?? Self.crc32(entry.data)
            let localName = entry.localName ?? entry.name
            out.le32(0x0403_4B50)
            out.le16(20)
            out.le16(0)
            out.le16(0)
            out.le32(0)
            out.le32(crc)
            out.le32(UInt32(entry.data.count))
            out.le32(UInt32(entry.data.count))
            out.le16(UInt16(localName.count))
            out.le16(0)
            out.append(contentsOf: localName)
            out.append(entry.data)
            central.le32(0x0201_4B50)
            central.le16(0x0314)
            central.le16(45)
            central.le16(0)
            central.le16(
                0)
            central.le32(0)
            central.le32(crc)
            var extra = Data()
            if entry.forceZIP64 {
                central.le32(0xFFFF_FFFF)
                central.le32(0xFFFF_FFFF)
                extra.le16(1)
                extra.le16(24)
                extra.le64(UInt64(entry.data.count))
                extra.le64(UInt64(entry.data.count))
                extra.le64(offset)
            } else {
                central.le32(UInt32(entry.data.count))
                central.le32(UInt32(entry.data.count))
            }
            central.le16(UInt16(entry.name.count))
            central.le16(UInt16(extra.count))
            central.le16(0)
            central.le16(0)
            central.le16(0)
            central.le32(entry.unixMode << 16)
            central.le32(entry.forceZIP64 ? 0xFFFF_FFFF : UInt32(offset))
            central.append(contentsOf: entry.name)
            central.append(extra)
        }
        let directoryOffset = UInt64(out.count)
        out.append(central)
        let count = declaredCount ?? UInt64(entries.count)
        if zip64EndRecord {
            let recordOffset = UInt64(out.count)
            out.le32(0x0606_4B50)
            out.le64(44)
            out.le16(45)
            out.le16(45)
            out.le32(0)
            out.le32(0)
            out.le64(count)
            out.le64(count)
            out.le64(UInt64(central.count))
            out.le64(directoryOffset)
            out.le32(0x0706_4B50)
            out.le32(0)
            out.le64(recordOffset)
            out.le32(1)
            out.le32(0x0605_4B50)
            out.le16(0)
            out.le16(0)
            out.le16(0xFFFF)
            out.le16(0xFFFF)
            out.le32(0xFFFF_FFFF)
            out.le32(0xFFFF_FFFF)
            out.le16(0)
        } else {
            out.le32(0x0605_4B50)
            out.le16(0)
            out.le16(0)
            out.le16(UInt16(count))
            out.le16(UInt16(count))
            out.le32(UInt32(central.count))
            out.le32(UInt32(directoryOffset))
            out.le16(0)
        }
        return out
    }

    /// An XML Info.plist with the given keys.
    static func infoPlist(_ keys: [String: String]) -> Data {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>"
        for (key, value) in keys.sorted(by: { $0.key < $1.key }) { xml += "<key>\(key)</key><string>\(value)</string>" }
        return Data((xml + "</dict></plist>").utf8)
    }
}

extension Data {
    mutating func le16(_ value: UInt16) { append(contentsOf: [UInt8(value & 0xFF), UInt8(value >> 8)]) }
    mutating func le32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { append(UInt8((value >> UInt32(shift)) & 0xFF)) }
    }
    mutating func le64(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { append(UInt8((value >> UInt64(shift)) & 0xFF)) }
    }
}
