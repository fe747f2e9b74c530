/// JSON pointer → byte offset of every value read, recorded in reading order. Lint looks a
/// pointer up only when it reports something, so the dictionary is built then, not per read.
struct SourceMap: Sendable {
    private var pointers: [JSONPointer] = []
    private var offsets: [Int] = []

    mutating func note(_ pointer: JSONPointer, _ offset: Int) {
        pointers.append(pointer)
        offsets.append(offset)
    }

    /// Pointer text → offset; a pointer noted twice keeps its last offset.
    func dictionary() -> [String: Int] {
        var result: [String: Int] = [:]
        result.reserveCapacity(pointers.count)
        for (pointer, offset) in zip(JSONPointer.texts(pointers), offsets) { result[pointer] = offset }
        return result
    }
}

/// Builds the model from parsed JSON the way Apple's reader does (`SiteAssociationOverview`),
/// reporting wrong keys, wrong types and every place the file relies on Apple's leniency.
struct AssociationReader {
    let lines: LineTable
    private(set) var diagnostics: [LintDiagnostic] = []
    /// JSON pointer → byte offset of every value read, so lint can give line and column.
    private(set) var sourceMap = SourceMap()

    init(lines: LineTable) {
        self.lines = lines
    }

    private mutating func report(_ rule: LintRule, _ message: String, at pointer: JSONPointer, offset: Int?) {
        var line: Int?
        var column: Int?
        if let offset {
            let position = lines.lineAndColumn(of: offset)
            line = position.line
            column = position.column
        }
        diagnostics.append(
            LintDiagnostic(
                rule: rule, message: message, location: pointer.text, line: line,
                column: column))
    }

    private mutating func note(_ pointer: JSONPointer, _ value: JSONValue) {
        sourceMap.note(pointer, value.offset)
    }

    /// Likely intended key for a misspelt one, compared without case.
    private static let suggestions: [String: String] = [
        "appid": "appID", "app_id": "appID", "appids": "appIDs", "app_ids": "appIDs", "apps": "apps",
        "path": "paths", "pattern": "paths", "component": "components", "details": "details", "detail": "details",
        "applink": "applinks", "app_links": "applinks", "weblinks": "applinks", "webcredential": "webcredentials",
        "webcredentials": "webcredentials", "appclip": "appclips", "activitycontinuations": "activitycontinuation",
        "substitutionvariable": "substitutionVariables", "substitutionvariables": "substitutionVariables",
        "default": "defaults", "defaults": "defaults",
        "query": "?", "fragment": "#", "excluded": "exclude", "exclusion": "exclude", "casesensitive": "caseSensitive",
        "case_sensitive": "caseSensitive", "percentencoded": "percentEncoded", "percent_encoded": "percentEncoded",
        "comments": "comment", "/path": "/", "components": "components", "paths": "paths", "appclips": "appclips",
        "activitycontinuation": "activitycontinuation", "exclude": "exclude", "relativeorder": "relativeOrder",
    ]

    private mutating func unknownKey(_ member: JSONMember, in pointer: JSONPointer, known: [String], context: String) {
        let lowered = member.key.lowercased()
        var message = "unknown key \"\(member.key)\" in \(context); it is ignored"
        if let suggestion = AssociationReader.suggestions[lowered], known.contains(suggestion),
            suggestion != member.key
        {
            message += " (did you mean \"\(suggestion)\"?)"
        } else if let match = known.first(where: { $0.lowercased() == lowered }) {
            message += " (did you mean \"\(match)\"? keys are case-sensitive)"
        }
        report(.unknownKey, message, at: pointer.appending(member.key), offset: member.keyOffset)
    }

    // MARK: Hidden characters

    /// Keys and strings with hidden characters reported one by one up to this many.
    static let hiddenReportLimit = 20

    /// Reports every key and string of `value` holding a bidirectional control or an
    /// invisible character (`HiddenCharacters`), shown with visible markers.
    private mutating func reportHiddenCharacters(
        _ value: JSONValue, at pointer: JSONPointer, depth: Int,
        count: inout Int
    ) {
        guard depth < 256 else { return }
        switch value.kind {
        case .string(let text):
            if HiddenCharacters.contains(text) {
                reportHidden("string", text, at: pointer, offset: value.offset, count: &count)
            }
        case .array(let items):
            for (index, item) in items.enumerated() {
                reportHiddenCharacters(item, at: pointer.appending(index), depth: depth + 1, count: &count)
            }
        case .object(let members):
            for member in members {
                if HiddenCharacters.contains(member.key) {
                    reportHidden(
                        "key", member.key, at: pointer.appending(member.key), offset: member.keyOffset,
                        count: &count)
                }
                reportHiddenCharacters(member.value, at: pointer.appending(member.key), depth: depth + 1, count: &count)
            }
        case .null, .bool, .number:
            break
        }
    }

