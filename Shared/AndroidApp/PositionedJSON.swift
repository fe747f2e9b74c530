import Foundation

/// A strict JSON (RFC 8259) value with the byte offset where it starts, for diagnostics with
/// line and column. Bounded in depth and size; errors name their offset.
indirect enum PositionedJSON: Sendable, Equatable {
    case null(Int)
    case bool(Bool, Int)
    case number(Double, Int)
    case string(String, Int)
    case array([PositionedJSON], Int)
    case object([(key: String, keyOffset: Int, value: PositionedJSON)], Int)

    static func == (lhs: PositionedJSON, rhs: PositionedJSON) -> Bool { lhs.description == rhs.description }

    var offset: Int {
        switch self {
        case let .null(o), let .bool(_, o), let .number(_, o), let .string(_, o), let .array(_, o),
             let .object(_, o):
            return o
        }
    }

    var string: String? { if case let .string(value, _) = self { return value } else { return nil } }
    var array: [PositionedJSON]? { if case let .array(items, _) = self { return items } else { return nil } }
    var members: [(key: String, keyOffset: Int, value: PositionedJSON)]? {
        if case let .object(members, _) = self { return members } else { return nil }
    }
    func member(_ key: String) -> PositionedJSON? { members?.first { $0.key == key }?.value }

    var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// Canonical compact text (sorted keys), for duplicate detection.
    var description: String {
        switch self {
        case .null: return "null"
        case let .bool(value, _): return value ? "true" : "false"
        case let .number(value, _): return String(value)
        case let .string(value, _): return "\"\(value)\""
        case let .array(items, _): return "[" + items.map(\.description).joined(separator: ",") + "]"
        case let .object(members, _):
            return "{" + members.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value.description)" }
                .joined(separator: ",") + "}"
        }
    }

    struct Failure: Error, Sendable, Equatable {
        var offset: Int
        var reason: String
    }

    static let maxDepth = 64

    static func parse(_ bytes: [UInt8]) throws(Failure) -> PositionedJSON {
        var parser = Parser(bytes: bytes)
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == bytes.count else {
            throw Failure(offset: parser.index, reason: "text after the JSON value")
        }
        return value
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func expect(_ byte: UInt8) throws(Failure) {
            guard index < bytes.count, bytes[index] == byte else {
                throw Failure(offset: index, reason: "expected '\(Character(Unicode.Scalar(byte)))'")
            }
            index += 1
        }

        mutating func value(depth: Int) throws(Failure) -> PositionedJSON {
            guard depth < PositionedJSON.maxDepth else { throw Failure(offset: index, reason: "nested deeper than 64") }
            guard index < bytes.count else { throw Failure(offset: index, reason: "unexpected end of input") }
            let start = index
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var members: [(key: String, keyOffset: Int, value: PositionedJSON)] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .object(members, start)
                }
                while true {
                    skipSpace()
                    let keyOffset = index
                    guard case let .string(key, _) = try string() else {
                        throw Failure(offset: index, reason: "expected a key")
                    }
                    skipSpace()
                    try expect(UInt8(ascii: ":"))
                    skipSpace()
                    members.append((key, keyOffset, try value(depth: depth + 1)))
                    skipSpace()
                    guard index < bytes.count else { throw Failure(offset: index, reason: "object not closed") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    try expect(UInt8(ascii: "}"))
                    return .object(members, start)
                }
            case UInt8(ascii: "["):
                index += 1
                var items: [PositionedJSON] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(items, start)
                }
                while true {
                    skipSpace()
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    guard index < bytes.count else { throw Failure(offset: index, reason: "array not closed") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    try expect(UInt8(ascii: "]"))
                    return .array(items, start)
                }
            case UInt8(ascii: "\""):
                return try string()
            case UInt8(ascii: "t"): return try word("true", .bool(true, start))
            case UInt8(ascii: "f"): return try word("false", .bool(false, start))
            case UInt8(ascii: "n"): return try word("null", .null(start))
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                while index < bytes.count, "+-.eE0123456789".utf8.contains(bytes[index]) { index += 1 }
                let text = String(decoding: bytes[start..<index], as: UTF8.self)
                guard let number = Double(text) else {
                    throw Failure(offset: start, reason: "malformed number \(text)")
                }
                return .number(number, start)
            default:
                throw Failure(offset: index, reason: "unexpected character")
            }
        }

        mutating func word(_ text: String, _ value: PositionedJSON) throws(Failure) -> PositionedJSON {
            let utf8 = Array(text.utf8)
            guard index + utf8.count <= bytes.count, Array(bytes[index..<(index + utf8.count)]) == utf8 else {
                throw Failure(offset: index, reason: "unexpected word")
            }
            index += utf8.count
            return value
        }

        mutating func string() throws(Failure) -> PositionedJSON {
            let start = index
            try expect(UInt8(ascii: "\""))
            var out: [UInt8] = []
            while true {
                guard index < bytes.count else { throw Failure(offset: start, reason: "string not closed") }
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\"") { break }
                guard byte >= 0x20 else { throw Failure(offset: index - 1, reason: "control character in a string") }
                guard byte == UInt8(ascii: "\\") else { out.append(byte); continue }
                guard index < bytes.count else { throw Failure(offset: index, reason: "escape at the end") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    guard index + 4 <= bytes.count,
                          let unit = UInt16(String(decoding: bytes[index..<(index + 4)], as: UTF8.self),
                              radix: 16) else {
                        throw Failure(offset: index, reason: "malformed \\u escape")
                    }
                    index += 4
                    var scalar = Unicode.Scalar(unit)
                    if (0xD800...0xDBFF).contains(unit), index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"),
                       bytes[index + 1] == UInt8(ascii: "u"),
                       let low = UInt16(String(decoding: bytes[(index + 2)..<(index + 6)], as: UTF8.self), radix: 16),
                       (0xDC00...0xDFFF).contains(low) {
                        scalar = Unicode.Scalar((UInt32(unit) - 0xD800) << 10 + (UInt32(low) - 0xDC00) + 0x10000)
                        index += 6
                    }
                    out.append(contentsOf: Array(String(scalar ?? "\u{FFFD}").utf8))
                default:
                    throw Failure(offset: index - 1, reason: "unknown escape")
                }
            }
            return .string(String(decoding: out, as: UTF8.self), start)
        }
    }
}
