import Foundation

/// What an APK's manifest declares about itself and its link handling, with `@string/…`
/// references resolved through `resources.arsc` (default configuration).
public struct AndroidManifest: Sendable, Equatable, Codable {
    public var packageName: String
    public var versionCode: Int?
    public var versionName: String?
    public var minSDK: Int?
    public var targetSDK: Int?
    public var debuggable: Bool
    public var testOnly: Bool
    /// Activities and activity aliases, in manifest order.
    public var activities: [Activity]
    /// Values that could not be resolved or were odd (a reference with no default value, …).
    public var notes: [String]

    public struct Activity: Sendable, Equatable, Codable {
        public var name: String
        /// True for `<activity-alias>` (its `targetActivity` is kept).
        public var isAlias: Bool
        public var targetActivity: String?
        /// `android:exported` as written; nil when absent (then it follows whether filters exist
        /// and, from Android 12 on, an app with filters must state it).
        public var exported: Bool?
        public var permission: String?
        public var enabled: Bool
        public var line: Int
        public var intentFilters: [IntentFilter]

        public init(
            name: String, isAlias: Bool = false, targetActivity: String? = nil, exported: Bool? = nil,
            permission: String? = nil, enabled: Bool = true, line: Int = 0, intentFilters: [IntentFilter]
        ) {
            self.name = name
            self.isAlias = isAlias
            self.targetActivity = targetActivity
            self.exported = exported
            self.permission = permission
            self.enabled = enabled
            self.line = line
            self.intentFilters = intentFilters
        }

        /// Whether other apps can start it: the explicit value, else true when it has filters.
        public var isEffectivelyExported: Bool { exported ?? !intentFilters.isEmpty }
    }

    public struct IntentFilter: Sendable, Equatable, Codable {
        public var line: Int
        public var autoVerify: Bool
        public var actions: [String]
        public var categories: [String]
        public var data: [DataElement]
        /// Android 15 `<uri-relative-filter-group>` elements.
        public var relativeFilterGroups: [RelativeFilterGroup]

        public init(
            line: Int = 0, autoVerify: Bool, actions: [String], categories: [String], data: [DataElement],
            relativeFilterGroups: [RelativeFilterGroup] = []
        ) {
            self.line = line
            self.autoVerify = autoVerify
            self.actions = actions
            self.categories = categories
            self.data = data
            self.relativeFilterGroups = relativeFilterGroups
        }
    }

    /// One `<data>` element: each attribute is optional, and Android merges all `<data>` of a
    /// filter into one set of schemes, hosts, paths (see `docs/android.md`).
    public struct DataElement: Sendable, Equatable, Codable {
        public var line: Int
        public var scheme: String?
        public var host: String?
        public var port: String?
        public var path: String?
        public var pathPrefix: String?
        public var pathPattern: String?
        public var pathAdvancedPattern: String?
        public var pathSuffix: String?
        /// The scheme-specific part (`ssp*`, read by name): what follows the scheme's `:`, decoded.
        public var ssp: String?
        public var sspPrefix: String?
        public var sspPattern: String?
        public var sspAdvancedPattern: String?
        public var sspSuffix: String?
        public var mimeType: String?
        /// Android 15 query and fragment matchers, only inside a relative filter group.
        public var query: String?
        public var queryPrefix: String?
        public var queryPattern: String?
        public var queryAdvancedPattern: String?
        public var querySuffix: String?
        public var fragment: String?
        public var fragmentPrefix: String?
        public var fragmentPattern: String?
        public var fragmentAdvancedPattern: String?
        public var fragmentSuffix: String?

        public init(line: Int = 0) { self.line = line }
    }

    public struct RelativeFilterGroup: Sendable, Equatable, Codable {
        public var line: Int
        /// `android:allow` (default true): a matching URL is accepted, or refused when false.
        public var allow: Bool
        public var data: [DataElement]

        public init(line: Int = 0, allow: Bool, data: [DataElement]) {
            self.line = line
            self.allow = allow
            self.data = data
        }
    }

    public init(packageName: String, targetSDK: Int? = nil, activities: [Activity]) {
        self.packageName = packageName
        self.targetSDK = targetSDK
        self.debuggable = false
        self.testOnly = false
        self.activities = activities
        self.notes = []
    }
}

