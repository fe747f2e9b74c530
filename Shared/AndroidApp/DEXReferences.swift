import Foundation
import MachOReader

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
        let bytes = ByteReader(data)
        guard bytes.count >= 0x70, (try? bytes.bytes(at: 0, count: 4)) == Data("dex\n".utf8),
            let stringCount = try? bytes.uint32(at: 0x38, .little),
            let stringOffset = try? bytes.uint32(at: 0x3C, .little),
            let typeCount = try? bytes.uint32(at: 0x40, .little),
            let typeOffset = try? bytes.uint32(at: 0x44, .little),
            let methodCount = try? bytes.uint32(at: 0x58, .little),
            let methodOffset = try? bytes.uint32(at: 0x5C, .little)
        else { return [] }
        func string(_ index: UInt32) -> [UInt8]? {
            guard index < stringCount,
                let dataOffset = try? bytes.uint32(at: Int(stringOffset) + Int(index) * 4, .little),
                Int(dataOffset) <= bytes.count
            else {
                return nil
            }
            // uleb128 UTF-16 length (at most 5 bytes), then MUTF-8 bytes up to NUL (at most 256, or to
            // the end of the file): one checked window of the reader holds both.
            let start = Int(dataOffset)
            return try? bytes.withBytes(at: start, count: min(5 + 256, bytes.count - start)) { window -> [UInt8]? in
                var position = 0
                for _ in 0..<5 {
                    guard position < window.count else { return nil }
                    let byte = window[position]
                    position += 1
                    if byte & 0x80 == 0 { break }
                }
                return Array(window[position..<min(position + 256, window.count)].prefix { $0 != 0 })
            }
        }
        let wantedNames = Set(targets.map { Array($0.1.utf8) })
        var found: [DEXReference] = []
        for index in 0..<Int(min(methodCount, 1 << 20)) {
            let item = Int(methodOffset) + index * 8
            guard let classIndex = try? bytes.uint16(at: item, .little),
                let nameIndex = try? bytes.uint32(at: item + 4, .little)
            else { break }
            guard let name = string(nameIndex), wantedNames.contains(name) else { continue }
            guard UInt32(classIndex) < typeCount,
                let descriptorIndex = try? bytes.uint32(at: Int(typeOffset) + Int(classIndex) * 4, .little),
                let descriptor = string(descriptorIndex)
            else { continue }
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
