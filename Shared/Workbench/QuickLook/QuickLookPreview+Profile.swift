import AppInspection
import Foundation

extension QuickLookPreview {
    /// A provisioning profile's preview: kind, team, expiry, devices, and the entitlements it allows.
    public static func profile(_ profile: ProvisioningProfile, name: String, now: Date = Date()) -> QuickLookPreview {
        var preview = QuickLookPreview(
            kind: .profile, title: clean(profile.name ?? name),
            subtitle: clean(profile.appIDName ?? profile.uuid ?? ""))
        preview.sections.append(Section("Profile", profileRows(profile, now: now)))
        let domains = profile.entitlements["com.apple.developer.associated-domains"]?.stringArray ?? []
        if !domains.isEmpty {
            preview.sections.append(
                Section(
                    "Associated domains allowed",
                    capped(domains.map { Row("Domain", clean($0)) })))
        }
        preview.sections.append(Section("Entitlements allowed", entitlementList(profile.entitlements)))
        for problem in profile.diagnostics.prefix(5) { preview.notices.append(Notice(.warning, clean(problem))) }
        return preview
    }
}
