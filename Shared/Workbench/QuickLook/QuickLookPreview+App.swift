import AppInspection
import Foundation
import MachOReader
import Reports

extension QuickLookPreview {
    /// An app's preview: identity, associated domains by service with their problems, URL
    /// schemes, signed entitlements (and whether XML and DER agree), the profile, link handlers.
    public static func app(_ snapshot: AppSnapshot, name: String, now: Date = Date()) -> QuickLookPreview {
        guard let main = snapshot.mainBundle else {
            return unavailable(name: name, reason: "No app bundle in the file.")
        }
        var preview = QuickLookPreview(
            kind: .app, title: clean(main.displayName ?? name),
            subtitle: clean(main.bundleIdentifier ?? "no bundle identifier"))
        preview.sections.append(Section("App", identityRows(main)))
        preview.sections.append(Section("Associated domains", domainRows(main.associatedDomains)))
        preview.sections.append(Section("URL schemes", capped(main.urlSchemes.map { Row("Scheme", clean($0)) })))
        preview.sections.append(Section("Signed entitlements", entitlementRows(main)))
        if let profile = main.provisioningProfile {
            preview.sections.append(Section("Provisioning profile", profileRows(profile, now: now)))
        }
        preview.sections.append(Section("Link handlers", linkHandlerRows(main)))
        let problems = (snapshot.diagnostics + main.diagnostics).filter { $0.severity == "error" }
        for problem in problems.prefix(5) { preview.notices.append(Notice(.error, clean(problem.message))) }
        if main.diagnostics.contains(where: { $0.id == "entitlements.xml-der-disagree" }) {
            preview.notices.insert(
                Notice(.error, "The XML and DER entitlements disagree: iOS reads the DER ones."),
                at: 0)
        }
        return preview
    }

    private static func identityRows(_ main: BundleInfo) -> [Row] {
        var rows = [Row("Bundle ID", clean(main.bundleIdentifier ?? "—"))]
        rows.append(
            Row(
                "Application identifier", clean(main.applicationIdentifier ?? "— (not signed with one)"),
                tone: main.applicationIdentifier == nil ? .warning : .plain))
        rows.append(Row("Team", clean(main.teamIdentifier ?? "—")))
        let version = [main.shortVersion, main.version.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
        rows.append(Row("Version", clean(version.isEmpty ? "—" : version)))
        rows.append(Row("Minimum iOS", clean(main.minimumOSVersion ?? main.slices.first?.minimumOS ?? "—")))
        if !main.slices.isEmpty {
            let slices = main.slices.map { $0.arch + ($0.encrypted ? " (encrypted)" : "") }
            rows.append(Row("Executable", clean(slices.joined(separator: ", "))))
        }
        return rows
    }

    /// One row per entry, grouped by service in the order first seen; problems as details.
    static func domainRows(_ domains: [AssociatedDomain]) -> [Row] {
        guard !domains.isEmpty else { return [Row("None", "the app claims no associated domains", tone: .warning)] }
        var services: [String] = []
        for domain in domains where !services.contains(domain.service) { services.append(domain.service) }
        var rows: [Row] = []
        for service in services {
            for domain in domains where domain.service == service {
                let tone: Tone =
                    domain.problems.contains { $0.severity == .error }
                    ? .error
                    : domain.problems.isEmpty ? .good : .warning
                let label = service.isEmpty ? "(no service)" : service
                rows.append(
                    Row(
                        clean(label), clean(domain.raw), tone: tone,
                        details: domain.problems.prefix(5).map { clean("\($0.severity): \($0.message)") }))
            }
        }
        return capped(rows)
    }

    private static func entitlementRows(_ main: BundleInfo) -> [Row] {
        let agreement: Row =
            switch main.entitlementsSource {
            case .xmlAndDER:
                main.diagnostics.contains { $0.id == "entitlements.xml-der-disagree" }
                    ? Row("XML / DER", "both present; they disagree (iOS reads DER)", tone: .error)
                    : Row("XML / DER", "both present and they agree", tone: .good)
            case .xml: Row("XML / DER", "XML only (no DER blob: iOS 15+ needs DER)", tone: .warning)
            case .der: Row("XML / DER", "DER only", tone: .plain)
            case .none: Row("XML / DER", "no signed entitlements", tone: .warning)
            }
        return [agreement] + entitlementList(main.entitlements)
    }

    /// Each entitlement as a row: key, then its value as text.
    static func entitlementList(_ entitlements: PlistValue) -> [Row] {
        let dictionary = entitlements.dictionaryValue ?? [:]
        return capped(
            dictionary.keys.sorted().map { key in
                Row(clean(key), clean(text(of: dictionary[key] ?? .string(""))))
            })
    }

    static func text(of value: PlistValue) -> String {
        switch value {
        case .string(let string): string
        case .bool(let flag): flag ? "true" : "false"
        case .integer(let number): String(number)
        case .array(let values) where values.allSatisfy { $0.stringValue != nil }:
            values.compactMap(\.stringValue).joined(separator: ", ")
        default: value.jsonString()
        }
    }

    /// A profile's kind, name, team, dates and devices.
    static func profileRows(_ profile: ProvisioningProfile, now: Date) -> [Row] {
        var rows = [Row("Kind", profile.distribution)]
        if let name = profile.name { rows.append(Row("Name", clean(name))) }
        let team = profile.teamIdentifier.joined(separator: ", ")
        rows.append(Row("Team", clean(team.isEmpty ? "—" : team + (profile.teamName.map { " (\($0))" } ?? ""))))
        if let expiry = profile.expirationDate {
            let expired = expiry < now
            rows.append(
                Row(
                    "Expires", ReportDate.text(expiry) + (expired ? " (expired)" : ""),
                    tone: expired ? .error : .good))
        } else {
            rows.append(Row("Expires", "— (no expiration date)", tone: .warning))
        }
        let devices =
            profile.provisionsAllDevices
            ? "all devices (enterprise)"
            : profile.provisionedDevices.isEmpty ? "none listed" : "\(profile.provisionedDevices.count)"
        rows.append(
            Row(
                "Devices", devices,
                details: profile.provisionedDevices.prefix(20).map(clean)
                    + (profile.provisionedDevices.count > 20
                        ? ["… and \(profile.provisionedDevices.count - 20) more"] : [])))
        return rows
    }

    private static func linkHandlerRows(_ main: BundleInfo) -> [Row] {
        var handlers: [String] = []
        for slice in main.slices {
            for handler in slice.linkHandlers where !handlers.contains(handler) { handlers.append(handler) }
        }
        if handlers.isEmpty {
            let reliable = main.slices.allSatisfy(\.linkScanReliable)
            return [
                Row(
                    "None found",
                    reliable
                        ? "no link-handling methods in the executable"
                        : "the executable could not be scanned (encrypted or unreadable)", tone: .warning)
            ]
        }
        return capped(handlers.map { Row("Handler", clean($0)) })
    }
}

extension BundleInfo {
    /// The name Finder would show: the executable's name, else the bundle folder's.
    var displayName: String? {
        executable ?? path.split(separator: "/").last.map { String($0.dropLast(4)) }
    }
}