    private mutating func reportHidden(
        _ what: String, _ text: String, at pointer: JSONPointer, offset: Int,
        count: inout Int
    ) {
        count += 1
        guard count <= Self.hiddenReportLimit else { return }
        let codes = HiddenCharacters.codes(in: text)
        let bidi = text.unicodeScalars.contains(where: HiddenCharacters.isBidiControl)
        let effect =
            bidi ? "bidirectional controls reorder what a reader sees" : "invisible characters hide from a reader"
        report(
            .hiddenCharacters,
            """
            \(what) \"\(HiddenCharacters.marked(String(text.prefix(200))))\(text.count > 200 ? "…" : "")\" \
            holds \(codes.joined(separator: ", ")): \(effect), while a device matches the characters as they are
            """, at: pointer, offset: offset)
    }

    // MARK: Top level

    mutating func read(_ root: JSONValue) -> AssociationFile? {
        let pointer = JSONPointer()
        var hidden = 0
        reportHiddenCharacters(root, at: pointer, depth: 0, count: &hidden)
        if hidden > Self.hiddenReportLimit {
            report(
                .hiddenCharacters,
                """
                \(hidden - Self.hiddenReportLimit) more keys or strings hold bidirectional or invisible characters
                """, at: pointer, offset: root.offset)
        }
        guard let members = root.members else {
            report(
                .topLevelNotObject, "the top level is \(root.typeName); an association file is a dictionary",
                at: pointer, offset: root.offset)
            return nil
        }
        var file = AssociationFile()
        let known = ["applinks", "webcredentials", "appclips", "activitycontinuation"]
        for member in members where !known.contains(member.key) {
            unknownKey(member, in: pointer, known: known, context: "the top level")
        }
        if let applinks = root["applinks"] {
            file.applinks = readAppLinks(applinks, at: pointer.appending("applinks"))
        } else {
            report(
                .noAppLinks, "no \"applinks\" key: this file opens no universal links", at: pointer,
                offset: root.offset)
        }
        for service in ["webcredentials", "appclips", "activitycontinuation"] {
            guard let value = root[service] else { continue }
            let apps = readServiceApps(value, at: pointer.appending(service), service: service)
            switch service {
            case "webcredentials": file.webcredentials = apps
            case "appclips": file.appclips = apps
            default: file.activitycontinuation = apps
            }
        }
        return file
    }

    private mutating func readServiceApps(
        _ value: JSONValue, at pointer: JSONPointer,
        service: String
    ) -> ServiceApps? {
        note(pointer, value)
        guard let members = value.members else {
            report(
                .wrongType, "\"\(service)\" is \(value.typeName); expected a dictionary with \"apps\"", at: pointer,
                offset: value.offset)
            return nil
        }
        for member in members where member.key != "apps" {
            unknownKey(member, in: pointer, known: ["apps"], context: "\"\(service)\"")
        }
        guard let apps = value["apps"] else {
            report(.wrongType, "\"\(service)\" has no \"apps\" array", at: pointer, offset: value.offset)
            return ServiceApps(apps: [])
        }
        let list = readStringArray(apps, at: pointer.appending("apps"), what: "app IDs")
        for (index, appID) in list.enumerated() {
            checkAppIDShape(
                appID, at: pointer.appending("apps").appending(index),
                offset: apps.array?[safe: index]?.offset)
        }
        return ServiceApps(apps: list)
    }

    /// String members of an array (others reported and skipped, as Apple skips them).
    private mutating func readStringArray(_ value: JSONValue, at pointer: JSONPointer, what: String) -> [String] {
        note(pointer, value)
        guard let items = value.array else {
            report(
                .wrongType, "expected an array of \(what), found \(value.typeName); it is ignored", at: pointer,
                offset: value.offset)
            return []
        }
        var strings: [String] = []
        for (index, item) in items.enumerated() {
            note(pointer.appending(index), item)
            if let text = item.string {
                strings.append(text)
            } else {
                report(
                    .wrongType, "member \(index) is \(item.typeName), not a string; it is skipped",
                    at: pointer.appending(index), offset: item.offset)
            }
        }
        return strings
    }

