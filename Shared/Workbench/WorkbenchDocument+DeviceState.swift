import AssociationFetch
import DeviceTools
import Foundation

extension WorkbenchDocument {
    /// Imports a `swcutil show` dump (a sysdiagnose's `swcutil_show.txt`): keeps the records of
    /// this app's IDs about the domains it claims (every app's records in association-file-only
    /// mode). Replaces an earlier import. Throws when the text is not such a dump.
    public func importDeviceState(_ text: String) throws(WorkbenchDocumentError) {
        guard DeviceStateSection.looksLikeDump(text) else {
            throw .unreadableInput("the file is not a swcutil show dump (no DATABASE section or entry)")
        }
        let appIDs = Set(app?.bundles.compactMap(\.applicationIdentifier) ?? [])
        let claims = Set(hosts.map(\.entry) + domains.flatMap { [$0.host] + $0.entries })
        deviceState = DeviceStateSection.entries(from: text, appIDs: appIDs, claims: claims)
        changed()
        emit(.app)
    }

    /// The association file that decides for `host` (a claimed host, or an entitlement entry
    /// such as `*.example.org`): the edited text, else the body of the route a device would use.
    /// What "Ask Apple's matcher" hands to `swcutil verify -j`.
    public func associationFileData(forHost host: String) -> Data? {
        let key = host.lowercased()
        guard let entry = domains.first(where: { $0.host == key || $0.entries.contains(key) }) else { return nil }
        if let text = entry.editedText { return Data(text.utf8) }
        guard let report = entry.report else { return nil }
        for route in [FetchRoute.local, .cdn, .origin] {
            if let result = report.result(for: route), result.isUsable, !result.body.isEmpty { return result.body }
        }
        return nil
    }
}
