/// One problem found in an association file (`apple-app-site-association` or `assetlinks.json`):
/// a parse problem or a lint finding.
///
/// `id` is stable (see `LintRule` and `LintRule.AssetLinks` for the tables); `location` is a JSON
/// pointer into the file (`/applinks/details/0/components/2`); `line`/`column` (1-based) are set
/// for syntax problems and, where known, for the value a lint points at. The AASA lint counts
/// columns in characters; the `assetlinks.json` lint sets both on every diagnostic and counts
/// columns in bytes.
public struct LintDiagnostic: Sendable, Equatable, Hashable, Codable {
    /// Stable identifier, `AASA-Lnnn` or `ANDROID-Lnnn`.
    public var id: String
    /// `"error"`, `"warning"` or `"info"`.
    public var severity: String
    /// What is wrong and why it matters, for a tester.
    public var message: String
    /// JSON pointer to the value concerned (`""` is the whole file).
    public var location: String
    /// 1-based line, when known.
    public var line: Int?
    /// 1-based column, when known.
    public var column: Int?
    /// The findings-catalogue ID this diagnostic feeds (`AASA-0nn`, `AND-0nn`), if any.
    public var relatedFinding: String?

    /// Creates a diagnostic for a rule of the table.
    public init(rule: LintRule, message: String, location: String, line: Int? = nil, column: Int? = nil) {
        self.id = rule.id
        self.severity = rule.severity.rawValue
        self.message = message
        self.location = location
        self.line = line
        self.column = column
        self.relatedFinding = rule.relatedFinding
    }

    private enum CodingKeys: String, CodingKey {
        case id, severity, message, location, line, column, relatedFinding
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        severity = try container.decode(String.self, forKey: .severity)
        message = try container.decode(String.self, forKey: .message)
        location = try container.decode(String.self, forKey: .location)
        line = try container.decodeIfPresent(Int.self, forKey: .line)
        column = try container.decodeIfPresent(Int.self, forKey: .column)
        relatedFinding = try container.decodeIfPresent(String.self, forKey: .relatedFinding)
    }

    /// Encodes `line`, `column` and `relatedFinding` as explicit `null` when unknown.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(severity, forKey: .severity)
        try container.encode(message, forKey: .message)
        try container.encode(location, forKey: .location)
        if let line { try container.encode(line, forKey: .line) } else { try container.encodeNil(forKey: .line) }
        if let column {
            try container.encode(column, forKey: .column)
        } else {
            try container.encodeNil(forKey: .column)
        }
        if let relatedFinding {
            try container.encode(relatedFinding, forKey: .relatedFinding)
        } else {
            try container.encodeNil(forKey: .relatedFinding)
        }
    }

    /// `line:column`, the line alone when the column is unknown, or `-` when the line is (text reports).
    public var lineColumnText: String {
        guard let line else { return "-" }
        return column.map { "\(line):\($0)" } ?? String(line)
    }

    /// Sort order of `AssociationDocument.diagnostics`: by line (unknown last), then location, ID, message.
    static func ordered(_ lhs: LintDiagnostic, _ rhs: LintDiagnostic) -> Bool {
        let leftLine = lhs.line ?? Int.max
        let rightLine = rhs.line ?? Int.max
        if leftLine != rightLine { return leftLine < rightLine }
        let leftColumn = lhs.column ?? Int.max
        let rightColumn = rhs.column ?? Int.max
        if leftColumn != rightColumn { return leftColumn < rightColumn }
        if lhs.location != rhs.location { return lhs.location < rhs.location }
        if lhs.id != rhs.id { return lhs.id < rhs.id }
        return lhs.message < rhs.message
    }
}

/// Severity of a lint rule.
public enum LintSeverity: String, Sendable, Equatable, Codable, CaseIterable {
    /// The device rejects the file or a part of it, or the file does not do what it says.
    case error
    /// Accepted, but risky or surprising.
    case warning
    /// Worth knowing.
    case info
}

