import Foundation

/// An approval as `swcutil show` prints it.
public enum DeviceApproval: String, Sendable, Equatable, Codable, CaseIterable {
    case unspecified, approved, denied
    /// A value this parser does not know (a newer OS).
    case other
}

/// One record of the associated-domains database: a service, an app, a domain, and what the
/// device decided and when (a `swcutil show` / sysdiagnose `swcutil_show.txt` entry).
public struct DeviceStateEntry: Sendable, Equatable, Hashable, Codable, Identifiable {
    /// `service app domain`: unique within one dump.
    public var id: String { "\(service) \(appID) \(domain)" }
    /// `applinks`, `webcredentials`, `appclips`, `activitycontinuation`.
    public var service: String
    /// `TEAMID.bundle.id`.
    public var appID: String
    public var appVersion: String?
    /// As printed (may end in `?mode=developer`).
    public var domain: String
    /// `domain` without the mode, lowercased.
    public var host: String
    /// The `mode=` value (`developer`, `managed`), if any.
    public var mode: String?
    public var userApproval: DeviceApproval
    /// `Site/Fmwk Approval`: the CDN approved the association (TN3155).
    public var siteApproval: DeviceApproval
    public var flags: [String]
    public var lastChecked: Date?
    public var nextCheck: Date?
    /// The dates as printed (for dates this parser could not read).
    public var lastCheckedText: String?
    public var nextCheckText: String?
    public var error: String?
    public var retries: Int?
    public var patterns: String?

    /// An entry; fields default to "not printed".
    public init(
        service: String, appID: String, domain: String, appVersion: String? = nil,
        userApproval: DeviceApproval = .unspecified, siteApproval: DeviceApproval = .unspecified,
        flags: [String] = [], lastChecked: Date? = nil, nextCheck: Date? = nil,
        lastCheckedText: String? = nil, nextCheckText: String? = nil,
        error: String? = nil, retries: Int? = nil, patterns: String? = nil
    ) {
        self.service = service
        self.appID = appID
        self.appVersion = appVersion
        self.domain = domain
        let parts = domain.split(separator: "?", maxSplits: 1)
        self.host = parts.first.map { $0.lowercased() } ?? ""
        self.mode =
            parts.count > 1
            ? parts[1].split(separator: "&")
                .first { $0.hasPrefix("mode=") }.map { String($0.dropFirst(5)) } : nil
        self.userApproval = userApproval
        self.siteApproval = siteApproval
        self.flags = flags
        self.lastChecked = lastChecked
        self.nextCheck = nextCheck
        self.lastCheckedText = lastCheckedText
        self.nextCheckText = nextCheckText
        self.error = error
        self.retries = retries
        self.patterns = patterns
    }

    /// Whether this record is about `claim`, a host the app claims: the same host, or for a
    /// wildcard claim `*.example.com` any subdomain of example.com (not the apex, as on iOS).
    public func isAbout(host claim: String) -> Bool {
        let claim = claim.lowercased()
        if host == claim { return true }
        guard claim.hasPrefix("*.") else { return false }
        return host.hasSuffix(claim.dropFirst(1))
    }
}

/// A parsed `swcutil show` dump.
public struct DeviceStateDump: Sendable, Equatable {
    /// At most this many database entries are read.
    public static let maximumEntries = 20_000

    /// A `Key: value` line.
    public struct Field: Sendable, Equatable {
        public var key: String
        public var value: String
        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    /// Header lines before the first section.
    public var header: [Field] = []
    /// The database entries, in file order.
    public var entries: [DeviceStateEntry] = []
    /// The NETWORK section's domains.
    public var network: [String] = []
    /// The SETTINGS section's lines (none for `(empty)`).
    public var settings: [String] = []
    /// The MEMORY USAGE section's lines.
    public var memory: [String] = []
    /// What was skipped or cut (one sentence each).
    public var warnings: [String] = []

    public init() {}

    /// The entries of `appIDs` about any of `hosts` (the app's claimed hosts).
    public func entries(appIDs: Set<String>, hosts: Set<String>) -> [DeviceStateEntry] {
        entries.filter { entry in appIDs.contains(entry.appID) && hosts.contains { entry.isAbout(host: $0) } }
    }