extension AndroidManifest {
    /// Reads the manifest from decoded binary XML, resolving references through `resources`.
    public init(xml root: BinaryXMLElement, resources: ResourceTable?, limits: AndroidLimits = AndroidLimits()) throws {
        guard root.name == "manifest" else {
            throw AndroidAppError.malformedBinaryXML(
                reason: "root element is <\(root.name)>, not <manifest>",
                offset: 0)
        }
        var resolver = Resolver(resources: resources)
        let package = resolver.text(root.plainAttribute("package")) ?? ""
        packageName = package
        versionCode = resolver.integer(root.androidAttribute("versionCode"))
        versionName = resolver.text(root.androidAttribute("versionName"))
        let usesSDK = root.children.first { $0.name == "uses-sdk" }
        minSDK = resolver.integer(usesSDK?.androidAttribute("minSdkVersion"))
        targetSDK = resolver.integer(usesSDK?.androidAttribute("targetSdkVersion"))
        let application = root.children.first { $0.name == "application" }
        debuggable = resolver.boolean(application?.androidAttribute("debuggable")) ?? false
        testOnly = resolver.boolean(application?.androidAttribute("testOnly")) ?? false
        var activities: [Activity] = []
        var filterCount = 0
        for element in application?.children ?? []
        where element.name == "activity" || element.name == "activity-alias" {
            var filters: [IntentFilter] = []
            for filter in element.children where filter.name == "intent-filter" {
                filterCount += 1
                guard filterCount <= limits.maxComponents else {
                    throw AndroidAppError.limitExceeded(
                        what: "intent filter count", limit: limits.maxComponents, actual: filterCount)
                }
                filters.append(resolver.intentFilter(filter))
            }
            activities.append(
                Activity(
                    name: Self.qualified(resolver.text(element.androidAttribute("name")) ?? "", package: package),
                    isAlias: element.name == "activity-alias",
                    targetActivity: resolver.text(element.androidAttribute("targetActivity"))
                        .map { Self.qualified($0, package: package) },
                    exported: resolver.boolean(element.androidAttribute("exported")),
                    permission: resolver.text(element.androidAttribute("permission")),
                    enabled: resolver.boolean(element.androidAttribute("enabled")) ?? true,
                    line: element.line, intentFilters: filters))
            guard activities.count <= limits.maxComponents else {
                throw AndroidAppError.limitExceeded(
                    what: "activity count", limit: limits.maxComponents,
                    actual: activities.count)
            }
        }
        self.activities = activities
        notes = resolver.notes
    }

    /// `.Main` → `com.example.Main`; a bare `Main` is qualified too, as the package manager does.
    static func qualified(_ name: String, package: String) -> String {
        if name.hasPrefix(".") { return package + name }
        if !name.contains("."), !name.isEmpty, !package.isEmpty { return package + "." + name }
        return name
    }
}

/// Turns typed attribute values into text, following `@string/…` references.
private struct Resolver {
    let resources: ResourceTable?
    var notes: [String] = []

    mutating func value(_ attribute: BinaryXMLAttribute?) -> ResourceValue? {
        guard let attribute else { return nil }
        guard case .reference(let id) = attribute.value else { return attribute.value }
        guard let resources else {
            note(String(format: "%@ refers to resource 0x%08x but the APK has no resources.arsc", attribute.name, id))
            return nil
        }
        do {
            guard let found = try resources.resolve(id), found.value != .null else {
                note(
                    String(
                        format: "%@ refers to resource 0x%08x, which resources.arsc does not define",
                        attribute.name, id))
                return nil
            }
            if !found.isDefaultConfiguration {
                note("\(attribute.name) = @\(found.name) has no default value; used the first configuration's")
            }
            return found.value
        } catch {
            note("\(attribute.name): \(error)")
            return nil
        }
    }

    private mutating func note(_ text: String) {
        if notes.count < 200, !notes.contains(text) { notes.append(text) }
    }

    mutating func text(_ attribute: BinaryXMLAttribute?) -> String? {
        guard let value = value(attribute) else { return nil }
        if case .null = value { return nil }
        return value.text
    }

    mutating func integer(_ attribute: BinaryXMLAttribute?) -> Int? {
        switch value(attribute) {
        case .integer(let number): return Int(number)
        case .string(let text): return Int(text)
        default: return nil
        }
    }

