import Foundation

/// Why a session file was refused: one clear message per problem.
public enum SessionFileError: Error, Equatable, Sendable, CustomStringConvertible {
    case tooLarge(bytes: Int, limit: Int)
    case empty
    case notUTF8
    case truncated
    case notJSON(String)
    case tooDeep(limit: Int)
    case tooMany(path: String, count: Int, limit: Int)
    case wrongFormat(String)
    case newerSchema(Int)
    case unsupportedSchema(Int)
    case fieldTooLong(path: String, length: Int, limit: Int)
    case bodyTooLarge(path: String, bytes: Int, limit: Int)
    case invalidField(String, String)

    public var description: String {
        switch self {
        case .tooLarge(let bytes, let limit):
            return "not read: the session file is \(bytes) bytes, over the \(limit / (1 << 20)) MiB limit"
        case .empty:
            return "not a session file: it is empty"
        case .notUTF8:
            return "not a session file: it is not UTF-8 text"
        case .truncated:
            return "truncated session file: the JSON ends before it is complete"
        case .notJSON(let detail):
            return "not a session file: it is not JSON (\(detail))"
        case .tooDeep(let limit):
            return "not read: the session file nests deeper than \(limit) levels"
        case .tooMany(let path, let count, let limit):
            return "not read: \(path) has \(count) elements, over the limit of \(limit)"
        case .wrongFormat(let found):
            return "not a linklab session file: \"format\" is \(found), expected \"\(SessionFile.formatName)\""
        case .newerSchema(let version):
            return """
                written by a newer linklab: session schema \(version), this linklab reads \
                schema \(SessionFile.currentSchemaVersion)
                """
        case .unsupportedSchema(let version):
            return """
                unsupported session schema \(version) (this linklab reads schema \(SessionFile.currentSchemaVersion))
                """
        case .fieldTooLong(let path, let length, let limit):
            return "not read: field \(path) is \(length) characters long, over the limit of \(limit)"
        case .bodyTooLarge(let path, let bytes, let limit):
            return "not read: body \(path) is \(bytes) bytes, over the \(limit / 1024) KiB cap"
        case .invalidField(let path, let reason):
            return "invalid session file: field \(path): \(reason)"
        }
    }

    /// At most 80 characters of `text`, for messages about hostile values.
    static func clip(_ text: String) -> String {
        let printable =
            text.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : String($0) }.joined()
        return printable.count > 80 ? String(printable.prefix(80)) + "…" : printable
    }
}

