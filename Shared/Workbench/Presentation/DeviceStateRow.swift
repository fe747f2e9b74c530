import DeviceTools
import Foundation

/// One device-state record (`swcutil show`) as a face shows it beside a domain.
public struct DeviceStateRow: Sendable, Equatable, Identifiable {
    public var id: String { entry.id }
    public var entry: DeviceStateEntry

    public init(_ entry: DeviceStateEntry) { self.entry = entry }

    /// One line: what the device decided.
    public var status: String {
        let mode = entry.mode.map { " (\($0) mode)" } ?? ""
        switch (entry.siteApproval, entry.userApproval) {
        case (.approved, .denied): return "Site approved; turned off by the user" + mode
        case (.approved, _): return "Site approved" + mode
        case (.denied, _): return "Site denied" + mode
        case (.other, _): return "Site approval unknown" + mode
        case (.unspecified, _): return "Not yet approved" + mode
        }
    }

    /// Denied, turned off, or an error recorded.
    public var isProblem: Bool {
        entry.siteApproval == .denied || entry.userApproval == .denied || entry.error != nil
    }

    /// "Key: value" lines for the detail view and the reports.
    public var details: [String] {
        var lines = ["Service: \(entry.service)", "App ID: \(entry.appID)"]
        if let version = entry.appVersion { lines.append("App version: \(version)") }
        lines.append("User approval: \(entry.userApproval.rawValue)")
        lines.append("Site approval: \(entry.siteApproval.rawValue)")
        if !entry.flags.isEmpty { lines.append("Flags: \(entry.flags.joined(separator: ", "))") }
        if let text = Self.date(entry.lastChecked, entry.lastCheckedText) { lines.append("Last checked: \(text)") }
        if let text = Self.date(entry.nextCheck, entry.nextCheckText) { lines.append("Next check: \(text)") }
        if let error = entry.error {
            let retries = entry.retries.map { " (\($0) retr\($0 == 1 ? "y" : "ies"))" } ?? ""
            lines.append("Error: \(error)\(retries)")
        }
        if let patterns = entry.patterns { lines.append("Patterns: \(patterns)") }
        return lines
    }

    static func date(_ date: Date?, _ text: String?) -> String? {
        guard let date else { return text }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let p = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(
            format: "%04d-%02d-%02d %02d:%02d:%02d UTC", p.year ?? 0, p.month ?? 0, p.day ?? 0,
            p.hour ?? 0, p.minute ?? 0, p.second ?? 0)
    }
}
