import Foundation

/// Writes Android binary XML for tests: the shapes `aapt` cannot produce (Android 15 attributes,
/// UTF-8 pools, hostile counts and indexes). Layout follows the format `BinaryXML` reads.
struct BinaryXMLWriter {
    struct Attribute {
        var namespace: String? = BinaryXMLWriterNamespace.android
        var name: String
        var resourceID: UInt32?
        var string: String?
        var type: UInt8 = 0x03
        var data: UInt32 = 0
    }

    enum Event {
        case start(String, [Attribute])
        case end
    }

    var utf8 = false
    var strings: [String] = []
    var resourceIDs: [UInt32] = []
    var events: [Event] = []

    mutating func index(_ string: String) -> UInt32 {
        if let found = strings.firstIndex(of: string) { return UInt32(found) }
        strings.append(string)
        return UInt32(strings.count - 1)
    }

    mutating func element(
        _ name: String, _ attributes: [Attribute] = [],
        children: (inout BinaryXMLWriter) -> Void = { _ in }
    ) {
        events.append(.start(name, attributes))
        children(&self)
        events.append(.end)
    }

    /// The document bytes. `mutate` may patch the string pool before it is laid out.
    mutating func build() -> Data {
        // Attribute names with resource IDs must come first (the resource map is indexed by them).
        var named: [(String, UInt32)] = []
        for case .start(_, let attributes) in events {
            for attribute in attributes {
                if let id = attribute.resourceID, !named.contains(where: { $0.0 == attribute.name }) {
                    named.append((attribute.name, id))
                }
            }
        }
        let existing = strings
        strings = named.map(\.0) + existing.filter { name in !named.contains { $0.0 == name } }
        resourceIDs = named.map(\.1)
        var body = Data()
        for event in events {
            switch event {
            case .start(let name, let attributes):
                var chunk = Data()
                chunk.u32(UInt32.max)  // namespace
                chunk.u32(index(name))
                chunk.u16(20)
                chunk.u16(20)
                chunk.u16(UInt16(attributes.count))
                chunk.u16(0)
                chunk.u16(0)
                chunk.u16(0)
                for attribute in attributes {
                    chunk.u32(attribute.namespace.map { index($0) } ?? UInt32.max)
                    chunk.u32(index(attribute.name))
                    let raw = attribute.string.map { index($0) } ?? UInt32.max
                    chunk.u32(raw)
                    chunk.u16(8)
                    chunk.append(0)
                    chunk.append(attribute.type)
                    chunk.u32(attribute.type == 0x03 ? raw : attribute.data)
                }
                body.append(Self.node(type: 0x0102, line: 1, body: chunk))
            case .end:
                var chunk = Data()
                chunk.u32(UInt32.max)
                chunk.u32(0)
                body.append(Self.node(type: 0x0103, line: 1, body: chunk))
            }
        }
        var document = Data()
        document.append(pool())
        var map = Data()
        map.u16(0x0180)
        map.u16(8)
        map.u32(UInt32(8 + resourceIDs.count * 4))
        for id in resourceIDs { map.u32(id) }
        document.append(map)
        document.append(body)
        var out = Data()
        out.u16(0x0003)
        out.u16(8)
        out.u32(UInt32(8 + document.count))
        out.append(document)
        return out
    }

    static func node(type: UInt16, line: UInt32, body: Data) -> Data {
        var chunk = Data()
        chunk.u16(type)
        chunk.u16(16)
        chunk.u32(UInt32(16 + body.count))
        chunk.u32(line)
        chunk.u32(UInt32.max)
        chunk.append(body)
        return chunk
    }

    func pool() -> Data {
        var data = Data()
        var offsets: [UInt32] = []
        for string in strings {
            offsets.append(UInt32(data.count))
            if utf8 {
                let bytes = Array(string.utf8)
                data.append(UInt8(string.utf16.count))
                data.append(UInt8(bytes.count))
                data.append(contentsOf: bytes)
                data.append(0)
            } else {
                data.u16(UInt16(string.utf16.count))
                for unit in string.utf16 { data.u16(unit) }
                data.u16(0)
            }
        }
        while data.count % 4 != 0 { data.append(0) }
        var chunk = Data()
        let header = 28
        chunk.u16(0x0001)
        chunk.u16(UInt16(header))
        chunk.u32(UInt32(header + offsets.count * 4 + data.count))
        chunk.u32(UInt32(strings.count))
        chunk.u32(0)
        chunk.u32(utf8 ? 0x100 : 0)
        chunk.u32(UInt32(header + offsets.count * 4))
        chunk.u32(0)
        for offset in offsets { chunk.u32(offset) }
        chunk.append(data)
        return chunk
    }
}

enum BinaryXMLWriterNamespace {
    static let android = "http://schemas.android.com/apk/res/android"
}

extension Data {
    mutating func u16(_ value: UInt16) {
        append(UInt8(value & 0xFF))
        append(UInt8(value >> 8))
    }
    mutating func u32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { append(UInt8((value >> UInt32(shift)) & 0xFF)) }
    }
}
