import Foundation

/// One parsed association file: the model, every problem found, and whether a device would
/// accept it. Parsing never throws and never traps, whatever the bytes.
public struct AssociationDocument: Sendable {
    /// Apple's size limit for an association file (128 KiB).
    public static let deviceSizeLimit = 131_072
    /// Bodies larger than this are not read at all (16 MiB).
    public static let maximumReadSize = 16 * 1024 * 1024

    /// The model; nil when nothing usable could be read (not JSON, top level not an object).
    public var file: AssociationFile?
    /// Parse problems and lint findings, stable IDs, sorted by position.
    public var diagnostics: [LintDiagnostic]
    /// Whether a device's strict JSON parser would accept the body (after CMS unwrapping).
    public var deviceAccepts: Bool
    /// The body was CMS-wrapped (legacy signed form); the signature was not verified.
    public var isCMSSigned: Bool
    /// Size of the body as received, in bytes.
    public var byteCount: Int

    /// True when the body is over Apple's 128 KiB limit.
    public var exceedsSizeLimit: Bool { byteCount > AssociationDocument.deviceSizeLimit }

    /// True when no diagnostic is an error.
    public var isValid: Bool { !diagnostics.contains { $0.severity == LintSeverity.error.rawValue } }

    /// Creates a document from its parts.
    public init(
        file: AssociationFile?, diagnostics: [LintDiagnostic], deviceAccepts: Bool, isCMSSigned: Bool,
        byteCount: Int
    ) {
        self.file = file
        self.diagnostics = diagnostics
        self.deviceAccepts = deviceAccepts
        self.isCMSSigned = isCMSSigned
        self.byteCount = byteCount
    }

    /// Parses a body as served: JSON (read tolerantly), or CMS-signed JSON.
    public static func parse(_ data: Data) -> AssociationDocument {
        parse(bytes: [UInt8](data))
    }

    /// The JSON text a body carries, as bytes: the body itself, or the content of a CMS-signed
    /// body; nil when it looks CMS-signed and cannot be unwrapped. What a face shows as "the
    /// file" and what the what-if editor starts from.
    public static func content(of data: Data) -> Data? {
        let bytes = [UInt8](data)
        guard CMSEnvelope.looksLikeCMS(bytes) else { return data }
        if case .success(let content) = CMSEnvelope.unwrap(bytes) { return Data(content) }
        return nil
    }

    static func parse(bytes body: [UInt8]) -> AssociationDocument {
        var diagnostics: [LintDiagnostic] = []
        let byteCount = body.count
        if byteCount > deviceSizeLimit {
            diagnostics.append(
                LintDiagnostic(
                    rule: .tooLarge,
                    message: """
                        the file is \(byteCount) bytes, over Apple's 128 KiB (131072-byte) limit: devices ignore it
                        """, location: ""))
        }
        guard byteCount <= maximumReadSize else {
            diagnostics.append(
                LintDiagnostic(
                    rule: .limitReached,
                    message: "the body is \(byteCount) bytes; files over \(maximumReadSize) bytes are not read",
                    location: ""))
            return AssociationDocument(
                file: nil, diagnostics: diagnostics, deviceAccepts: false, isCMSSigned: false,
                byteCount: byteCount)
        }
        var jsonBytes = body
        var isCMS = false
        if CMSEnvelope.looksLikeCMS(body) {
            isCMS = true
            switch CMSEnvelope.unwrap(body) {
            case .success(let content):
                jsonBytes = content
                diagnostics.append(
                    LintDiagnostic(
                        rule: .cmsSigned,
                        message: """
                            the body is CMS-signed (iOS 8 application/pkcs7-mime form); the JSON inside was read, the \
                            signature was not verified
                            """, location: ""))
            case .failure(let failure):
                diagnostics.append(
                    LintDiagnostic(
                        rule: .cmsUnreadable,
                        message: """
                            the body looks CMS-signed but could not be unwrapped: \(failure.message) (byte \
                            \(failure.offset))
                            """, location: ""))
                return AssociationDocument(
                    file: nil, diagnostics: diagnostics, deviceAccepts: false, isCMSSigned: true,
                    byteCount: byteCount)
            }
        }
        if let notJSON = describeNonJSON(jsonBytes) {
            diagnostics.append(LintDiagnostic(rule: .notJSON, message: notJSON, location: "", line: 1, column: 1))
            return AssociationDocument(
                file: nil, diagnostics: diagnostics, deviceAccepts: false, isCMSSigned: isCMS,
                byteCount: byteCount)
        }
        var parser = TolerantJSONParser(bytes: jsonBytes)
        let root = parser.parseDocument()
        let lines = LineTable(bytes: jsonBytes)
        diagnostics.append(contentsOf: syntaxDiagnostics(parser.issues, lines: lines))
        var file: AssociationFile?
        if let root {
            var reader = AssociationReader(lines: lines)
            file = reader.read(root)
            diagnostics.append(contentsOf: reader.diagnostics)
            if let file {
                diagnostics.append(contentsOf: AssociationLinter.lint(file, sourceMap: reader.sourceMap, lines: lines))
            }
        }
        diagnostics = deduplicated(diagnostics).sorted(by: LintDiagnostic.ordered)
        return AssociationDocument(
            file: file, diagnostics: diagnostics, deviceAccepts: root != nil && parser.strictlyValid,
            isCMSSigned: isCMS, byteCount: byteCount
        )
    }