/// The lint rules: stable ID, severity, title, and the findings-catalogue ID each feeds.
///
/// | ID | severity | finding | title |
/// |---|---|---|---|
/// | AASA-L001 | error | AASA-005 | invalid JSON (line and column) |
/// | AASA-L002 | error | AASA-021 | UTF-8 byte-order mark |
/// | AASA-L003 | error | AASA-021 | comment |
/// | AASA-L004 | error | AASA-021 | trailing comma |
/// | AASA-L005 | warning | AASA-021 | duplicate key in an object (the last one wins) |
/// | AASA-L006 | error | AASA-005 | body is not JSON at all (empty, HTML, RTF, text) |
/// | AASA-L007 | info | – | CMS-signed body (legacy iOS 8 format); signature not verified |
/// | AASA-L008 | error | AASA-005 | CMS-looking body that could not be unwrapped |
/// | AASA-L009 | error | AASA-006 | file over 128 KiB |
/// | AASA-L010 | error | AASA-005 | top level is not an object |
/// | AASA-L011 | warning | AASA-005 | no `applinks` service |
/// | AASA-L012 | warning | AASA-021 | unknown key (with the likely intended key) |
/// | AASA-L013 | error | AASA-021 | wrong type for a key (the value is ignored) |
/// | AASA-L014 | warning | AASA-016 | non-boolean flag read leniently (`"yes"`, `null`, array…) |
/// | AASA-L015 | warning | AASA-016 | non-string `/` or `#`: that part is unconstrained |
/// | AASA-L016 | warning | AASA-016 | `?` dictionary with a non-string value: the whole `?` is dropped |
/// | AASA-L017 | warning | AASA-016 | component that is not a dictionary: matches everything |
/// | AASA-L018 | warning | AASA-016 | undefined substitution variable: the pattern matches nothing |
/// | AASA-L019 | warning | AASA-021 | app ID not shaped `PREFIX.bundle.id` (10-character prefix) |
/// | AASA-L020 | warning | AASA-014 | app ID named by an earlier detail: this detail is dead for it |
/// | AASA-L021 | warning | AASA-014 | rule that can never decide (shadowed by an earlier rule) |
/// | AASA-L022 | warning | AASA-015 | `defaults` carrying `/`, `?`, `#` or `exclude` |
/// | AASA-L023 | warning | AASA-017 | `percentEncoded: false` widening (`%2F` becomes a separator) |
/// | AASA-L024 | warning | AASA-013 | `components` and `paths` disagree on sample paths |
/// | AASA-L025 | warning | AASA-018 | whole-site claim or pattern routing sensitive paths into the app |
/// | AASA-L026 | info | AASA-021 | missing legacy `"apps": []` while a detail uses `paths` (iOS ≤ 12 only) |
/// | AASA-L027 | warning | AASA-021 | legacy `apps` not empty |
/// | AASA-L028 | info | – | undocumented key (`relativeOrder`, `requiredEntitlement`): shown, not used |
/// | AASA-L029 | warning | AASA-014 | detail that can never match (no app, no rules, empty `components`) |
/// | AASA-L030 | warning | AASA-021 | malformed substitution variable (name, values) |
/// | AASA-L031 | info | AASA-013 | both `components` and `paths`: iOS 13+ ignores `paths` |
/// | AASA-L032 | error | AASA-005 | parser limit reached (size, depth, count): reading stopped |
/// | AASA-L033 | warning | AASA-021 | `appIDs` and `appID` both in a detail: `appIDs` wins, `appID` is ignored |
public struct LintRule: Sendable, Equatable {
    /// Stable identifier.
    public var id: String
    /// Severity of every diagnostic of this rule.
    public var severity: LintSeverity
    /// One-line title.
    public var title: String
    /// The findings-catalogue ID this rule feeds, if any.
    public var relatedFinding: String?

