import Foundation

/// A parsed `/.well-known/assetlinks.json` (Digital Asset Links statement list) with lint
/// diagnostics that carry stable IDs and line:column (`docs/android.md` §3).
public struct AssetLinksFile: Sendable, Equatable {
    public static let handleAllURLs = "delegate_permission/common.handle_all_urls"
    /// Largest file read.
    public static let maxBytes = 1 << 20

    public var statements: [Statement]
    /// `include` targets (other statement lists), in order.
    public var includes: [String]
    public var diagnostics: [Diagnostic]

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

    public struct Diagnostic: Sendable, Equatable, Codable {
        public var id: String
        public var severity: String
        public var message: String
        public var line: Int
        public var column: Int
    }

    /// Package names and fingerprints the file grants link handling to.
    public func grants(package: String) -> [Statement] {
        statements.filter { statement in
            guard statement.grantsLinks, case let .androidApp(name, _) = statement.target else { return false }
            return name == package
        }
    }
}

extension AssetLinksFile {
    /// Lint rules: stable IDs (`docs/android.md` lists them with their sources).
    enum Rule: String {
        case invalidJSON = "ANDROID-L001"
        case byteOrderMark = "ANDROID-L002"
        case topLevelNotArray = "ANDROID-L003"
        case malformedStatement = "ANDROID-L004"
        case misspelledRelation = "ANDROID-L005"
        case unknownNamespace = "ANDROID-L006"
        case missingPackage = "ANDROID-L007"
        case malformedFingerprint = "ANDROID-L008"
        case lowercaseFingerprint = "ANDROID-L009"
        case include = "ANDROID-L010"
        case duplicateStatement = "ANDROID-L011"
        case noLinkStatement = "ANDROID-L012"
        case malformedDynamicRule = "ANDROID-L013"
        case tooLarge = "ANDROID-L014"

        var severity: String {
            switch self {
            case .lowercaseFingerprint, .duplicateStatement, .noLinkStatement, .misspelledRelation: return "warning"
            case .include: return "info"
            default: return "error"
            }
        }
    }

    /// Parses and lints `data`. Never throws: an unreadable file is one diagnostic and no statements.
    public init(data: Data) {
        statements = []
        includes = []
        diagnostics = []
        var bytes = [UInt8](data.prefix(Self.maxBytes + 1))
        let lines = LineIndex(bytes)
        guard bytes.count <= Self.maxBytes else {
            report(.tooLarge, "file is over \(Self.maxBytes) bytes; not read", 0, lines)
            return
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            report(.byteOrderMark, "file starts with a UTF-8 byte-order mark, which strict JSON parsers refuse",
                   0, lines)
            bytes = Array(bytes.dropFirst(3))
        }
        let shift = data.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let root: PositionedJSON
        do {
            root = try PositionedJSON.parse(bytes)
        } catch {
            report(.invalidJSON, "not JSON: \(error.reason)", error.offset + shift, lines)
            return
        }
        guard let items = root.array else {
            report(.topLevelNotArray, "top level is \(root.typeName); a statement list is an array",
                   root.offset + shift, lines)
            return
        }
        var seen: [String: Int] = [:]
        for item in items {
            readStatement(item, shift: shift, lines: lines, seen: &seen)
        }
        if !statements.contains(where: \.grantsLinks) && includes.isEmpty {
            report(.noLinkStatement,
                   "no statement grants \(Self.handleAllURLs): no app can verify links with this file",
                   root.offset + shift, lines)
        }
    }

    private mutating func report(_ rule: Rule, _ message: String, _ offset: Int, _ lines: LineIndex) {
        guard diagnostics.count < 500 else { return }
        let (line, column) = lines.position(offset)
        diagnostics.append(Diagnostic(id: rule.rawValue, severity: rule.severity, message: message, line: line,
            column: column))
    }

