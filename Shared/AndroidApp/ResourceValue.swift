import Foundation

/// A typed attribute or resource value (`Res_value`) as compiled into binary XML and `resources.arsc`.
public enum ResourceValue: Sendable, Equatable, Hashable, Codable {
    /// A string (raw string value, or `TYPE_STRING`).
    case string(String)
    /// A reference to a resource (`@type/name`, `TYPE_REFERENCE`), by ID.
    case reference(UInt32)
    /// A theme attribute reference (`?attr`).
    case attribute(UInt32)
    /// A boolean (`TYPE_INT_BOOLEAN`).
    case boolean(Bool)
    /// An integer (decimal or hex).
    case integer(Int32)
    /// Anything else, kept as type and raw data (floats, dimensions, colours).
    case other(type: UInt8, data: UInt32)
    /// `TYPE_NULL` (undefined or empty).
    case null

    static func decode(type: UInt8, data: UInt32, strings: StringPool) -> ResourceValue {
        switch type {
        case 0x00: return .null
        case 0x01, 0x07: return data == 0 ? .null : .reference(data)
        case 0x02: return .attribute(data)
        case 0x03: return strings.string(Int(data)).map(ResourceValue.string) ?? .null
        case 0x10, 0x11: return .integer(Int32(bitPattern: data))
        case 0x12: return .boolean(data != 0)
        default: return .other(type: type, data: data)
        }
    }

    /// The value as a manifest would spell it (`@0x7f0b0001` for unresolved references).
    public var text: String {
        switch self {
        case .string(let value): return value
        case .reference(let id): return String(format: "@0x%08x", id)
        case .attribute(let id): return String(format: "?0x%08x", id)
        case .boolean(let value): return value ? "true" : "false"
        case .integer(let value): return String(value)
        case .other(let type, let data): return String(format: "(type 0x%02x)0x%08x", type, data)
        case .null: return ""
        }
    }
}