    /// Parses the text leniently: unknown lines and fields are skipped, nothing traps.
    public static func parse(_ input: String) -> DeviceStateDump {
        var dump = DeviceStateDump()
        var text = input
        if input.utf8.count > DeviceTools.maximumInputBytes {
            text = DeviceTools.capped(input, bytes: DeviceTools.maximumInputBytes)
            dump.warnings.append(
                "The file is larger than \(DeviceTools.maximumInputBytes / 1_048_576) MiB; "
                    + "the rest was truncated.")
        }
        var section = ""
        var fields: [Field] = []
        var skipped = 0
        func flush() {
            defer { fields = [] }
            guard !fields.isEmpty else { return }
            guard dump.entries.count < maximumEntries else {
                skipped += 1
                return
            }
            if let entry = entry(from: fields) { dump.entries.append(entry) }
        }
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if let name = sectionName(line) {
                if section == "DATABASE" { flush() }
                section = name
                continue
            }
            if line.isEmpty { continue }
            switch section {
            case "":
                if let field = field(line) { dump.header.append(field) }
            case "DATABASE":
                if line.count >= 20, line.allSatisfy({ $0 == "-" }) {
                    flush()
                } else if let field = field(line) {
                    fields.append(field)
                }
            case "NETWORK":
                dump.network += line.split(separator: ",")
                    .map { Sanitise.forDisplay($0.trimmingCharacters(in: .whitespaces), limit: 253) }
                    .filter { !$0.isEmpty }
            case "SETTINGS":
                if line != "(empty)" { dump.settings.append(Sanitise.forDisplay(line)) }
            case "MEMORY USAGE":
                dump.memory.append(Sanitise.forDisplay(line))
            default:
                break
            }
        }
        if section == "DATABASE" { flush() }
        if skipped > 0 {
            dump.warnings.append("Only the first \(maximumEntries) database entries were read (\(skipped) more).")
        }
        return dump
    }

    /// `==== NAME ====` (any padding) → `NAME`.
    static func sectionName(_ line: String) -> String? {
        guard line.hasPrefix("===="), line.hasSuffix("===="), line.count > 8 else { return nil }
        let name = line.trimmingCharacters(in: CharacterSet(charactersIn: "= "))
        return name.isEmpty ? nil : name.uppercased()
    }

    /// `Key:   value` (value may be empty; keys contain no colon).
    static func field(_ line: String) -> Field? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let key = line[..<colon].trimmingCharacters(in: .whitespaces)
        guard !key.isEmpty, key.count <= 40 else { return nil }
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        return Field(key: Sanitise.forDisplay(key, limit: 40), value: Sanitise.forDisplay(value, limit: 2048))
    }

    static func entry(from fields: [Field]) -> DeviceStateEntry? {
        var values: [String: String] = [:]
        for field in fields where values[field.key] == nil { values[field.key] = field.value }
        guard let service = values["Service"], let appID = values["App ID"], let domain = values["Domain"],
            !service.isEmpty, !appID.isEmpty, !domain.isEmpty
        else { return nil }
        func text(_ key: String) -> String? { values[key].flatMap { $0.isEmpty || $0 == "(null)" ? nil : $0 } }
        func approval(_ key: String) -> DeviceApproval {
            guard let value = text(key) else { return .unspecified }
            return DeviceApproval(rawValue: value.lowercased()) ?? .other
        }
        let flags = text("Flags")?.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init) ?? []
        return DeviceStateEntry(
            service: service, appID: appID, domain: domain, appVersion: text("App Version"),
            userApproval: approval("User Approval"), siteApproval: approval("Site/Fmwk Approval"),
            flags: flags,
            lastChecked: text("Last Checked").flatMap(DeviceStateDate.parse),
            nextCheck: text("Next Check").flatMap(DeviceStateDate.parse),
            lastCheckedText: text("Last Checked"), nextCheckText: text("Next Check"),
            error: text("Error"), retries: text("Retries").flatMap { Int($0) }, patterns: text("Patterns"))
    }
}

/// The dates `swcutil show` prints: `2024-03-01 18:16:58 +0000`, and since iOS 18.2 also
/// `2024-03-01 8:16:58 +0000` and `2024-03-01 6:16:58 PM +0000`. Parsed by hand (no locale).
public enum DeviceStateDate {
    /// The date, or nil when the text is none of the known forms or out of range.
    public static func parse(_ text: String) -> Date? {
        let words = text.split(separator: " ")
        guard words.count >= 2, words.count <= 4 else { return nil }
        let day = words[0].split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        let time = words[1].split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard day.count == 3, time.count == 3, words[0].count == 10,
            let year = day[0], let month = day[1], let dayOfMonth = day[2],
            var hour = time[0], let minute = time[1], let second = time[2],
            (1...9999).contains(year), (1...12).contains(month), (1...31).contains(dayOfMonth),
            (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        var rest = words.dropFirst(2)
        if let meridiem = rest.first, meridiem == "AM" || meridiem == "PM" {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (meridiem == "PM" ? 12 : 0)
            rest = rest.dropFirst()
        }
        guard (0...23).contains(hour) else { return nil }
        var offset = 0
        if let zone = rest.first {
            guard rest.count == 1, zone.count == 5, let sign = zone.first, sign == "+" || sign == "-",
                let hours = Int(zone.dropFirst().prefix(2)), let minutes = Int(zone.suffix(2)),
                hours <= 23, minutes <= 59
            else { return nil }
            offset = (hours * 3600 + minutes * 60) * (sign == "-" ? -1 : 1)
        }
        var calendar = Calendar(identifier: .gregorian)
        guard let utc = TimeZone(identifier: "UTC") else { return nil }
        calendar.timeZone = utc
        let components = DateComponents(
            year: year, month: month, day: dayOfMonth,
            hour: hour, minute: minute, second: second)
        guard let date = calendar.date(from: components) else { return nil }
        return date.addingTimeInterval(TimeInterval(-offset))
    }
}
