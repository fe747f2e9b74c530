/// A JSON value as the tolerant reader saw it, with the byte offset where it starts.
struct JSONValue: Sendable, Equatable {
    indirect enum Kind: Sendable, Equatable {
        case null
        case bool(Bool)
        case number(Double, text: String)
        case string(String)
        case array([JSONValue])
        case object([JSONMember])
    }

    var kind: Kind
    /// Byte offset of the value's first byte in the JSON text.
    var offset: Int

    /// Members of an object (all of them, duplicates included, in order).
    var members: [JSONMember]? {
        if case .object(let members) = kind { return members }
        return nil
    }

    /// The value of `key` in an object; when the key repeats, the last one wins (as
    /// NSJSONSerialization's dictionary does).
    subscript(key: String) -> JSONValue? {
        guard let members else { return nil }
        return members.last(where: { $0.key == key })?.value
    }

    var string: String? {
        if case .string(let text) = kind { return text }
        return nil
    }

    var array: [JSONValue]? {
        if case .array(let items) = kind { return items }
        return nil
    }

    /// A short name of the type, for messages ("a string", "an array"…).
    var typeName: String {
        switch kind {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "a dictionary"
        }
    }

    /// Compact JSON text of the value (keys in file order), for traces and messages.
    var compactText: String {
        var out = ""
        write(into: &out, depth: 0)
        return out
    }

    private func write(into out: inout String, depth: Int) {
        guard depth < 64 else {
            out += "…"
            return
        }
        switch kind {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(_, let text): out += text
        case .string(let text): out += JSONValue.quoted(text)
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(into: &out, depth: depth + 1)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                out += JSONValue.quoted(member.key) + ":"
                member.value.write(into: &out, depth: depth + 1)
            }
            out += "}"
        }
    }

    /// Appends the JSON string literal for `text` to the UTF-8 bytes `out` (no intermediate
    /// string when nothing needs escaping).
    static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        if needsEscaping(text) {
            out.append(contentsOf: quoted(text).utf8)
        } else {
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: text.utf8)
            out.append(UInt8(ascii: "\""))
        }
    }

    /// Whether `text` has a character a JSON string literal must escape (control, `"`, `\`).
    private static func needsEscaping(_ text: String) -> Bool {
        func escapes(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x22 || byte == 0x5C }
        // Over the contiguous bytes when the text has them (a native string), not the view's iterator.
        return text.utf8.withContiguousStorageIfAvailable { $0.contains(where: escapes) }
            ?? text.utf8.contains(where: escapes)
    }

    /// A JSON string literal for `text`.
    static func quoted(_ text: String) -> String {
        if !needsEscaping(text) {
            var out = "\""
            out.reserveCapacity(text.utf8.count + 2)
            out += text
            out += "\""
            return out
        }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

/// One `"key": value` pair of an object.
struct JSONMember: Sendable, Equatable {
    var key: String
    var keyOffset: Int
    var value: JSONValue
}

/// A JSON pointer built one token at a time (RFC 6901 escaping). The reader makes one for
/// every value of a file (the source map) and renders few (those a diagnostic names), so a
/// pointer is a link to its parent's and its text is rendered only when asked for.
struct JSONPointer: Sendable, Equatable {
    private final class Token: Sendable {
        let parent: Token?
        /// The key, or nil for an array index.
        let key: String?
        let index: Int

        init(parent: Token?, key: String?, index: Int) {
            self.parent = parent
            self.key = key
            self.index = index
        }
    }

    private var last: Token?

    func appending(_ key: String) -> JSONPointer {
        JSONPointer(last: Token(parent: last, key: key, index: 0))
    }

    func appending(_ index: Int) -> JSONPointer {
        JSONPointer(last: Token(parent: last, key: nil, index: index))
    }

    /// The pointer's text (`/applinks/details/0`).
    var text: String { Self.texts([self])[0] }

    /// Every pointer's text, each token rendered once (a pointer's text extends its parent's).
    static func texts(_ pointers: [JSONPointer]) -> [String] {
        var rendered: [ObjectIdentifier: String] = [:]
        func render(_ token: Token?) -> String {
            guard let token else { return "" }
            if let known = rendered[ObjectIdentifier(token)] { return known }
            var out = render(token.parent)
            append(token, to: &out)
            rendered[ObjectIdentifier(token)] = out
            return out
        }
        return pointers.map { render($0.last) }
    }

    private static func append(_ token: Token, to out: inout String) {
        out += "/"
        guard let key = token.key else {
            out += String(token.index)
            return
        }
        // Nothing to escape (the usual key): append it whole instead of character by character.
        if !key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) {
            out += key
            return
        }
        for character in key {
            switch character {
            case "~": out += "~0"
            case "/": out += "~1"
            default: out.append(character)
            }
        }
    }

    static func == (lhs: JSONPointer, rhs: JSONPointer) -> Bool { lhs.text == rhs.text }
}

/// JSON string literals for other modules (the Apple-matcher oracle writes association files).
public enum JSONStringLiteral {
    /// `text` as a JSON string literal: `"`, `\` and control characters escaped, the rest as is.
    public static func quoted(_ text: String) -> String { JSONValue.quoted(text) }
}