    private mutating func readStatement(_ item: PositionedJSON, shift: Int, lines: LineIndex,
        seen: inout [String: Int]) {
        let at = item.offset + shift
        guard item.members != nil else {
            report(.malformedStatement, "statement is \(item.typeName), not an object", at, lines)
            return
        }
        if let include = item.member("include") {
            if let url = include.string {
                includes.append(url)
                report(.include, "includes \(url): Android fetches it too (chains are followed up to a limit)",
                       at, lines)
            } else {
                report(.malformedStatement, "include is \(include.typeName), not a URL string",
                       include.offset + shift, lines)
            }
            return
        }
        let key = item.description
        if let first = seen[key] {
            report(.duplicateStatement, "same statement as line \(first)", at, lines)
        } else {
            seen[key] = lines.position(at).0
        }
        guard let relationValues = item.member("relation")?.array else {
            report(.malformedStatement, "statement has no relation array", at, lines)
            return
        }
        var relations: [String] = []
        for value in relationValues {
            guard let relation = value.string else {
                report(.malformedStatement, "relation is \(value.typeName), not a string", value.offset + shift, lines)
                continue
            }
            relations.append(relation)
            if relation != Self.handleAllURLs, Self.isNearMiss(relation, Self.handleAllURLs) {
                report(.misspelledRelation,
                       "relation \"\(relation)\" is not \"\(Self.handleAllURLs)\": no link is granted",
                       value.offset + shift, lines)
            }
        }
        guard let target = item.member("target"), target.members != nil else {
            report(.malformedStatement, "statement has no target object", at, lines)
            return
        }
        let namespace = target.member("namespace")?.string ?? ""
        var parsedTarget = Target.other(namespace: namespace)
        switch namespace {
        case "android_app":
            let package = target.member("package_name")?.string ?? ""
            if package.isEmpty {
                report(.missingPackage, "android_app target has no package_name", target.offset + shift, lines)
            }
            var fingerprints: [String] = []
            for value in target.member("sha256_cert_fingerprints")?.array ?? [] {
                guard let text = value.string else {
                    report(.malformedFingerprint, "fingerprint is \(value.typeName)", value.offset + shift, lines)
                    continue
                }
                if !Self.isFingerprint(text) {
                    report(.malformedFingerprint,
                           "\"\(text)\" is not 32 hex byte pairs joined by ':' (SHA-256 of the signing certificate)",
                           value.offset + shift, lines)
                } else if text != text.uppercased() {
                    report(.lowercaseFingerprint, "fingerprint uses lower-case hex; write it in upper case",
                           value.offset + shift, lines)
                }
                fingerprints.append(text.uppercased())
            }
            if target.member("sha256_cert_fingerprints") == nil {
                report(.malformedFingerprint, "android_app target has no sha256_cert_fingerprints",
                       target.offset + shift, lines)
            }
            parsedTarget = .androidApp(packageName: package, fingerprints: fingerprints)
        case "web":
            parsedTarget = .web(site: target.member("site")?.string ?? "")
        default:
            report(.unknownNamespace, "namespace \"\(namespace)\" is neither android_app nor web",
                   target.offset + shift, lines)
        }
        let dynamic = item.member("relation_extensions")?.member(Self.handleAllURLs)?
            .member("dynamic_app_link_components")
        statements.append(Statement(
            relations: relations, target: parsedTarget,
            dynamicComponents: dynamic.map { readDynamic($0, shift: shift, lines: lines) },
            line: lines.position(at).0, column: lines.position(at).1))
    }

    private mutating func readDynamic(_ value: PositionedJSON, shift: Int, lines: LineIndex) -> [DynamicComponent] {
        guard let items = value.array else {
            report(.malformedDynamicRule, "dynamic_app_link_components is \(value.typeName), not an array",
                   value.offset + shift, lines)
            return []
        }
        var out: [DynamicComponent] = []
        for item in items {
            guard let members = item.members else {
                report(.malformedDynamicRule, "dynamic rule is \(item.typeName), not an object",
                       item.offset + shift, lines)
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
                    if case let .bool(flag, _) = member.value { component.exclude = flag }
                case "comments": break
                default:
                    report(.malformedDynamicRule, "unknown key \"\(member.key)\" in a dynamic rule (ignored)",
                           member.keyOffset + shift, lines)
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
        let a = Array(text.lowercased()), b = Array(target)
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

/// Byte offset → 1-based line and column (columns count bytes, like the AASA lint).
struct LineIndex {
    private var starts: [Int] = [0]

    init(_ bytes: [UInt8]) {
        for (index, byte) in bytes.enumerated() where byte == 0x0A { starts.append(index + 1) }
    }

    func position(_ offset: Int) -> (Int, Int) {
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - starts[low] + 1)
    }
}
