import Foundation

extension PlistValue {
    /// Largest property list accepted by default (bytes).
    public static let defaultMaxBytes = 16 << 20
    /// Deepest array/dictionary nesting accepted by default.
    public static let defaultMaxDepth = 64
    /// Most values (after expanding shared binary-plist references) accepted by default.
    public static let defaultMaxValues = 1_000_000
    /// Nesting beyond which `init(from:)` refuses to continue, whatever the caller asked.
    static let hardMaxDepth = 256

    /// Decodes an XML (`<?xml`/`<plist`) or binary (`bplist00`) property list.
    ///
    /// Uses `PropertyListDecoder`, never the Foundation plist serialization API (which crashes on some
    /// malformed binary plists on Linux). Before decoding, nesting depth and (for binary plists)
    /// the expanded value count are checked without recursion, because Foundation's parsers
    /// recurse per level and would overflow the stack on hostile nesting. A real whose value is
    /// integral decodes as `.integer` (the `Decoder` API cannot tell them apart).
    public static func decode(
        _ data: Data, maxBytes: Int = defaultMaxBytes, maxDepth: Int = defaultMaxDepth,
        maxValues: Int = defaultMaxValues
    ) throws(MachOError) -> PlistValue {
        guard data.count <= maxBytes else {
            throw .invalidPlist(reason: "\(data.count) bytes, above the limit of \(maxBytes)")
        }
        let reader = ByteReader(data)
        if data.starts(with: Array("bplist00".utf8)) {
            try BinaryPlistPrecheck.check(reader, maxDepth: maxDepth, maxValues: maxValues)
        } else if PlistFormatSniffer.looksLikeXML(data) {
            // FoundationEssentials' XML plist reader traps (a fatal error, not a thrown error)
            // on some invalid UTF-8, e.g. inside <integer>: refuse it before the decoder sees it.
            guard String(validating: data, as: UTF8.self) != nil else {
                throw .invalidPlist(reason: "an XML property list that is not valid UTF-8")
            }
            try PlistFormatSniffer.checkXMLDepth(data, maxDepth: maxDepth)
        } else {
            throw .invalidPlist(reason: "neither an XML nor a binary (bplist00) property list")
        }
        let decoder = PropertyListDecoder()
        do {
            return try decoder.decode(PlistValue.self, from: data)
        } catch let error as MachOError {
            throw error
        } catch let error as DecodingError {
            throw .invalidPlist(reason: Self.describe(error))
        } catch {
            throw .invalidPlist(reason: "\(error)")
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "/\($0.stringValue)" }.joined()
            return keys.isEmpty ? "" : " at \(keys)"
        }
        switch error {
        case .dataCorrupted(let context): return "corrupted data\(path(context))"
        case .typeMismatch(_, let context): return "unexpected value type\(path(context))"
        case .valueNotFound(_, let context): return "missing value\(path(context))"
        case .keyNotFound(let key, let context): return "missing key \(key.stringValue)\(path(context))"
        @unknown default: return "undecodable"
        }
    }
}

