import Foundation

/// A parsed `/.well-known/assetlinks.json` (Digital Asset Links statement list) with lint
/// diagnostics (`LintRule.AssetLinks`: stable `ANDROID-Lnnn` IDs, a JSON pointer, line and
/// column; `docs/android.md` §3). Read with the package's one JSON reader, in its strict mode.
public struct AssetLinksFile: Sendable, Equatable {
    public static let handleAllURLs = "delegate_permission/common.handle_all_urls"
    /// Largest file read.
    public static let maxBytes = 1 << 20
    /// Deepest nesting read; a deeper file is not JSON to the lint (ANDROID-L001).
    static let maxDepth = 64

    public var statements: [Statement]
    /// `include` targets (other statement lists), in order.
    public var includes: [String]
    /// Lint problems in file order of discovery; each has a line and a column.
    public var diagnostics: [LintDiagnostic]

    public struct Statement: Sendable, Equatable {
        public var relations: [String]
        public var target: Target
        /// Android 15 dynamic rules (`relation_extensions`), nil when absent.
        public var dynamicComponents: [DynamicComponent]?
        public var line: Int
        public var column: Int

        public var grantsLinks: Bool { relations.contains(AssetLinksFile.handleAllURLs) }
    }

    public enum Target: Sendable, Equatable {
        case androidApp(packageName: String, fingerprints: [String])
        case web(site: String)
        case other(namespace: String)
    }

    /// One Android 15 dynamic rule: the first rule matching a URL decides; `exclude` refuses it.
    public struct DynamicComponent: Sendable, Equatable {
        public var path: String?
        public var query: [String: String]?
        public var fragment: String?
        public var exclude: Bool
        public var line: Int
    }

    /// Package names and fingerprints the file grants link handling to.
    public func grants(package: String) -> [Statement] {
        statements.filter { statement in
            guard statement.grantsLinks, case .androidApp(let name, _) = statement.target else { return false }
            return name == package
        }
    }
}

extension AssetLinksFile {
    private typealias Lint = LintRule.AssetLinks