    public static let invalidJSON =
        LintRule(id: "AASA-L001", severity: .error, title: "invalid JSON", relatedFinding: "AASA-005")
    public static let byteOrderMark =
        LintRule(id: "AASA-L002", severity: .error, title: "UTF-8 byte-order mark", relatedFinding: "AASA-021")
    public static let comment =
        LintRule(id: "AASA-L003", severity: .error, title: "comment in JSON", relatedFinding: "AASA-021")
    public static let trailingComma =
        LintRule(id: "AASA-L004", severity: .error, title: "trailing comma", relatedFinding: "AASA-021")
    public static let duplicateKey =
        LintRule(id: "AASA-L005", severity: .warning, title: "duplicate key", relatedFinding: "AASA-021")
    public static let notJSON =
        LintRule(id: "AASA-L006", severity: .error, title: "body is not JSON", relatedFinding: "AASA-005")
    public static let cmsSigned =
        LintRule(
            id: "AASA-L007", severity: .info, title: "CMS-signed body, signature not verified",
            relatedFinding: nil)
    public static let cmsUnreadable =
        LintRule(
            id: "AASA-L008", severity: .error, title: "CMS body could not be unwrapped",
            relatedFinding: "AASA-005")
    public static let tooLarge =
        LintRule(id: "AASA-L009", severity: .error, title: "file over 128 KiB", relatedFinding: "AASA-006")
    public static let topLevelNotObject =
        LintRule(id: "AASA-L010", severity: .error, title: "top level is not an object", relatedFinding: "AASA-005")
    public static let noAppLinks =
        LintRule(id: "AASA-L011", severity: .warning, title: "no applinks service", relatedFinding: "AASA-005")
    public static let unknownKey =
        LintRule(id: "AASA-L012", severity: .warning, title: "unknown key", relatedFinding: "AASA-021")
    public static let wrongType =
        LintRule(id: "AASA-L013", severity: .error, title: "wrong type", relatedFinding: "AASA-021")
    public static let lenientBoolean =
        LintRule(
            id: "AASA-L014", severity: .warning, title: "non-boolean flag read leniently",
            relatedFinding: "AASA-016")
    public static let nonStringPattern =
        LintRule(
            id: "AASA-L015", severity: .warning, title: "non-string pattern leaves the part unconstrained",
            relatedFinding: "AASA-016")
    public static let queryDictionaryDropped =
        LintRule(
            id: "AASA-L016", severity: .warning, title: "? dictionary with a non-string value is dropped",
            relatedFinding: "AASA-016")
    public static let nonDictionaryComponent =
        LintRule(
            id: "AASA-L017", severity: .warning, title: "component is not a dictionary",
            relatedFinding: "AASA-016")
    public static let undefinedVariable =
        LintRule(
            id: "AASA-L018", severity: .warning, title: "undefined substitution variable",
            relatedFinding: "AASA-016")
    public static let appIDShape =
        LintRule(
            id: "AASA-L019", severity: .warning, title: "app ID not shaped PREFIX.bundle",
            relatedFinding: "AASA-021")
    public static let duplicateAppID =
        LintRule(
            id: "AASA-L020", severity: .warning, title: "duplicate app ID across details",
            relatedFinding: "AASA-014")
    public static let shadowedRule =
        LintRule(id: "AASA-L021", severity: .warning, title: "rule can never decide", relatedFinding: "AASA-014")
    public static let defaultsCarryRuleKeys =
        LintRule(id: "AASA-L022", severity: .warning, title: "defaults carry rule keys", relatedFinding: "AASA-015")
    public static let percentDecodingWidens =
        LintRule(
            id: "AASA-L023", severity: .warning, title: "percentEncoded false widens matching",
            relatedFinding: "AASA-017")
    public static let componentsPathsDisagree =
        LintRule(
            id: "AASA-L024", severity: .warning, title: "components and paths disagree",
            relatedFinding: "AASA-013")
    public static let sensitivePaths =
        LintRule(
            id: "AASA-L025", severity: .warning, title: "sensitive paths routed into the app",
            relatedFinding: "AASA-018")
    public static let missingLegacyApps =
        LintRule(id: "AASA-L026", severity: .info, title: "missing legacy apps: []", relatedFinding: "AASA-021")
    public static let legacyAppsNotEmpty =
        LintRule(id: "AASA-L027", severity: .warning, title: "legacy apps not empty", relatedFinding: "AASA-021")
    public static let undocumentedKey =
        LintRule(id: "AASA-L028", severity: .info, title: "undocumented key shown but not used", relatedFinding: nil)
    public static let deadDetail =
        LintRule(id: "AASA-L029", severity: .warning, title: "detail can never match", relatedFinding: "AASA-014")
    public static let badSubstitutionVariable =
        LintRule(
            id: "AASA-L030", severity: .warning, title: "malformed substitution variable",
            relatedFinding: "AASA-021")
    public static let pathsIgnored =
        LintRule(id: "AASA-L031", severity: .info, title: "paths ignored on iOS 13+", relatedFinding: "AASA-013")
    public static let limitReached =
        LintRule(id: "AASA-L032", severity: .error, title: "parser limit reached", relatedFinding: "AASA-005")
    public static let appIDAndAppIDs = LintRule(
        id: "AASA-L033", severity: .warning, title: "appIDs and appID both present", relatedFinding: "AASA-021"
    )
    public static let hiddenCharacters = LintRule(
        id: "AASA-L034", severity: .warning, title: "bidirectional or invisible characters", relatedFinding: "AASA-027"
    )

    /// Every rule, in ID order.
    public static let all: [LintRule] = [
        invalidJSON, byteOrderMark, comment, trailingComma, duplicateKey, notJSON, cmsSigned, cmsUnreadable,
        tooLarge, topLevelNotObject, noAppLinks, unknownKey, wrongType, lenientBoolean, nonStringPattern,
        queryDictionaryDropped, nonDictionaryComponent, undefinedVariable, appIDShape, duplicateAppID,
        shadowedRule, defaultsCarryRuleKeys, percentDecodingWidens, componentsPathsDisagree, sensitivePaths,
        missingLegacyApps, legacyAppsNotEmpty, undocumentedKey, deadDetail, badSubstitutionVariable,
        pathsIgnored, limitReached, appIDAndAppIDs, hiddenCharacters,
    ]
}

