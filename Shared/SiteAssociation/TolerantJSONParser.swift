/// A problem the tolerant reader saw while reading JSON text.
struct SyntaxIssue: Sendable, Equatable {
    var rule: LintRule
    var message: String
    /// Byte offset in the JSON text.
    var offset: Int
    /// True when a strict JSON parser (Apple's) would reject the text because of it.
    var breaksStrictJSON: Bool
    /// Issues with the same key are one problem repeated (NBSP indentation): reported once, counted.
    var groupKey: String?
}

/// Our own small JSON reader. It accepts everything strict JSON accepts, and also what people
/// write by mistake (comments, trailing commas, a BOM, missing commas, unquoted or typographic
/// quotes, NBSP indentation, NaN…), recording each as a `SyntaxIssue` and carrying on, so a
/// tester sees every problem at once. `strictlyValid` says whether Apple's strict parser would
/// have accepted the text. Iterative (no recursion), with depth, count and size caps.
struct TolerantJSONParser {
    static let maximumDepth = 512
    static let maximumValues = 1_000_000
    static let maximumIssues = 100

    private let bytes: [UInt8]
    private var position = 0
    private(set) var issues: [SyntaxIssue] = []
    private var suppressedIssues = 0
    private var valueCount = 0
    private var stoppedAtLimit = false
    /// Offset of the last comma read, so a trailing comma is reported where it is.
    private var lastComma = 0
    /// Deepest nesting read; a deeper container stops reading (`limitReached`).
    private let depthLimit: Int
    /// Whether a top-level string, number, boolean or null is reported as breaking strict JSON
    /// (Apple's parser refuses one; RFC 8259 allows it).
    private let scalarRootIsIssue: Bool
    /// Whether a byte sequence that is not UTF-8 is reported (else it reads as U+FFFD, silently).
    private let checksUTF8: Bool

    /// A reader of `bytes`. `maximumDepth` (at most `TolerantJSONParser.maximumDepth`) caps the
    /// nesting; `scalarRootIsIssue: false` accepts a top-level scalar without an issue, as RFC 8259
    /// does; `checksUTF8: false` reads bytes that are not UTF-8 as U+FFFD without an issue.
    init(
        bytes: [UInt8], maximumDepth: Int = TolerantJSONParser.maximumDepth, scalarRootIsIssue: Bool = true,
        checksUTF8: Bool = true
    ) {
        self.bytes = bytes
        depthLimit = min(max(1, maximumDepth), TolerantJSONParser.maximumDepth)
        self.scalarRootIsIssue = scalarRootIsIssue
        self.checksUTF8 = checksUTF8
    }

    /// The issue a strict parser would stop at (the first, by offset, that breaks strict JSON),
    /// or nil when the text is strict JSON.
    var firstStrictIssue: SyntaxIssue? {
        var first: SyntaxIssue?
        for issue in issues where issue.breaksStrictJSON && issue.offset < (first?.offset ?? Int.max) {
            first = issue
        }
        return first
    }

    /// True when no recorded issue breaks strict JSON.
    var strictlyValid: Bool { !issues.contains(where: \.breaksStrictJSON) && suppressedIssues == 0 && !stoppedAtLimit }

    private enum ArrayState { case start, afterValue, afterComma }
    private enum ObjectState { case start, afterKey, afterColon, afterValue, afterComma }

    private enum Container { case array, object }

    /// An open container. Mutated in place on the stack (never copied out and back), so
    /// appending an element never copies the elements read so far.
    private struct Frame {
        let container: Container
        let offset: Int
        var items: [JSONValue] = []
        var members: [JSONMember] = []
        var arrayState: ArrayState = .start
        var objectState: ObjectState = .start
        /// The key being read (objects), and where it starts.
        var key: String = ""
        var keyOffset: Int
        /// Keys seen so far, once the object is large enough for a linear scan to cost.
        var keySet: Set<String>?

        init(_ container: Container, offset: Int) {
            self.container = container
            self.offset = offset
            keyOffset = offset
        }