private struct PlistKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension PlistValue: Decodable {
    /// Decodes any plist value. Probes the container kinds in an order that keeps
    /// `<true/>`, `<integer>`, `<real>`, `<date>`, `<data>` and `<string>` distinct. Also reads
    /// JSON written by `encode(to:)`, where dates and data come back as strings.
    public init(from decoder: any Decoder) throws {
        // The pre-checks in `decode` enforce the configured depth; this backstop covers direct use.
        guard decoder.codingPath.count <= PlistValue.hardMaxDepth else {
            throw MachOError.invalidPlist(reason: "nesting deeper than \(PlistValue.hardMaxDepth) levels")
        }
        if let keyed = try? decoder.container(keyedBy: PlistKey.self) {
            var result: [String: PlistValue] = [:]
            for key in keyed.allKeys {
                result[key.stringValue] = try keyed.decode(PlistValue.self, forKey: key)
            }
            self = .dictionary(result)
            return
        }
        if var unkeyed = try? decoder.unkeyedContainer() {
            var result: [PlistValue] = []
            if let count = unkeyed.count { result.reserveCapacity(min(count, 4096)) }
            while !unkeyed.isAtEnd {
                result.append(try unkeyed.decode(PlistValue.self))
            }
            self = .array(result)
            return
        }
        let single = try decoder.singleValueContainer()
        if let value = try? single.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? single.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? single.decode(Double.self) {
            self = .real(value)
        } else if let value = try? single.decode(String.self) {
            // Before Date and Data: a plist decoder never reads <date>/<data> as a string, while a
            // JSON decoder would read base64-looking strings as Data.
            self = .string(value)
        } else if let value = try? single.decode(Date.self) {
            self = .date(value)
        } else if let value = try? single.decode(Data.self) {
            self = .data(value)
        } else {
            throw MachOError.invalidPlist(reason: "unsupported value (an integer too large, or an unknown type)")
        }
    }
}

/// Cheap format checks done before handing bytes to Foundation.
enum PlistFormatSniffer {
    /// True when the first non-blank bytes (after an optional UTF-8 BOM) are `<`.
    static func looksLikeXML(_ data: Data) -> Bool {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return false }
        return first == UInt8(ascii: "<")
    }

    /// Rejects XML whose `<array>`/`<dict>` nesting exceeds `maxDepth`.
    ///
    /// A `</array>` inside a comment, CDATA section or processing instruction is not a close
    /// tag to Foundation; counting it would let real nesting grow without limit and Foundation's
    /// recursive scanner overflow the stack. Where parsers may disagree (quoted attribute values,
    /// `<!…>` declarations) the scan takes the reading that counts more: opening tags there still
    /// count, close tags there do not. It may over-count odd documents, never under-count.
    static func checkXMLDepth(_ data: Data, maxDepth: Int) throws(MachOError) {
        let withinLimit: Bool = data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Bool in
            XMLDepthScanner(buffer: buffer).staysWithin(maxDepth)
        }
        if !withinLimit {
            throw .invalidPlist(reason: "nesting deeper than \(maxDepth) levels")
        }
    }
}

/// The one-pass, non-recursive tag walk behind `PlistFormatSniffer.checkXMLDepth`.
private struct XMLDepthScanner {
    let buffer: UnsafeRawBufferPointer

    private static let less = UInt8(ascii: "<")
    private static let greater = UInt8(ascii: ">")
    private static let slash = UInt8(ascii: "/")

    private func starts(with pattern: StaticString, at position: Int) -> Bool {
        let count = pattern.utf8CodeUnitCount
        guard position >= 0, count <= buffer.count - position else { return false }
        return pattern.withUTF8Buffer { bytes in
            for offset in 0..<count where buffer[position + offset] != bytes[offset] { return false }
            return true
        }
    }