    // MARK: applinks

    private mutating func readAppLinks(_ value: JSONValue, at pointer: JSONPointer) -> AppLinks? {
        note(pointer, value)
        guard let members = value.members else {
            report(
                .wrongType, "\"applinks\" is \(value.typeName); expected a dictionary", at: pointer,
                offset: value.offset)
            return nil
        }
        var applinks = AppLinks()
        let known = ["apps", "details", "defaults", "substitutionVariables"]
        for member in members where !known.contains(member.key) {
            unknownKey(member, in: pointer, known: known, context: "\"applinks\"")
        }
        if let apps = value["apps"] {
            let list = readStringArray(apps, at: pointer.appending("apps"), what: "app IDs")
            applinks.apps = list
            if !list.isEmpty || (apps.array?.isEmpty == false) {
                report(
                    .legacyAppsNotEmpty, "legacy \"apps\" should be an empty array; its contents are ignored",
                    at: pointer.appending("apps"), offset: apps.offset)
            }
        }
        if let defaults = value["defaults"] {
            applinks.defaults =
                readComponentDictionary(defaults, at: pointer.appending("defaults"), context: "applinks.defaults")
        }
        if let variables = value["substitutionVariables"] {
            applinks.substitutionVariables = readVariables(variables, at: pointer.appending("substitutionVariables"))
        }
        guard let details = value["details"] else {
            report(
                .wrongType, "\"applinks\" has no \"details\": no app is associated", at: pointer,
                offset: value.offset)
            return applinks
        }
        let detailsPointer = pointer.appending("details")
        note(detailsPointer, details)
        switch details.kind {
        case .array(let items):
            applinks.detailsForm = .array
            for (index, item) in items.enumerated() {
                applinks.details.append(readDetail(item, at: detailsPointer.appending(index), keyAppID: nil))
            }
        case .object(let members):
            applinks.detailsForm = .dictionary
            let detailKeys: Set<String> = ["appID", "appIDs", "paths", "components", "defaults"]
            if members.contains(where: { detailKeys.contains($0.key) }) {
                report(
                    .wrongType,
                    """
                    \"details\" is a dictionary with detail keys \
                    (\(members.map(\.key).filter(detailKeys.contains).joined(separator: ", "))): it must be an array \
                    of details ([{…}]); read as the legacy form keyed by app ID, it names no real app
                    """, at: detailsPointer, offset: details.offset)
            }
            var seen = Set<String>()
            for member in members where seen.insert(member.key).inserted {
                let value = details[member.key] ?? member.value
                applinks.details.append(
                    readDetail(
                        value, at: detailsPointer.appending(member.key),
                        keyAppID: member.key, keyOffset: member.keyOffset))
            }
        default:
            report(
                .wrongType, "\"details\" is \(details.typeName); expected an array of dictionaries",
                at: detailsPointer, offset: details.offset)
        }
        // Only iOS 12 and older require `apps: []`, and they read only `paths`: without a detail
        // using `paths`, those systems open no link from this file anyway, so the key is moot.
        if value["apps"] == nil, let legacy = applinks.details.firstIndex(where: { $0.paths != nil }) {
            let name = applinks.detailsForm == .array ? "details[\(legacy)]" : "a detail"
            report(
                .missingLegacyApps,
                """
                no legacy \"apps\": [] while \(name) uses \"paths\": iOS 12 and older read only \"paths\" and ignore \
                the file without \"apps\": [] (newer systems ignore the key)
                """, at: pointer, offset: value.offset)
        }
        return applinks
    }

