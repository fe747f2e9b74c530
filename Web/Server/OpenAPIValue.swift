import Foundation

/// A JSON value written in Swift for the OpenAPI document (`OpenAPIDocument`): literals make
/// one (`["type": "string"]`), an object keeps its members in the order written, and `text` is
/// its JSON, indented two spaces a level.
indirect enum OpenAPIValue: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case bool(Bool)
    case array([OpenAPIValue])
    case object([Member])
    /// JSON text written by hand (the document's `components`), put in as it is: the tests parse
    /// the whole document.
    case verbatim(String)

    /// One member of an object.
    struct Member: Sendable, Equatable {
        let key: String
        let value: OpenAPIValue
    }

    /// The value as JSON text, its nested lines indented from `indent`.
    func text(indent: String = "") -> String {
        let inner = indent + "  "
        switch self {
        case .string(let string): return Self.quoted(string)
        case .integer(let number): return String(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .verbatim(let json): return json
        case .array(let items):
            guard !items.isEmpty else { return "[]" }
            return "[\n" + items.map { inner + $0.text(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            let lines = members.map { inner + Self.quoted($0.key) + ": " + $0.value.text(indent: inner) }
            return "{\n" + lines.joined(separator: ",\n") + "\n\(indent)}"
        }
    }

    /// `string` as a JSON string, as `JSONEncoder` writes one (quotes, backslashes and control
    /// characters escaped; slashes as they are).
    static func quoted(_ string: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        // A String always encodes; the fallback is never taken.
        guard let data = try? encoder.encode(string) else { return "\"\"" }
        return String(decoding: data, as: UTF8.self)
    }
}

extension OpenAPIValue: ExpressibleByStringInterpolation, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .integer(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(arrayLiteral elements: OpenAPIValue...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, OpenAPIValue)...) {
        self = .object(elements.map { Member(key: $0.0, value: $0.1) })
    }
}