extension LintRule {
    /// The `assetlinks.json` lint rules (`AssetLinksFile`); `docs/android.md` gives each its source.
    /// A file Android cannot use, or one granting nothing, feeds AND-001 (the host would not verify);
    /// the other problems feed AND-016.
    ///
    /// | ID | severity | finding | title |
    /// |---|---|---|---|
    /// | ANDROID-L001 | error | AND-001 | not JSON (strict RFC 8259), or nested deeper than 64 |
    /// | ANDROID-L002 | error | AND-001 | UTF-8 byte-order mark (the rest is still read) |
    /// | ANDROID-L003 | error | AND-001 | top level is not an array (a statement list) |
    /// | ANDROID-L004 | error | AND-016 | malformed statement (not an object, no relation array or target) |
    /// | ANDROID-L005 | warning | AND-016 | relation spelled close to `handle_all_urls`: grants nothing |
    /// | ANDROID-L006 | error | AND-016 | namespace neither `android_app` nor `web` |
    /// | ANDROID-L007 | error | AND-016 | `android_app` target without `package_name` |
    /// | ANDROID-L008 | error | AND-016 | fingerprint not 32 colon-separated hex pairs, or no list |
    /// | ANDROID-L009 | warning | AND-016 | fingerprint in lower-case hex |
    /// | ANDROID-L010 | info | – | `include` statement (another list is fetched) |
    /// | ANDROID-L011 | warning | AND-016 | the same statement twice |
    /// | ANDROID-L012 | warning | AND-001 | no statement grants `handle_all_urls` (and no include) |
    /// | ANDROID-L013 | error | AND-016 | malformed Android 15 dynamic rule |
    /// | ANDROID-L014 | error | AND-001 | file over 1 MiB (not read) |
    public enum AssetLinks {
        public static let invalidJSON = LintRule(
            id: "ANDROID-L001", severity: .error, title: "not JSON", relatedFinding: "AND-001")
        public static let byteOrderMark = LintRule(
            id: "ANDROID-L002", severity: .error, title: "UTF-8 byte-order mark", relatedFinding: "AND-001")
        public static let topLevelNotArray = LintRule(
            id: "ANDROID-L003", severity: .error, title: "top level is not an array", relatedFinding: "AND-001")
        public static let malformedStatement = LintRule(
            id: "ANDROID-L004", severity: .error, title: "malformed statement", relatedFinding: "AND-016")
        public static let misspelledRelation = LintRule(
            id: "ANDROID-L005", severity: .warning, title: "misspelled relation", relatedFinding: "AND-016")
        public static let unknownNamespace = LintRule(
            id: "ANDROID-L006", severity: .error, title: "unknown target namespace", relatedFinding: "AND-016")
        public static let missingPackage = LintRule(
            id: "ANDROID-L007", severity: .error, title: "android_app target without package_name",
            relatedFinding: "AND-016")
        public static let malformedFingerprint = LintRule(
            id: "ANDROID-L008", severity: .error, title: "malformed certificate fingerprint",
            relatedFinding: "AND-016")
        public static let lowercaseFingerprint = LintRule(
            id: "ANDROID-L009", severity: .warning, title: "lower-case fingerprint", relatedFinding: "AND-016")
        public static let include = LintRule(
            id: "ANDROID-L010", severity: .info, title: "include statement", relatedFinding: nil)
        public static let duplicateStatement = LintRule(
            id: "ANDROID-L011", severity: .warning, title: "duplicate statement", relatedFinding: "AND-016")
        public static let noLinkStatement = LintRule(
            id: "ANDROID-L012", severity: .warning, title: "no statement grants handle_all_urls",
            relatedFinding: "AND-001")
        public static let malformedDynamicRule = LintRule(
            id: "ANDROID-L013", severity: .error, title: "malformed dynamic rule", relatedFinding: "AND-016")
        public static let tooLarge = LintRule(
            id: "ANDROID-L014", severity: .error, title: "file over 1 MiB", relatedFinding: "AND-001")

        /// Every `assetlinks.json` rule, in ID order.
        public static let all: [LintRule] = [
            invalidJSON, byteOrderMark, topLevelNotArray, malformedStatement, misspelledRelation, unknownNamespace,
            missingPackage, malformedFingerprint, lowercaseFingerprint, include, duplicateStatement,
            noLinkStatement, malformedDynamicRule, tooLarge,
        ]
    }
}