    /// Parses and lints `data`. Never throws: an unreadable file is one diagnostic and no statements.
    public init(data: Data) {
        statements = []
        includes = []
        diagnostics = []
        var bytes = [UInt8](data.prefix(Self.maxBytes + 1))
        let lines = LineIndex(bytes)
        let whole = JSONPointer()
        guard bytes.count <= Self.maxBytes else {
            report(Lint.tooLarge, "file is over \(Self.maxBytes) bytes; not read", 0, whole, lines)
            return
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            report(
                Lint.byteOrderMark, "file starts with a UTF-8 byte-order mark, which strict JSON parsers refuse",
                0, whole, lines)
            bytes = Array(bytes.dropFirst(3))
        }
        let shift = data.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        // Strict RFC 8259 (a top-level scalar is JSON, then ANDROID-L003); bytes that are not UTF-8
        // read as U+FFFD, as the Android lint always has.
        var parser = TolerantJSONParser(
            bytes: bytes, maximumDepth: Self.maxDepth, scalarRootIsIssue: false,
            checksUTF8: false)
        let parsed = parser.parseDocument()
        guard let root = parsed, parser.strictlyValid else {
            let issue = parser.firstStrictIssue
            report(
                Lint.invalidJSON, "not JSON: \(issue?.message ?? "unreadable")", (issue?.offset ?? 0) + shift,
                whole, lines)
            return
        }
        guard let items = root.array else {
            report(
                Lint.topLevelNotArray, "top level is \(root.assetLinksTypeName); a statement list is an array",
                root.offset + shift, whole, lines)
            return
        }
        var seen: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            readStatement(item, whole.appending(index), shift: shift, lines: lines, seen: &seen)
        }
        if !statements.contains(where: \.grantsLinks) && includes.isEmpty {
            report(
                Lint.noLinkStatement,
                "no statement grants \(Self.handleAllURLs): no app can verify links with this file",
                root.offset + shift, whole, lines)
        }
    }

    /// Records a diagnostic of `rule` at byte `offset` (of the file as given) and `pointer`; at most 500.
    private mutating func report(
        _ rule: LintRule, _ message: String, _ offset: Int, _ pointer: JSONPointer,
        _ lines: LineIndex
    ) {
        guard diagnostics.count < 500 else { return }
        let (line, column) = lines.position(offset)
        diagnostics.append(
            LintDiagnostic(
                rule: rule, message: message, location: pointer.text, line: line,
                column: column))
    }

    private mutating func readStatement(
        _ item: JSONValue, _ pointer: JSONPointer, shift: Int, lines: LineIndex,
        seen: inout [String: Int]
    ) {
        let at = item.offset + shift
        guard item.members != nil else {
            report(
                Lint.malformedStatement, "statement is \(item.assetLinksTypeName), not an object", at, pointer,
                lines)
            return
        }
        if let include = item.firstMember("include") {
            if let url = include.string {
                includes.append(url)
                report(
                    Lint.include, "includes \(url): Android fetches it too (chains are followed up to a limit)",
                    at, pointer, lines)
            } else {
                report(
                    Lint.malformedStatement, "include is \(include.assetLinksTypeName), not a URL string",
                    include.offset + shift, pointer.appending("include"), lines)
            }
            return
        }
        let key = item.canonicalText
        if let first = seen[key] {
            report(Lint.duplicateStatement, "same statement as line \(first)", at, pointer, lines)
        } else {
            seen[key] = lines.position(at).0
        }
        guard let relationValues = item.firstMember("relation")?.array else {
            report(Lint.malformedStatement, "statement has no relation array", at, pointer, lines)
            return
        }
        var relations: [String] = []
        for (index, value) in relationValues.enumerated() {
            let valuePointer = pointer.appending("relation").appending(index)
            guard let relation = value.string else {
                report(
                    Lint.malformedStatement, "relation is \(value.assetLinksTypeName), not a string",
                    value.offset + shift, valuePointer, lines)
                continue
            }
            relations.append(relation)
            if relation != Self.handleAllURLs, Self.isNearMiss(relation, Self.handleAllURLs) {
                report(
                    Lint.misspelledRelation,
                    "relation \"\(relation)\" is not \"\(Self.handleAllURLs)\": no link is granted",
                    value.offset + shift, valuePointer, lines)
            }
        }
        guard let target = item.firstMember("target"), target.members != nil else {
            report(Lint.malformedStatement, "statement has no target object", at, pointer, lines)
            return
        }
        let targetPointer = pointer.appending("target")
        let namespace = target.firstMember("namespace")?.string ?? ""
        var parsedTarget = Target.other(namespace: namespace)
        switch namespace {
        case "android_app":
            let package = target.firstMember("package_name")?.string ?? ""
            if package.isEmpty {
                report(
                    Lint.missingPackage, "android_app target has no package_name", target.offset + shift,
                    targetPointer, lines)
            }
            var fingerprints: [String] = []
            let listPointer = targetPointer.appending("sha256_cert_fingerprints")
            for (index, value) in (target.firstMember("sha256_cert_fingerprints")?.array ?? []).enumerated() {
                guard let text = value.string else {
                    report(
                        Lint.malformedFingerprint, "fingerprint is \(value.assetLinksTypeName)",
                        value.offset + shift, listPointer.appending(index), lines)
                    continue
                }
                if !Self.isFingerprint(text) {
                    report(
                        Lint.malformedFingerprint,
                        "\"\(text)\" is not 32 hex byte pairs joined by ':' (SHA-256 of the signing certificate)",
                        value.offset + shift, listPointer.appending(index), lines)
                } else if text != text.uppercased() {
                    report(
                        Lint.lowercaseFingerprint, "fingerprint uses lower-case hex; write it in upper case",
                        value.offset + shift, listPointer.appending(index), lines)
                }
                fingerprints.append(text.uppercased())
            }
            if target.firstMember("sha256_cert_fingerprints") == nil {
                report(
                    Lint.malformedFingerprint, "android_app target has no sha256_cert_fingerprints",
                    target.offset + shift, targetPointer, lines)
            }
            parsedTarget = .androidApp(packageName: package, fingerprints: fingerprints)
        case "web":
            parsedTarget = .web(site: target.firstMember("site")?.string ?? "")
        default:
            report(
                Lint.unknownNamespace, "namespace \"\(namespace)\" is neither android_app nor web",
                target.offset + shift, targetPointer, lines)
        }
        let dynamic = item.firstMember("relation_extensions")?.firstMember(Self.handleAllURLs)?
            .firstMember("dynamic_app_link_components")
        let dynamicPointer = pointer.appending("relation_extensions").appending(Self.handleAllURLs)
            .appending("dynamic_app_link_components")
        statements.append(
            Statement(
                relations: relations, target: parsedTarget,
                dynamicComponents: dynamic.map { readDynamic($0, dynamicPointer, shift: shift, lines: lines) },
                line: lines.position(at).0, column: lines.position(at).1))
    }

    private mutating func readDynamic(
        _ value: JSONValue, _ pointer: JSONPointer, shift: Int,
        lines: LineIndex
    ) -> [DynamicComponent] {
        guard let items = value.array else {
            report(
                Lint.malformedDynamicRule,
                "dynamic_app_link_components is \(value.assetLinksTypeName), not an array",
                value.offset + shift, pointer, lines)
            return []
        }
        var out: [DynamicComponent] = []
        for (index, item) in items.enumerated() {
            guard let members = item.members else {
                report(
                    Lint.malformedDynamicRule, "dynamic rule is \(item.assetLinksTypeName), not an object",
                    item.offset + shift, pointer.appending(index), lines)
                continue
            }
            var component = DynamicComponent(exclude: false, line: lines.position(item.offset + shift).0)
            for member in members {
                switch member.key {
                case "/": component.path = member.value.string
                case "#": component.fragment = member.value.string
                case "?":
                    var query: [String: String] = [:]
                    for pair in member.value.members ?? [] { query[pair.key] = pair.value.string ?? "" }
                    component.query = query
                case "exclude":
                    if case .bool(let flag) = member.value.kind { component.exclude = flag }
                case "comments": break
                default:
                    report(
                        Lint.malformedDynamicRule, "unknown key \"\(member.key)\" in a dynamic rule (ignored)",
                        member.keyOffset + shift, pointer.appending(index).appending(member.key), lines)
                }
            }
            out.append(component)
        }
        return out
    }

    /// 32 pairs of hex digits joined by colons.
    static func isFingerprint(_ text: String) -> Bool {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        return parts.count == 32 && parts.allSatisfy { $0.count == 2 && $0.allSatisfy(\.isHexDigit) }
    }

    /// A relation spelled almost like `target`: case, a missing or extra `s`, `.` for `/`, small edits.
    static func isNearMiss(_ text: String, _ target: String) -> Bool {
        let a = Array(text.lowercased())
        let b = Array(target)
        guard abs(a.count - b.count) <= 3 else { return false }
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count] <= 3
    }
}