    private mutating func readVariables(_ value: JSONValue, at pointer: JSONPointer) -> [String: [String]] {
        note(pointer, value)
        guard let members = value.members else {
            report(
                .wrongType,
                """
                \"substitutionVariables\" is \(value.typeName); expected a dictionary of name → array of strings
                """, at: pointer, offset: value.offset)
            return [:]
        }
        var variables: [String: [String]] = [:]
        for member in members {
            let item = pointer.appending(member.key)
            note(item, member.value)
            if member.key.contains(where: { $0 == "$" || $0 == "(" || $0 == ")" }) || member.key.isEmpty {
                report(
                    .badSubstitutionVariable,
                    """
                    variable name \"\(member.key)\" cannot be referenced (names may not be empty or contain $, ( or ))
                    """, at: item, offset: member.keyOffset)
            }
            if BuiltinClass(rawValue: member.key) != nil || member.key == "region" || member.key == "lang" {
                report(
                    .badSubstitutionVariable,
                    "variable \"\(member.key)\" redefines a built-in; this file's values are used", at: item,
                    offset: member.keyOffset)
            }
            guard let items = member.value.array else {
                report(
                    .badSubstitutionVariable,
                    "variable \"\(member.key)\" is \(member.value.typeName); expected an array of strings", at: item,
                    offset: member.value.offset)
                continue
            }
            var values: [String] = []
            for (index, element) in items.enumerated() {
                guard let text = element.string else {
                    report(
                        .badSubstitutionVariable,
                        """
                        value \(index) of \"\(member.key)\" is \(element.typeName), not a string; it is skipped
                        """, at: item.appending(index), offset: element.offset)
                    continue
                }
                if text.containsVariableReference {
                    report(
                        .badSubstitutionVariable,
                        """
                        value \(JSONValue.quoted(text)) of \"\(member.key)\" contains \"$(\": values cannot reference \
                        variables (taken literally)
                        """, at: item.appending(index), offset: element.offset)
                }
                values.append(text)
            }
            if values.isEmpty {
                report(
                    .badSubstitutionVariable,
                    "variable \"\(member.key)\" has no values: patterns using it match nothing", at: item,
                    offset: member.value.offset)
            }
            variables[member.key] = values
        }
        return variables
    }

    // MARK: Details

    private mutating func readDetail(
        _ value: JSONValue, at pointer: JSONPointer, keyAppID: String?,
        keyOffset: Int? = nil
    ) -> AppLinksDetail {
        note(pointer, value)
        guard let members = value.members else {
            report(
                .wrongType, "detail is \(value.typeName); expected a dictionary (it is ignored)", at: pointer,
                offset: value.offset)
            return AppLinksDetail(appIDs: keyAppID.map { [$0] } ?? [], appIDSource: keyAppID == nil ? .none : .key)
        }
        let known = ["appID", "appIDs", "components", "paths", "defaults", "relativeOrder", "comment"]
        for member in members where !known.contains(member.key) {
            unknownKey(member, in: pointer, known: known, context: "a detail")
        }
        var detail = AppLinksDetail(appIDs: [], appIDSource: .none)
        if let keyAppID {
            detail.appIDs = [keyAppID]
            detail.appIDSource = .key
            checkAppIDShape(keyAppID, at: pointer, offset: keyOffset)
        } else {
            let appIDsValue = value["appIDs"]
            if let appIDsValue, appIDsValue.array != nil {
                detail.appIDs = readStringArray(appIDsValue, at: pointer.appending("appIDs"), what: "app IDs")
                detail.appIDSource = .appIDs
                if let items = appIDsValue.array {
                    for (index, item) in items.enumerated() {
                        if let text = item.string {
                            checkAppIDShape(text, at: pointer.appending("appIDs").appending(index), offset: item.offset)
                        }
                    }
                }
                if value["appID"] != nil {
                    report(
                        .appIDAndAppIDs,
                        """
                        \"appIDs\" and \"appID\" both present: \"appIDs\" \
                        wins\(detail.appIDs.isEmpty ? " even though it is empty, so this detail names no app" : "") \
                        and \"appID\" is ignored
                        """, at: pointer.appending("appID"), offset: value["appID"]?.offset)
                }
            } else {
                if let appIDsValue {
                    report(
                        .wrongType, "\"appIDs\" is \(appIDsValue.typeName); expected an array (it is ignored)",
                        at: pointer.appending("appIDs"), offset: appIDsValue.offset)
                }
                if let appIDValue = value["appID"] {
                    if let text = appIDValue.string {
                        detail.appIDs = [text]
                        detail.appIDSource = .appID
                        checkAppIDShape(text, at: pointer.appending("appID"), offset: appIDValue.offset)
                    } else {
                        report(
                            .wrongType, "\"appID\" is \(appIDValue.typeName); expected a string (it is ignored)",
                            at: pointer.appending("appID"), offset: appIDValue.offset)
                    }
                }
            }
        }
        if let components = value["components"] {
            let componentsPointer = pointer.appending("components")
            note(componentsPointer, components)
            if let items = components.array {
                detail.components = items.enumerated().map { index, item in
                    readComponent(item, at: componentsPointer.appending(index))
                }
            } else {
                report(
                    .wrongType,
                    """
                    \"components\" is \(components.typeName); expected an array (it is \
                    ignored\(value["paths"] != nil ? ", \"paths\" is used" : ""))
                    """, at: componentsPointer, offset: components.offset)
            }
        }
        if let paths = value["paths"] {
            let pathsPointer = pointer.appending("paths")
            if paths.array != nil {
                detail.paths = readStringArray(paths, at: pathsPointer, what: "path patterns")
            } else {
                note(pathsPointer, paths)
                report(
                    .wrongType, "\"paths\" is \(paths.typeName); expected an array of strings (it is ignored)",
                    at: pathsPointer, offset: paths.offset)
            }
        }
        if let defaults = value["defaults"] {
            detail.defaults =
                readComponentDictionary(defaults, at: pointer.appending("defaults"), context: "details defaults")
        }
        if let order = value["relativeOrder"] {
            if case .number(let number, _) = order.kind, number.isFinite {
                let clamped = max(-100, min(100, number.rounded(.towardZero)))
                detail.relativeOrder = Int(clamped)
                report(
                    .undocumentedKey,
                    """
                    undocumented \"relativeOrder\" \(Int(clamped)) (clamped to −100…100): shown, not used for verdicts
                    """, at: pointer.appending("relativeOrder"), offset: order.offset)
            } else {
                report(
                    .wrongType, "\"relativeOrder\" is \(order.typeName); expected a number (it is ignored)",
                    at: pointer.appending("relativeOrder"), offset: order.offset)
            }
        }
        return detail
    }