    private static func isQuote(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") }
    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// Index just past `terminator`, searching from `position`; the end of the data when absent.
    private func end(of terminator: StaticString, from position: Int) -> Int {
        var cursor = position
        while cursor < buffer.count {
            if starts(with: terminator, at: cursor) { return cursor + terminator.utf8CodeUnitCount }
            cursor += 1
        }
        return buffer.count
    }

    /// Index just past the `>` ending a tag or declaration that starts before `position`, taking
    /// the longest reading: quoted text (and, for declarations, a bracketed subset) is skipped.
    private func longestEnd(from position: Int, brackets allowBrackets: Bool) -> Int {
        var cursor = position
        var quote: UInt8?
        var brackets = 0
        while cursor < buffer.count {
            let byte = buffer[cursor]
            if let open = quote {
                if byte == open { quote = nil }
            } else if Self.isQuote(byte) {
                quote = byte
            } else if allowBrackets, byte == UInt8(ascii: "[") {
                brackets += 1
            } else if allowBrackets, byte == UInt8(ascii: "]") {
                brackets = max(0, brackets - 1)
            } else if byte == Self.greater, brackets == 0 {
                return cursor + 1
            }
            cursor += 1
        }
        return buffer.count
    }

    /// Number of `<array`/`<dict` openings in `range` (text whose role parsers may disagree on).
    private func openings(in range: Range<Int>) -> Int {
        var count = 0
        for position in range where buffer[position] == Self.less {
            if starts(with: "<array", at: position) || starts(with: "<dict", at: position) { count += 1 }
        }
        return count
    }

    /// True for a strict close tag `</name>` (spaces allowed before `>`) at `position`.
    private func isClose(_ name: StaticString, at position: Int) -> Bool {
        guard starts(with: "</", at: position), starts(with: name, at: position + 2) else { return false }
        var cursor = position + 2 + name.utf8CodeUnitCount
        while cursor < buffer.count, Self.isSpace(buffer[cursor]) { cursor += 1 }
        return cursor < buffer.count && buffer[cursor] == Self.greater
    }

    /// True when the opening tag at `position` is `<…/>` in every reading (no quotes before its first `>`).
    private func isSelfClosing(at position: Int) -> Bool {
        var cursor = position + 1
        while cursor < buffer.count {
            let byte = buffer[cursor]
            if Self.isQuote(byte) { return false }
            if byte == Self.greater { return buffer[cursor - 1] == Self.slash }
            cursor += 1
        }
        return false
    }

    func staysWithin(_ maxDepth: Int) -> Bool {
        var depth = 0
        var index = 0
        while index < buffer.count {
            guard buffer[index] == Self.less else {
                index += 1
                continue
            }
            if starts(with: "<!--", at: index) {
                index = end(of: "-->", from: index + 4)
            } else if starts(with: "<![CDATA[", at: index) {
                index = end(of: "]]>", from: index + 9)
            } else if starts(with: "<?", at: index) {
                index = end(of: "?>", from: index + 2)
            } else if starts(with: "<!", at: index) {
                let end = longestEnd(from: index + 2, brackets: true)
                depth += openings(in: (index + 2)..<end)
                index = end
            } else if starts(with: "</", at: index) {
                if isClose("array", at: index) || isClose("dict", at: index) { depth = max(0, depth - 1) }
                let end = longestEnd(from: index + 2, brackets: false)
                depth += openings(in: (index + 2)..<end)
                index = end
            } else {
                if starts(with: "<array", at: index) || starts(with: "<dict", at: index), !isSelfClosing(at: index) {
                    depth += 1
                }
                let end = longestEnd(from: index + 1, brackets: false)
                depth += openings(in: (index + 1)..<end)
                index = end
            }
            if depth > maxDepth { return false }
        }
        return true
    }
}

/// Walks a binary plist's object graph (without decoding values) to bound depth and the
/// number of values after expanding shared references, and to reject reference cycles.
enum BinaryPlistPrecheck {
    static func check(_ r: ByteReader, maxDepth: Int, maxValues: Int) throws(MachOError) {
        do {
            try walk(r, maxDepth: maxDepth, maxValues: maxValues)
        } catch let error as MachOError {
            throw error
        } catch let error as ByteReaderError {
            throw .invalidPlist(reason: "binary plist: \(error)")
        } catch {
            throw .invalidPlist(reason: "binary plist: \(error)")
        }
    }