extension SessionFile {
    /// Reads a session file: size, encoding, structure, format, schema, then every field.
    public static func read(_ data: Data, limit: Int = SessionLimits.maxBytes) throws(SessionFileError) -> SessionFile {
        guard data.count <= limit else { throw .tooLarge(bytes: data.count, limit: limit) }
        guard !data.isEmpty else { throw .empty }
        guard String(validating: data, as: UTF8.self) != nil else { throw .notUTF8 }
        try checkStructure(data)
        let tree: Any
        do {
            tree = try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            throw .notJSON("a syntax error")
        }
        guard let root = tree as? [String: Any] else { throw .notJSON("the top level is not an object") }
        guard let format = root["format"] as? String else {
            throw .wrongFormat(root["format"] == nil ? "missing" : "not a string")
        }
        guard format == formatName else { throw .wrongFormat("\"\(SessionFileError.clip(format))\"") }
        guard let version = root["schemaVersion"] as? Int else {
            throw .invalidField("schemaVersion", "missing or not a number")
        }
        if version > currentSchemaVersion { throw .newerSchema(version) }
        guard version >= 1 else { throw .unsupportedSchema(version) }
        if version == 1, root["android"] != nil {
            throw .invalidField("android", "a schema 1 session has no Android part")
        }
        try checkFields(root, path: "")
        let file: SessionFile
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            file = try decoder.decode(SessionFile.self, from: data)
        } catch let error as DecodingError {
            throw describe(error)
        } catch {
            throw .notJSON("undecodable")
        }
        try file.validate()
        return file
    }

    /// The bytes of the file: sorted keys, pretty-printed, a final newline.
    public func encoded() throws(SessionFileError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        do {
            return try encoder.encode(self) + Data("\n".utf8)
        } catch {
            throw .invalidField("(document)", "could not be encoded: \(error)")
        }
    }

    /// Depth and truncation: a byte scan (outside strings) before the JSON parser sees it.
    static func checkStructure(_ data: Data) throws(SessionFileError) {
        var depth = 0
        var inString = false
        var escaped = false
        var sawValue = false
        for byte in data {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                sawValue = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                sawValue = true
                if depth > SessionLimits.maxDepth { throw .tooDeep(limit: SessionLimits.maxDepth) }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth < 0 { throw .notJSON("an unbalanced closing bracket") }
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                break
            default:
                sawValue = true
            }
        }
        guard sawValue else { throw .empty }
        let first = data.first {
            ![UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t")].contains($0)
        }
        let opensContainer = first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
        if opensContainer, inString || depth > 0 { throw .truncated }
    }

    /// Field lengths, body sizes and element counts, by path, on the parsed tree.
    static func checkFields(_ value: Any, path: String) throws(SessionFileError) {
        var steps: [FieldStep] = path.isEmpty ? [] : [.key(path)]
        try checkFields(value, steps: &steps)
    }

    /// One step of the path to a field (rendered only when a field is refused: a session has
    /// tens of thousands of fields, and building every path would cost more than the check).
    enum FieldStep {
        case key(String)
        case index(Int)

        static func render(_ steps: [FieldStep]) -> String {
            var text = ""
            for step in steps {
                switch step {
                case .key(let key): text += text.isEmpty ? key : ".\(key)"
                case .index(let index): text += "[\(index)]"
                }
            }
            return text
        }
    }

    /// `drafts.triage`, `drafts.whatIf` or `drafts.androidWhatIf` when `steps` name one of them
    /// (its last key), else nil.
    static func draftsMap(_ steps: ArraySlice<FieldStep>) -> String? {
        guard steps.count == 2, case .key("drafts") = steps[steps.startIndex],
            case .key(let name) = steps[steps.startIndex + 1], ["triage", "whatIf", "androidWhatIf"].contains(name)
        else {
            return nil
        }
        return name
    }

    private static func checkFields(_ value: Any, steps: inout [FieldStep]) throws(SessionFileError) {
        if let string = value as? String {
            let key: String
            if case .key(let last)? = steps.last { key = last } else { key = "" }
            // A what-if draft is keyed by its host (whatever the host is called): an association
            // file's text, as long as an edited one may be.
            if steps.count == 3, let map = draftsMap(steps.prefix(2)), map != "triage" {
                let length = string.utf8.count
                if length > SessionLimits.maxWhatIfDraftLength {
                    throw .fieldTooLong(
                        path: FieldStep.render(steps), length: length,
                        limit: SessionLimits.maxWhatIfDraftLength)
                }
                return
            }
            if key == "body" {
                // base64: decoded size ≈ 3/4 of the text. An Android host's file may be as large
                // as Android reads (1 MiB); an association file as large as iOS reads.
                let bytes = string.utf8.count / 4 * 3
                var limit = SessionLimits.maxBodyBytes
                if case .key("android")? = steps.first { limit = SessionLimits.maxAssetLinksBodyBytes }
                if bytes > limit + 2 {
                    throw .bodyTooLarge(path: FieldStep.render(steps), bytes: bytes, limit: limit)
                }
                return
            }
            let limit =
                key == "urlLines"
                ? SessionLimits.maxURLLinesLength
                : key == "editedText" ? SessionLimits.maxBodyBytes * 2 : SessionLimits.maxFieldLength
            let length = string.utf8.count
            if length > limit { throw .fieldTooLong(path: FieldStep.render(steps), length: length, limit: limit) }
        } else if let array = value as? [Any] {
            if array.count > SessionLimits.maxCount {
                throw .tooMany(path: FieldStep.render(steps), count: array.count, limit: SessionLimits.maxCount)
            }
            for (index, element) in array.enumerated() {
                steps.append(.index(index))
                try checkFields(element, steps: &steps)
                steps.removeLast()
            }
        } else if let object = value as? [String: Any] {
            if object.count > SessionLimits.maxDrafts, draftsMap(steps[...]) != nil {
                throw .tooMany(path: FieldStep.render(steps), count: object.count, limit: SessionLimits.maxDrafts)
            }
            if object.count > SessionLimits.maxCount {
                throw .tooMany(path: FieldStep.render(steps), count: object.count, limit: SessionLimits.maxCount)
            }
            for (key, element) in object {
                if key.utf8.count > SessionLimits.maxFieldLength {
                    throw .fieldTooLong(
                        path: FieldStep.render(steps + [.key(SessionFileError.clip(key))]),
                        length: key.utf8.count, limit: SessionLimits.maxFieldLength)
                }
                steps.append(.key(key))
                try checkFields(element, steps: &steps)
                steps.removeLast()
            }
        }
    }

    static func describe(_ error: DecodingError) -> SessionFileError {
        func path(_ context: DecodingError.Context) -> String {
            let text =
                context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
            let trimmed = text.hasPrefix(".") ? String(text.dropFirst()) : text
            return trimmed.isEmpty ? "(top level)" : trimmed
        }
        switch error {
        case .keyNotFound(let key, let context):
            let base = path(context)
            return .invalidField(base == "(top level)" ? key.stringValue : "\(base).\(key.stringValue)", "missing")
        case .typeMismatch(let type, let context):
            return .invalidField(path(context), "expected \(type)")
        case .valueNotFound(let type, let context):
            return .invalidField(path(context), "expected \(type), found null")
        case .dataCorrupted(let context):
            return .invalidField(path(context), SessionFileError.clip(context.debugDescription))
        @unknown default:
            return .invalidField("(unknown)", "undecodable")
        }
    }

    /// Cross-field checks the types cannot express.
    func validate() throws(SessionFileError) {
        for (index, host) in hosts.enumerated() {
            let reports = [
                ("fetched", host.fetched), ("previous", host.previous), ("decided", host.decided),
                ("served", host.served),
            ]
            for (name, report) in reports {
                guard let report else { continue }
                for (routeIndex, route) in (report.routes + (report.browserProbe.map { [$0] } ?? [])).enumerated() {
                    if route.body.count > SessionLimits.maxBodyBytes {
                        throw .bodyTooLarge(
                            path: "hosts[\(index)].\(name).routes[\(routeIndex)].body",
                            bytes: route.body.count, limit: SessionLimits.maxBodyBytes)
                    }
                    if let status = route.status, !(100...599).contains(status) {
                        throw .invalidField(
                            "hosts[\(index)].\(name).routes[\(routeIndex)].status",
                            "\(status) is not an HTTP status")
                    }
                    if route.bytes < 0 {
                        throw .invalidField("hosts[\(index)].\(name).routes[\(routeIndex)].bytes", "negative")
                    }
                }
            }
            if host.state == .edited, host.editedText == nil {
                throw .invalidField("hosts[\(index)].editedText", "missing for an edited host")
            }
            if host.state == .edited || host.state == .supplied, host.decided == nil {
                throw .invalidField("hosts[\(index)].decided", "missing for a \(host.state.rawValue) host")
            }
            guard host.route == "cdn" || host.route == "origin" else {
                throw .invalidField("hosts[\(index)].route", "must be cdn or origin")
            }
        }
        for (fingerprint, _) in triage where fingerprint.isEmpty {
            throw .invalidField("triage", "an empty fingerprint")
        }
        try drafts?.validate(hosts: Set(hosts.map(\.host)), androidHosts: Set(android?.hosts.map(\.host) ?? []))
        try android?.validate()
        try probes?.validate()
    }
}