    /// One diagnostic per syntax issue, except a repeated one (the same non-JSON space on many
    /// lines, as an editor's NBSP indentation makes): one diagnostic at its first place, with the
    /// count and the line range.
    static func syntaxDiagnostics(_ issues: [SyntaxIssue], lines: LineTable) -> [LintDiagnostic] {
        var diagnostics: [LintDiagnostic] = []
        var groups: [String: (index: Int, count: Int, firstLine: Int, lastLine: Int)] = [:]
        var groupOrder: [String] = []
        for issue in issues {
            let position = lines.lineAndColumn(of: issue.offset)
            if let key = issue.groupKey, let group = groups[key] {
                groups[key] = (group.index, group.count + 1, group.firstLine, position.line)
                continue
            }
            if let key = issue.groupKey {
                groups[key] = (diagnostics.count, 1, position.line, position.line)
                groupOrder.append(key)
            }
            diagnostics.append(
                LintDiagnostic(
                    rule: issue.rule, message: issue.message, location: "", line: position.line, column: position.column
                ))
        }
        for key in groupOrder {
            guard let group = groups[key], group.count > 1 else { continue }
            let span =
                group.firstLine == group.lastLine
                ? "on line \(group.firstLine)" : "on lines \(group.firstLine)–\(group.lastLine)"
            diagnostics[group.index].message =
                "\(group.count) non-JSON whitespace characters (\(key)) \(span); "
                + "only space, tab, CR and LF are allowed"
        }
        return diagnostics
    }

    private static func deduplicated(_ diagnostics: [LintDiagnostic]) -> [LintDiagnostic] {
        var seen = Set<LintDiagnostic>()
        return diagnostics.filter { seen.insert($0).inserted }
    }

    /// The body when it is one unquoted word (letters, digits, `_-.`), not a JSON literal.
    private static func bareWord(_ bytes: ArraySlice<UInt8>) -> String? {
        var end = bytes.endIndex
        while end > bytes.startIndex, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end - 1]) { end -= 1 }
        let word = bytes[bytes.startIndex..<end]
        guard let first = word.first, !word.isEmpty, word.count <= 64,
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first | 0x20),
            word.allSatisfy({ byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            })
        else { return nil }
        let text = String(decoding: word, as: UTF8.self)
        return ["true", "false", "null"].contains(text) ? nil : text
    }

    /// A one-line description when the body is plainly not JSON (empty, HTML, RTF).
    private static func describeNonJSON(_ bytes: [UInt8]) -> String? {
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        guard start < bytes.count else {
            return bytes.isEmpty ? "the body is empty" : "the body holds only whitespace"
        }
        let head = String(decoding: bytes[start..<min(bytes.count, start + 64)], as: UTF8.self).lowercased()
        if head.hasPrefix("<") {
            if head.hasPrefix("<!doctype html") || head.hasPrefix("<html") || head.contains("<head")
                || head.contains("<body")
            {
                return "the body is an HTML page, not JSON"
            }
            return "the body is markup (starts with \"<\"), not JSON"
        }
        if let word = bareWord(bytes[start...]) {
            return """
                the body is the bare word \(JSONValue.quoted(word)), not JSON (an association file is a JSON \
                dictionary)
                """
        }
        if head.hasPrefix("{\\rtf") { return "the body is an RTF document (saved by a word processor), not JSON" }
        if head.hasPrefix("%pdf") { return "the body is a PDF document, not JSON" }
        return nil
    }
}
