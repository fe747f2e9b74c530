import Foundation

/// A property-list value (from Info.plist, entitlements, profiles), decoded with
/// `PropertyListDecoder` only (see `decode(_:maxBytes:maxDepth:maxValues:)`).
///
/// Encodes to JSON as `cli.md` requires: strings, numbers and booleans as themselves, dates as
/// ISO 8601 strings, data as base64 strings, arrays as arrays and dictionaries as objects (sorted
/// keys when the encoder sorts). Non-finite reals become the strings `"nan"`, `"inf"`, `"-inf"`.
public enum PlistValue: Sendable, Equatable, Hashable {
    /// `<string>`.
    case string(String)
    /// `<integer>` (values beyond `Int` are rejected).
    case integer(Int)
    /// `<real>`.
    case real(Double)
    /// `<true/>` / `<false/>`.
    case bool(Bool)
    /// `<date>`.
    case date(Date)
    /// `<data>`.
    case data(Data)
    /// `<array>`.
    case array([PlistValue])
    /// `<dict>`.
    case dictionary([String: PlistValue])
}

extension PlistValue {
    /// The string, if this is `.string`.
    public var stringValue: String? { if case .string(let value) = self { value } else { nil } }
    /// The integer, if this is `.integer`.
    public var integerValue: Int? { if case .integer(let value) = self { value } else { nil } }
    /// The boolean, if this is `.bool`.
    public var boolValue: Bool? { if case .bool(let value) = self { value } else { nil } }
    /// The elements, if this is `.array`.
    public var arrayValue: [PlistValue]? { if case .array(let value) = self { value } else { nil } }
    /// The entries, if this is `.dictionary`.
    public var dictionaryValue: [String: PlistValue]? { if case .dictionary(let value) = self { value } else { nil } }
    /// The strings of an array of strings (non-string elements skipped); `nil` if not an array.
    public var stringArray: [String]? { arrayValue?.compactMap(\.stringValue) }

    /// The value for `key`, if this is a dictionary holding it.
    public subscript(key: String) -> PlistValue? { dictionaryValue?[key] }

    /// A short name of the value's type, for messages ("string", "dictionary", …).
    public var typeName: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .real: "real"
        case .bool: "boolean"
        case .date: "date"
        case .data: "data"
        case .array: "array"
        case .dictionary: "dictionary"
        }
    }
}