    private static func walk(_ r: ByteReader, maxDepth: Int, maxValues: Int) throws {
        guard r.count >= 40 else {
            throw MachOError.invalidPlist(reason: "binary plist shorter than its header and trailer")
        }
        let trailer = r.count - 32
        let offsetSize = Int(try r.uint8(at: trailer + 6, reading: "bplist offset size"))
        let refSize = Int(try r.uint8(at: trailer + 7, reading: "bplist reference size"))
        let objectCount = try r.int64Value(at: trailer + 8, .big, reading: "bplist object count")
        let top = try r.int64Value(at: trailer + 16, .big, reading: "bplist top object")
        let tableOffset = try r.int64Value(at: trailer + 24, .big, reading: "bplist offset table")
        guard (1...8).contains(offsetSize), (1...8).contains(refSize) else {
            throw MachOError.invalidPlist(reason: "binary plist: invalid offset/reference size")
        }
        guard objectCount > 0, objectCount <= r.count, top < objectCount else {
            throw MachOError.invalidPlist(reason: "binary plist: invalid object count or top object")
        }
        let tableBytes = try ByteReader.product(objectCount, offsetSize, reading: "bplist offset table size")
        try r.checkRange(at: tableOffset, count: tableBytes, reading: "bplist offset table")

        func sized(_ at: Int, _ width: Int, _ what: String) throws -> Int {
            var value: UInt64 = 0
            for index in 0..<width { value = (value << 8) | UInt64(try r.uint8(at: at + index, reading: what)) }
            guard let result = Int(exactly: value) else {
                throw MachOError.invalidPlist(reason: "binary plist: \(what) too large")
            }
            return result
        }
        func children(of object: Int) throws -> [Int] {
            let offset = try sized(tableOffset + object * offsetSize, offsetSize, "object offset")
            let marker = try r.uint8(at: offset, reading: "bplist object marker")
            let kind = marker >> 4
            guard kind == 0xA || kind == 0xC || kind == 0xD else { return [] }
            var count = Int(marker & 0x0F)
            var position = offset + 1
            if count == 0x0F {
                let intMarker = try r.uint8(at: position, reading: "bplist count marker")
                guard intMarker >> 4 == 0x1, intMarker & 0x0F <= 3 else {
                    throw MachOError.invalidPlist(reason: "binary plist: bad collection count at \(position)")
                }
                let width = 1 << Int(intMarker & 0x0F)
                count = try sized(position + 1, width, "collection count")
                position += 1 + width
            }
            let references = kind == 0xD ? try ByteReader.product(count, 2, reading: "dictionary size") : count
            let bytes = try ByteReader.product(references, refSize, reading: "collection size")
            try r.checkRange(at: position, count: bytes, reading: "bplist collection references")
            var result: [Int] = []
            result.reserveCapacity(references)
            for index in 0..<references {
                let reference = try sized(position + index * refSize, refSize, "object reference")
                guard reference < objectCount else {
                    throw MachOError.invalidPlist(reason: "binary plist: reference \(reference) out of range")
                }
                result.append(reference)
            }
            return result
        }

        // Memoised depth-first walk: `expanded[o]` is the number of values object o expands to
        // and `height[o]` the nesting below it, so a shared sub-tree reached again deeper down
        // is still held to the depth cap.
        var expanded: [Int: Int] = [:]
        var height: [Int: Int] = [:]
        var onPath: Set<Int> = []
        func visit(_ object: Int, depth: Int) throws -> Int {
            guard depth <= maxDepth else {
                throw MachOError.invalidPlist(reason: "nesting deeper than \(maxDepth) levels")
            }
            if let known = expanded[object] {
                guard depth + (height[object] ?? 0) <= maxDepth else {
                    throw MachOError.invalidPlist(reason: "nesting deeper than \(maxDepth) levels")
                }
                return known
            }
            guard onPath.insert(object).inserted else {
                throw MachOError.invalidPlist(reason: "binary plist: reference cycle")
            }
            var total = 1
            var below = 0
            for child in try children(of: object) {
                total += try visit(child, depth: depth + 1)
                below = max(below, 1 + (height[child] ?? 0))
                if total > maxValues {
                    throw MachOError.invalidPlist(reason: "more than \(maxValues) values after expanding references")
                }
            }
            onPath.remove(object)
            expanded[object] = total
            height[object] = below
            return total
        }
        _ = try visit(top, depth: 0)
    }
}
