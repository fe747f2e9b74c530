import Foundation

/// Link evidence in DEX code, like the iOS side's selector scan: where a DEX file's method table
/// references the APIs that read or forward a link (`getIntent`, `getData`, `Intent.parseUri`,
/// `WebView.loadUrl`). A reference proves the app can call it, not that a link reaches it.
public struct DEXReference: Sendable, Equatable, Codable {
    /// `classes.dex`, `classes2.dex`, …
    public var file: String
    /// Byte offset of the `method_id_item` in that file.
    public var offset: Int
    /// `Landroid/content/Intent;->getData`.
    public var symbol: String
}

public enum DEXScanner {
    /// The methods looked for (class descriptor, method name). `getIntent` is matched on any
    /// class: apps call it through their own activity subclass (`Lcom/x/Main;->getIntent`).
    static let targets: [(String, String)] = [
        ("*", "getIntent"),
        ("Landroid/content/Intent;", "getData"),
        ("Landroid/content/Intent;", "getDataString"),
        ("Landroid/content/Intent;", "parseUri"),
        ("Landroid/webkit/WebView;", "loadUrl"),
    ]

    /// Scans one DEX file's method table. Malformed tables yield what was read before the fault.
    public static func scan(_ data: Data, file: String) -> [DEXReference] {
        let bytes = LittleEndianBytes(data)
        guard bytes.count >= 0x70, let magic = bytes.slice(0, 4), Array(magic) == Array("dex\n".utf8),
              let stringCount = bytes.u32(0x38), let stringOffset = bytes.u32(0x3C),
              let typeCount = bytes.u32(0x40), let typeOffset = bytes.u32(0x44),
              let methodCount = bytes.u32(0x58), let methodOffset = bytes.u32(0x5C) else { return [] }
        func string(_ index: UInt32) -> [UInt8]? {
            guard index < stringCount, let dataOffset = bytes.u32(Int(stringOffset) + Int(index) * 4) else {
                return nil
            }
            var position = Int(dataOffset)
            // uleb128 UTF-16 length, then MUTF-8 bytes up to NUL.
            for _ in 0..<5 {
                guard let byte = bytes.u8(position) else { return nil }
                position += 1
                if byte & 0x80 == 0 { break }
            }
            var end = position
            while end < bytes.count, bytes.bytes[end] != 0, end - position < 256 { end += 1 }
            return bytes.slice(position, end - position).map(Array.init)
        }
        let wantedNames = Set(targets.map { Array($0.1.utf8) })
        var found: [DEXReference] = []
        for index in 0..<Int(min(methodCount, 1 << 20)) {
            let item = Int(methodOffset) + index * 8
            guard let classIndex = bytes.u16(item), let nameIndex = bytes.u32(item + 4) else { break }
            guard let name = string(nameIndex), wantedNames.contains(name) else { continue }
            guard UInt32(classIndex) < typeCount,
                  let descriptorIndex = bytes.u32(Int(typeOffset) + Int(classIndex) * 4),
                  let descriptor = string(descriptorIndex) else { continue }
            let className = String(decoding: descriptor, as: UTF8.self)
            let methodName = String(decoding: name, as: UTF8.self)
            if targets.contains(where: { ($0.0 == "*" || $0.0 == className) && $0.1 == methodName }) {
                found.append(DEXReference(file: file, offset: item, symbol: "\(className)->\(methodName)"))
                if found.count >= 64 { break }
            }
        }
        return found
    }
}