/// Byte offset → 1-based line and column for the `assetlinks.json` lint: lines end at LF only and
/// columns count bytes (the AASA lint's `LineTable` also ends lines at CR and counts characters;
/// the two agree on ASCII text with LF line ends).
struct LineIndex {
    private var starts: [Int] = [0]

    init(_ bytes: [UInt8]) {
        for (index, byte) in bytes.enumerated() where byte == 0x0A { starts.append(index + 1) }
    }

    func position(_ offset: Int) -> (Int, Int) {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - starts[low] + 1)
    }
}

extension JSONValue {
    /// The first value of `key` in an object (a repeated key is not reported in `assetlinks.json`).
    fileprivate func firstMember(_ key: String) -> JSONValue? {
        members?.first { $0.key == key }?.value
    }

    /// The type's name in the lint's messages ("an object", "a string"…).
    fileprivate var assetLinksTypeName: String {
        if case .object = kind { return "an object" }
        return typeName
    }

    /// Canonical compact text (keys sorted, numbers as `Double`), for duplicate detection.
    fileprivate var canonicalText: String {
        switch kind {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value, _): return String(value)
        case .string(let value): return "\"\(value)\""
        case .array(let items): return "[" + items.map(\.canonicalText).joined(separator: ",") + "]"
        case .object(let members):
            return "{"
                + members.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value.canonicalText)" }
                .joined(separator: ",") + "}"
        }
    }
}