extension SessionDrafts {
    /// The checks the types cannot express: counts (also checked on the parsed tree, before
    /// decoding), fingerprints, note and text lengths, and what-if drafts only for the session's
    /// own hosts of their platform.
    func validate(hosts: Set<String>, androidHosts: Set<String>) throws(SessionFileError) {
        let maps = [
            ("drafts.triage", triage.count), ("drafts.whatIf", whatIf.count),
            ("drafts.androidWhatIf", androidWhatIf.count),
        ]
        for (path, count) in maps
        where count > SessionLimits.maxDrafts {
            throw .tooMany(path: path, count: count, limit: SessionLimits.maxDrafts)
        }
        for (fingerprint, draft) in triage {
            guard !fingerprint.isEmpty else { throw .invalidField("drafts.triage", "an empty fingerprint") }
            let length = draft.note.utf8.count
            if length > SessionLimits.maxFieldLength {
                throw .fieldTooLong(
                    path: "drafts.triage.\(SessionFileError.clip(fingerprint)).note", length: length,
                    limit: SessionLimits.maxFieldLength)
            }
        }
        for (name, drafts, known) in [("whatIf", whatIf, hosts), ("androidWhatIf", androidWhatIf, androidHosts)] {
            for (host, text) in drafts {
                guard known.contains(host) else {
                    throw .invalidField(
                        "drafts.\(name)", "'\(SessionFileError.clip(host))' is not a host of this session")
                }
                if text.utf8.count > SessionLimits.maxWhatIfDraftLength {
                    throw .fieldTooLong(
                        path: "drafts.\(name).\(SessionFileError.clip(host))", length: text.utf8.count,
                        limit: SessionLimits.maxWhatIfDraftLength)
                }
            }
        }
    }
}