    private mutating func checkAppIDShape(_ appID: String, at pointer: JSONPointer, offset: Int?) {
        guard !AppIDShape.isWellFormed(appID) else { return }
        report(
            .appIDShape,
            """
            app ID \(JSONValue.quoted(appID)) is not PREFIX.bundle.id with a 10-character prefix (A–Z, 0–9)
            """, at: pointer, offset: offset)
    }

    // MARK: Components

    private mutating func readComponentDictionary(
        _ value: JSONValue, at pointer: JSONPointer,
        context: String
    ) -> Component? {
        guard value.members != nil else {
            note(pointer, value)
            report(
                .wrongType, "\(context) is \(value.typeName); expected a dictionary (it is ignored)", at: pointer,
                offset: value.offset)
            return nil
        }
        return readComponent(value, at: pointer)
    }

    private mutating func readComponent(_ value: JSONValue, at pointer: JSONPointer) -> Component {
        note(pointer, value)
        guard let members = value.members else {
            report(
                .nonDictionaryComponent,
                """
                component is \(value.typeName), not a dictionary: Apple reads it as a rule with no constraint, which \
                matches every URL
                """, at: pointer, offset: value.offset)
            return Component(isDictionary: false)
        }
        var component = Component()
        let known = ["/", "?", "#", "exclude", "caseSensitive", "percentEncoded", "comment", "requiredEntitlement"]
        for member in members where !known.contains(member.key) {
            unknownKey(member, in: pointer, known: known, context: "a component")
        }
        for member in members { note(pointer.appending(member.key), member.value) }
        for part in ["/", "#"] {
            guard let partValue = value[part] else { continue }
            if let text = partValue.string {
                if part == "/" { component.path = text } else { component.fragment = text }
            } else {
                component.unconstrainedKeys.append(part)
                report(
                    .nonStringPattern,
                    """
                    \"\(part)\" is \(partValue.typeName), not a string: Apple ignores it and \
                    the \(part == "/" ? "path" : "fragment") is unconstrained
                    """, at: pointer.appending(part), offset: partValue.offset)
            }
        }
        if let query = value["?"] {
            switch query.kind {
            case .string(let text):
                component.query = .pattern(text)
            case .object(let items):
                var patterns: [QueryItemPattern] = []
                var bad: [String] = []
                var seen = Set<String>()
                // A repeated name keeps its last value, as the dictionary a device builds does.
                for item in items where seen.insert(item.key).inserted {
                    let value = query[item.key] ?? item.value
                    if let text = value.string {
                        patterns.append(QueryItemPattern(name: item.key, pattern: text))
                    } else {
                        bad.append("\"\(item.key)\" is \(value.typeName)")
                    }
                }
                if bad.isEmpty {
                    component.query = .items(patterns)
                } else {
                    component.unconstrainedKeys.append("?")
                    report(
                        .queryDictionaryDropped,
                        """
                        \"?\" dictionary has a non-string value (\(bad.joined(separator: ", "))): Apple drops the \
                        whole \"?\" constraint and the rule matches any query
                        """, at: pointer.appending("?"), offset: query.offset)
                }
            default:
                component.unconstrainedKeys.append("?")
                report(
                    .nonStringPattern,
                    """
                    \"?\" is \(query.typeName), not a string or dictionary: Apple ignores it and the query is \
                    unconstrained
                    """, at: pointer.appending("?"), offset: query.offset)
            }
        }
        component.exclude = readFlag(value["exclude"], name: "exclude", at: pointer, lenient: &component.lenientFlags)
        component.caseSensitive =
            readFlag(value["caseSensitive"], name: "caseSensitive", at: pointer, lenient: &component.lenientFlags)
        component.percentEncoded =
            readFlag(value["percentEncoded"], name: "percentEncoded", at: pointer, lenient: &component.lenientFlags)
        if let comment = value["comment"] {
            if let text = comment.string { component.comment = text }
        }
        if let entitlement = value["requiredEntitlement"] {
            if let text = entitlement.string {
                component.requiredEntitlement = text
                report(
                    .undocumentedKey,
                    """
                    undocumented \"requiredEntitlement\" \(JSONValue.quoted(text)): shown, not used for verdicts
                    """, at: pointer.appending("requiredEntitlement"), offset: entitlement.offset)
            } else {
                report(
                    .wrongType, "\"requiredEntitlement\" is \(entitlement.typeName); expected a string",
                    at: pointer.appending("requiredEntitlement"), offset: entitlement.offset)
            }
        }
        return component
    }