        var value: JSONValue {
            JSONValue(kind: container == .array ? .array(items) : .object(members), offset: offset)
        }
    }

    private mutating func issue(
        _ rule: LintRule, _ message: String, at offset: Int, strict: Bool = true, groupKey: String? = nil
    ) {
        if issues.count >= TolerantJSONParser.maximumIssues {
            suppressedIssues += 1
            return
        }
        issues.append(
            SyntaxIssue(
                rule: rule, message: message, offset: offset, breaksStrictJSON: strict,
                groupKey: groupKey))
    }

    /// Reads the whole text; nil when no value could be read at all.
    mutating func parseDocument() -> JSONValue? {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            issue(.byteOrderMark, "the file starts with a UTF-8 byte-order mark; Apple's parser rejects it", at: 0)
            position = 3
        }
        if checksUTF8 { validateUTF8() }
        var stack: [Frame] = []
        var root: JSONValue?
        while true {
            skipWhitespaceAndComments()
            guard let top = stack.indices.last else {
                if root != nil { break }
                guard position < bytes.count else {
                    issue(.invalidJSON, "no JSON value: the text is empty or only whitespace", at: position)
                    break
                }
                if !startValue(stack: &stack, root: &root, topLevel: true) { break }
                continue
            }
            guard position < bytes.count else {
                let missing = stack[top].container == .array ? "]" : "}"
                issue(.invalidJSON, "unexpected end of text: missing \"\(missing)\"", at: position)
                let value = stack.removeLast().value
                deliver(value, to: &stack, root: &root)
                continue
            }
            let byte = bytes[position]
            switch stack[top].container {
            case .array:
                let state = stack[top].arrayState
                if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                    if byte == UInt8(ascii: "}") {
                        issue(.invalidJSON, "\"}\" closes an array; expected \"]\"", at: position)
                    }
                    if state == .afterComma { issue(.trailingComma, "trailing comma before \"]\"", at: lastComma) }
                    position += 1
                    let value = stack.removeLast().value
                    deliver(value, to: &stack, root: &root)
                } else if byte == UInt8(ascii: ",") {
                    if state != .afterValue { issue(.invalidJSON, "unexpected \",\": expected a value", at: position) }
                    lastComma = position
                    position += 1
                    stack[top].arrayState = .afterComma
                } else {
                    if state == .afterValue {
                        issue(.invalidJSON, "missing \",\" between array elements", at: position)
                    }
                    stack[top].arrayState = .afterValue
                    if !startValue(stack: &stack, root: &root, topLevel: false) {
                        // Nothing readable here: restore the state so the loop can make progress.
                        stack[top].arrayState = state
                    }
                }
            case .object:
                let state = stack[top].objectState
                if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                    if byte == UInt8(ascii: "]") {
                        issue(
                            .invalidJSON, "\"]\" closes a dictionary; expected \"}\"",
                            at: position)
                    }
                    if state == .afterComma { issue(.trailingComma, "trailing comma before \"}\"", at: lastComma) }
                    if state == .afterKey || state == .afterColon {
                        issue(.invalidJSON, "missing value for key \"\(stack[top].key)\"", at: position)
                    }
                    position += 1
                    let value = stack.removeLast().value
                    deliver(value, to: &stack, root: &root)
                } else if byte == UInt8(ascii: ",") {
                    if state != .afterValue { issue(.invalidJSON, "unexpected \",\": expected a key", at: position) }
                    lastComma = position
                    position += 1
                    stack[top].objectState = .afterComma
                } else if byte == UInt8(ascii: ":") {
                    if state != .afterKey { issue(.invalidJSON, "unexpected \":\"", at: position) }
                    position += 1
                    if state == .afterKey { stack[top].objectState = .afterColon }
                } else {
                    switch state {
                    case .start, .afterComma, .afterValue:
                        if state == .afterValue {
                            issue(.invalidJSON, "missing \",\" between dictionary members", at: position)
                        }
                        let start = position
                        if let name = readKey() {
                            stack[top].objectState = .afterKey
                            stack[top].key = name
                            stack[top].keyOffset = start
                        }
                    case .afterKey:
                        issue(.invalidJSON, "missing \":\" after key \"\(stack[top].key)\"", at: position)
                        stack[top].objectState = .afterColon
                    case .afterColon:
                        // An unreadable value is skipped (and reported); the object stays waiting for a value.
                        _ = startValue(stack: &stack, root: &root, topLevel: false)
                    }
                }
            }
            if stoppedAtLimit { return nil }
        }
        if root != nil {
            skipWhitespaceAndComments()
            if position < bytes.count {
                issue(.invalidJSON, "unexpected text after the end of the JSON value", at: position)
            }
        }
        if stoppedAtLimit { return nil }
        return root
    }

    /// Objects with more members than this check for a repeated key in a set, not by a scan.
    private static let keySetThreshold = 16

    private mutating func deliver(_ value: JSONValue, to stack: inout [Frame], root: inout JSONValue?) {
        valueCount += 1
        if valueCount > TolerantJSONParser.maximumValues, !stoppedAtLimit {
            issue(
                .limitReached, "more than \(TolerantJSONParser.maximumValues) values: reading stopped",
                at: value.offset)
            stoppedAtLimit = true
            return
        }
        guard let parent = stack.indices.last else {
            root = value
            return
        }
        switch stack[parent].container {
        case .array:
            stack[parent].items.append(value)
            stack[parent].arrayState = .afterValue
        case .object:
            let key = stack[parent].key
            let repeated: Bool
            if stack[parent].keySet != nil {
                repeated = stack[parent].keySet?.insert(key).inserted == false
            } else {
                repeated = stack[parent].members.contains(where: { $0.key == key })
                if stack[parent].members.count >= TolerantJSONParser.keySetThreshold {
                    stack[parent].keySet = Set(stack[parent].members.map(\.key) + [key])
                }
            }
            if repeated {
                issue(
                    .duplicateKey, "key \"\(key)\" appears more than once in this dictionary; the last one is used",
                    at: stack[parent].keyOffset, strict: false)
            }
            stack[parent].members.append(JSONMember(key: key, keyOffset: stack[parent].keyOffset, value: value))
            stack[parent].objectState = .afterValue
        }
    }

    /// Starts a value at `position`: pushes a container or delivers a scalar. False when no
    /// value could be read here (the offending bytes were skipped and reported).
    private mutating func startValue(stack: inout [Frame], root: inout JSONValue?, topLevel: Bool) -> Bool {
        let start = position
        let byte = bytes[position]
        if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
            if stack.count >= depthLimit {
                issue(.limitReached, "nesting deeper than \(depthLimit) levels: reading stopped", at: start)
                stoppedAtLimit = true
                return false
            }
            position += 1
            stack.append(Frame(byte == UInt8(ascii: "{") ? .object : .array, offset: start))
            return true
        }
        if topLevel {
            // Text before the JSON (front matter, a note): skip to a "{" that starts a line.
            if let brace = findLineStartingBrace(from: position) {
                issue(.invalidJSON, "\(brace - start) bytes of text before the JSON value", at: start)
                position = brace
                return true
            }
            if let value = readScalar() {
                if scalarRootIsIssue {
                    issue(
                        .invalidJSON, "the top-level value is \(value.typeName), not a dictionary or an array",
                        at: start)
                }
                deliver(value, to: &stack, root: &root)
                return true
            }
            position = bytes.count
            return false
        }
        if let value = readScalar() {
            deliver(value, to: &stack, root: &root)
            return true
        }
        return false
    }

    private func findLineStartingBrace(from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "{"), index == 0 || bytes[index - 1] == 0x0A || bytes[index - 1] == 0x0D {
                return index
            }
            index += 1
        }
        return nil
    }

    // MARK: Whitespace and comments

    private mutating func skipWhitespaceAndComments() {
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                position += 1
            } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
                issue(.comment, "// comment; Apple's parser rejects comments", at: position)
                while position < bytes.count, bytes[position] != 0x0A { position += 1 }
            } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "*") {
                issue(.comment, "/* */ comment; Apple's parser rejects comments", at: position)
                position += 2
                while position < bytes.count,
                    !(bytes[position] == UInt8(ascii: "*") && position + 1 < bytes.count
                        && bytes[position + 1] == UInt8(ascii: "/"))
                {
                    position += 1
                }
                position = min(bytes.count, position + 2)
            } else if let length = unicodeSpaceLength(at: position) {
                let name = unicodeSpaceName(at: position)
                issue(
                    .invalidJSON, "non-JSON whitespace (\(name)); only space, tab, CR and LF are allowed",
                    at: position,
                    groupKey: name)
                position += length
            } else {
                return
            }
        }
    }

    /// Length of a Unicode space character that JSON does not allow (NBSP, EM SPACE…).
    private func unicodeSpaceLength(at index: Int) -> Int? {
        let byte = bytes[index]
        if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] == 0xA0 { return 2 }
        if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80,
            (0x80...0x8B).contains(bytes[index + 2]) || bytes[index + 2] == 0xAF || bytes[index + 2] == 0xA8
                || bytes[index + 2] == 0xA9
        {
            return 3
        }
        if byte == 0xE3, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0x80 { return 3 }
        if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBB, bytes[index + 2] == 0xBF { return 3 }
        if byte == 0x0B || byte == 0x0C { return 1 }
        return nil
    }

    private func unicodeSpaceName(at index: Int) -> String {
        let byte = bytes[index]
        if byte == 0xC2 { return "U+00A0 NO-BREAK SPACE" }
        if byte == 0x0B { return "vertical tab" }
        if byte == 0x0C { return "form feed" }
        if byte == 0xEF { return "U+FEFF byte-order mark" }
        if byte == 0xE3 { return "U+3000 IDEOGRAPHIC SPACE" }
        if index + 2 < bytes.count {
            let scalar = 0x2000 + Int(bytes[index + 2]) - 0x80
            return "U+\(String(scalar, radix: 16, uppercase: true))"
        }
        return "a Unicode space"
    }

    // MARK: Scalars

    private mutating func readScalar() -> JSONValue? {
        let start = position
        let byte = bytes[position]
        switch byte {
        case UInt8(ascii: "\""):
            return JSONValue(kind: .string(readQuotedString(close: .ascii(UInt8(ascii: "\"")))), offset: start)
        case UInt8(ascii: "'"):
            issue(.invalidJSON, "single-quoted string; JSON strings use double quotes", at: start)
            return JSONValue(kind: .string(readQuotedString(close: .ascii(UInt8(ascii: "'")))), offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return readNumber()
        default:
            if isTypographicQuote(at: position) {
                issue(.invalidJSON, "typographic quote (“ ” ‘ ’) used as a string delimiter; JSON needs \"", at: start)
                return JSONValue(kind: .string(readQuotedString(close: .typographic)), offset: start)
            }
            if isWordByte(byte) {
                let word = readWord(stopAtColon: false)
                switch word {
                case "true": return JSONValue(kind: .bool(true), offset: start)
                case "false": return JSONValue(kind: .bool(false), offset: start)
                case "null": return JSONValue(kind: .null, offset: start)
                case "NaN", "Infinity":
                    issue(.invalidJSON, "\(word) is not a JSON number", at: start)
                    return JSONValue(kind: .number(word == "NaN" ? .nan : .infinity, text: word), offset: start)
                default:
                    issue(.invalidJSON, "unquoted text \"\(word.prefix(40))\"; strings need double quotes", at: start)
                    return JSONValue(kind: .string(word), offset: start)
                }
            }
            issue(.invalidJSON, "unexpected character \(describeCharacter(at: start))", at: start)
            position += scalarLength(at: position)
            return nil
        }
    }

    private func describeCharacter(at index: Int) -> String {
        let length = scalarLength(at: index)
        let end = min(bytes.count, index + length)
        let text = String(decoding: bytes[index..<end], as: UTF8.self)
        if let scalar = text.unicodeScalars.first, scalar.value >= 0x20, scalar.value != 0x7F, scalar.value != 0xFFFD {
            return "\"\(text)\""
        }
        return "byte 0x" + String(bytes[index], radix: 16, uppercase: true)
    }

    private func scalarLength(at index: Int) -> Int {
        let byte = bytes[index]
        let length: Int
        if byte < 0xC0 {
            length = 1
        } else if byte < 0xE0 {
            length = 2
        } else if byte < 0xF0 {
            length = 3
        } else {
            length = 4
        }
        return max(1, min(length, bytes.count - index))
    }

    private func isTypographicQuote(at index: Int) -> Bool {
        guard index + 2 < bytes.count, bytes[index] == 0xE2, bytes[index + 1] == 0x80 else { return false }
        return (0x98...0x9F).contains(bytes[index + 2])
    }

    private func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: "*"), UInt8(ascii: "."),
            UInt8(ascii: "-"),
            UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "%"), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: "&"), UInt8(ascii: "="):
            return true
        default:
            return byte >= 0x80 && !isTypographicQuote(at: position) && unicodeSpaceLength(at: position) == nil
        }
    }

    private mutating func readWord(stopAtColon: Bool) -> String {
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if stopAtColon && byte == UInt8(ascii: ":") { break }
            if byte >= 0x80 {
                if isTypographicQuote(at: position) || unicodeSpaceLength(at: position) != nil { break }
                position += scalarLength(at: position)
                continue
            }
            if !isWordByte(byte) && byte != UInt8(ascii: ":") { break }
            position += 1
        }
        if position == start { position += 1 }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// Reads an object key (quoted, or tolerated unquoted). Nil when nothing key-like is here.
    private mutating func readKey() -> String? {
        let start = position
        let byte = bytes[position]
        if byte == UInt8(ascii: "\"") { return readQuotedString(close: .ascii(byte)) }
        if byte == UInt8(ascii: "'") {
            issue(.invalidJSON, "single-quoted key; JSON keys use double quotes", at: start)
            return readQuotedString(close: .ascii(byte))
        }
        if isTypographicQuote(at: position) {
            issue(.invalidJSON, "typographic quote (“ ” ‘ ’) used around a key; JSON needs \"", at: start)
            return readQuotedString(close: .typographic)
        }
        if isWordByte(byte) {
            let word = readWord(stopAtColon: true)
            issue(.invalidJSON, "unquoted key \"\(word.prefix(40))\"; keys need double quotes", at: start)
            return word
        }
        issue(
            .invalidJSON, "unexpected character \(describeCharacter(at: start)): expected a key in double quotes",
            at: start)
        position += scalarLength(at: position)
        return nil
    }

    private enum Closer {
        case ascii(UInt8)
        case typographic
    }

    /// Reads a string from the opening quote at `position`; ends at the closing quote, or
    /// (reported) at a line break or the end of the text.
    private mutating func readQuotedString(close: Closer) -> String {
        let start = position
        switch close {
        case .ascii(let quote):
            position += 1
            // Most strings hold no escape, control character or line break: one scan, one String.
            var end = position
            while end < bytes.count {
                let byte = bytes[end]
                if byte == quote {
                    let text = String(decoding: bytes[position..<end], as: UTF8.self)
                    position = end + 1
                    return text
                }
                if byte < 0x20 || byte == UInt8(ascii: "\\") { break }
                end += 1
            }
        case .typographic: position += 3
        }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(32)
        while true {
            guard position < bytes.count else {
                issue(.invalidJSON, "unterminated string", at: start)
                break
            }
            // A run of bytes that need no attention is copied at once (JSON writers escape "/" as
            // "\/", so escapes are common).
            if case .ascii(let quote) = close {
                var end = position
                while end < bytes.count {
                    let byte = bytes[end]
                    if byte == quote || byte < 0x20 || byte == UInt8(ascii: "\\") { break }
                    end += 1
                }
                if end > position {
                    buffer.append(contentsOf: bytes[position..<end])
                    position = end
                    continue
                }
            }
            let byte = bytes[position]
            switch close {
            case .ascii(let quote) where byte == quote:
                position += 1
                return String(decoding: buffer, as: UTF8.self)
            case .typographic where isTypographicQuote(at: position) || byte == UInt8(ascii: "\""):
                position += byte == UInt8(ascii: "\"") ? 1 : 3
                return String(decoding: buffer, as: UTF8.self)
            default:
                break
            }
            if byte == 0x0A || byte == 0x0D {
                issue(.invalidJSON, "unterminated string (line break inside a string)", at: position)
                return String(decoding: buffer, as: UTF8.self)
            }
            if byte < 0x20 {
                issue(
                    .invalidJSON, "control character 0x\(String(byte, radix: 16)) inside a string must be escaped",
                    at: position)
                buffer.append(byte)
                position += 1
                continue
            }
            if byte == UInt8(ascii: "\\") {
                readEscape(into: &buffer)
                continue
            }
            buffer.append(byte)
            position += 1
        }
        return String(decoding: buffer, as: UTF8.self)
    }

    private mutating func readEscape(into buffer: inout [UInt8]) {
        let start = position
        position += 1
        guard position < bytes.count else {
            issue(.invalidJSON, "backslash at the end of the text", at: start)
            return
        }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""): buffer.append(byte)
        case UInt8(ascii: "\\"): buffer.append(byte)
        case UInt8(ascii: "/"): buffer.append(byte)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            guard let unit = readHex4() else {
                issue(.invalidJSON, "\\u must be followed by four hex digits", at: start)
                return
            }
            var scalarValue = UInt32(unit)
            if (0xD800...0xDBFF).contains(unit) {
                let save = position
                if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                    bytes[position + 1] == UInt8(ascii: "u")
                {
                    position += 2
                    if let low = readHex4(), (0xDC00...0xDFFF).contains(low) {
                        scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                    } else {
                        position = save
                        issue(.invalidJSON, "unpaired UTF-16 surrogate \\u\(String(unit, radix: 16))", at: start)
                        scalarValue = 0xFFFD
                    }
                } else {
                    issue(.invalidJSON, "unpaired UTF-16 surrogate \\u\(String(unit, radix: 16))", at: start)
                    scalarValue = 0xFFFD
                }
            } else if (0xDC00...0xDFFF).contains(unit) {
                issue(.invalidJSON, "unpaired UTF-16 surrogate \\u\(String(unit, radix: 16))", at: start)
                scalarValue = 0xFFFD
            }
            let scalar = Unicode.Scalar(scalarValue) ?? "\u{FFFD}"
            buffer.append(contentsOf: Array(String(Character(scalar)).utf8))
        default:
            issue(.invalidJSON, "invalid escape \\\(describeEscaped(byte))", at: start)
            buffer.append(byte)
        }
    }

    private func describeEscaped(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "0x" + String(byte, radix: 16)
    }

    private mutating func readHex4() -> UInt16? {
        guard position + 4 <= bytes.count else { return nil }
        var value: UInt16 = 0
        for index in position..<(position + 4) {
            let byte = bytes[index]
            let digit: UInt16
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt16(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt16(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt16(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
            value = value << 4 | digit
        }
        position += 4
        return value
    }

    private mutating func readNumber() -> JSONValue {
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                UInt8(ascii: "e"), UInt8(ascii: "E"):
                position += 1
            default:
                if byte == UInt8(ascii: "I") || byte == UInt8(ascii: "N") {
                    // -Infinity / NaN
                    let word = readWord(stopAtColon: true)
                    let text = String(decoding: bytes[start..<position], as: UTF8.self)
                    issue(.invalidJSON, "\(text) is not a JSON number", at: start)
                    let negative = text.hasPrefix("-")
                    return JSONValue(
                        kind: .number(
                            word.hasPrefix("N") ? .nan : (negative ? -.infinity : .infinity),
                            text: text), offset: start)
                }
                let text = String(decoding: bytes[start..<position], as: UTF8.self)
                return finishNumber(text, start: start)
            }
        }
        return finishNumber(String(decoding: bytes[start..<position], as: UTF8.self), start: start)
    }

    private mutating func finishNumber(_ text: String, start: Int) -> JSONValue {
        if !TolerantJSONParser.isStrictNumber(Array(text.utf8)) {
            issue(.invalidJSON, "\"\(text.prefix(40))\" is not a valid JSON number", at: start)
        }
        return JSONValue(kind: .number(Double(text) ?? 0, text: text), offset: start)
    }

    /// RFC 8259 number grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    static func isStrictNumber(_ text: [UInt8]) -> Bool {
        var index = 0
        func digits() -> Int {
            let start = index
            while index < text.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[index]) { index += 1 }
            return index - start
        }
        if index < text.count, text[index] == UInt8(ascii: "-") { index += 1 }
        guard index < text.count else { return false }
        if text[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            return false
        }
        if index < text.count, text[index] == UInt8(ascii: ".") {
            index += 1
            if digits() == 0 { return false }
        }
        if index < text.count, text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
            index += 1
            if index < text.count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") { index += 1 }
            if digits() == 0 { return false }
        }
        return index == text.count
    }

    // MARK: Encoding

    /// Reports the first byte sequence that is not UTF-8 (strict JSON must be UTF-8).
    private mutating func validateUTF8() {
        var index = position
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                index += 1
                continue
            }
            var need = 0
            var minimum: UInt32 = 0
            var scalar: UInt32 = 0
            if byte & 0xE0 == 0xC0 {
                need = 1
                minimum = 0x80
                scalar = UInt32(byte & 0x1F)
            } else if byte & 0xF0 == 0xE0 {
                need = 2
                minimum = 0x800
                scalar = UInt32(byte & 0x0F)
            } else if byte & 0xF8 == 0xF0 {
                need = 3
                minimum = 0x10000
                scalar = UInt32(byte & 0x07)
            } else {
                reportEncoding(at: index)
                return
            }
            guard index + need < bytes.count else {
                reportEncoding(at: index)
                return
            }
            for offset in 1...need {
                let next = bytes[index + offset]
                guard next & 0xC0 == 0x80 else {
                    reportEncoding(at: index)
                    return
                }
                scalar = scalar << 6 | UInt32(next & 0x3F)
            }
            if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) {
                reportEncoding(at: index)
                return
            }
            index += need + 1
        }
    }

    private mutating func reportEncoding(at index: Int) {
        let looksUTF16 =
            bytes.count >= 2 && (bytes[0] == 0xFF && bytes[1] == 0xFE || bytes[0] == 0xFE && bytes[1] == 0xFF)
        let detail = looksUTF16 ? " (the file looks UTF-16 encoded)" : ""
        issue(
            .invalidJSON, "byte 0x\(String(bytes[index], radix: 16, uppercase: true)) is not valid UTF-8\(detail)",
            at: index)
    }
}

/// Maps byte offsets of a text to 1-based line and column (column counted in characters).
struct LineTable: Sendable {
    private let lineStarts: [Int]
    private let bytes: [UInt8]

    init(bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A {
                starts.append(index + 1)
            } else if byte == 0x0D {
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                starts.append(index + 1)
            }
            index += 1
        }
        lineStarts = starts
    }

    func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        let clamped = max(0, min(offset, bytes.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= clamped { low = middle } else { high = middle - 1 }
        }
        var column = 1
        var index = lineStarts[low]
        while index < clamped {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        // Count the scalar at `offset` itself only once.
        return (low + 1, column)
    }
}