    mutating func boolean(_ attribute: BinaryXMLAttribute?) -> Bool? {
        switch value(attribute) {
        case .boolean(let flag): return flag
        case .string(let text): return text == "true" ? true : text == "false" ? false : nil
        default: return nil
        }
    }

    mutating func intentFilter(_ element: BinaryXMLElement) -> AndroidManifest.IntentFilter {
        var filter = AndroidManifest.IntentFilter(
            line: element.line, autoVerify: boolean(element.androidAttribute("autoVerify")) ?? false,
            actions: [], categories: [], data: [], relativeFilterGroups: [])
        for child in element.children {
            switch child.name {
            case "action": text(child.androidAttribute("name")).map { filter.actions.append($0) }
            case "category": text(child.androidAttribute("name")).map { filter.categories.append($0) }
            case "data": filter.data.append(data(child))
            case "uri-relative-filter-group":
                filter.relativeFilterGroups.append(
                    AndroidManifest.RelativeFilterGroup(
                        line: child.line, allow: boolean(child.androidAttribute("allow")) ?? true,
                        data: child.children.filter { $0.name == "data" }.map { data($0) }))
            default: break
            }
        }
        return filter
    }

    mutating func data(_ element: BinaryXMLElement) -> AndroidManifest.DataElement {
        var data = AndroidManifest.DataElement(line: element.line)
        let fields: [(String, WritableKeyPath<AndroidManifest.DataElement, String?>)] = [
            ("scheme", \.scheme), ("host", \.host), ("port", \.port), ("path", \.path), ("pathPrefix", \.pathPrefix),
            ("pathPattern", \.pathPattern), ("pathAdvancedPattern", \.pathAdvancedPattern),
            ("pathSuffix", \.pathSuffix), ("ssp", \.ssp), ("sspPrefix", \.sspPrefix), ("sspPattern", \.sspPattern),
            ("sspAdvancedPattern", \.sspAdvancedPattern), ("sspSuffix", \.sspSuffix),
            ("mimeType", \.mimeType), ("query", \.query),
            ("queryPrefix", \.queryPrefix), ("queryPattern", \.queryPattern),
            ("queryAdvancedPattern", \.queryAdvancedPattern), ("querySuffix", \.querySuffix),
            ("fragment", \.fragment), ("fragmentPrefix", \.fragmentPrefix), ("fragmentPattern", \.fragmentPattern),
            ("fragmentAdvancedPattern", \.fragmentAdvancedPattern), ("fragmentSuffix", \.fragmentSuffix),
        ]
        for (name, path) in fields {
            data[keyPath: path] = text(element.androidAttribute(name))
        }
        return data
    }
}

// MARK: Encoding: a value the manifest does not set is `null`, never a missing key

extension AndroidManifest {
    private enum CodingKeys: String, CodingKey {
        case packageName, versionCode, versionName, minSDK, targetSDK, debuggable, testOnly, activities, notes
    }

    /// Every key is written; `versionCode`, `versionName`, `minSDK` and `targetSDK` are `null`
    /// when the manifest does not set them (`docs/cli.md`, `inspect app.apk`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(packageName, forKey: .packageName)
        try container.encode(versionCode, forKey: .versionCode)
        try container.encode(versionName, forKey: .versionName)
        try container.encode(minSDK, forKey: .minSDK)
        try container.encode(targetSDK, forKey: .targetSDK)
        try container.encode(debuggable, forKey: .debuggable)
        try container.encode(testOnly, forKey: .testOnly)
        try container.encode(activities, forKey: .activities)
        try container.encode(notes, forKey: .notes)
    }
}

extension AndroidManifest.Activity {
    private enum CodingKeys: String, CodingKey {
        case name, isAlias, targetActivity, exported, permission, enabled, line, intentFilters
    }

    /// Every key is written: `exported` is `null` when the manifest does not say (Android then
    /// decides from the filters, `docs/android.md` A9), as `targetActivity` and `permission` are
    /// when absent.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(isAlias, forKey: .isAlias)
        try container.encode(targetActivity, forKey: .targetActivity)
        try container.encode(exported, forKey: .exported)
        try container.encode(permission, forKey: .permission)
        try container.encode(enabled, forKey: .enabled)
        try container.encode(line, forKey: .line)
        try container.encode(intentFilters, forKey: .intentFilters)
    }
}