    private mutating func readFlag(
        _ value: JSONValue?, name: String, at pointer: JSONPointer,
        lenient: inout [String: String]
    ) -> Bool? {
        guard let value else { return nil }
        let result = LenientBoolean.read(value)
        if case .bool = value.kind { return result }
        let consequence: String
        switch name {
        case "caseSensitive" where !result: consequence = " — case folding is turned on"
        case "percentEncoded" where !result: consequence = " — percent-decoding is turned on"
        case "exclude" where result: consequence = " — the rule blocks"
        default: consequence = ""
        }
        let shown: String
        if case .null = value.kind {
            shown = "null"
        } else {
            shown = "\(value.typeName) \(value.compactText.prefix(40))"
        }
        lenient[name] = shown
        report(
            .lenientBoolean, "\"\(name)\" is \(shown), not a boolean: Apple reads it as \(result)\(consequence)",
            at: pointer.appending(name), offset: value.offset)
        return result
    }
}

/// Apple's lenient reading of a flag (uncertain: `SiteAssociationOverview`): like `-[NSNumber boolValue]`
/// and `-[NSString boolValue]`; anything without a boolean meaning (null, array, dictionary)
/// reads as false. The one place to change if a Mac shows otherwise.
enum LenientBoolean {
    static func read(_ value: JSONValue) -> Bool {
        switch value.kind {
        case .bool(let flag): return flag
        case .number(let number, _): return number != 0 && !number.isNaN
        case .string(let text): return stringValue(text)
        case .null, .array, .object: return false
        }
    }

    /// `-[NSString boolValue]`: skips leading whitespace, a sign and zeros; true on Y, y, T,
    /// t or a digit 1–9.
    static func stringValue(_ text: String) -> Bool {
        var scalars = Substring(text).unicodeScalars.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        if let first = scalars.first, first == "+" || first == "-" { scalars = scalars.dropFirst() }
        scalars = scalars.drop { $0 == "0" }
        guard let first = scalars.first else { return false }
        return "YyTt123456789".unicodeScalars.contains(first)
    }
}

/// `PREFIX.bundle.id`: a 10-character prefix of A–Z and 0–9, a dot, a bundle identifier.
enum AppIDShape {
    static func isWellFormed(_ appID: String) -> Bool {
        let scalars = Array(appID.unicodeScalars)
        guard scalars.count > 11, scalars[10] == "." else { return false }
        for scalar in scalars[0..<10] where !(("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)) {
            return false
        }
        let bundle = scalars[11...]
        guard let first = bundle.first, first != ".", bundle.last != "." else { return false }
        return bundle.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "-"
                || $0 == "_"
        }
    }
}

extension Array {
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
